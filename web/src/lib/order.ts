/** A copy of `list` with the item at `from` moved to `to`. Out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Spec 000 §5: reordering blogs is saved only when the order changed and there is more than
 * one blog.
 */
export function shouldSaveOrder(previous: readonly string[], next: readonly string[]): boolean {
  if (next.length <= 1) return false;
  if (previous.length !== next.length) return true;
  return next.some((name, i) => name !== previous[i]);
}

/**
 * The order the account popover lists blogs in: the current blog first (spec 000 §4) until
 * the user has reordered, after which the saved order is shown as it is.
 */
export function displayOrder<T extends { name: string }>(
  blogs: readonly T[],
  currentName: string,
  reordered: boolean,
): T[] {
  if (reordered) return blogs.slice();
  const current = blogs.find((b) => b.name === currentName);
  if (!current) return blogs.slice();
  return [current, ...blogs.filter((b) => b !== current)];
}
