import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useDialogs, type Dialogs } from '.';

function grabDialogs(): { current: Dialogs | null; Grab: () => null } {
  const ref: { current: Dialogs | null; Grab: () => null } = {
    current: null,
    Grab: () => {
      ref.current = useDialogs();
      return null;
    },
  };
  return ref;
}

describe('DialogProvider', () => {
  it('shows one dialog at a time, in order, and resolves each with the answer', async () => {
    const dialogs = grabDialogs();
    render(
      <DialogProvider>
        <dialogs.Grab />
      </DialogProvider>,
    );
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    let third!: Promise<void>;
    act(() => {
      first = dialogs.current!.confirm('First?');
      second = dialogs.current!.confirm('Second?', { ok: 'Ok', cancel: 'Nevermind' });
      third = dialogs.current!.alert('Third.');
    });

    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByText('First?')).toBeTruthy();
    // Buttons default to Cancel and OK.
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);

    expect(screen.getByText('Second?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    await expect(second).resolves.toBe(false);

    expect(screen.getByText('Third.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(third).resolves.toBeUndefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers a confirm with false on Escape', async () => {
    const dialogs = grabDialogs();
    render(
      <DialogProvider>
        <dialogs.Grab />
      </DialogProvider>,
    );
    let answer!: Promise<boolean>;
    act(() => {
      answer = dialogs.current!.confirm('Sure?');
    });
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('throws outside the provider', () => {
    const dialogs = grabDialogs();
    expect(() => render(<dialogs.Grab />)).toThrow(/inside <DialogProvider>/);
  });
});
