// A help popover shown once per browser: until it is dismissed with OK. Hidden by the glass
// or by scrolling away, it shows again on the next visit (spec 002 §4 tells the two apart).
import { useCallback, useState } from 'react';
import type { HelpPopoverEnd } from '../../components/HelpPopover';

/** The localStorage key under which a dismissed help is remembered. */
export const helpTipKey = (name: string) => `dashwire.help.${name}.dismissed`;

function wasDismissed(name: string): boolean {
  try {
    return window.localStorage.getItem(helpTipKey(name)) === '1';
  } catch {
    // Storage turned off: the tip shows, and is not remembered.
    return false;
  }
}

export function useHelpTip(name: string): { open: boolean; close(end: HelpPopoverEnd): void } {
  const [open, setOpen] = useState(() => !wasDismissed(name));
  const close = useCallback(
    (end: HelpPopoverEnd) => {
      setOpen(false);
      if (end !== 'dismissed') return;
      try {
        window.localStorage.setItem(helpTipKey(name), '1');
      } catch {
        // Not remembered: it shows again next time.
      }
    },
    [name],
  );
  return { open, close };
}
