// Which page a composer was opened over, where it matters to what it offers and does after a
// save (spec 001 §2, §4). Read from the base route (composerRoutes.ts).

/**
 * What page the base route is, where it matters to the composer: the dashboard-like context
 * pages (§2: dashboard, drafts, inbox, queue, which a new post's state and the after-save
 * steps read) and a blog's tagged page (/blog/{name}/tagged/{tag}, §4 After save).
 */
export type PageContext = 'dashboard' | 'drafts' | 'inbox' | 'queue' | 'tagged' | 'other';

export function pageContextOf(basePath: string): PageContext {
  const parts = basePath.split('?')[0].replace(/\/+$/, '').split('/');
  if (parts.at(-2) === 'tagged') return 'tagged';
  const last = parts.at(-1);
  if (last === '' || last === undefined) return 'dashboard';
  return last === 'dashboard' || last === 'drafts' || last === 'inbox' || last === 'queue' ? last : 'other';
}
