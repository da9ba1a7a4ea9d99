// The GIF search panel (spec 000 §2.6, §4, §5, §8, §9) over a fake server, with fake time.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GifImage } from '../../api/types/GifImage';
import type { GifMessage } from '../../api/types/GifMessage';
import { fakeApi, type FakeAnswer, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { advance } from '../../test/time';
import { GifSearchPanel } from '.';
import { NOTHING_FOUND_LINES } from './strings';

const PATH = '/svc/search/inline_gif';

function gif(n: number, extra: Partial<GifImage> = {}): GifImage {
  return {
    mediaUrl: `/media/g${n}.gif`,
    postUrl: `/blog/alice/post/${n}`,
    rootPostUrl: `/blog/alice/post/${n}`,
    rootPostUrlHash: `h${n}`,
    rootBlog: 'alice',
    rootBlogUrl: '/blog/alice',
    rootBlogKey: 'alice',
    postTags: [],
    popularSearchTag: '',
    width: 300,
    height: 200,
    postBlog: 'alice',
    postId: n,
    ...extra,
  };
}

const gifs = (count: number) => Array.from({ length: count }, (_, i) => gif(i + 1));

const found = (media: GifImage[], message: GifMessage | null = null): FakeAnswer => ({
  response: { query: 'q', limit: 200, media, message },
});

/**
 * The full-size images the panel loads before a choice counts. The panel polls them (spec 000
 * §9), so they need no events: one loads or fails when a test says, or at once when the
 * browser already has its address.
 */
class FakeImage {
  static made: FakeImage[] = [];
  static cached = new Set<string>();
  complete = false;
  naturalWidth = 0;
  #src = '';
  constructor() {
    FakeImage.made.push(this);
  }
  get src() {
    return this.#src;
  }
  set src(url: string) {
    this.#src = url;
    if (FakeImage.cached.has(url)) this.load();
  }
  load() {
    this.complete = true;
    this.naturalWidth = 300;
  }
  /** A broken image is complete too, without a size. */
  fail() {
    this.complete = true;
  }
}

function renderPanel(route: FakeRoute = () => found([gif(1)])) {
  const api = fakeApi({ [`POST ${PATH}`]: route });
  const onSelect = vi.fn();
  const { unmount } = renderWithProviders(<GifSearchPanel onSelect={onSelect} />, { client: api.client, user: user() });
  const input = screen.getByRole('searchbox', { name: 'Find a GIF' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const searches = () => api.requests.filter((r) => r.path === PATH);
  const results = () => screen.queryAllByRole('button', { name: /^GIF from / });
  const status = () => screen.getByRole('status').textContent ?? '';
  return { input, type, searches, results, status, onSelect, unmount };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeImage.made = [];
  FakeImage.cached = new Set();
  vi.stubGlobal('Image', FakeImage);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the GIF search (spec 000 §5, §9)', () => {
  it('has the field the spec names, and asks nothing while it is empty', async () => {
    const { input, type, searches, status } = renderPanel();
    expect(input.getAttribute('placeholder')).toBe('Find a GIF');
    expect(document.activeElement).toBe(input);
    type('   ');
    await advance(1000);
    expect(searches()).toHaveLength(0);
    expect(status()).toBe('');
  });

  it('searches once, 250 ms after the last key, however quickly the words are typed', async () => {
    const { type, searches, results } = renderPanel();
    for (const text of ['d', 'da', 'dan', 'danc', 'dance']) {
      type(text);
      await advance(100);
    }
    await advance(149);
    expect(searches()).toHaveLength(0);
    await advance(1);
    expect(searches()).toHaveLength(1);
    expect(searches()[0].form.get('q')).toBe('dance');
    expect(searches()[0].form.get('limit')).toBe('200');
    expect(searches()[0].form.get('form_key')).toBe('test-form-key');
    expect(results()).toHaveLength(1);
  });

  it('sends the query trimmed and lower-cased', async () => {
    const { type, searches } = renderPanel();
    type('  Dancing CATS ');
    await advance(250);
    expect(searches().map((r) => r.form.get('q'))).toEqual(['dancing cats']);
  });

  it('keeps an answer for 5 minutes: the same query again within them is not asked again', async () => {
    const { type, searches, results } = renderPanel((req) => found(gifs(req.form.get('q') === 'cats' ? 2 : 3)));
    type('cats');
    await advance(250);
    type('dogs');
    await advance(250);
    expect(searches()).toHaveLength(2);
    expect(results()).toHaveLength(3);

    await advance(60_000);
    type('Cats ');
    // The kept answer shows at once, without waiting for the debounce.
    await advance(0);
    expect(results()).toHaveLength(2);
    await advance(1000);
    expect(searches()).toHaveLength(2);

    // Past 5 minutes, 'dogs' is asked again.
    await advance(300_000);
    type('dogs');
    await advance(250);
    expect(searches()).toHaveLength(3);
  });
});

describe('a search no longer wanted is aborted (spec 000 §8)', () => {
  it('when another query starts, and when the panel closes; neither is a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A server that never answers: each search stays on its way until it is aborted.
    const { type, searches, unmount } = renderPanel(() => new Promise<FakeAnswer>(() => {}));
    type('cats');
    await advance(250);
    const [cats] = searches();
    expect(cats.signal?.aborted).toBe(false);

    type('dogs');
    await advance(250);
    const dogs = searches()[1];
    expect(dogs.form.get('q')).toBe('dogs');
    expect(cats.signal?.aborted).toBe(true);
    expect(dogs.signal?.aborted).toBe(false);

    unmount();
    expect(dogs.signal?.aborted).toBe(true);
    await advance(1000);
    expect(warn).not.toHaveBeenCalled();
  });

  it('an answer that came is kept: going back to its query asks nothing', async () => {
    const { type, searches, results } = renderPanel((req) => found(gifs(req.form.get('q') === 'cats' ? 2 : 3)));
    type('cats');
    await advance(250);
    type('dogs');
    await advance(250);
    expect(searches().every((r) => r.signal?.aborted === false)).toBe(true);
    type('cats');
    await advance(0);
    expect(results()).toHaveLength(2);
    expect(searches()).toHaveLength(2);
  });
});

describe('results (spec 000 §4, §5, §9)', () => {
  it('show each GIF at the result width, with at most 3 tags and never gif or gifs', async () => {
    const tagged = gif(1, { width: 300, height: 450, postTags: ['gif', 'dancing', 'GIFS', 'cats', 'party', 'fun'] });
    const { type, results } = renderPanel(() => found([tagged]));
    type('dancing');
    await advance(250);
    const [result] = results();
    expect(result.textContent?.trim()).toBe('#dancing #cats #party');
    expect(result.getAttribute('aria-label')).toBe('GIF from alice #dancing #cats #party');
    const image = result.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/g1.gif');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['150', '225']);
  });

  it('go on the page in batches of 50, 5 ms apart, and only the rows near the view are rendered', async () => {
    const { type, results } = renderPanel(() => found(gifs(200)));
    type('everything');
    await advance(250);
    const box = screen.getByRole('group', { name: 'GIFs' });
    expect(box.getAttribute('aria-busy')).toBe('true');
    // Two columns of 150 (jsdom lays nothing out): 300 × 200 GIFs make rows 100 + 20 tall, 8 apart.
    const canvasHeight = () => (box.firstElementChild as HTMLElement).style.height;
    expect(canvasHeight()).toBe(`${25 * 128 - 8}px`);
    await advance(5);
    expect(canvasHeight()).toBe(`${50 * 128 - 8}px`);
    await advance(5);
    expect(canvasHeight()).toBe(`${75 * 128 - 8}px`);
    await advance(5);
    expect(canvasHeight()).toBe(`${100 * 128 - 8}px`);
    expect(box.getAttribute('aria-busy')).toBe('false');
    // A 400 px box shows rows 0 to 3; one box more below is rendered too (rows 4 to 6).
    const rendered = results().map((b) => b.querySelector('img')?.getAttribute('src'));
    expect(rendered).toHaveLength(14);
    expect(rendered[0]).toBe('/media/g1.gif');

    // Scrolled far down: the rows there replace the first ones, 250 ms after scrolling stops.
    Object.defineProperty(box, 'scrollTop', { value: 128 * 50, configurable: true });
    fireEvent.scroll(box);
    await advance(200);
    expect(results()[0].querySelector('img')?.getAttribute('src')).toBe('/media/g1.gif');
    await advance(50);
    const srcs = results().map((b) => b.querySelector('img')?.getAttribute('src'));
    expect(srcs).not.toContain('/media/g1.gif');
    expect(srcs).toContain('/media/g101.gif');
  });

  it('when nothing is found, say one of the nine lines', async () => {
    expect(NOTHING_FOUND_LINES).toHaveLength(9);
    expect(new Set(NOTHING_FOUND_LINES).size).toBe(9);
    expect(NOTHING_FOUND_LINES).toEqual(
      expect.arrayContaining([
        'Nothing turned up. Bummer.',
        'Sadly, nothing.',
        'Tragically, nothing.',
        'Maybe try a similar search but use different words? Dunno.',
      ]),
    );
    const { type, results, status } = renderPanel(() => found([]));
    type('zeppelin');
    await advance(250);
    expect(NOTHING_FOUND_LINES).toContain(status());
    expect(results()).toHaveLength(0);
  });

  it("show the server's message first, with 'View results anyway' when there are results", async () => {
    const message = { header: 'Careful', body: 'These may not be what you meant.' };
    const { type, results, status } = renderPanel((req) => found(req.form.get('q') === 'some' ? gifs(2) : [], message));
    type('none');
    await advance(250);
    expect(status()).toBe('CarefulThese may not be what you meant.');
    expect(screen.queryByRole('button', { name: 'View results anyway' })).toBeNull();

    type('some');
    await advance(250);
    expect(status()).toContain('Careful');
    expect(NOTHING_FOUND_LINES.some((line) => status().includes(line))).toBe(false);
    expect(results()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'View results anyway' }));
    expect(results()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'View results anyway' })).toBeNull();
  });

  it('an answer without a list of GIFs shows no error, nor anything else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { type, searches, results, status } = renderPanel(() => ({ response: { query: 'broken', message: null } }));
    type('broken');
    await advance(250);
    expect(searches()).toHaveLength(1);
    expect(status()).toBe('');
    expect(results()).toHaveLength(0);
    expect(document.body.textContent).not.toContain('Invalid GIF search response');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(warn).toHaveBeenCalledWith('GIF search failed', new Error('Invalid GIF search response'));
    // Not tried again by itself.
    await advance(60_000);
    expect(searches()).toHaveLength(1);
  });
});

describe('choosing a result (spec 000 §4: loaded, preselected, then selected)', () => {
  it('preselects it on a click, then polls its full-size image every 1000 ms and hands it on once loaded', async () => {
    const chosen = gif(2);
    const { type, results, onSelect } = renderPanel(() => found([gif(1), chosen]));
    type('wave');
    await advance(250);
    fireEvent.click(results()[1]);
    expect(results()[1].className).toContain('is-preselected');
    expect(FakeImage.made.map((image) => image.src)).toEqual(['/media/g2.gif']);
    // Not loaded at the first poll: asked again a second later.
    await advance(1000);
    expect(onSelect).not.toHaveBeenCalled();
    FakeImage.made[0].load();
    await advance(999);
    expect(onSelect).not.toHaveBeenCalled();
    expect(results()[1].className).toContain('is-preselected');
    await advance(1);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(chosen);
    expect(results()[1].className).toContain('is-selected');
    // Polling stops there.
    await advance(5000);
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('an image the browser already has is handed on at once, without waiting for a poll', async () => {
    FakeImage.cached.add('/media/g1.gif');
    const { type, results, onSelect } = renderPanel(() => found([gif(1)]));
    type('wave');
    await advance(250);
    fireEvent.click(results()[0]);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(gif(1));
  });

  it('an image that does not load chooses nothing', async () => {
    const { type, results, onSelect } = renderPanel(() => found([gif(1)]));
    type('wave');
    await advance(250);
    fireEvent.click(results()[0]);
    FakeImage.made[0].fail();
    await advance(1000);
    expect(onSelect).not.toHaveBeenCalled();
    expect(results()[0].className).toBe('gif-result');
  });

  it('another choice while one loads replaces it: only the last is handed on', async () => {
    const { type, results, onSelect } = renderPanel(() => found([gif(1), gif(2)]));
    type('wave');
    await advance(250);
    fireEvent.click(results()[0]);
    await advance(500);
    fireEvent.click(results()[1]);
    expect(results()[0].className).toBe('gif-result');
    FakeImage.made.forEach((image) => image.load());
    await advance(999);
    expect(onSelect).not.toHaveBeenCalled();
    await advance(1);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(gif(2));
    await advance(3000);
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('closed while its image loads: nothing is handed on', async () => {
    const { type, results, onSelect, unmount } = renderPanel(() => found([gif(1)]));
    type('wave');
    await advance(250);
    fireEvent.click(results()[0]);
    unmount();
    FakeImage.made[0].load();
    await advance(3000);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('by keyboard: down from the field into the results, the arrow keys between them, Enter chooses', async () => {
    const { input, type, results, onSelect } = renderPanel(() => found(gifs(5)));
    type('wave');
    await advance(250);
    // One Tab stop among the results.
    expect(results().map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(results()[1]);
    // Two columns: down goes to the next row; into the shorter last row, its last result.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[3]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[4]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(results()[3]);
    expect(results()[3].tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    FakeImage.made[0].load();
    await advance(1000);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(gif(4));
    // Up from the first row: back to the field.
    fireEvent.keyDown(results()[0], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
  });

  it('Escape asks its user to close it', () => {
    const onCancel = vi.fn();
    const api = fakeApi({});
    renderWithProviders(<GifSearchPanel onSelect={vi.fn()} onCancel={onCancel} />, { client: api.client, user: user() });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Find a GIF' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
