// What follows a successful save (spec 001 §4 After save), besides the blog's counters and the
// saved event: in queue context the page reloads to the base route (the queue's order is the
// server's to work out); a toast shows, after its delay, for reblogs, fast compose, tagged
// pages, or when no post was created. No post is created on the page the composer closes onto
// when the saved post is not listed there (a draft, a queued or scheduled or private post saved
// from the dashboard, say): the toast says where it went, or the save would look like nothing.
import type { SaveAnswer } from '../../../api/types/SaveAnswer';
import { pageContextOf, type PageContext } from '../composerRoutes';
import type { ComposerMode } from './postModel';

/** What the composer was opened for and over, as far as the after-save steps care. */
export interface SavedFrom {
  mode: ComposerMode;
  fromFastCompose: boolean;
  /** The base route: the page the composer was opened over. */
  basePath: string;
}

export interface AfterSave {
  reloadPage: boolean;
  toast: boolean;
}

export function afterSave(from: SavedFrom, answer: Pick<SaveAnswer, 'created_post' | 'post_context_page'>): AfterSave {
  const page = pageContextOf(from.basePath);
  return {
    reloadPage: page === 'queue',
    toast:
      from.mode === 'reblog' ||
      from.fromFastCompose ||
      page === 'tagged' ||
      !answer.created_post ||
      !listedOn(page, answer.post_context_page),
  };
}

/**
 * Whether a post whose page is `contextPage` is listed on the page `page`: a context page lists
 * its own posts; any other page (a blog's, say) at most the posts that are out or private.
 */
function listedOn(page: PageContext, contextPage: SaveAnswer['post_context_page']): boolean {
  switch (page) {
    case 'dashboard':
    case 'drafts':
    case 'queue':
    case 'inbox':
      return contextPage === page;
    case 'tagged':
    case 'other':
      return contextPage === 'dashboard' || contextPage === 'blog';
  }
}
