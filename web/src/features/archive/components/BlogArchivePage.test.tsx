import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import type { ArchiveMonth } from '../../../api/types/ArchiveMonth';
import type { ArchivePage } from '../../../api/types/ArchivePage';
import type { ArchivePost } from '../../../api/types/ArchivePost';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { SCROLLED_PAST_DEBOUNCE_MS } from '../../posts/constants';
import { archiveViewOf } from '..';
import { BlogArchivePage } from './BlogArchivePage';

/** The archive's route, as the app has it. */
function ArchiveRoutes() {
  return (
    <Switch>
      <Route path="/blog/:name/archive/*?">
        {(params) => <BlogArchivePage key={params.name} name={params.name} view={archiveViewOf(params['*'])} />}
      </Route>
      <Route path="/blog/:name">{(params) => <p>The blog {params.name}</p>}</Route>
    </Switch>
  );
}

const post = (id: number, extra: Partial<ArchivePost> = {}): ArchivePost => ({
  id,
  type: 'text',
  post_url: `/blog/ann/post/${id}`,
  date: 1_740_000_000 + id,
  summary: `Post ${id}`,
  media_url: '',
  note_count: 0,
  is_reblog: false,
  ...extra,
});
const month = (key: string, posts: ArchivePost[]): ArchiveMonth => ({
  month: key,
  year: Number(key.slice(0, 4)),
  month_number: Number(key.slice(5)),
  posts,
});
const page = (months: ArchiveMonth[], next: number | null = null): ArchivePage => ({
  tumblelog: wireBlog('ann', { title: "Ann's notebook" }),
  months,
  next_before_id: next,
  post_type: null,
  tag: null,
});

/** An archive route answering `pages` in turn, by before_id: the first without one. */
const paged = (pages: ArchivePage[]): FakeRoute => (req) => {
  const before = req.query.get('before_id');
  const at = before === null ? 0 : pages.findIndex((_, i) => i > 0 && pages[i - 1].next_before_id === Number(before));
  return { response: pages[at] };
};

function renderAt(path: string, archive: FakeRoute) {
  const api = fakeApi({ 'GET /svc/archive/*': archive });
  const rendered = renderWithProviders(<ArchiveRoutes />, { client: api.client, user: user(), path });
  const asked = () => api.requests.filter((r) => r.path.startsWith('/svc/archive/')).map((r) => Object.fromEntries(r.query));
  return { ...api, ...rendered, asked };
}

const monthHeadings = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const tileIds = (name: string) =>
  within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => Number(li.dataset.postId));

describe('BlogArchivePage', () => {
  it("shows the blog's heading and its posts by month, a month split over two pages under one heading", async () => {
    const { asked } = renderAt(
      '/blog/ann/archive',
      paged([
        page([month('2025-03', [post(9), post(8)])], 8),
        page([month('2025-03', [post(7)]), month('2025-02', [post(6)])], 6),
        page([month('2024-12', [post(5)])]),
      ]),
    );
    const blogLink = screen.getByRole('link', { name: 'ann' });
    expect(blogLink.getAttribute('href')).toBe('/blog/ann');
    // jsdom lays nothing out, so the page is always "near its end": the next pages follow.
    await waitFor(() => expect(monthHeadings()).toEqual(['March 2025', 'February 2025', 'December 2024']));
    expect(tileIds('Posts of March 2025')).toEqual([9, 8, 7]);
    expect(tileIds('Posts of February 2025')).toEqual([6]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ann's notebook");
    expect(asked()).toEqual([{}, { before_id: '8' }, { before_id: '6' }]);
  });

  describe('on a page long enough to scroll', () => {
    // 10 000 px of page in a 768 px window (jsdom's), scrolled to the top.
    afterEach(() => {
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    });
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('asks for the next page once scrolled past 90 % (spec 002 §9), when the scrolling pauses', async () => {
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 10_000 });
      const { asked } = renderAt('/blog/ann/archive', paged([page([month('2025-03', [post(9), post(8)])], 8), page([month('2025-02', [post(7)])])]));
      await screen.findByRole('heading', { name: 'March 2025' });
      scrollTo(8_231); // the window's bottom at 8 999 px: not yet 90 %
      await pause(SCROLLED_PAST_DEBOUNCE_MS + 100);
      expect(asked()).toEqual([{}]);

      scrollTo(8_232); // at 9 000 px: 90 %
      expect(asked()).toEqual([{}]); // not before the pause
      await waitFor(() => expect(asked()).toEqual([{}, { before_id: '8' }]));
      expect(await screen.findByRole('heading', { name: 'February 2025' })).toBeTruthy();
    });
  });

  it('shows a tile as its picture, or its summary as plain text, with its type and notes, linking to the post', async () => {
    renderAt(
      '/blog/ann/archive',
      paged([
        page([
          month('2025-03', [
            post(9, { type: 'photo', media_url: '/media/cat.jpg', summary: 'A cat', note_count: 1234 }),
            post(8, { type: 'note', summary: '<b>not bold</b> & <img src=x onerror=alert(1)>' }),
          ]),
        ]),
      ]),
    );
    await screen.findByRole('heading', { name: 'March 2025' });
    const [photo, answer] = within(screen.getByRole('list', { name: 'Posts of March 2025' })).getAllByRole('listitem');
    expect(within(photo).getByRole('img', { name: 'A cat' }).getAttribute('src')).toBe('/media/cat.jpg');
    expect(within(photo).getByText('Photo')).toBeTruthy();
    expect(within(photo).getByText('1,234 notes')).toBeTruthy();
    expect(within(photo).getByRole('link').getAttribute('href')).toBe('/blog/ann/post/9');

    expect(within(answer).getByText('<b>not bold</b> & <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(answer.querySelector('b, img')).toBeNull();
    expect(within(answer).getByText('Answer')).toBeTruthy();
    expect(within(answer).queryByText(/notes?$/)).toBeNull();
  });

  it('opens the filter menu on click, closes it on a mousedown outside, and goes to filter-by/{type} on a choice', async () => {
    const { location, asked } = renderAt('/blog/ann/archive', () => ({ response: page([month('2025-03', [post(9)])]) }));
    await screen.findByRole('heading', { name: 'March 2025' });
    const button = screen.getByRole('button', { name: 'Post type: All' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Post type' });
    expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual([
      'All', 'Text', 'Photo', 'Quote', 'Link', 'Chat', 'Audio', 'Video', 'Answer',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    // A mousedown inside the menu keeps it open; one outside closes it.
    fireEvent.mouseDown(within(menu).getByRole('menuitemradio', { name: 'Quote' }));
    expect(screen.queryByRole('menu')).not.toBeNull();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Photo' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(location.history!.at(-1)).toBe('/blog/ann/archive/filter-by/photo');
    expect(await screen.findByRole('button', { name: 'Post type: Photo' })).toBeTruthy();
    await waitFor(() => expect(asked().at(-1)).toEqual({ post_type: 'photo' }));

    fireEvent.click(screen.getByRole('button', { name: 'Post type: Photo' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'All' }));
    expect(location.history!.at(-1)).toBe('/blog/ann/archive');
    expect(await screen.findByRole('button', { name: 'Post type: All' })).toBeTruthy();
  });

  it('works by keyboard: the chosen type has the focus, the arrows move, Escape closes back to the button', async () => {
    const { location } = renderAt('/blog/ann/archive/filter-by/answer', () => ({ response: page([month('2025-03', [post(9)])]) }));
    const button = screen.getByRole('button', { name: 'Post type: Answer' });
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(document.activeElement?.textContent).toBe('Answer');
    fireEvent.keyDown(menu, { key: 'ArrowDown' }); // wraps round to the first
    expect(document.activeElement?.textContent).toBe('All');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Text');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(location.history).toEqual(['/blog/ann/archive/filter-by/answer']);
  });

  it('shows the tag as a heading on tagged/{tag}, and asks for that tag', async () => {
    const { asked } = renderAt('/blog/ann/archive/tagged/sea%20glass', () => ({ response: page([month('2025-03', [post(9)])]) }));
    expect(screen.getByRole('heading', { name: '#sea glass' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'March 2025' });
    expect(asked()).toEqual([{ tag: 'sea glass' }]);
  });

  it('starts at the month of {year}/{month}, with no type chosen', async () => {
    const { asked } = renderAt('/blog/ann/archive/2025/3', () => ({ response: page([month('2025-03', [post(9)])]) }));
    await screen.findByRole('heading', { name: 'March 2025' });
    expect(asked()).toEqual([{ month: '2025-03' }]);
    expect(screen.getByRole('button', { name: 'Post type: All' })).toBeTruthy();
  });

  it('says so when the blog has nothing', async () => {
    renderAt('/blog/ann/archive', () => ({ response: page([]) }));
    expect(await screen.findByText('No posts here yet.')).toBeTruthy();
  });

  it('says so for a filter with nothing', async () => {
    renderAt('/blog/ann/archive/filter-by/video', () => ({ response: page([]) }));
    expect(await screen.findByText('No video posts here yet.')).toBeTruthy();
  });

  it('says there is no such blog for an unknown one', async () => {
    renderAt('/blog/nobody/archive', () => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such blog.' }] }));
    expect(await screen.findByRole('heading', { name: "There's no blog named nobody." })).toBeTruthy();
  });

  it("fails quietly, without the server's words, with a way to try again", async () => {
    let fail = true;
    renderAt('/blog/ann/archive', () =>
      fail ? { status: 500, errors: [{ code: 'internal', detail: 'The database fell over.' }] } : { response: page([month('2025-03', [post(9)])]) },
    );
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain("The archive couldn't be loaded.");
    expect(document.body.textContent).not.toContain('The database fell over.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'March 2025' })).toBeTruthy();
  });
});
