import { describe, expect, it } from 'vitest';
import { STATE_CODES, stateOfCode } from '../../../api/postSave';
import type { PostState } from '../../../api/types/PostState';
import { newPost } from './postModel';
import { postReducer } from './postReducer';
import {
  activeSaveOptions,
  defaultStateFor,
  saveButtonLabel,
  SAVE_OPTION_LABELS,
  type SaveOption,
} from './postStates';
import { testLimits, saveFormFields } from './testFormData';

describe('save button label (spec 001 §4)', () => {
  const cases: [Parameters<typeof saveButtonLabel>, string][] = [
    [['new', 'published', 'published'], 'Post'],
    [['reblog', 'published', 'published'], 'Reblog'],
    [['edit', 'published', 'published'], 'Save'],
    [['edit', 'published', 'draft'], 'Post'],
    [['new', 'queued', 'published'], 'Queue'],
    [['new', 'scheduled', 'published'], 'Schedule'],
    [['new', 'draft', 'published'], 'Save draft'],
    [['edit', 'draft', 'draft'], 'Save draft'],
    [['new', 'private', 'published'], 'Post privately'],
    [['edit', 'private', 'private'], 'Save'],
    [['edit', 'private', 'published'], 'Post privately'],
    [['edit', 'transcoding', 'transcoding'], 'Post'],
  ];
  it.each(cases)('%j reads %s', (args, label) => {
    expect(saveButtonLabel(...args)).toBe(label);
  });
});

describe('save dropdown → state codes (spec 001 §4)', () => {
  const sent = (option: Exclude<SaveOption, 'preview'>) => {
    const post = postReducer(newPost('text', 'alice', testLimits), { type: 'optionChosen', option });
    const form = saveFormFields(post, 60);
    return [form['post[state]'], form.is_private, form['post[publish_on]']];
  };

  it('sends each option as its code', () => {
    expect(sent('publish')).toEqual(['0', '0', undefined]);
    expect(sent('draft')).toEqual(['1', '0', undefined]);
    expect(sent('queue')).toEqual(['2', '0', undefined]);
    expect(sent('private')).toEqual(['private', '1', undefined]);
    expect(sent('schedule')).toEqual(['on.2', '0', 'Next Tuesday, 10am']);
  });

  it('clears publish_on when another option follows schedule', () => {
    let post = postReducer(newPost('text', 'alice', testLimits), { type: 'optionChosen', option: 'schedule' });
    post = postReducer(post, { type: 'publishOnChanged', text: 'tomorrow 9am' });
    expect(saveFormFields(post, 0)['post[publish_on]']).toBe('tomorrow 9am');
    post = postReducer(post, { type: 'optionChosen', option: 'queue' });
    expect(post.publishOn).toBe('');
    expect(saveFormFields(post, 0)['post[publish_on]']).toBeUndefined();
  });

  it('maps server codes back to states', () => {
    for (const state of Object.keys(STATE_CODES) as PostState[]) {
      expect(stateOfCode(STATE_CODES[state])).toBe(state);
    }
    expect(stateOfCode('9')).toBeNull();
  });

  it('lists the options in order, with their labels', () => {
    expect(activeSaveOptions('new', 'published').map((o) => SAVE_OPTION_LABELS[o])).toEqual([
      'Post now',
      'Add to queue',
      'Save as draft',
      'Post privately',
      'Schedule',
      'Preview on blog',
    ]);
  });

  it('offers only published and private while editing a post that has gone out', () => {
    expect(activeSaveOptions('edit', 'published')).toEqual(['publish', 'private', 'preview']);
    expect(activeSaveOptions('edit', 'private')).toEqual(['publish', 'private', 'preview']);
    expect(activeSaveOptions('edit', 'draft')).toContain('queue');
  });

  it('starts new posts as drafts on the drafts page and queued on the queue page', () => {
    expect(defaultStateFor('/blog/alice/drafts')).toBe('draft');
    expect(defaultStateFor('/blog/alice/queue/')).toBe('queued');
    expect(defaultStateFor('/dashboard')).toBe('published');
  });
});
