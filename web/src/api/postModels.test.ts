import { describe, expect, it } from 'vitest';
import { CONTENT_OF_EACH_TYPE, saveAnswer, wirePost } from '../test/postFixtures';
import { postFromWire, savedPostFromWire } from './postModels';

describe('postFromWire', () => {
  it('turns the wire post into the client model', () => {
    const post = postFromWire(
      wirePost(7, {
        tumblelog: 'ann',
        state: 'scheduled',
        publish_on: 1_800_000_000,
        is_mine: true,
        is_reblog: true,
        reblog_source: { name: 'bob', url: '/blog/bob' },
        reblog_trail: [
          {
            pid: 3,
            name: 'bob',
            permalink: '/blog/bob/post/3',
            content: '<p>first</p>',
            avatar_url: '/avatar/bob/128',
            title: '',
            is_original_entry: true,
          },
        ],
        reblog_comment: '<p>mine</p>',
      }),
    );
    expect(post).toMatchObject({
      id: 7,
      blogName: 'ann',
      postUrl: '/blog/ann/post/7',
      state: 'scheduled',
      publishOn: 1_800_000_000,
      isMine: true,
      reblogSource: { name: 'bob', url: '/blog/bob' },
      reblogTrail: [{ postId: 3, blogName: 'bob', permalink: '/blog/bob/post/3', content: '<p>first</p>', isOriginalEntry: true }],
      reblogComment: '<p>mine</p>',
    });
  });

  it('decodes tags (kept with their angle brackets escaped), and takes text and HTML as they come', () => {
    const post = postFromWire(
      wirePost(1, {
        tags: ['&lt;script&gt;', 'rock &amp; roll'],
        content: { type: 'text', title: 'Tom & Jerry <3', body: '<p>Tom &amp; Jerry</p>' },
      }),
    );
    expect(post.tags).toEqual(['<script>', 'rock & roll']);
    expect(post.content).toEqual({ type: 'text', title: 'Tom & Jerry <3', body: '<p>Tom &amp; Jerry</p>' });
    const chat = postFromWire(wirePost(2, { content: { type: 'chat', title: '', lines: [{ speaker: 'A&B', text: '1 < 2' }] } }));
    expect(chat.content).toEqual({ type: 'chat', title: '', lines: [{ speaker: 'A&B', text: '1 < 2' }] });
  });

  it('names every type\'s fields in camelCase', () => {
    const audio = postFromWire(wirePost(1, { content: CONTENT_OF_EACH_TYPE.audio }));
    expect(audio.content).toMatchObject({ trackTitle: 'A song', trackArtist: 'A singer', trackAlbum: 'An album', albumArt: '/media/art.png' });
    const video = postFromWire(wirePost(2, { content: CONTENT_OF_EACH_TYPE.video }));
    expect(video.content).toMatchObject({ embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    const note = postFromWire(wirePost(3, { content: { ...CONTENT_OF_EACH_TYPE.note, asking_name: 'carol' } }));
    expect(note.content).toMatchObject({ ask: 'What is up?', askingName: 'carol' });
  });

  it('drops addresses that are not http(s) or the server\'s own', () => {
    const link = postFromWire(
      wirePost(1, {
        content: { ...CONTENT_OF_EACH_TYPE.link, url: 'javascript:alert(1)', thumbnail: 'data:image/png;base64,x' },
      }),
    );
    expect(link.content).toMatchObject({ url: '', thumbnail: '' });
    const video = postFromWire(
      wirePost(2, { content: { type: 'video', url: '', service: 'embed', embed_url: '/media/page.html', caption: '' } }),
    );
    expect(video.content).toMatchObject({ embedUrl: '' });
    const photo = postFromWire(
      wirePost(3, {
        content: {
          type: 'photo',
          photos: [
            { url: 'javascript:x', width: 0, height: 0, caption: '' },
            { url: '/media/ok.png', width: 0, height: 0, caption: '' },
          ],
          layout: '',
          linkthrough: 'javascript:x',
          caption: '',
          selfie: null,
        },
      }),
    );
    expect(photo.content).toMatchObject({ photos: [{ url: '/media/ok.png' }], linkthrough: '' });
  });

  it("reads a processed video's renditions, poster and filmstrip; none for other videos", () => {
    const processed = {
      hd_url: '/media/hd.mp4',
      sd_url: '/media/sd.mp4',
      poster_url: '/media/poster.jpg',
      filmstrip: { url: '/media/strip.jpg', width: 3200, height: 180 },
      width: 1280,
      height: 720,
      duration_ms: 4500,
    };
    const direct = { type: 'video', url: '/media/up.mov', service: 'direct', embed_url: '', caption: '' } as const;
    expect(postFromWire(wirePost(1, { content: { ...direct, processed } })).content).toMatchObject({
      processed: {
        hdUrl: '/media/hd.mp4',
        sdUrl: '/media/sd.mp4',
        posterUrl: '/media/poster.jpg',
        filmstrip: { url: '/media/strip.jpg', width: 3200, height: 180 },
        width: 1280,
        height: 720,
        durationMs: 4500,
      },
    });
    expect(postFromWire(wirePost(2, { content: direct })).content).toMatchObject({ processed: null });
    const unsafe = { ...processed, sd_url: 'javascript:x' };
    expect(postFromWire(wirePost(3, { content: { ...direct, processed: unsafe } })).content).toMatchObject({ processed: null });
  });
});

describe('savedPostFromWire', () => {
  it('reads the post, its page and whether it is new', () => {
    const saved = savedPostFromWire(saveAnswer(wirePost(5, { state: 'draft' }), { created_post: false }));
    expect(saved).toMatchObject({ post: { id: 5, state: 'draft' }, contextPage: 'drafts', created: false });
  });
  it('puts a private post on its blog\'s page only', () => {
    expect(savedPostFromWire(saveAnswer(wirePost(5, { state: 'private' }))).contextPage).toBe('blog');
  });
});
