import { describe, expect, it } from 'vitest';
import { hasChanged } from './changes';
import { modelForEdit } from './fromFetch';
import { newPost } from './postModel';
import { postReducer } from './postReducer';
import { wirePost } from '../../../test/postFixtures';
import { fetched, testLimits } from './testFormData';

describe('hasChanged (spec 001 §4 Dismiss)', () => {
  it('in new mode, counts only something non-empty added', () => {
    const initial = newPost('text', 'alice', testLimits);
    expect(hasChanged(initial, postReducer(initial, { type: 'optionChosen', option: 'draft' }))).toBe(false);
    expect(hasChanged(initial, postReducer(initial, { type: 'fieldChanged', field: 'body', value: '<p></p>' }))).toBe(false);
    expect(hasChanged(initial, postReducer(initial, { type: 'fieldChanged', field: 'title', value: 'Hi' }))).toBe(true);
    const typedThenCleared = [
      { type: 'fieldChanged', field: 'title', value: 'Hi' },
      { type: 'fieldChanged', field: 'title', value: '' },
    ] as const;
    expect(hasChanged(initial, typedThenCleared.reduce(postReducer, initial))).toBe(false);
  });

  it('in edit mode, counts any change, the state too', () => {
    const initial = modelForEdit(fetched(wirePost(7, { is_mine: true, source: { one: 'Hello', two: '<p>Body</p>', three: '' } })), testLimits);
    expect(hasChanged(initial, initial)).toBe(false);
    expect(hasChanged(initial, postReducer(initial, { type: 'optionChosen', option: 'private' }))).toBe(true);
    expect(hasChanged(initial, postReducer(initial, { type: 'fieldChanged', field: 'title', value: 'Hello!' }))).toBe(true);
  });

  it('does not count the audio search or a copyright fallback as something added', () => {
    const initial = newPost('audio', 'alice', testLimits);
    expect(hasChanged(initial, postReducer(initial, { type: 'fieldChanged', field: 'search', value: 'blue' }))).toBe(false);
    const refused = postReducer(initial, { type: 'audioCopyrightRefused', warning: 'Copyrighted.', searchString: 'Blue' });
    expect(hasChanged(initial, refused)).toBe(false);
  });
});
