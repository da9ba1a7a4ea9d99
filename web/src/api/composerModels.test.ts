import { describe, expect, it } from 'vitest';
import { formData, wireLimits } from '../features/composer/model/testFormData';
import { wirePost } from '../test/postFixtures';
import {
  audioTrackFromWire,
  composerLimitsFromWire,
  composerSetupFromWire,
  fetchedPostFromWire,
  mentionedBlogFromWire,
  openGraphFromWire,
  videoEmbedFromWire,
} from './composerModels';

describe('the composer models', () => {
  it('reads the form builder data: blogs, limits and the user, in camelCase', () => {
    const setup = composerSetupFromWire(formData());
    expect(setup.blogs[0]).toEqual({
      name: 'alice',
      title: "alice's blog",
      avatarUrl: '/avatar/alice/128',
      blogUrl: '/blog/alice',
      isCurrent: true,
      canSendToTwitter: false,
      canSendToFacebook: false,
      twitterSendPosts: false,
      facebookSendPosts: false,
    });
    expect(setup.user).toEqual({ defaultEditorType: 'rich', hasRichTextTutorial: false, inlineEmbedsPerPost: 5 });
    expect(setup.postTypes).toHaveLength(8);
    expect(composerLimitsFromWire(wireLimits)).toMatchObject({ photosPerPost: 10, urlChars: 2048, shortUrlChars: 29, audioSearchResults: 4 });
  });

  it('reads the lookups', () => {
    expect(openGraphFromWire({ title: 'T', description: 'D', author: 'A', image: 'https://i/x.png', image_width: null, tags: ['a'] })).toEqual({
      title: 'T',
      description: 'D',
      author: 'A',
      image: 'https://i/x.png',
      imageWidth: null,
      tags: ['a'],
    });
    expect(mentionedBlogFromWire({ name: 'bob', title: 'B', avatar_url: '/avatar/bob/128' })).toEqual({ name: 'bob', title: 'B', avatarUrl: '/avatar/bob/128' });
    expect(
      audioTrackFromWire({ service: 'spotify', url: 'u', embed_url: 'e', track_title: 't', track_artist: 'a', track_album: 'b', album_art: 'c' }),
    ).toEqual({ service: 'spotify', url: 'u', embedUrl: 'e', trackTitle: 't', trackArtist: 'a', trackAlbum: 'b', albumArt: 'c' });
    expect(videoEmbedFromWire({ url: 'u', thumbnail: 't', preview_iframe: 'p', embed_code: 'c', unsupported: false })).toEqual({
      url: 'u',
      thumbnail: 't',
      previewIframe: 'p',
      embedCode: 'c',
      unsupported: false,
    });
  });

  it('reads a fetched post as the author saved it, and as readers see it', () => {
    const post = wirePost(7, {
      tumblelog: 'alice',
      state: 'scheduled',
      publish_on: 1_800_000_000,
      tags: ['&lt;3'],
      editor_type: 'markdown',
      content: { type: 'audio', url: '/media/a.mp3', service: 'direct', embed_url: '', track_title: 'T', track_artist: 'A', track_album: 'B', album_art: null, caption: '' },
      source: { one: '', two: 'words', three: '' },
    });
    const fetched = fetchedPostFromWire({
      post,
      created_post: false,
      post_tumblelog: { post_url: post.post_url, name_or_id: 'alice', url: '/blog/alice', avatar: '' },
      post_context_page: 'dashboard',
    });
    expect(fetched).toMatchObject({
      id: 7,
      type: 'audio',
      blogName: 'alice',
      state: 'scheduled',
      publishOn: 1_800_000_000,
      editorType: 'markdown',
      // Sent back as the server keeps them, escaped.
      tags: ['&lt;3'],
      source: { one: '', two: 'words', three: '' },
      media: { type: 'audio', url: '/media/a.mp3', embedUrl: '', trackTitle: 'T', albumArt: '' },
    });
    expect(fetched.post).toMatchObject({ id: 7, blogName: 'alice', tags: ['<3'] });
  });
});
