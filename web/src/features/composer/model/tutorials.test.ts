import { describe, expect, it } from 'vitest';
import type { PostType } from '../../../api/types/PostType';
import { nextTutorial, offersTutorials, tutorialDelay, type Tutorial } from './tutorials';

describe('the composer’s tutorials (spec 001 §4 Tutorials, §9)', () => {
  it('are offered only on text, photo, audio, video and link posts in the rich editor', () => {
    const offered = (type: PostType, editorType: 'rich' | 'html' | 'markdown' = 'rich') => offersTutorials({ type, editorType });
    expect((['text', 'photo', 'audio', 'video', 'link'] as const).map((t) => offered(t))).toEqual([true, true, true, true, true]);
    expect((['quote', 'chat', 'note'] as const).map((t) => offered(t))).toEqual([false, false, false]);
    expect([offered('text', 'html'), offered('text', 'markdown')]).toEqual([false, false]);
  });

  it('come in order: rich text, inline controls, image search, skipping the seen ones', () => {
    const all = new Set<Tutorial>(['richText', 'inlineControls', 'imageSearch']);
    expect(nextTutorial(new Set(), all)).toBe('richText');
    expect(nextTutorial(new Set<Tutorial>(['richText']), all)).toBe('inlineControls');
    expect(nextTutorial(new Set<Tutorial>(['inlineControls']), all)).toBe('richText');
    expect(nextTutorial(new Set<Tutorial>(['richText', 'inlineControls']), all)).toBe('imageSearch');
    expect(nextTutorial(all, all)).toBeNull();
  });

  it('skip a tutorial whose feature the editor does not have (image search: no GIF search yet)', () => {
    expect(nextTutorial(new Set<Tutorial>(['richText', 'inlineControls']))).toBeNull();
  });

  it('show 500 ms after a text post opens, 750 ms after the others', () => {
    expect(tutorialDelay('text')).toBe(500);
    expect(['photo', 'audio', 'video', 'link'].map((t) => tutorialDelay(t as PostType))).toEqual([750, 750, 750, 750]);
  });
});
