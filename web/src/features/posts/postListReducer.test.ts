import { describe, expect, it } from 'vitest';
import { postFromWire, type Post } from '../../api/postModels';
import { wirePost } from '../../test/postFixtures';
import { initialPostListState, postListReducer, type PostListAction, type PostListState } from './postListReducer';

const post = (id: number, extra = {}): Post => postFromWire(wirePost(id, extra));
const posts = (...ids: number[]) => ids.map((id) => post(id));
const ids = (state: PostListState) => state.posts.map((p) => p.id);
const run = (...actions: PostListAction[]) => actions.reduce(postListReducer, initialPostListState);
const tenDown = Array.from({ length: 10 }, (_, i) => 20 - i);

describe('postListReducer', () => {
  it('shows the first page; a full page means there may be more', () => {
    expect(run({ type: 'firstPageLoaded', posts: posts(...tenDown) })).toMatchObject({ status: 'ready', hasMore: true });
    expect(run({ type: 'firstPageLoaded', posts: posts(3, 2) })).toMatchObject({ status: 'ready', hasMore: false });
  });

  it('adds further pages below, and stops at a short one', () => {
    const state = run(
      { type: 'firstPageLoaded', posts: posts(...tenDown) },
      { type: 'moreRequested' },
      { type: 'moreLoaded', posts: posts(10, 9) },
    );
    expect(ids(state).slice(-3)).toEqual([11, 10, 9]);
    expect(state).toMatchObject({ loadingMore: false, hasMore: false });
  });

  it('keeps a failed page to retry', () => {
    const state = run(
      { type: 'firstPageLoaded', posts: posts(...tenDown) },
      { type: 'moreRequested' },
      { type: 'moreFailed', error: 'Could not reach the server.' },
    );
    expect(state).toMatchObject({ loadingMore: false, moreError: 'Could not reach the server.', hasMore: true });
    expect(postListReducer(state, { type: 'moreRequested' }).moreError).toBeNull();
  });

  it('puts newer posts in at the top or the bottom, never twice', () => {
    const shown = run({ type: 'firstPageLoaded', posts: posts(5, 4) });
    expect(ids(postListReducer(shown, { type: 'newerLoaded', posts: posts(7, 6, 5), at: 'top' }))).toEqual([7, 6, 5, 4]);
    expect(ids(postListReducer(shown, { type: 'newerLoaded', posts: posts(4, 8), at: 'bottom' }))).toEqual([5, 4, 8]);
  });

  it('replaces an edited post in place, or removes it when it moved to another page', () => {
    const shown = run({ type: 'firstPageLoaded', posts: posts(3, 2, 1) });
    const edited = post(2, { content: { type: 'text', title: 'Edited', body: '' } });
    const replaced = postListReducer(shown, { type: 'postSaved', post: edited, belongs: true });
    expect(ids(replaced)).toEqual([3, 2, 1]);
    expect(replaced.posts[1].content).toMatchObject({ title: 'Edited' });
    expect(ids(postListReducer(shown, { type: 'postSaved', post: edited, belongs: false }))).toEqual([3, 1]);
    expect(postListReducer(shown, { type: 'postSaved', post: post(9), belongs: true })).toBe(shown);
  });

  it('starts over when the first page is asked for again', () => {
    const failed = run({ type: 'firstPageFailed', error: 'Nope.' });
    expect(failed).toMatchObject({ status: 'error', error: 'Nope.' });
    expect(postListReducer(failed, { type: 'firstPageRequested' })).toEqual(initialPostListState);
  });
});
