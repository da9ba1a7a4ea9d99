import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportQueue } from '../../api/types/ReportQueue';
import type { ReportView } from '../../api/types/ReportView';
import type { ToggleAnswer } from '../../api/types/ToggleAnswer';
import { deferred, fakeApi, type FakeAnswer, type FakeRoute } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { AccountPopover } from '../account';
import { ADMINS_ONLY } from '../outbox';
import { NOTHING_TO_REVIEW, ReportsPage } from './components/ReportsPage';

function report(id: number, extra: Partial<ReportView> = {}): ReportView {
  return {
    id,
    kind: 'post',
    reason: 'spam',
    note: '',
    created_at: 1_795_000_000 + id,
    reporter: 'ben',
    blog: { name: 'bob', is_spam: false, is_nsfw: false, is_suspended: false },
    post: { id: 5, post_url: 'http://example.test/blog/bob/post/5', summary: 'Cheap watches', deleted: false },
    conversation_id: null,
    resolved_at: null,
    resolution: null,
    ...extra,
  };
}

/**
 * A queue as the server keeps it: `pageSize` reports a page, each page from the one after the
 * cursor (the last report's id: a key, not an offset); resolving a report resolves every open
 * report of the same post or blog with it; a toggle flips the blog's flag in every report.
 */
function fakeQueue(reports: ReportView[], routes: Record<string, FakeRoute> = {}, pageSize = 100) {
  const sameThing = (a: ReportView, b: ReportView) => a.kind === b.kind && a.blog.name === b.blog.name && a.post?.id === b.post?.id;
  return fakeApi({
    'GET /svc/admin/reports': (req) => {
      const resolved = req.query.get('state') === 'resolved';
      const after = Number(req.query.get('cursor') ?? 0);
      const rest = reports.filter((r) => (r.resolved_at !== null) === resolved && r.id > after);
      const page = rest.slice(0, pageSize);
      const next_cursor = rest.length > pageSize ? String(page.at(-1)!.id) : null;
      return { response: { reports: page, next_cursor } satisfies ReportQueue };
    },
    'POST /svc/admin/reports/resolve': (req) => {
      const chosen = reports.find((r) => r.id === Number(req.form.get('report_id')) && r.resolved_at === null);
      if (!chosen) return { status: 404, errors: [{ code: 'not_found', detail: 'No such open report.' }] };
      reports = reports.map((r) =>
        r.resolved_at === null && sameThing(r, chosen) ? { ...r, resolved_at: 1_795_100_000, resolution: req.form.get('resolution') } : r,
      );
      return { response: reports.find((r) => r.id === chosen.id) };
    },
    'POST /spam/toggle': (req) => {
      const blog = req.form.get('tumblelog')!;
      reports = reports.map((r) => (r.blog.name === blog ? { ...r, blog: { ...r.blog, is_spam: !r.blog.is_spam } } : r));
      const { is_spam, is_nsfw, is_suspended } = reports.find((r) => r.blog.name === blog)!.blog;
      return { response: { tumblelog: blog, is_spam, is_nsfw, is_suspended } satisfies ToggleAnswer };
    },
    ...routes,
  });
}

function renderPage(
  reports: ReportView[],
  { isAdmin = true, routes = {}, pageSize }: { isAdmin?: boolean; routes?: Record<string, FakeRoute>; pageSize?: number } = {},
) {
  const api = fakeQueue(reports, routes, pageSize);
  renderWithProviders(<ReportsPage />, { client: api.client, user: user({ isAdmin }) });
  return api;
}

const items = async (name = 'Open reports') => within(await screen.findByRole('list', { name })).getAllByRole('listitem');
/** The ids of the reports listed, in order. */
const listedIds = (name = 'Open reports') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => Number(item.getAttribute('data-report-id')));
/** Reports of different posts of bob: resolving one leaves the others open. */
const reportsOfPosts = (ids: number[], extra: Partial<ReportView> = {}) =>
  ids.map((id) => report(id, { post: { id, post_url: `http://example.test/blog/bob/post/${id}`, summary: `Post ${id}`, deleted: false }, ...extra }));
/** The queue's loads: the state and cursor of each. */
const queueLoads = (requests: ReturnType<typeof fakeApi>['requests']) =>
  requests.filter((r) => r.path === '/svc/admin/reports').map((r) => [r.query.get('state'), r.query.get('cursor')]);

describe('the reports page', () => {
  it('lists the open reports as the server orders them, with what each is about', async () => {
    renderPage([
      report(1, { note: '<b>buy now</b>', reporter: 'ben' }),
      report(2, { kind: 'blog', reason: 'other', note: 'Pretends to be me', reporter: 'cat', blog: { name: 'dan', is_spam: false, is_nsfw: true, is_suspended: false }, post: null }),
    ]);
    const [post, blog] = await items();
    expect(within(post).getByRole('heading').textContent).toBe('Post: Spam');
    // The note is the reporter's text, never markup.
    expect(within(post).getByText('<b>buy now</b>')).toBeTruthy();
    expect(within(post).getByRole('link', { name: 'ben' }).getAttribute('href')).toBe('/blog/ben');
    expect(within(post).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/blog/bob');
    expect(within(post).getByRole('link', { name: "bob's archive" }).getAttribute('href')).toBe('/blog/bob/archive');
    expect(within(post).getByRole('link', { name: 'Cheap watches' }).getAttribute('href')).toBe('http://example.test/blog/bob/post/5');
    expect(within(post).getByText(/2026/).tagName).toBe('TIME');

    expect(within(blog).getByRole('heading').textContent).toBe('Blog: Something else');
    expect(within(blog).getByText('Pretends to be me')).toBeTruthy();
    expect(within(blog).queryByText('Post')).toBeNull();
    expect(within(within(blog).getByRole('group', { name: 'Administrator' })).getByRole('status').textContent).toBe('Flagged: NSFW.');
  });

  it('shows a deleted post as it was flagged, with no link', async () => {
    renderPage([report(1, { post: { id: 5, post_url: 'http://example.test/blog/bob/post/5', summary: 'Cheap watches', deleted: true } })]);
    const [post] = await items();
    expect(within(post).queryByRole('link', { name: /Cheap watches/ })).toBeNull();
    expect(within(post).getByText('Cheap watches').closest('dd')?.textContent).toBe('Cheap watches (deleted since)');
    // Still a report to decide on.
    expect(within(post).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('dismisses a report: the call, then the list fetched again, down to Nothing to review.', async () => {
    const { requests } = renderPage([report(1)]);
    const [first] = await items();
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(NOTHING_TO_REVIEW)).toBeTruthy();
    const resolve = requests.find((r) => r.path === '/svc/admin/reports/resolve')!;
    expect(Object.fromEntries(resolve.form)).toEqual({ report_id: '1', resolution: 'dismissed', form_key: 'test-form-key' });
    // The status is written once the lists are fetched again, which may render a moment after
    // the refetched list does: wait for it rather than read it at once (CI failed on the race).
    expect((await screen.findByText('Dismissed: the post report of bob.')).getAttribute('role')).toBe('status');
  });

  it('Done closes every open report of the same post, leaving the others', async () => {
    renderPage([report(1), report(2, { reporter: 'cat' }), report(3, { kind: 'blog', blog: { name: 'dan', is_spam: false, is_nsfw: false, is_suspended: false }, post: null })]);
    const [first] = await items();
    fireEvent.click(within(first).getByRole('button', { name: 'Done (acted on it)' }));
    const open = () => within(screen.getByRole('list', { name: 'Open reports' })).getAllByRole('listitem');
    await waitFor(() => expect(open()).toHaveLength(1));
    expect(within(open()[0]).getByRole('heading').textContent).toBe('Blog: Spam');
  });

  it('shows the resolved reports in their tab, with how each was resolved and no buttons', async () => {
    const { requests } = renderPage([report(4, { resolved_at: 1_795_100_000, resolution: 'actioned' })]);
    expect(await screen.findByText(NOTHING_TO_REVIEW)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const [done] = await items('Resolved reports');
    expect(within(done).getByText(/^Done \(acted on it\),/)).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Resolved' }).getAttribute('aria-selected')).toBe('true');
    expect(requests.filter((r) => r.path === '/svc/admin/reports').map((r) => r.query.get('state'))).toEqual(['open', 'resolved']);
  });

  it('toggles the blog’s flags, shown on every report of that blog', async () => {
    const { requests } = renderPage([report(1), report(2, { kind: 'blog', post: null })]);
    const [first, second] = await items();
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as spam' }));
    await within(first).findByRole('button', { name: 'Unmark spam' });
    expect(within(second).getByRole('button', { name: 'Unmark spam' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/spam/toggle').map((r) => r.form.get('tumblelog'))).toEqual(['bob']);
  });

  it('shows a resolve that failed beside its report', async () => {
    renderPage([report(1)], {
      routes: { 'POST /svc/admin/reports/resolve': () => ({ status: 404, errors: [{ code: 'not_found', detail: 'No such open report.' }] }) },
    });
    const [first] = await items();
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    expect((await within(first).findByRole('alert')).textContent).toBe('No such open report.');
  });

  it('shows a loader until the reports come', async () => {
    const answer = deferred<FakeAnswer>();
    renderPage([], { routes: { 'GET /svc/admin/reports': () => answer.promise } });
    expect(screen.getByRole('progressbar', { name: 'Loading the reports' })).toBeTruthy();
    answer.resolve({ response: { reports: [report(1)], next_cursor: null } satisfies ReportQueue });
    expect(await items()).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a load that failed, with Try again', async () => {
    let fail = true;
    renderPage([report(1)], {
      routes: {
        'GET /svc/admin/reports': () =>
          fail
            ? { status: 500, errors: [{ code: 'internal', detail: 'Something went wrong.' }] }
            : { response: { reports: [report(1)], next_cursor: null } satisfies ReportQueue },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await items()).toHaveLength(1);
  });

  it('shows more: the next page from the last one’s cursor, added under it, until the last', async () => {
    const { requests } = renderPage(reportsOfPosts([1, 2, 3, 4, 5]), { pageSize: 2 });
    await items();
    expect(listedIds()).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3, 4]));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3, 4, 5]));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(queueLoads(requests)).toEqual([
      ['open', null],
      ['open', '2'],
      ['open', '4'],
    ]);
  });

  it('has no Show more when the first page is the last', async () => {
    renderPage(reportsOfPosts([1, 2]), { pageSize: 2 });
    await items();
    expect(screen.queryByRole('button', { name: /Show more|Loading/ })).toBeNull();
  });

  it('says Loading… on Show more until the page comes; a failed page stays under the list, with Try again', async () => {
    let next = deferred<FakeAnswer>();
    const { requests } = renderPage(reportsOfPosts([1, 2, 3]), {
      pageSize: 2,
      routes: {
        'GET /svc/admin/reports': (req) =>
          req.query.get('cursor')
            ? next.promise
            : { response: { reports: reportsOfPosts([1, 2]), next_cursor: '2' } satisfies ReportQueue },
      },
    });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const pending = (await screen.findByRole('button', { name: 'Loading…' })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    next.resolve({ status: 500, errors: [{ code: 'internal', detail: 'Something went wrong.' }] });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    expect(listedIds()).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    next = deferred<FakeAnswer>();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    next.resolve({ response: { reports: reportsOfPosts([3]), next_cursor: null } satisfies ReportQueue });
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queueLoads(requests)).toEqual([
      ['open', null],
      ['open', '2'],
      ['open', '2'],
    ]);
  });

  it('starts the other tab from its first page, and each tab shows more of its own', async () => {
    const resolved = { resolved_at: 1_795_100_000, resolution: 'dismissed' };
    const { requests } = renderPage([...reportsOfPosts([1, 2, 3]), ...reportsOfPosts([4, 5, 6], resolved)], { pageSize: 2 });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3]));

    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    await items('Resolved reports');
    expect(listedIds('Resolved reports')).toEqual([4, 5]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds('Resolved reports')).toEqual([4, 5, 6]));
    expect(queueLoads(requests)).toEqual([
      ['open', null],
      ['open', '2'],
      ['resolved', null],
      ['resolved', '5'],
    ]);
  });

  it('resolves a report of a page shown by Show more: every page is fetched again from the first', async () => {
    const { requests } = renderPage(reportsOfPosts([1, 2, 3, 4]), { pageSize: 2 });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3, 4]));
    requests.length = 0;
    const [, , appended] = await items();
    fireEvent.click(within(appended).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Dismissed: the post report of bob.')).toBeTruthy();
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 4]));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(queueLoads(requests)).toEqual([
      ['open', null],
      ['open', '2'],
    ]);
  });

  it('shows a toggle’s answer on every page, the one shown by Show more too', async () => {
    renderPage(reportsOfPosts([1, 2, 3]), { pageSize: 2 });
    await items();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listedIds()).toEqual([1, 2, 3]));
    const [first, , appended] = await items();
    fireEvent.click(within(appended).getByRole('button', { name: 'Mark as spam' }));
    await within(appended).findByRole('button', { name: 'Unmark spam' });
    expect(within(first).getByRole('button', { name: 'Unmark spam' })).toBeTruthy();
  });

  it('tells anyone else only administrators can see it, and asks nothing', () => {
    const { requests } = renderPage([report(1)], { isAdmin: false });
    expect(screen.getByText(ADMINS_ONLY)).toBeTruthy();
    expect(requests.filter((r) => r.path === '/svc/admin/reports')).toHaveLength(0);
  });
});

describe('the account menu’s Reports', () => {
  const menuFor = (isAdmin: boolean) => {
    const { client } = fakeApi({ 'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { is_mine: true }) }) });
    renderWithProviders(<AccountPopover onNavigate={() => {}} />, { client, user: user({ isAdmin }) });
    return screen.queryByRole('link', { name: 'Reports' });
  };

  it('is there for administrators only, beside Mail outbox', () => {
    const link = menuFor(true)!;
    expect(link.getAttribute('href')).toBe('/admin/reports');
    expect(link.closest('li')!.previousElementSibling!.textContent).toBe('Mail outbox');
  });

  it('is not there for anyone else', () => {
    expect(menuFor(false)).toBeNull();
  });
});
