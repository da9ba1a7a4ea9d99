// A block ends the user's follow of the blog (docs/api.md /svc/block/add: "You stop following
// the blocked blog"), and an unblock does not bring it back: the blog's Follow button, read
// from the blog store, says so at once, where it kept saying Unfollow until a reload.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blogFromWire } from '../../api/models';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { useBlog, useBlogsDispatch } from '../blogs';
import { useBlocking } from './useBlocking';

function Bob() {
  const dispatch = useBlogsDispatch();
  const blocking = useBlocking();
  const bob = useBlog('bob');
  return (
    <>
      <button
        type="button"
        onClick={() => dispatch({ type: 'received', blogs: [blogFromWire(wireBlog('bob', { following: true }))] })}
      >
        Load bob
      </button>
      <button type="button" onClick={() => void blocking.confirmBlockBlog('alice', 'bob')}>
        Block bob
      </button>
      <button type="button" onClick={() => void blocking.unblockBlog('alice', 'bob')}>
        Unblock bob
      </button>
      <p>{bob ? (bob.following ? 'following bob' : 'not following bob') : 'no bob'}</p>
    </>
  );
}

describe('a block', () => {
  it('ends the follow of the blocked blog, and an unblock does not bring it back', async () => {
    const api = fakeApi({
      'POST /svc/block/add': () => ({ response: { blocked: true, changed: true } }),
      'POST /svc/block/remove': () => ({ response: { blocked: false, changed: true } }),
    });
    renderWithProviders(<Bob />, { client: api.client, user: user() });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Load bob' })));
    expect(screen.getByText('following bob')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Block bob' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.getByText('not following bob')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Unblock bob' }));
    await waitFor(() => expect(api.requests.filter((r) => r.path === '/svc/block/remove')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('not following bob')).toBeTruthy();
  });
});
