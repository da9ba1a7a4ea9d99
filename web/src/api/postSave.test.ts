import { describe, expect, it } from 'vitest';
import { previewFieldsOf, saveFieldsOf, stateOfCode, STATE_CODES, type PostSave } from './postSave';
import type { PostState } from './postModels';

const save = (extra: Partial<PostSave> = {}): PostSave => ({
  blog: 'alice',
  postId: null,
  type: 'text',
  state: 'published',
  publishOn: '',
  postDate: '',
  customUrl: '',
  tags: ['a', 'b'],
  sourceUrl: '',
  editorType: 'rich',
  allowAnswers: false,
  allowPhotoReplies: true,
  sendToTwitter: false,
  customTweet: 'dropped unless sent to twitter',
  sendToFacebook: false,
  utcOffset: 60,
  content: { type: 'text', title: 'T', body: '<p>B</p>' },
  reblog: null,
  ...extra,
});

describe('the save form (docs/api.md "The save form")', () => {
  it('names every field as the server reads it, every value as text', () => {
    expect(saveFieldsOf(save())).toEqual({
      channel_id: 'alice',
      'post[type]': 'text',
      'post[state]': '0',
      is_private: '0',
      'post[publish_on]': undefined,
      'post[date]': undefined,
      'post[slug]': '',
      'post[tags]': 'a,b',
      'post[source_url]': '',
      editor_type: 'rich',
      allow_answers: '0',
      allow_photo_replies: '1',
      send_to_twitter: '0',
      custom_tweet: undefined,
      send_to_fbog: '0',
      utc_offset: '60',
      'post[one]': 'T',
      'post[two]': '<p>B</p>',
    });
    expect(saveFieldsOf(save({ postId: 9, state: 'scheduled', publishOn: 'tomorrow' }))).toMatchObject({
      post_id: '9',
      'post[state]': 'on.2',
      'post[publish_on]': 'tomorrow',
    });
  });

  it("maps each type's fields to post[one|two|three] and its own", () => {
    const photo = saveFieldsOf(
      save({
        type: 'photo',
        content: {
          type: 'photo',
          caption: 'c',
          linkthrough: '',
          layout: '2',
          photos: [
            { id: 'o1', url: '/media/a.png', caption: 'one', selfie: null },
            { id: 'o2', url: '/media/b.gif', caption: '', selfie: 'gif' },
          ],
        },
      }),
    );
    expect(photo).toMatchObject({
      'post[two]': 'c',
      'post[photoset_order]': 'o1,o2',
      'post[photoset_layout]': '2',
      'images[o1]': '/media/a.png',
      'caption[o1]': 'one',
      is_selfie: '0',
      is_selfie_gif: '1',
    });
    const audio = saveFieldsOf(
      save({
        type: 'audio',
        content: {
          type: 'audio',
          caption: '',
          url: 'https://open.spotify.com/track/x',
          preuploadUrl: '/media/a.mp3',
          confirmTos: true,
          trackTitle: 'T',
          trackArtist: 'A',
          trackAlbum: 'B',
          albumArt: '/media/c.png',
          removeAlbumArt: true,
          copyrightFallback: false,
        },
      }),
    );
    // An uploaded file wins over the URL; removed album art is sent empty.
    expect(audio).toMatchObject({ 'post[three]': '', preuploaded_url: '/media/a.mp3', confirm_tos: '1', album_art: '', remove_album_art: '1', 'id3_tags[title]': 'T' });
  });

  it("sends a reblog's comment, in a note's third field, and what it reblogs", () => {
    const reblog = { of: { postId: 7, reblogKey: 'k7' }, removeReblogTree: true, comment: '<p>mine</p>' };
    expect(saveFieldsOf(save({ reblog }))).toMatchObject({
      'post[two]': '<p>mine</p>',
      reblog: '1',
      reblog_post_id: '7',
      reblog_key: 'k7',
      remove_reblog_tree: '1',
    });
    const note = saveFieldsOf(save({ type: 'note', content: { type: 'note', ask: 'q', answer: 'a', caption: '' }, reblog: { ...reblog, of: null } }));
    expect([note['post[three]'], note['post[one]'], note.reblog_post_id]).toEqual(['<p>mine</p>', undefined, undefined]);
  });

  it('maps states to codes and back, and adds the form key for a preview', () => {
    for (const state of Object.keys(STATE_CODES) as PostState[]) expect(stateOfCode(STATE_CODES[state])).toBe(state);
    const fields = previewFieldsOf(save(), 'fk');
    expect(fields.form_key).toBe('fk');
    expect('custom_tweet' in fields).toBe(false);
  });
});
