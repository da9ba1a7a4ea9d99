import { savedPostFromWire } from '../../api/postModels';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { BlogCard } from '.';
import { MAX_QUESTION_CHARS } from '../../api/limits';
import { blogFromWire } from '../../api/models';
import type { FollowAnswer } from '../../api/types/FollowAnswer';
import { deferred, fakeApi as bareFakeApi, type FakeAnswer, type FakeRoute } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBlog, useBlogsDispatch } from '../blogs';
import { announceRemovedPost, announceSavedPost } from '../posts';

/** The highlighted-posts answer with `n` posts. */
const highlighted = (n: number) => ({
  response: { highlighted_posts: Array.from({ length: n }, (_, i) => `<a href="/blog/bob/post/${i + 1}"><p>Post ${i + 1}</p></a>`) },
});

/** The fake server of these tests: a card asks for its highlighted posts, none unless given. */
const fakeApi = (routes: Record<string, FakeRoute>) =>
  bareFakeApi({ 'GET /svc/*/posts/highlighted': () => highlighted(0), ...routes });

function Seeded({
  following = false,
  descriptionSanitized = '',
  showTitle = true,
}: {
  following?: boolean;
  descriptionSanitized?: string;
  showTitle?: boolean;
}) {
  const dispatch = useBlogsDispatch();
  const bob = useBlog('bob');
  useEffect(() => {
    const wire = wireBlog('bob', { following, description_sanitized: descriptionSanitized });
    wire.global_theme_params.show_title = showTitle;
    dispatch({ type: 'received', blogs: [blogFromWire(wire)] });
  }, [dispatch, following, descriptionSanitized, showTitle]);
  return bob ? <BlogCard name="bob" /> : null;
}

describe('BlogCard follow', () => {
  it('flips to Unfollow before the call answers and takes the server counts after', async () => {
    const answer = deferred<FakeAnswer>();
    const { client, requests } = fakeApi({ 'POST /svc/follow': () => answer.promise });
    renderWithProviders(<Seeded />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    // Optimistic: already following, the button disabled while the call is in flight.
    const unfollow = screen.getByRole('button', { name: 'Unfollow' }) as HTMLButtonElement;
    expect(unfollow.disabled).toBe(true);
    expect(requests.at(-1)?.form.get('tumblelog')).toBe('bob');
    expect(requests.at(-1)?.form.get('form_key')).toBe('test-form-key');
    await act(async () => {
      answer.resolve({ response: { tumblelog: wireBlog('bob', { following: true, follower_count: 12 }), friend_count: 1 } satisfies FollowAnswer });
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Unfollow' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'About bob' }));
    expect(screen.getByText('12 followers')).toBeTruthy();
  });

  it('reverts and shows the error when the follow call fails', async () => {
    const { client } = fakeApi({
      'POST /svc/follow': () => ({ status: 403, errors: [{ code: 'blocked', detail: 'This blog has blocked you.' }] }),
    });
    renderWithProviders(<Seeded />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('This blog has blocked you.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('asks before unfollowing, with Ok and Nevermind', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/unfollow': () => ({ response: { tumblelog: wireBlog('bob'), friend_count: 0 } satisfies FollowAnswer }),
    });
    renderWithProviders(<Seeded following />, { client, user: user({ friendCount: 1 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
    expect(screen.getByText('Are you sure you want to unfollow bob?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.path === '/svc/unfollow')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/svc/unfollow')).toHaveLength(1);
  });

  it('sends a visitor to /follow/{name}', async () => {
    const { client, requests } = fakeApi({});
    const { location } = renderWithProviders(<Seeded />, { client, user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(location.history.at(-1)).toBe('/follow/bob');
    // No follow call: only the card's highlighted posts were asked for.
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('renders the description the server sanitised, its links included', async () => {
    const { client } = fakeApi({});
    const html = 'Drawings &amp; <a href="/blog/bob/tagged/art" rel="noopener noreferrer nofollow">art</a><br>every day';
    renderWithProviders(<Seeded descriptionSanitized={html} />, { client, user: user() });
    const link = await screen.findByRole('link', { name: 'art' });
    expect(link.getAttribute('href')).toBe('/blog/bob/tagged/art');
    expect(link.closest('.blog-card__description')?.textContent).toBe('Drawings & artevery day');
  });

  it('shows the title over the name, and the name once as the heading when the title is hidden', async () => {
    const { client } = fakeApi({});
    const { unmount } = renderWithProviders(<Seeded />, { client, user: user() });
    expect((await screen.findByRole('heading')).textContent).toBe("bob's blog");
    expect(screen.getAllByText('bob')).toHaveLength(1);
    unmount();
    renderWithProviders(<Seeded showTitle={false} />, { client, user: user() });
    expect((await screen.findByRole('heading')).textContent).toBe('bob');
    expect(screen.getAllByText('bob')).toHaveLength(1);
  });

  it('leaves the highlighted-posts area empty with fewer than 2 posts', async () => {
    const { client } = fakeApi({ 'GET /svc/bob/posts/highlighted': () => highlighted(1) });
    renderWithProviders(<Seeded />, { client, user: user() });
    const area = await screen.findByRole('region', { name: 'Highlighted posts' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(area.childElementCount).toBe(0);
  });

  it('shows the server-sanitised highlighted posts after at least 500 ms, 3 at most', async () => {
    const { client } = fakeApi({ 'GET /svc/bob/posts/highlighted': () => highlighted(4) });
    renderWithProviders(<Seeded />, { client, user: user() });
    const area = await screen.findByRole('region', { name: 'Highlighted posts' });
    await act(async () => {});
    expect(area.childElementCount).toBe(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    const links = within(area).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/blog/bob/post/1', '/blog/bob/post/2', '/blog/bob/post/3']);
  });
});

describe('BlogCard highlighted posts after a save or a delete', () => {
  it("reads them again when a post of the blog is deleted or saved, not another blog's save", async () => {
    // bob's newest posts: 3, 2, 1 until 3 is deleted; then 4 is published.
    let newest = [3, 2, 1];
    const links = (ids: number[]) => ({ response: { highlighted_posts: ids.map((id) => `<a href="/blog/bob/post/${id}">Post ${id}</a>`) } });
    const { client, requests } = fakeApi({ 'GET /svc/bob/posts/highlighted': () => links(newest) });
    const asked = () => requests.filter((r) => r.path === '/svc/bob/posts/highlighted').length;
    renderWithProviders(<Seeded />, { client, user: user() });
    const area = await screen.findByRole('region', { name: 'Highlighted posts' });
    const hrefs = () => within(area).queryAllByRole('link').map((a) => a.getAttribute('href'));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/3', '/blog/bob/post/2', '/blog/bob/post/1']), { timeout: 2000 });
    expect(asked()).toBe(1);

    newest = [2, 1];
    act(() => announceRemovedPost(3));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/2', '/blog/bob/post/1']));
    expect(asked()).toBe(2);

    newest = [4, 2, 1];
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(wirePost(4, { tumblelog: 'bob' })))));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/4', '/blog/bob/post/2', '/blog/bob/post/1']));
    expect(asked()).toBe(3);

    // Another blog's save is not bob's news.
    act(() => announceSavedPost(savedPostFromWire(saveAnswer(wirePost(9, { tumblelog: 'carol' })))));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toBe(3);
  });
});

describe('BlogCard highlighted posts, live', () => {
  function LiveSeeded({ live }: { live: boolean }) {
    const dispatch = useBlogsDispatch();
    const bob = useBlog('bob');
    useEffect(() => dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob'))] }), [dispatch]);
    return bob ? <BlogCard name="bob" live={live} /> : null;
  }

  it("reads them again when bob's posts channel says a post was created, changed or deleted elsewhere", async () => {
    let newest = [2, 1];
    const links = (ids: number[]) => ({ response: { highlighted_posts: ids.map((id) => `<a href="/blog/bob/post/${id}">Post ${id}</a>`) } });
    const { client, requests } = fakeApi({ 'GET /svc/bob/posts/highlighted': () => links(newest) });
    const asked = () => requests.filter((r) => r.path === '/svc/bob/posts/highlighted').length;
    const { realtime } = renderWithProviders(<LiveSeeded live />, { client, user: user() });
    const area = await screen.findByRole('region', { name: 'Highlighted posts' });
    const hrefs = () => within(area).queryAllByRole('link').map((a) => a.getAttribute('href'));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/2', '/blog/bob/post/1']), { timeout: 2000 });
    expect(realtime.channels()).toContain('posts:bob');

    newest = [3, 2, 1];
    act(() => realtime.emit({ channel: 'posts:bob', seq: 1, event: 'post', data: { blog: 'bob', id: 3, action: 'created' } }));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/3', '/blog/bob/post/2', '/blog/bob/post/1']));

    newest = [2, 1];
    act(() => realtime.emit({ channel: 'posts:bob', seq: 2, event: 'post', data: { blog: 'bob', id: 3, action: 'deleted' } }));
    await waitFor(() => expect(hrefs()).toEqual(['/blog/bob/post/2', '/blog/bob/post/1']));
    expect(asked()).toBe(3);
  });

  it('does not subscribe a card in a list (one subscription per card)', async () => {
    const { client } = fakeApi({});
    const { realtime } = renderWithProviders(<LiveSeeded live={false} />, { client, user: user() });
    await screen.findByRole('region', { name: 'Highlighted posts' });
    expect(realtime.channels()).not.toContain('posts:bob');
  });
});

describe('BlogCard block', () => {
  it('blocks as the acting blog after the spec\'s confirmation, then offers Unblock', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
      'POST /svc/block/remove': () => ({ response: { blocked: false, changed: true } }),
    });
    renderWithProviders(<Seeded />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'About bob' }));
    const about = screen.getByRole('dialog', { name: 'About bob' });
    fireEvent.click(within(about).getByRole('button', { name: 'Block' }));
    expect(screen.getByText(/^Are you sure you want to block bob from alice\?/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await within(about).findByRole('button', { name: 'Unblock' });
    const added = requests.find((r) => r.path === '/svc/block/add')!;
    expect([added.form.get('tumblelog'), added.form.get('blocked_tumblelog')]).toEqual(['alice', 'bob']);

    fireEvent.click(within(about).getByRole('button', { name: 'Unblock' }));
    await within(about).findByRole('button', { name: 'Block' });
    const removed = requests.find((r) => r.path === '/svc/block/remove')!;
    expect([removed.form.get('tumblelog'), removed.form.get('blocked_tumblelog')]).toEqual(['alice', 'bob']);
  });

  it('gives the focus back to Block in the menu after the confirmation, whether blocked or kept', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
    });
    renderWithProviders(<Seeded />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'About bob' }));
    const about = screen.getByRole('dialog', { name: 'About bob' });
    const button = within(about).getByRole('button', { name: 'Block' });

    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button); // ignored while the confirmation is open
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await within(about).findByRole('button', { name: 'Unblock' });
    expect(document.activeElement).toBe(button);
    expect(requests.filter((r) => r.path === '/svc/block/add')).toHaveLength(1);
  });

  it('offers no Block to a visitor', async () => {
    renderWithProviders(<Seeded />, { client: fakeApi({}).client, user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'About bob' }));
    expect(within(screen.getByRole('dialog', { name: 'About bob' })).queryByRole('button', { name: 'Block' })).toBeNull();
  });
});

describe('BlogCard Ask', () => {
  function SeededAsks({ asks, anonymousAsks }: { asks: boolean; anonymousAsks: boolean }) {
    const dispatch = useBlogsDispatch();
    const bob = useBlog('bob');
    useEffect(() => {
      dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { asks, anonymous_asks: anonymousAsks }))] });
    }, [dispatch, asks, anonymousAsks]);
    return bob ? <BlogCard name="bob" /> : null;
  }

  it('offers no Ask where the blog takes no questions, nor to a visitor without anonymous asks', async () => {
    const { client } = fakeApi({});
    const { unmount } = renderWithProviders(<SeededAsks asks={false} anonymousAsks={false} />, { client, user: user() });
    await screen.findByRole('article', { name: 'bob' });
    expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
    unmount();
    renderWithProviders(<SeededAsks asks anonymousAsks={false} />, { client, user: null });
    await screen.findByRole('article', { name: 'bob' });
    expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
  });

  it('sends a question, anonymously when ticked', async () => {
    const { client, requests } = fakeApi({ 'POST /svc/ask': () => ({ response: { tumblelog: 'bob', anonymous: true } }) });
    renderWithProviders(<SeededAsks asks anonymousAsks />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask' }));
    const question = screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement;
    // Capped at the server's limit, generated from it (api/limits.ts).
    expect(question.maxLength).toBe(MAX_QUESTION_CHARS);
    fireEvent.change(question, { target: { value: ' Why lighthouses? ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ask anonymously' }));
    const send = screen.getByRole('button', { name: 'Send question' });
    send.focus();
    fireEvent.click(send);
    expect(await screen.findByText('Your question is on its way to bob.')).toBeTruthy();
    // The form closed with the focus in it: the focus goes back to Ask, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask' }));
    const sent = requests.find((r) => r.path === '/svc/ask')!.form;
    expect([sent.get('tumblelog'), sent.get('question'), sent.get('anonymous')]).toEqual(['bob', 'Why lighthouses?', '1']);
  });
});

describe('BlogCard Submit a post', () => {
  function SeededAsks({ asks }: { asks: boolean }) {
    const dispatch = useBlogsDispatch();
    const bob = useBlog('bob');
    useEffect(() => {
      dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { asks }))] });
    }, [dispatch, asks]);
    return bob ? <BlogCard name="bob" /> : null;
  }

  it('is offered only to a signed-in reader of a blog that takes questions', async () => {
    const { client } = fakeApi({});
    const { unmount } = renderWithProviders(<SeededAsks asks={false} />, { client, user: user() });
    await screen.findByRole('article', { name: 'bob' });
    expect(screen.queryByRole('button', { name: 'Submit a post' })).toBeNull();
    unmount();
    const visitor = renderWithProviders(<SeededAsks asks />, { client, user: null });
    await screen.findByRole('article', { name: 'bob' });
    expect(screen.queryByRole('button', { name: 'Submit a post' })).toBeNull();
    visitor.unmount();
    renderWithProviders(<SeededAsks asks />, { client, user: user() });
    expect(await screen.findByRole('button', { name: 'Submit a post' })).toBeTruthy();
  });

  it('sends a text post to the blog in the unapproved state and says where it went', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/post/update': () => ({ response: { message: 'Submitted to bob.' } }),
    });
    renderWithProviders(<SeededAsks asks />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit a post' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'For you' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Post' }), { target: { value: 'Tom & Jerry\n\n<3' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Submitted to bob.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit a post' }));
    const sent = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([sent.get('channel_id'), sent.get('post[type]'), sent.get('post[state]'), sent.get('post[one]'), sent.get('post[two]')]).toEqual([
      'bob',
      'text',
      '0 3',
      'For you',
      '<p>Tom &amp; Jerry</p><p>&lt;3</p>',
    ]);
    expect(screen.queryByRole('form', { name: 'Submit a post to bob' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const { client } = fakeApi({
      'POST /svc/post/update': () => ({ status: 403, errors: [{ code: 'asks_off', detail: "This blog isn't taking submissions." }] }),
    });
    renderWithProviders(<SeededAsks asks />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit a post' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Post' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("This blog isn't taking submissions.")).toBeTruthy();
  });

  it('takes a confirmation away when its form is opened or closed again, or the other form is opened', async () => {
    const { client } = fakeApi({
      'POST /svc/ask': () => ({ response: { tumblelog: 'bob', anonymous: false } }),
      'POST /svc/post/update': () => ({ response: { message: 'Submitted to bob.' } }),
    });
    renderWithProviders(<SeededAsks asks />, { client, user: user() });
    const ask = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'Why?' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
      await screen.findByText('Your question is on its way to bob.');
    };
    const submit = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Post' }), { target: { value: 'Hello' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByText('Submitted to bob.');
    };
    await screen.findByRole('button', { name: 'Ask' });

    // The Submit form opened: the Ask's confirmation goes.
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));
    expect(screen.getByRole('form', { name: 'Submit a post to bob' })).toBeTruthy();
    expect(screen.queryByText('Your question is on its way to bob.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));

    // Its own form opened again, and closed: it goes, and stays gone.
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.queryByText('Your question is on its way to bob.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.queryByText('Your question is on its way to bob.')).toBeNull();

    // The same for Submit's: the Ask form opened takes it away.
    await submit();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('form', { name: 'Ask bob a question' })).toBeTruthy();
    expect(screen.queryByText('Submitted to bob.')).toBeNull();
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('confirms a question sent with the Submit form open too, until a form is opened', async () => {
    const { client } = fakeApi({ 'POST /svc/ask': () => ({ response: { tumblelog: 'bob', anonymous: false } }) });
    renderWithProviders(<SeededAsks asks />, { client, user: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'Why?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('Your question is on its way to bob.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Ask bob a question' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Submit a post to bob' })).toBeTruthy();
    // It is Ask's: Submit closed leaves it; Submit opened again takes it away.
    fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));
    expect(screen.getByText('Your question is on its way to bob.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit a post' }));
    expect(screen.queryByText('Your question is on its way to bob.')).toBeNull();
  });
});
