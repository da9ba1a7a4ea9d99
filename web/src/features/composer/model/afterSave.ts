// What follows a successful save (spec 001 §4 After save), besides the blog's counters and the
// saved event: in queue context the page reloads to the base route (the queue's order is the
// server's to work out); a toast shows, after its delay, for reblogs, fast compose, tagged
// pages, or when no post was created.
import type { SaveAnswer } from '../../../api/types/SaveAnswer';
import { pageContextOf } from '../composerRoutes';
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

export function afterSave(from: SavedFrom, answer: Pick<SaveAnswer, 'created_post'>): AfterSave {
  const page = pageContextOf(from.basePath);
  return {
    reloadPage: page === 'queue',
    toast: from.mode === 'reblog' || from.fromFastCompose || page === 'tagged' || !answer.created_post,
  };
}
