import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import type { Post as WirePost } from '../../../api/types/Post';
import { fakeApi } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { CONTENT_OF_EACH_TYPE, wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { PostView } from './PostView';

function renderPost(wire: WirePost, { full = false, loggedIn = true } = {}) {
  const { client } = fakeApi({});
  const { container } = renderWithProviders(<PostView post={postFromWire(wire)} full={full} />, {
    client,
    user: loggedIn ? user() : null,
  });
  return within(container).getByRole('article');
}

describe('PostView, each type', () => {
  it('text: the title as a heading and the body as HTML', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.text }));
    expect(within(article).getByRole('heading', { name: 'A title', level: 2 })).toBeTruthy();
    expect(within(article).getByText('bold').tagName).toBe('B');
    expect(article.getAttribute('aria-label')).toBe('Text post by bob');
  });

  it('photo: rows by the layout, alt texts from the captions, per-photo captions, the caption', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.photo }));
    const rows = article.querySelectorAll('.photoset__row');
    expect([...rows].map((row) => row.querySelectorAll('img').length)).toEqual([1, 2]);
    const alts = within(article).getAllByRole('img').filter((img) => img.closest('.photoset'));
    expect(alts.map((img) => img.getAttribute('alt'))).toEqual(['First', 'Second', 'Photo 3 of 3']);
    expect(within(article).getByText('Second', { selector: 'figcaption' })).toBeTruthy();
    expect(within(article).getByText('Three photos')).toBeTruthy();
  });

  it('photo: one per row without a layout; a single photo links to its click-through', () => {
    const article = renderPost(
      wirePost(1, {
        content: {
          type: 'photo',
          photos: [{ url: '/media/one.png', width: 800, height: 600, caption: '' }],
          layout: '',
          linkthrough: 'https://example.com/',
          caption: '',
          selfie: null,
        },
      }),
    );
    const link = within(article).getByRole('link', { name: 'Photo' });
    expect(link.getAttribute('href')).toBe('https://example.com/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('photo: a webcam picture without a caption is called a selfie', () => {
    const selfie = (kind: 'photo' | 'gif' | null, caption = '') =>
      renderPost(
        wirePost(1, {
          content: {
            type: 'photo',
            photos: [{ url: '/media/me.jpg', width: 540, height: 405, caption }],
            layout: '',
            linkthrough: '',
            caption: '',
            selfie: kind,
          },
        }),
      )
        .querySelector('.photoset img')!
        .getAttribute('alt');
    expect(selfie('photo')).toBe('Selfie');
    expect(selfie('gif')).toBe('Selfie GIF');
    expect(selfie(null)).toBe('Photo');
    expect(selfie('photo', 'At the beach')).toBe('At the beach');
  });

  it('quote: the text sized by its length, and its source', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.quote }));
    const quote = within(article).getByText('To be or not').closest('blockquote')!;
    expect(quote.className).toContain('post-quote__text--extra_large');
    expect(within(article).getByText('Hamlet')).toBeTruthy();
    const long = renderPost(wirePost(2, { content: { type: 'quote', quote: 'x'.repeat(100), source: '' } }));
    expect(long.querySelector('blockquote')!.className).toContain('post-quote__text--medium');
  });

  it('link: title, address, publisher, excerpt, author, thumbnail and caption', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.link }));
    const link = within(article).getByRole('link', { name: /An article/ });
    expect(link.getAttribute('href')).toBe('https://example.com/article');
    expect(within(link).getByText('example.com')).toBeTruthy();
    expect(link.querySelector('img')!.getAttribute('src')).toBe('/media/thumb.png');
    expect(within(article).getByText('What it says')).toBeTruthy();
    expect(within(article).getByText('By Ann Author')).toBeTruthy();
    expect(within(article).getByText('Worth a read')).toBeTruthy();
  });

  it('chat: the title and each line with its speaker in bold', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.chat }));
    expect(within(article).getByRole('heading', { name: 'A talk' })).toBeTruthy();
    const lines = within(within(article).getByRole('list', { name: 'Chat' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent?.trim())).toEqual(['Alice: hi', 'Bob: hello', 'a line without a speaker']);
    expect([...article.querySelectorAll('b.post-chat__speaker')].map((b) => b.textContent)).toEqual(['Alice:', 'Bob:']);
  });

  it('audio: an MP3 plays in an audio element, with the track and album art', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.audio }));
    expect(article.querySelector('audio')!.getAttribute('src')).toBe('/media/song.mp3');
    for (const text of ['A song', 'A singer', 'An album', 'Listen']) expect(within(article).getByText(text)).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Album art for A song' })).toBeTruthy();
  });

  it("audio: a service's track is a link to it there", () => {
    const article = renderPost(
      wirePost(1, {
        content: { ...CONTENT_OF_EACH_TYPE.audio, service: 'spotify', url: 'https://open.spotify.com/track/1', album_art: null },
      }),
    );
    expect(article.querySelector('audio')).toBeNull();
    expect(within(article).getByRole('link', { name: 'Listen on Spotify' }).getAttribute('href')).toBe(
      'https://open.spotify.com/track/1',
    );
  });

  it('video: youtube in an iframe of its embed address, a file in a video element', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.video }));
    const frame = within(article).getByTitle('Video player');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(within(article).getByText('Watch')).toBeTruthy();
    const direct = renderPost(
      wirePost(2, { content: { type: 'video', url: '/media/clip.mp4', service: 'direct', embed_url: '', caption: '' } }),
    );
    expect(direct.querySelector('video')!.getAttribute('src')).toBe('/media/clip.mp4');
    expect(direct.querySelector('iframe')).toBeNull();
    expect(within(direct).queryByRole('button', { name: 'Switch to HD' })).toBeNull();
  });

  it('video: an upload processed here plays its SD rendition in the player, with HD on asking', () => {
    const processed = {
      hd_url: '/media/hd.mp4',
      sd_url: '/media/sd.mp4',
      poster_url: '/media/poster.jpg',
      filmstrip: { url: '/media/strip.jpg', width: 3200, height: 180 },
      width: 1280,
      height: 720,
      duration_ms: 4000,
    };
    const article = renderPost(
      wirePost(3, { content: { type: 'video', url: '/media/up.mov', service: 'direct', embed_url: '', caption: '', processed } }),
    );
    const video = article.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/sd.mp4');
    expect(video.getAttribute('poster')).toBe('/media/poster.jpg');
    expect(within(article).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Switch to HD' })).toBeTruthy();
    expect(within(article).getByRole('slider', { name: 'Seek' })).toBeTruthy();
  });

  it('note: who asked (Anonymous without a name), the question, the answer', () => {
    const article = renderPost(wirePost(1, { content: CONTENT_OF_EACH_TYPE.note }));
    expect(within(article).getByText('Anonymous')).toBeTruthy();
    expect(within(article).getByText('What is up?')).toBeTruthy();
    expect(within(article).getByText('Not much')).toBeTruthy();
    const named = renderPost(wirePost(2, { content: { ...CONTENT_OF_EACH_TYPE.note, asking_name: 'carol' } }));
    expect(within(named).getByText('carol')).toBeTruthy();
  });
});

describe('PostView, read-more', () => {
  const body = '<p>The start.</p><p>[[MORE]]</p><p>The rest.</p>';

  it('on a list, shows what comes before the marker and a Keep reading link to the post', () => {
    const article = renderPost(wirePost(4, { post_url: '/blog/bob/post/4/long', content: { type: 'text', title: '', body } }));
    expect(within(article).getByText('The start.')).toBeTruthy();
    expect(within(article).queryByText('The rest.')).toBeNull();
    expect(within(article).getByRole('link', { name: 'Keep reading' }).getAttribute('href')).toBe('/blog/bob/post/4/long');
  });

  it("on the post's own page, shows all of it without the marker", () => {
    const article = renderPost(wirePost(4, { content: { type: 'text', title: '', body } }), { full: true });
    expect(within(article).getByText('The rest.')).toBeTruthy();
    expect(within(article).queryByRole('link', { name: 'Keep reading' })).toBeNull();
    expect(article.textContent).not.toContain('[[MORE]]');
  });
});

describe('PostView, reblogs', () => {
  it('shows the media, then the trail, then the comment, reblogged from the source', () => {
    const article = renderPost(
      wirePost(9, {
        tumblelog: 'carol',
        is_reblog: true,
        reblog_source: { name: 'bob', url: '/blog/bob' },
        content: { type: 'photo', photos: [{ url: '/media/p.png', width: 0, height: 0, caption: '' }], layout: '', linkthrough: '', caption: '', selfie: null },
        reblog_trail: [
          { pid: 1, name: 'ann', permalink: '/blog/ann/post/1', content: '<p>Ann said</p>', avatar_url: '/avatar/ann/128', title: '', is_original_entry: true },
          { pid: 5, name: 'bob', permalink: '/blog/bob/post/5', content: '<p>Bob added</p>', avatar_url: '/avatar/bob/128', title: '', is_original_entry: false },
        ],
        reblog_comment: '<p>Carol says</p>',
      }),
    );
    const header = article.querySelector('header')!;
    expect(header.textContent).toMatch(/carol reblogged from bob/);
    expect(within(header).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/blog/bob');
    const trail = within(article).getByRole('list', { name: 'Reblog trail' });
    const items = within(trail).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'ann' }).getAttribute('href')).toBe('/blog/ann/post/1');
    expect(within(items[1]).getByText('Bob added')).toBeTruthy();
    const photo = article.querySelector('.photoset')!;
    const comment = within(article).getByText('Carol says');
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(photo, trail)).toBe(true);
    expect(follows(trail, comment)).toBe(true);
  });
});

describe('PostView, submissions', () => {
  it('says who submitted a post, linking to their blog', () => {
    const article = renderPost(wirePost(12, { tumblelog: 'ann', state: 'unapproved', submitted_by: 'ben' }));
    const header = article.querySelector('header')!;
    expect(header.textContent).toMatch(/ann submitted by ben/);
    expect(within(header).getByRole('link', { name: 'ben' }).getAttribute('href')).toBe('/blog/ben');
  });
});

describe('PostView, group blogs', () => {
  it("says which member's blog posted a group's post, linking to it", () => {
    const article = renderPost(wirePost(13, { tumblelog: 'team', posted_by: 'ann' }));
    const header = article.querySelector('header')!;
    expect(header.textContent).toMatch(/team posted by ann/);
    expect(within(header).getByRole('link', { name: 'ann' }).getAttribute('href')).toBe('/blog/ann');
  });

  it('says nothing of it when the server does not tell (to anyone but the members)', () => {
    const header = renderPost(wirePost(14, { tumblelog: 'team' })).querySelector('header')!;
    expect(header.textContent).not.toMatch(/posted by/);
  });
});

describe('PostView, text is never HTML', () => {
  it('shows a tag like <script> as text, linking to the blog\'s tagged page, and makes no element of it', () => {
    const article = renderPost(wirePost(1, { tags: ['&lt;script&gt;', 'art'] }));
    const tags = within(article).getByRole('list', { name: 'Tags' });
    const tag = within(tags).getByRole('link', { name: '#<script>' });
    expect(tag.getAttribute('href')).toBe('/blog/bob/tagged/%3Cscript%3E');
    expect(within(tags).getByRole('link', { name: '#art' }).getAttribute('href')).toBe('/blog/bob/tagged/art');
    expect(document.querySelector('script')).toBeNull();
  });

  it('keeps markup in titles, quotes, names, chat lines, questions and captions as text', () => {
    const markup = '<img src=x onerror=alert(1)><b>bold</b>';
    const escaped = '&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;bold&lt;/b&gt;';
    // Text fields arrive as plain text; tags arrive with their angle brackets escaped.
    for (const text of [markup]) {
      const posts: WirePost[] = [
        wirePost(1, { content: { type: 'text', title: text, body: '' } }),
        wirePost(2, { content: { type: 'quote', quote: text, source: '' } }),
        wirePost(3, { content: { type: 'chat', title: text, lines: [{ speaker: text, text }] } }),
        wirePost(4, { content: { type: 'note', ask: text, asking_name: text, answer: '', caption: '' } }),
        wirePost(5, {
          content: { type: 'photo', photos: [{ url: '/media/a.png', width: 0, height: 0, caption: text }, { url: '/media/b.png', width: 0, height: 0, caption: text }], layout: '', linkthrough: '', caption: '', selfie: null },
        }),
        wirePost(6, { content: { ...CONTENT_OF_EACH_TYPE.link, title: text, excerpt: text, author: text } }),
        wirePost(7, { content: { ...CONTENT_OF_EACH_TYPE.audio, track_title: text, track_artist: text, track_album: text } }),
        wirePost(8, { tumblelog: markup, tags: [escaped] }),
      ];
      for (const wire of posts) {
        const article = renderPost(wire);
        expect(article.querySelector('img[src="x"]'), `post ${wire.id}`).toBeNull();
        expect([...article.querySelectorAll('b')].some((b) => b.textContent === 'bold'), `post ${wire.id}`).toBe(false);
        expect(article.textContent, `post ${wire.id}`).toContain(markup);
      }
    }
  });
});

describe('PostView, state and actions', () => {
  it("badges the owner's posts that are not published", () => {
    expect(within(renderPost(wirePost(1, { state: 'draft', is_mine: true }))).getByText('Draft')).toBeTruthy();
    expect(within(renderPost(wirePost(2, { state: 'queued', is_mine: true }))).getByText('Queued')).toBeTruthy();
    expect(within(renderPost(wirePost(3, { state: 'private', is_mine: true }))).getByText('Private')).toBeTruthy();
    const scheduled = renderPost(wirePost(4, { state: 'scheduled', is_mine: true, publish_on: 1_800_000_000 }));
    expect(within(scheduled).getByText(/^Scheduled for /)).toBeTruthy();
    expect(renderPost(wirePost(5)).querySelector('.post-state')).toBeNull();
  });

  it('offers Edit on the owner\'s posts and Reblog on published ones, to the signed-in', () => {
    const mine = renderPost(wirePost(7, { is_mine: true, reblog_key: 'k7' }));
    expect(within(mine).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit/7');
    expect(within(mine).getByRole('link', { name: 'Reblog' }).getAttribute('href')).toBe('/reblog/7/k7');
    const draft = renderPost(wirePost(8, { is_mine: true, state: 'draft' }));
    expect(within(draft).queryByRole('link', { name: 'Reblog' })).toBeNull();
    const theirs = renderPost(wirePost(9));
    expect(within(theirs).queryByRole('link', { name: 'Edit' })).toBeNull();
    const visitor = renderPost(wirePost(10), { loggedIn: false });
    expect(within(visitor).queryByRole('link', { name: 'Reblog' })).toBeNull();
  });

  it('links the blog and the date to where they belong', () => {
    const article = renderPost(wirePost(3, { post_url: '/blog/bob/post/3/slug' }));
    expect(within(article).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/blog/bob');
    const date = article.querySelector('time')!;
    expect(date.closest('a')!.getAttribute('href')).toBe('/blog/bob/post/3/slug');
    expect(date.getAttribute('dateTime')).toBe(new Date((1_795_000_000 + 3) * 1000).toISOString());
  });
});
