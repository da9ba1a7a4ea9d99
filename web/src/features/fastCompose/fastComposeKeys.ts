// The keys inside the fast-compose overlay (spec 001 §2): c, tab and right arrow move to the
// next tile; shift+c, shift+tab and left arrow to the previous; the selection wraps around;
// enter creates the selected type. (Escape, which closes, is the drawer's.)

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  /** A key pressed with ctrl, alt or meta is someone else's shortcut. */
  modified: boolean;
}

export type FastComposeMove = { kind: 'select'; index: number } | { kind: 'create'; index: number } | null;

/** What a key does with `selected` (null before any tile is selected) among `count` tiles. */
export function fastComposeMove(press: KeyPress, selected: number | null, count: number): FastComposeMove {
  if (press.modified) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const next = key === 'ArrowRight' || ((key === 'c' || key === 'Tab') && !press.shiftKey);
  const previous = key === 'ArrowLeft' || ((key === 'c' || key === 'Tab') && press.shiftKey);
  if (next) return { kind: 'select', index: selected === null ? 0 : (selected + 1) % count };
  if (previous) return { kind: 'select', index: selected === null ? count - 1 : (selected - 1 + count) % count };
  if (key === 'Enter' && selected !== null) return { kind: 'create', index: selected };
  return null;
}
