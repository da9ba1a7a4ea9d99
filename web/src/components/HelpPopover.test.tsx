import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogFromWire } from '../api/models';
import { wireBlog } from '../test/fixtures';
import { HELP_POPOVER_FADE_MS, HELP_POPOVER_TOP_PX, HelpPopover, type HelpPopoverConfig, type HelpPopoverEnd } from './HelpPopover';

const standard: HelpPopoverConfig = { name: 'tip', title: 'A tip', content: <p>Search any blog.</p> };

/** A page with a button that opens the popover; how it ended is printed. */
function Harness({ config = standard }: { config?: HelpPopoverConfig }) {
  const [open, setOpen] = useState(false);
  const [end, setEnd] = useState<HelpPopoverEnd | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open help
      </button>
      <p data-testid="end">{end ?? ''}</p>
      {open && (
        <HelpPopover
          config={config}
          onClose={(how) => {
            setOpen(false);
            setEnd(how);
          }}
        />
      )}
    </>
  );
}

function openHelp(config?: HelpPopoverConfig) {
  render(<Harness config={config} />);
  const opener = screen.getByRole('button', { name: 'Open help' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: config?.title ?? 'A tip' }) };
}

/** Lets the fade run out: the popover is removed after it. */
const afterFade = () => act(() => vi.advanceTimersByTime(HELP_POPOVER_FADE_MS));

describe('HelpPopover', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows title, content and OK, 80 px from the top, centred, fixed in the window, the focus on OK', () => {
    const { dialog } = openHelp();
    expect(HELP_POPOVER_TOP_PX).toBe(80);
    expect(dialog.style.top).toBe('80px');
    expect(dialog.style.position).toBe('fixed');
    expect(dialog.style.left).toBe('');
    expect(dialog.classList.contains('help-popover--centred')).toBe(true);
    expect(screen.getByText('Search any blog.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
  });

  it('OK dismisses it: it fades, goes, and the focus returns to what opened it', () => {
    const { opener } = openHelp({ ...standard, okText: 'Got it' });
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    // Still there while it fades.
    expect(screen.getByRole('dialog').closest('.help-popover-layer')?.classList.contains('is-ending')).toBe(true);
    afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('end').textContent).toBe('dismissed');
    expect(document.activeElement).toBe(opener);
  });

  it('a click on the glass hides it', () => {
    openHelp();
    fireEvent.click(screen.getByTestId('help-popover-glass'));
    afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('end').textContent).toBe('hidden');
  });

  it('scrolling away clears the glass and then hides it', () => {
    openHelp();
    const glass = screen.getByTestId('help-popover-glass');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 150, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(Number(glass.style.opacity)).toBeCloseTo(0.25);
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('end').textContent).toBe('hidden');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('keeps Tab inside, and Escape hides it', () => {
    openHelp({ ...standard, content: <a href="/help">More help</a> });
    const ok = screen.getByRole('button', { name: 'OK' });
    const link = screen.getByRole('link', { name: 'More help' });
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(link, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
    fireEvent.keyDown(ok, { key: 'Escape' });
    afterFade();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('end').textContent).toBe('hidden');
  });

  it("the appearance template shows the blog's name, title, description and avatar in its colours", () => {
    const blog = blogFromWire(wireBlog('ann', { title: "Ann's notebook", description: 'Sketches.' }));
    openHelp({
      name: 'appearance',
      title: 'Your blog, your look',
      content: <p>Change its colours in Edit appearance.</p>,
      template: 'appearance',
      appearanceData: { ...blog, theme: { ...blog.theme, backgroundColor: '#224466', titleColor: '#ffeeaa' } },
    });
    const preview = screen.getByTestId('appearance-preview');
    expect(preview.style.backgroundColor).toBe('rgb(34, 68, 102)');
    expect(preview.style.color).toBe('rgb(255, 238, 170)');
    expect(preview.textContent).toContain("Ann's notebook");
    expect(preview.textContent).toContain('ann');
    expect(preview.textContent).toContain('Sketches.');
    expect(screen.getByRole('img', { name: "ann's avatar" })).toBeTruthy();
  });

  describe('position and fixedPosition (spec 002 §3)', () => {
    // jsdom lays nothing out: the window is 1024 × 768 (its own), the popover 380 × 150.
    beforeEach(() => {
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(380);
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(150);
    });
    const anchors: HTMLElement[] = [];
    afterEach(() => {
      vi.restoreAllMocks();
      scrollPageTo(0, 0);
      anchors.splice(0).forEach((anchor) => anchor.remove());
    });

    /** An element in the page whose box, as the window sees it, is `box`. */
    function anchorAt(box: { top: number; left: number; width: number; height: number }) {
      const anchor = document.createElement('div');
      document.body.append(anchor);
      anchors.push(anchor);
      anchor.getBoundingClientRect = () => DOMRect.fromRect({ x: box.left, y: box.top, width: box.width, height: box.height });
      return anchor;
    }
    function scrollPageTo(x: number, y: number) {
      Object.defineProperty(window, 'scrollX', { value: x, configurable: true });
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    }
    const placed = (dialog: HTMLElement) => [dialog.style.position, dialog.style.top, dialog.style.left];

    it('sits 10 px below an anchor, centred on it', () => {
      const anchor = anchorAt({ top: 200, left: 300, width: 200, height: 40 });
      const { dialog } = openHelp({ ...standard, position: { anchor } });
      // Below the anchor's bottom (240); its middle (400) the popover's middle.
      expect(placed(dialog)).toEqual(['fixed', '250px', '210px']);
      expect(dialog.classList.contains('help-popover--centred')).toBe(false);
    });

    it('or 10 px above it', () => {
      const anchor = anchorAt({ top: 400, left: 300, width: 200, height: 40 });
      const { dialog } = openHelp({ ...standard, position: { anchor, placement: 'above' } });
      expect(placed(dialog)).toEqual(['fixed', '240px', '210px']); // 400 - 10 - 150
    });

    it('is kept 10 px inside the window by an anchor near its edges', () => {
      const right = anchorAt({ top: 700, left: 980, width: 40, height: 20 });
      const { dialog } = openHelp({ ...standard, position: { anchor: right } });
      // 1024 - 380 - 10 across; 768 - 150 - 10 down.
      expect(placed(dialog)).toEqual(['fixed', '608px', '634px']);
      cleanup();

      const left = anchorAt({ top: 20, left: 0, width: 20, height: 20 });
      const above = openHelp({ ...standard, position: { anchor: left, placement: 'above' } });
      expect(placed(above.dialog)).toEqual(['fixed', '10px', '10px']);
    });

    it('follows its anchor when the window is resized', () => {
      const box = { top: 200, left: 300, width: 200, height: 40 };
      const anchor = anchorAt(box);
      const { dialog } = openHelp({ ...standard, position: { anchor } });
      box.left = 100;
      act(() => window.dispatchEvent(new Event('resize')));
      expect(placed(dialog)).toEqual(['fixed', '250px', '10px']);
    });

    it('sits at its usual spot while the anchor is not in the page yet', () => {
      const { dialog } = openHelp({ ...standard, position: { anchor: null } });
      expect(placed(dialog)).toEqual(['fixed', '80px', '']);
    });

    it('with fixedPosition false, is placed on the page where the scrolled window shows it, to scroll with it', () => {
      scrollPageTo(0, 500);
      const { dialog } = openHelp({ ...standard, fixedPosition: false });
      expect(placed(dialog)).toEqual(['absolute', '580px', '']);
      expect(dialog.classList.contains('help-popover--centred')).toBe(true);
      cleanup();

      scrollPageTo(30, 500);
      const anchor = anchorAt({ top: 200, left: 300, width: 200, height: 40 });
      const anchored = openHelp({ ...standard, fixedPosition: false, position: { anchor } });
      expect(placed(anchored.dialog)).toEqual(['absolute', '750px', '240px']);
    });

    it('goes to the page coordinates it is given, wherever the page is scrolled', () => {
      scrollPageTo(0, 500);
      const onPage = openHelp({ ...standard, fixedPosition: false, position: { top: 900, left: 40 } });
      expect(placed(onPage.dialog)).toEqual(['absolute', '900px', '40px']);
      cleanup();

      const inWindow = openHelp({ ...standard, position: { top: 900, left: 40 } });
      expect(placed(inWindow.dialog)).toEqual(['fixed', '400px', '40px']);
    });
  });
});
