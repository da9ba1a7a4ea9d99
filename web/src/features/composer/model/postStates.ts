// The save dropdown's options, and the save button's
// label (spec 001 §4 Save dropdown behaviour, Save button label). The states' codes on the wire
// are api/postSave.ts's.
import type { PostState } from '../../../api/postModels';
import { pageContextOf } from './pageContext';
import type { ComposerMode } from './postModel';

/** The save dropdown's options, in the spec's order (§2 Save dropdown). */
export type SaveOption = 'publish' | 'queue' | 'draft' | 'private' | 'schedule' | 'preview';

export const SAVE_OPTION_LABELS: Record<SaveOption, string> = {
  publish: 'Post now',
  queue: 'Add to queue',
  draft: 'Save as draft',
  private: 'Post privately',
  schedule: 'Schedule',
  preview: 'Preview on blog',
};

/** The state each option puts the post in (§4 Save dropdown behaviour); preview sets none. */
export const OPTION_STATES: Record<Exclude<SaveOption, 'preview'>, PostState> = {
  publish: 'published',
  queue: 'queued',
  draft: 'draft',
  private: 'private',
  schedule: 'scheduled',
};

/** The option that stands for a state, to mark it chosen in the dropdown. */
export function optionOfState(state: PostState): SaveOption | null {
  const entry = Object.entries(OPTION_STATES).find(([, s]) => s === state);
  return entry ? (entry[0] as SaveOption) : null;
}

/** Whether a post in this state has gone out: an edit then offers only published and private. */
function hasGoneOut(state: PostState): boolean {
  return state === 'published' || state === 'private';
}

/**
 * The dropdown's options (§2, §4): queue, draft and schedule only when active; while editing
 * an already created post (one that has gone out) only published and private are offered.
 * Preview is listed always; whether it can be used is the button's business.
 */
export function activeSaveOptions(mode: ComposerMode, initialState: PostState): SaveOption[] {
  if (mode === 'edit' && hasGoneOut(initialState)) return ['publish', 'private', 'preview'];
  return ['publish', 'queue', 'draft', 'private', 'schedule', 'preview'];
}

/** §4 Save button label. */
export function saveButtonLabel(mode: ComposerMode, state: PostState, initialState: PostState): string {
  const editing = (was: PostState) => mode === 'edit' && initialState === was;
  switch (state) {
    case 'published':
      if (mode === 'reblog') return 'Reblog';
      if (editing('published')) return 'Save';
      return 'Post';
    case 'queued':
      return 'Queue';
    case 'scheduled':
      return 'Schedule';
    case 'draft':
      return 'Save draft';
    case 'private':
      return editing('private') ? 'Save' : 'Post privately';
    default:
      return 'Post';
  }
}

/**
 * The state a new post starts in (§4): from the drafts page a draft, from the queue page
 * queued, otherwise published. The page is the route the composer was opened over.
 */
export function defaultStateFor(basePath: string): PostState {
  const page = pageContextOf(basePath);
  if (page === 'drafts') return 'draft';
  if (page === 'queue') return 'queued';
  return 'published';
}
