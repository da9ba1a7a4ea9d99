import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../dialogs';
import { SuspensionProvider, useSuspend } from '../suspension';
import {
  CLOSE_WITHOUT_SENDING,
  DRAWER_CLOSE_MS,
  DRAWER_REPLACE_MS,
  DrawerHost,
  DrawerProvider,
  useDrawer,
  useDrawerPhase,
  type DrawerControls,
} from '.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A note with a text box: unsent while something is typed in it. */
function Note({ name, typed }: { name: string; typed: { current: string } }) {
  const [text, setText] = useState('');
  const { phase } = useDrawerPhase();
  return (
    <div data-phase={phase}>
      <label>
        {name}
        <input
          value={text}
          onChange={(e) => {
            typed.current = e.target.value;
            setText(e.target.value);
          }}
        />
      </label>
      <button type="button">Send {name}</button>
    </div>
  );
}

function renderDrawer() {
  const controls: { current: DrawerControls | null } = { current: null };
  const closed: string[] = [];
  const typed: Record<string, { current: string }> = {};
  function Openers({ tour }: { tour: boolean }) {
    controls.current = useDrawer();
    const open = (name: string) => {
      typed[name] = { current: '' };
      controls.current!.open({
        key: name,
        label: `${name} drawer`,
        children: <Note name={name} typed={typed[name]} />,
        hasUnsavedInput: () => typed[name].current !== '',
        onClosed: () => closed.push(name),
      });
    };
    return (
      <>
        <button type="button" onClick={() => open('first')}>
          Open first
        </button>
        <button type="button" onClick={() => open('second')}>
          Open second
        </button>
        {tour && <Tour />}
      </>
    );
  }
  function Tour() {
    useSuspend();
    return null;
  }
  const tree = (tour: boolean) => (
    <SuspensionProvider>
      <DialogProvider>
        <DrawerProvider>
          <Openers tour={tour} />
          <DrawerHost />
        </DrawerProvider>
      </DialogProvider>
    </SuspensionProvider>
  );
  const view = render(tree(false));
  return { controls, closed, setTour: (on: boolean) => view.rerender(tree(on)) };
}

const drawer = (name: string) => screen.getByRole('dialog', { name: `${name} drawer` });
const queryDrawer = () => screen.queryByRole('dialog', { name: /drawer/ });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the drawer (spec 000 §4 Drawer, §9)', () => {
  it('slides in, takes the focus, and on Escape slides out for 200 ms before it goes, giving the focus back', () => {
    const { closed } = renderDrawer();
    const opener = screen.getByRole('button', { name: 'Open first' });
    opener.focus();
    click('Open first');
    expect(drawer('first').className).toBe('drawer drawer--open');
    expect(drawer('first').getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(drawer('first'));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(drawer('first').className).toContain('drawer--closing');
    expect(drawer('first').querySelector('[data-phase]')!.getAttribute('data-phase')).toBe('closing');
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_MS - 1));
    expect(queryDrawer()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(queryDrawer()).toBeNull();
    expect(closed).toEqual(['first']);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a click beside it, not on one inside it', () => {
    renderDrawer();
    click('Open first');
    fireEvent.mouseDown(drawer('first'));
    expect(drawer('first').className).toContain('drawer--open');
    fireEvent.mouseDown(drawer('first').parentElement!);
    expect(drawer('first').className).toContain('drawer--closing');
  });

  it('shows one content at a time: another replaces it after 400 ms', () => {
    const { closed } = renderDrawer();
    click('Open first');
    click('Open second');
    expect(drawer('first').className).toContain('drawer--replacing');
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS - 1));
    expect(screen.queryByRole('dialog', { name: 'second drawer' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(drawer('second').className).toContain('drawer--open');
    expect(screen.queryByRole('dialog', { name: 'first drawer' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(closed).toEqual(['first']);
    expect(document.activeElement).toBe(drawer('second'));
  });

  it("asks 'Close without sending?' when the content has unsent input, and closes only on OK", async () => {
    const { closed } = renderDrawer();
    click('Open first');
    fireEvent.change(within(drawer('first')).getByRole('textbox'), { target: { value: 'Half a thought' } });

    fireEvent.keyDown(document.body, { key: 'Escape' });
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain(CLOSE_WITHOUT_SENDING);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await act(() => Promise.resolve());
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_MS));
    expect(drawer('first').className).toContain('drawer--open');
    expect(within(drawer('first')).getByRole('textbox')).toHaveProperty('value', 'Half a thought');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await act(() => Promise.resolve());
    expect(drawer('first').className).toContain('drawer--closing');
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_MS));
    expect(queryDrawer()).toBeNull();
    expect(closed).toEqual(['first']);
  });

  it('asks before another content replaces unsent input, and keeps it on Cancel', async () => {
    const { closed } = renderDrawer();
    click('Open first');
    fireEvent.change(within(drawer('first')).getByRole('textbox'), { target: { value: 'Unsent' } });
    click('Open second');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await act(() => Promise.resolve());
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS));
    expect(drawer('first').className).toContain('drawer--open');
    // The one turned away hears that it is not shown.
    expect(closed).toEqual(['second']);
  });

  it('closes without asking when told to (its content is done)', () => {
    const { controls } = renderDrawer();
    click('Open first');
    fireEvent.change(within(drawer('first')).getByRole('textbox'), { target: { value: 'Sent elsewhere' } });
    act(() => controls.current!.close('second')); // not what it shows: nothing happens
    expect(drawer('first').className).toContain('drawer--open');
    act(() => controls.current!.close('first'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_MS));
    expect(queryDrawer()).toBeNull();
  });

  it('keeps Tab inside while open', () => {
    renderDrawer();
    click('Open first');
    const panel = drawer('first');
    const input = within(panel).getByRole('textbox');
    const send = within(panel).getByRole('button', { name: 'Send first' });
    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
  });

  it('is hidden while suspended, with its content kept, opens nothing new, and comes back on resume', () => {
    const { setTour, closed } = renderDrawer();
    click('Open first');
    fireEvent.change(within(drawer('first')).getByRole('textbox'), { target: { value: 'Kept' } });
    setTour(true);
    const backdrop = document.querySelector('.drawer-backdrop')!;
    expect(backdrop.hasAttribute('hidden')).toBe(true);
    // Escape is not the drawer's while it is suspended: nothing asks, nothing closes.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    click('Open second');
    act(() => vi.advanceTimersByTime(DRAWER_REPLACE_MS));
    expect(closed).toEqual(['second']);

    setTour(false);
    expect(backdrop.hasAttribute('hidden')).toBe(false);
    expect(drawer('first').className).toContain('drawer--open');
    expect(within(drawer('first')).getByRole('textbox')).toHaveProperty('value', 'Kept');
  });
});
