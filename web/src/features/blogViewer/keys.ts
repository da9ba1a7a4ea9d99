// The blog viewer's keyboard (spec 000 §4 Blog viewer): j next post, k previous, l like,
// r reblog, period to the top, enter opens the blog.

export type BlogViewerCommand = 'next' | 'previous' | 'like' | 'reblog' | 'top' | 'open';

const COMMANDS: Record<string, BlogViewerCommand> = {
  j: 'next',
  k: 'previous',
  l: 'like',
  r: 'reblog',
  '.': 'top',
  Enter: 'open',
};

/** Where typing goes: keys pressed there are text, not commands. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * The command a key press asks for, or null: not with a modifier (ctrl+r reloads the page),
 * not while typing, and not Enter on a control, which Enter already activates.
 */
export function blogViewerCommand(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): BlogViewerCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  const command = COMMANDS[e.key] ?? null;
  if (command === 'open' && e.target instanceof HTMLElement && e.target.closest('a, button')) return null;
  return command;
}

/**
 * The index of the post a reader is at in a scrolled list: the last one whose top has reached
 * the list's reading line (`offset` below the top of what is shown), or -1 above the first.
 */
export function currentPostIndex(postTops: readonly number[], scrollTop: number, offset: number): number {
  let current = -1;
  postTops.forEach((top, i) => {
    if (top - offset <= scrollTop + 1) current = i;
  });
  return current;
}
