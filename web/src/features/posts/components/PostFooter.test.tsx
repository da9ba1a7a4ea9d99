import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_REPLY_CHARS } from '../../../api/limits';
import { postFromWire } from '../../../api/postModels';
import { TECHNICAL_TROUBLE, postActionUrl } from '../../../api/postActions';
import type { Post as WirePost } from '../../../api/types/Post';
import { deferred, fakeApi, type FakeAnswer, type FakeRoute } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { wirePost } from '../../../test/postFixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { PostView } from './PostView';

function renderPost(wire: WirePost, routes: Record<string, FakeRoute> = {}) {
  const api = fakeApi(routes);
  const rendered = renderWithProviders(<PostView post={postFromWire(wire)} />, { client: api.client, user: user() });
  return { ...api, ...rendered, article: within(rendered.container).getByRole('article') };
}

const likeAnswer = (liked: boolean, noteCount: number): FakeAnswer => ({
  response: { id: 5, liked, note_count: noteCount, liked_post_count: 1 },
});

describe('PostFooter: notes, like and fast reblog', () => {
  it('likes at once, sends the post and its key, and takes the count from the answer', async () => {
    const answer = deferred<FakeAnswer>();
    const { article, requests } = renderPost(wirePost(5, { note_count: 2 }), { 'POST /svc/like': () => answer.promise });
    expect(within(article).getByText('2 notes')).toBeTruthy();
    const like = within(article).getByRole('button', { name: /Like/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    answer.resolve(likeAnswer(true, 3));
    await waitFor(() => expect(within(article).getByText('3 notes')).toBeTruthy());
    const sent = requests.find((r) => r.path === '/svc/like')!.form;
    expect([sent.get('id'), sent.get('key'), sent.get('source')]).toEqual(['5', 'key5', 'dashboard']);
  });

  it('puts the like back and alerts the spec text when the call fails with a 500', async () => {
    const { article } = renderPost(wirePost(5), {
      'POST /svc/like': () => ({ status: 500, errors: [{ code: 'internal', detail: 'boom' }] }),
    });
    const like = within(article).getByRole('button', { name: /Like/ });
    fireEvent.click(like);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('alertdialog').textContent).toContain(TECHNICAL_TROUBLE);
  });

  it('shows a refusal in the footer without an alert', async () => {
    const { article } = renderPost(wirePost(5), {
      'POST /svc/like': () => ({ status: 403, errors: [{ code: 'blocked', detail: "You can't like bob's posts." }] }),
    });
    fireEvent.click(within(article).getByRole('button', { name: /Like/ }));
    expect(await within(article).findByRole('status')).toBeTruthy();
    expect(within(article).getByRole('status').textContent).toBe("You can't like bob's posts.");
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers no like on the reader’s own post', () => {
    const { article } = renderPost(wirePost(5, { is_mine: true }));
    expect(within(article).queryByRole('button', { name: /Like/ })).toBeNull();
  });

  it('follows the chain’s count live on notes:{root_id}', () => {
    const { article, realtime } = renderPost(wirePost(6, { root_id: 2, note_count: 1 }));
    expect(realtime.channels()).toContain('notes:2');
    act(() => realtime.emit({ channel: 'notes:2', seq: 4, event: 'notes', data: { root_id: 2, note_count: 1204 } }));
    expect(within(article).getByText('1,204 notes')).toBeTruthy();
  });

  it('fast reblogs and says where it went', async () => {
    const { article, requests } = renderPost(wirePost(5), {
      'POST /fast_reblog': () => ({ response: { post: wirePost(9), reblogged_post_id: 5, message: 'Reblogged to alice.' } }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Fast reblog' }));
    expect(await within(article).findByRole('button', { name: 'Reblogged' })).toBeTruthy();
    expect(within(article).getByRole('status').textContent).toBe('Reblogged to alice.');
    const sent = requests.find((r) => r.path === '/fast_reblog')!.form;
    expect([sent.get('reblog_post_id'), sent.get('reblog_key')]).toEqual(['5', 'key5']);
  });
});

describe('postActionUrl', () => {
  it('names each action’s endpoint and refuses an unknown one with the spec’s text', () => {
    expect(postActionUrl('like')).toBe('/svc/like');
    expect(postActionUrl('fast_reblog')).toBe('/fast_reblog');
    expect(() => postActionUrl('promote_forever')).toThrow('Missing endpoint url for promote_forever');
  });
});

describe('PostFooter: the notes panel', () => {
  const notesAnswer = (
    notes: Array<{ id: number; type: string; blog_name: string; reply_text?: string; reblog_url?: string; reblog_comment?: string; reblog_tags?: string[] }>,
  ): FakeAnswer => ({
    response: {
      post_id: 5,
      root_id: 5,
      note_count: notes.length,
      notes: notes.map((n) => ({ post_id: 5, blog_url: `/blog/${n.blog_name}`, avatar_url: `/avatar/${n.blog_name}/48`, timestamp: 0, ...n })),
    },
  });

  it('lists who liked, reblogged and replied when the count is opened, replies as text', async () => {
    const { article } = renderPost(wirePost(5, { note_count: 3 }), {
      'GET /svc/post/notes': () =>
        notesAnswer([
          { id: 4, type: 'reblog', blog_name: 'fay', reblog_url: '/blog/fay/post/10', reblog_comment: 'So <i>true</i>', reblog_tags: ['agree', 'wise words'] },
          { id: 3, type: 'reply', blog_name: 'cat', reply_text: 'Nice <b>one</b>' },
          { id: 2, type: 'reblog', blog_name: 'dan', reblog_url: '/blog/dan/post/9', reblog_comment: '', reblog_tags: [] },
          { id: 1, type: 'like', blog_name: 'eve' },
        ]),
    });
    fireEvent.click(within(article).getByRole('button', { name: '3 notes' }));
    const list = await within(article).findByRole('list', { name: 'Notes on this post' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'fay reblogged this and added: So <i>true</i> #agree #wise words',
      'cat replied: Nice <b>one</b>',
      'dan reblogged this',
      'eve liked this',
    ]);
    expect(within(list).getAllByRole('link', { name: 'reblogged this' })[1].getAttribute('href')).toBe('/blog/dan/post/9');
  });

  it('sends a reply where the post takes replies, then shows it and the new count', async () => {
    let replied = false;
    const { article, requests } = renderPost(wirePost(5, { allow_photo_replies: true }), {
      'GET /svc/post/notes': () => notesAnswer(replied ? [{ id: 1, type: 'reply', blog_name: 'alice', reply_text: 'Lovely' }] : []),
      'POST /svc/reply': () => {
        replied = true;
        return { response: { post_id: 5, note_count: 1 } };
      },
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Reply' }));
    const input = await within(article).findByRole('textbox', { name: 'Reply' });
    // Capped at the server's limit, generated from it (api/limits.ts).
    expect((input as HTMLInputElement).maxLength).toBe(MAX_REPLY_CHARS);
    fireEvent.change(input, { target: { value: '  Lovely ' } });
    fireEvent.click(within(article).getByRole('button', { name: 'Send reply' }));
    await within(article).findByText('Lovely');
    expect(requests.find((r) => r.path === '/svc/reply')!.form.get('reply_text')).toBe('Lovely');
    expect(within(article).getByRole('button', { name: '1 note' })).toBeTruthy();
  });

  it('keeps the newest list when an earlier load answers last', async () => {
    const first = deferred<FakeAnswer>();
    let calls = 0;
    const { article, realtime } = renderPost(wirePost(5, { note_count: 1 }), {
      'GET /svc/post/notes': () =>
        ++calls === 1 ? first.promise : notesAnswer([
          { id: 2, type: 'like', blog_name: 'eve' },
          { id: 1, type: 'like', blog_name: 'dan' },
        ]),
    });
    fireEvent.click(within(article).getByRole('button', { name: '1 note' }));
    await waitFor(() => expect(calls).toBe(1));
    // A like arrives live while the first load is still out: the list loads again.
    act(() => realtime.emit({ channel: 'notes:5', seq: 1, event: 'notes', data: { root_id: 5, note_count: 2 } }));
    const list = await within(article).findByRole('list', { name: 'Notes on this post' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await act(async () => first.resolve(notesAnswer([{ id: 1, type: 'like', blog_name: 'dan' }])));
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'eve liked this',
      'dan liked this',
    ]);
  });
});

describe("PostFooter: a question in the owner's inbox", () => {
  const question = () =>
    wirePost(7, {
      state: 'unapproved',
      is_mine: true,
      content: { type: 'note', ask: 'Why?', asking_name: 'bob', answer: '', caption: '' },
    });

  it('answers it as escaped paragraphs and announces it out of the inbox', async () => {
    const { article, requests } = renderPost(question(), {
      'POST /answer': () => ({
        response: {
          post: wirePost(7, { state: 'published', is_mine: true }),
          message: 'Answered.',
          context_tumblelog: { name_or_id: 'bob', post_count: 1, draft_count: 0, queued_post_count: 0, transcoding_count: 0 },
        },
      }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Answer' }));
    fireEvent.change(within(article).getByRole('textbox', { name: 'Answer' }), { target: { value: 'Because <3\n\nTruly' } });
    fireEvent.click(within(article).getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/answer')).toBe(true));
    expect(requests.find((r) => r.path === '/answer')!.form.get('answer_text')).toBe('<p>Because &lt;3</p><p>Truly</p>');
  });

  it('deletes it after the message controls confirmation', async () => {
    const { article, requests } = renderPost(question(), {
      'POST /deny_submission': () => ({ response: { id: 7, context_tumblelog: { name_or_id: 'bob', post_count: 0, draft_count: 0, queued_post_count: 0, transcoding_count: 0 } } }),
    });
    fireEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete this?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/deny_submission')?.form.get('pid')).toBe('7'));
  });
});
