import { describe, expect, it } from 'vitest';
import { newPost, type PhotoItem, type PostModel } from './postModel';
import { postReducer, type PostAction } from './postReducer';
import { postFromWire } from '../../../api/postModels';
import { testBlog } from './testFormData';
import { wirePost } from '../../../test/postFixtures';
import { testLimits } from './testFormData';

const run = (post: PostModel, ...actions: PostAction[]) => actions.reduce(postReducer, post);

const photo = (id: string, url = `/media/${id}.png`): PhotoItem => ({
  id,
  url,
  displayUrl: url,
  caption: '',
  upload: null,
  fileName: `${id}.png`,
  selfie: null,
});

describe('postReducer', () => {
  it('hides the error bar on any change to the model, but not on upload progress', () => {
    const failed = run(newPost('text', 'alice', testLimits), { type: 'saveStarted' }, { type: 'saveFailed', errors: ['Post body empty.'] });
    expect(failed.errors).toEqual(['Post body empty.']);
    expect(failed.formState).toEqual({ enabled: true, locked: false, saving: false });
    expect(run(failed, { type: 'uploadProgressed', id: 'u1', loaded: 1, total: 2 }).errors).toHaveLength(1);
    expect(run(failed, { type: 'fieldChanged', field: 'title', value: 'Hi' }).errors).toEqual([]);
  });

  it('locks the form while saving and keeps it locked once saved', () => {
    const saving = run(newPost('text', 'alice', testLimits), { type: 'saveStarted' });
    expect(saving.formState).toEqual({ enabled: false, locked: true, saving: true });
    const saved = run(saving, { type: 'saveSucceeded' });
    expect(saved.formState).toEqual({ enabled: false, locked: true, saving: false });
    expect(saved.saved).toBe(true);
  });

  it('turns sharing off for a private post and restores it afterwards', () => {
    let post = run(newPost('text', 'alice', testLimits), { type: 'twitterToggled', on: true }, { type: 'facebookToggled', on: true });
    post = run(post, { type: 'optionChosen', option: 'private' });
    expect([post.social.sendToTwitter, post.social.sendToFacebook]).toEqual([false, false]);
    post = run(post, { type: 'optionChosen', option: 'publish' });
    expect([post.social.sendToTwitter, post.social.sendToFacebook]).toEqual([true, true]);
  });

  it('removes the custom tweet when Twitter is turned off, and turns Twitter off when the tweet box closes empty', () => {
    let post = run(newPost('text', 'alice', testLimits), { type: 'twitterToggled', on: true }, { type: 'customTweetChanged', text: 'hi' });
    expect(run(post, { type: 'twitterToggled', on: false }).social.customTweet).toBe('');
    post = run(post, { type: 'customTweetChanged', text: '  ' }, { type: 'tweetBoxClosed' });
    expect(post.social.sendToTwitter).toBe(false);
  });

  it("takes sharing defaults from the blog chosen, but not while editing", () => {
    const sharing = testBlog('alice2', {
      can_send_to_twitter: true,
      twitter_send_posts: true,
      can_send_to_facebook: true,
      facebook_opengraph_send_posts: false,
    });
    const post = run(newPost('text', 'alice', testLimits), { type: 'blogChosen', blog: sharing });
    expect([post.blog, post.social.sendToTwitter, post.social.sendToFacebook]).toEqual(['alice2', true, false]);
    const editing = { ...newPost('text', 'alice', testLimits), mode: 'edit' as const };
    expect(run(editing, { type: 'blogChosen', blog: sharing }).blog).toBe('alice');
  });

  it('clears the click-through when photos are added or removed', () => {
    let post = run(newPost('photo', 'alice', testLimits), { type: 'photosAdded', photos: [photo('o1')] });
    post = run(post, { type: 'fieldChanged', field: 'linkthrough', value: 'https://example.com' });
    post = run(post, { type: 'photosAdded', photos: [photo('o2')] });
    expect(post.fields.linkthrough).toBe('');
    post = run(post, { type: 'fieldChanged', field: 'linkthrough', value: 'https://example.com' }, { type: 'photoRemoved', id: 'o2' });
    expect(post.fields.linkthrough).toBe('');
  });

  it('keeps the layout through photos added or removed while it still holds them, else falls back to none', () => {
    const three = run(newPost('photo', 'alice', testLimits), { type: 'photosAdded', photos: [photo('o1'), photo('o2'), photo('o3')] });
    expect(three.fields.layout).toBe('');
    const chosen = run(three, { type: 'layoutChosen', layout: '12' });
    expect(chosen.fields.layout).toBe('12');
    // '12' holds three photos: with four, or two, it falls back to the default.
    expect(run(chosen, { type: 'photosAdded', photos: [photo('o4')] }).fields.layout).toBe('');
    expect(run(chosen, { type: 'photoRemoved', id: 'o2' }).fields.layout).toBe('');
    // No layout holds any number of photos.
    expect(run(three, { type: 'photosAdded', photos: [photo('o4')] }, { type: 'photoRemoved', id: 'o1' }).fields.layout).toBe('');
    // An upload that fails and a photo that replaces it: back to three, the layout kept.
    const replaced = run({ ...chosen, fields: { ...chosen.fields, layout: '13' } }, { type: 'photosAdded', photos: [photo('o4')] });
    expect(replaced.fields.layout).toBe('13');
    expect(run(replaced, { type: 'photoRemoved', id: 'o4' }).fields.layout).toBe('');
  });

  it('takes only a layout the photos may have', () => {
    const three = run(newPost('photo', 'alice', testLimits), { type: 'photosAdded', photos: [photo('o1'), photo('o2'), photo('o3')] });
    expect(run(three, { type: 'layoutChosen', layout: '13' }).fields.layout).toBe('');
    expect(run(three, { type: 'layoutChosen', layout: '111' }).fields.layout).toBe('');
    expect(run(three, { type: 'layoutChosen', layout: '12' }, { type: 'layoutChosen', layout: '' }).fields.layout).toBe('');
  });

  it('moves a photo to another place in the set, keeping the layout and the click-through rule', () => {
    const three = run(
      newPost('photo', 'alice', testLimits),
      { type: 'photosAdded', photos: [photo('o1'), photo('o2'), photo('o3')] },
      { type: 'layoutChosen', layout: '12' },
    );
    const moved = run(three, { type: 'photoMoved', from: 2, to: 0 });
    expect(moved.fields.photos.map((p) => p.id)).toEqual(['o3', 'o1', 'o2']);
    expect(moved.fields.layout).toBe('12');
    expect(run(moved, { type: 'photoMoved', from: 0, to: 2 }).fields.photos.map((p) => p.id)).toEqual(['o1', 'o2', 'o3']);
    expect(run(three, { type: 'photoMoved', from: 5, to: 0 }).fields.photos).toEqual(three.fields.photos);
  });

  it('shows the read file until the photo is uploaded', () => {
    const uploading = run(newPost('photo', 'alice', testLimits), { type: 'photosAdded', photos: [photo('o1', '')] });
    expect(run(uploading, { type: 'photoPreviewRead', id: 'o1', displayUrl: 'data:image/png;base64,AA==' }).fields.photos[0].displayUrl).toBe(
      'data:image/png;base64,AA==',
    );
  });

  it('cuts a photo caption at 200 characters', () => {
    const post = run(
      newPost('photo', 'alice', testLimits),
      { type: 'photosAdded', photos: [photo('o1')] },
      { type: 'photoCaptionChanged', id: 'o1', caption: 'c'.repeat(300) },
    );
    expect(post.fields.photos[0].caption).toHaveLength(200);
  });

  it('submits tags by the rules and removes them', () => {
    let post = run(newPost('text', 'alice', testLimits), { type: 'tagInputChanged', text: '#Art' }, { type: 'tagSubmitted' });
    post = run(post, { type: 'tagInputChanged', text: 'art' }, { type: 'tagSubmitted' });
    post = run(post, { type: 'tagInputChanged', text: 'cats' }, { type: 'tagSubmitted' });
    expect(post.tags).toEqual(['Art', 'cats']);
    expect(post.tagInput).toBe('');
    expect(run(post, { type: 'tagRemoved', index: 1 }).tags).toEqual(['Art']);
  });

  it('unticks allow-answers when no text field ends in a question mark any more', () => {
    let post = run(newPost('text', 'alice', testLimits), { type: 'fieldChanged', field: 'body', value: '<p>Thoughts?</p>' });
    post = run(post, { type: 'allowAnswersChanged', value: true });
    expect(post.allowAnswers).toBe(true);
    post = run(post, { type: 'fieldChanged', field: 'body', value: '<p>Thoughts.</p>' });
    expect(post.allowAnswers).toBe(false);
  });

  it('keeps the source URL of a reblog read-only', () => {
    const reblog: PostModel = {
      ...newPost('text', 'alice', testLimits),
      mode: 'reblog',
      reblog: { reblogId: 7, reblogKey: 'k', reblogName: 'bob', shown: postFromWire(wirePost(7)) },
    };
    expect(run(reblog, { type: 'settingChanged', setting: 'sourceUrl', value: 'https://x.example' }).sourceUrl).toBe('');
  });

  it('falls back to searching on a copyright refusal, and keeps the fallback when the media is removed (spec 001 §8)', () => {
    const refused = run(newPost('audio', 'alice', testLimits), {
      type: 'audioCopyrightRefused',
      warning: 'Copyrighted.',
      searchString: 'The Band Blue',
    });
    expect([refused.fields.copyrightFallback, refused.fields.copyrightWarning, refused.fields.search]).toEqual([
      true,
      'Copyrighted.',
      'The Band Blue',
    ]);
    const chosen = run(refused, {
      type: 'audioSourceChosen',
      source: { url: 'https://soundcloud.com/a/b', player: '', trackTitle: 'Blue', trackArtist: '', trackAlbum: '', albumArt: '' },
    });
    const removed = run(chosen, { type: 'audioMediaRemoved' });
    expect([removed.fields.url, removed.fields.search, removed.fields.copyrightFallback, removed.fields.copyrightWarning]).toEqual([
      '',
      '',
      true,
      'Copyrighted.',
    ]);
  });

  it('makes a new audio post a video post of a youtube URL, with its caption and fallback; not in edit mode', () => {
    const audio = run(
      newPost('audio', 'alice', testLimits),
      { type: 'audioCopyrightRefused', warning: 'Copyrighted.', searchString: 'Blue' },
      { type: 'fieldChanged', field: 'caption', value: '<p>Mine</p>' },
    );
    const video = run(audio, { type: 'audioSwitchedToVideo', url: 'https://www.youtube.com/watch?v=abc' });
    expect([video.type, video.fields.embedCode, video.fields.caption, video.fields.copyrightFallback, video.fields.search]).toEqual([
      'video',
      'https://www.youtube.com/watch?v=abc',
      '<p>Mine</p>',
      true,
      '',
    ]);
    const editing = { ...audio, mode: 'edit' as const };
    expect(run(editing, { type: 'audioSwitchedToVideo', url: 'https://www.youtube.com/watch?v=abc' }).type).toBe('audio');
  });
});
