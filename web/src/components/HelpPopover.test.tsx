import { act, fireEvent, render, screen } from '@testing-library/react';
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

  it('shows title, content and OK, 80 px from the top, the focus on OK', () => {
    const { dialog } = openHelp();
    expect(HELP_POPOVER_TOP_PX).toBe(80);
    expect(dialog.style.top).toBe('80px');
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
});
