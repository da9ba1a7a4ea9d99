// The composer's tutorials (spec 001 §2, §4 Tutorials): rich text, inline controls and image
// search, in that order; only on text, photo, audio, video and link posts written in the rich
// editor; each shown once per user (marked seen as soon as it shows).
import type { PostType } from '../../../api/postModels';
import { TUTORIAL_DELAY_MS, TUTORIAL_DELAY_TEXT_MS } from '../constants';
import type { PostModel } from './postModel';

export type Tutorial = 'richText' | 'inlineControls' | 'imageSearch';

/** The order they appear in. */
export const TUTORIALS: readonly Tutorial[] = ['richText', 'inlineControls', 'imageSearch'];

const TUTORIAL_TYPES: readonly PostType[] = ['text', 'photo', 'audio', 'video', 'link'];

/**
 * The tutorials whose feature the editor has. Image search (the GIF search, §1) is not built
 * yet: its tutorial waits for it rather than point at a control that is not there.
 */
export const AVAILABLE_TUTORIALS: ReadonlySet<Tutorial> = new Set<Tutorial>(['richText', 'inlineControls']);

/** Whether the post's form offers tutorials at all. */
export function offersTutorials(post: Pick<PostModel, 'type' | 'editorType'>): boolean {
  return TUTORIAL_TYPES.includes(post.type) && post.editorType === 'rich';
}

/** The next tutorial to show: the first in order that is not seen and whose feature exists. */
export function nextTutorial(
  seen: ReadonlySet<Tutorial>,
  available: ReadonlySet<Tutorial> = AVAILABLE_TUTORIALS,
): Tutorial | null {
  return TUTORIALS.find((t) => available.has(t) && !seen.has(t)) ?? null;
}

/** How long the form is up before a tutorial shows (§9: 500 ms on a text post, else 750). */
export function tutorialDelay(type: PostType): number {
  return type === 'text' ? TUTORIAL_DELAY_TEXT_MS : TUTORIAL_DELAY_MS;
}
