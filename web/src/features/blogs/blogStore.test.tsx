import { act, render, screen } from '@testing-library/react';
import type { Dispatch } from 'react';
import { describe, expect, it } from 'vitest';
import { blogFromWire } from '../../api/models';
import { wireBlog } from '../../test/fixtures';
import { BlogStoreProvider, useBlog, useBlogsDispatch } from './blogStore';
import type { BlogsAction } from './blogsReducer';

/** Renders that each reader made, by name. */
const renders: Record<string, number> = {};
const counted = (name: string) => {
  renders[name] = (renders[name] ?? 0) + 1;
};

function Reader({ name }: { name: string }) {
  counted(name);
  const blog = useBlog(name);
  return <p>{blog ? `${name}: ${blog.followerCount} followers, ${blog.following ? 'following' : 'not following'}` : `${name}: not seen`}</p>;
}

let dispatch: Dispatch<BlogsAction> = () => undefined;
function Dispatcher() {
  counted('dispatcher');
  dispatch = useBlogsDispatch();
  return null;
}

describe('the blog store', () => {
  it('re-renders only the readers of the blog that changed, and never a component that only dispatches', () => {
    for (const name of Object.keys(renders)) delete renders[name];
    render(
      <BlogStoreProvider>
        <Dispatcher />
        <Reader name="alice" />
        <Reader name="bob" />
      </BlogStoreProvider>,
    );
    expect(renders).toEqual({ dispatcher: 1, alice: 1, bob: 1 });

    const blog = (name: string, followers: number) => blogFromWire(wireBlog(name, { follower_count: followers }));
    act(() => dispatch({ type: 'received', blogs: [blog('alice', 3), blog('bob', 5)] }));
    expect(screen.getByText('alice: 3 followers, not following')).toBeTruthy();
    expect(renders).toEqual({ dispatcher: 1, alice: 2, bob: 2 });

    act(() => dispatch({ type: 'followingSet', name: 'bob', following: true }));
    expect(screen.getByText('bob: 6 followers, following')).toBeTruthy();
    expect(renders).toEqual({ dispatcher: 1, alice: 2, bob: 3 });

    // A change to a blog nobody here reads re-renders nobody; nor does one that changes nothing.
    act(() => dispatch({ type: 'received', blogs: [blog('carol', 1)] }));
    act(() => dispatch({ type: 'followingSet', name: 'bob', following: true }));
    expect(renders).toEqual({ dispatcher: 1, alice: 2, bob: 3 });
  });
});
