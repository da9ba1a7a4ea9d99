import { describe, expect, it } from 'vitest';
import { postFromWire, type Post } from '../../api/postModels';
import { wirePost } from '../../test/postFixtures';
import { initialPostListState, postListReducer, shownPosts, type PostListAction, type PostListState } from './postListReducer';

// Paging (the first page, further ones, a failed one) is the query cache's: PostList.test.tsx.
const post = (id: number, extra = {}): Post => postFromWire(wirePost(id, extra));
const posts = (...ids: number[]) => ids.map((id) => post(id));
const run = (...actions: PostListAction[]) => actions.reduce(postListReducer, initialPostListState);
/** The ids shown for pages read as `pages` after `state`. */
const shown = (pages: number[][], state: PostListState = initialPostListState) =>
  shownPosts(pages.map((ids) => posts(...ids)), state).map((p) => p.id);

describe('postListReducer and shownPosts', () => {
  it('shows the pages as read, each post once', () => {
    expect(shown([[5, 4, 3], [3, 2]])).toEqual([5, 4, 3, 2]);
  });

  it('puts newer posts in at the top or the bottom, never twice', () => {
    const top = run({ type: 'newerLoaded', posts: posts(7, 6, 5), at: 'top' });
    expect(shown([[5, 4]], top)).toEqual([7, 6, 5, 4]);
    const bottom = run({ type: 'newerLoaded', posts: posts(4, 8), at: 'bottom' });
    expect(shown([[5, 4]], bottom)).toEqual([5, 4, 8]);
    // Newer again: above the ones put in before.
    expect(shown([[5, 4]], postListReducer(top, { type: 'newerLoaded', posts: posts(9, 8), at: 'top' }))).toEqual([9, 8, 7, 6, 5, 4]);
  });

  it('replaces an edited post in place, or removes it when it moved to another page', () => {
    const edited = post(2, { content: { type: 'text', title: 'Edited', body: '' } });
    const replaced = run({ type: 'postSaved', post: edited, belongs: true });
    const list = shownPosts([posts(3, 2, 1)], replaced);
    expect(list.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(list[1].content).toMatchObject({ title: 'Edited' });
    expect(shown([[3, 2, 1]], run({ type: 'postSaved', post: edited, belongs: false }))).toEqual([3, 1]);
  });

  it('shows a post that comes back (made public again) as read now, not as an edit seen before it went', () => {
    const title = (t: string) => ({ content: { type: 'text', title: t, body: '' } });
    const state = run(
      { type: 'postSaved', post: post(4, title('First edit')), belongs: true },
      // Made private on the dashboard: it leaves.
      { type: 'postSaved', post: post(4, { ...title('Second edit'), state: 'private' }), belongs: false },
      // Made public again with a third title: it is read again and put in at the top.
      { type: 'newerLoaded', posts: [post(4, title('Third edit'))], at: 'top' },
    );
    const list = shownPosts([posts(4, 3)], state);
    expect(list.map((p) => p.id)).toEqual([4, 3]);
    expect(list[0].content).toMatchObject({ title: 'Third edit' });
  });

  it('takes a deleted post off the page, wherever it was put in', () => {
    const state = run({ type: 'newerLoaded', posts: posts(4), at: 'top' }, { type: 'postRemoved', id: 4 }, { type: 'postRemoved', id: 2 });
    expect(shown([[3, 2, 1]], state)).toEqual([3, 1]);
  });

  it("takes a blocked blog's posts off the page, those put in and those of pages read later too", () => {
    const bob = (id: number) => post(id, { tumblelog: 'bob' });
    const carol = (id: number) => post(id, { tumblelog: 'carol' });
    const state = run({ type: 'newerLoaded', posts: [bob(9), carol(8)], at: 'top' }, { type: 'blogBlocked', name: 'bob' });
    expect(shownPosts([[carol(7), bob(6)], [bob(5), carol(4)]], state).map((p) => p.id)).toEqual([8, 7, 4]);
  });

  it("shows an unblocked blog's posts again, and counts its new ones again", () => {
    const bob = (id: number) => post(id, { tumblelog: 'bob' });
    const carol = (id: number) => post(id, { tumblelog: 'carol' });
    const state = run(
      { type: 'blogBlocked', name: 'bob' },
      { type: 'blogBlocked', name: 'carol' },
      { type: 'blogUnblocked', name: 'bob' },
      { type: 'postsAnnounced', posts: [{ id: 9, blog: 'bob' }, { id: 8, blog: 'carol' }] },
    );
    expect(shownPosts([[bob(7), carol(6), bob(5)]], state).map((p) => p.id)).toEqual([7, 5]);
    expect(state.pending.map((p) => p.id)).toEqual([9]);
  });

  it('shows note counts asked for while the socket was down, until an edit brings its own', () => {
    const counted = run({ type: 'noteCountsPolled', counts: new Map([[2, 9]]) });
    expect(shownPosts([posts(3, 2)], counted)[1].noteCount).toBe(9);
    const edited = postListReducer(counted, { type: 'postSaved', post: post(2, { note_count: 11 }), belongs: true });
    expect(shownPosts([posts(3, 2)], edited)[1].noteCount).toBe(11);
  });
});

describe('postListReducer: new posts wait until the reader asks (pending)', () => {
  /** Posts of carol's that went out. */
  const announced = (...ids: number[]): PostListAction => ({ type: 'postsAnnounced', posts: ids.map((id) => ({ id, blog: 'carol' })) });
  const pendingIds = (state: PostListState) => state.pending.map((p) => p.id);
  it('counts each announced post once, and not one already gone', () => {
    const state = run(
      { type: 'postRemoved', id: 9 },
      announced(4, 5),
      announced(5, 9),
    );
    expect(pendingIds(state)).toEqual([4, 5]);
  });

  it('stops waiting for a post deleted, or moved off the page, meanwhile', () => {
    const state = run(
      announced(4, 5, 6),
      { type: 'postRemoved', id: 4 },
      { type: 'postSaved', post: post(5), belongs: false },
    );
    expect(pendingIds(state)).toEqual([6]);
  });

  it('stops waiting for the posts put in; of those asked for, the ones not found stop counting, a later one stays', () => {
    const asked = run(announced(4, 6));
    const state = postListReducer(asked, announced(7));
    const after = [
      { type: 'newerLoaded', posts: posts(4), at: 'top' },
      { type: 'pendingAnswered', asked: pendingIds(asked) },
    ] satisfies PostListAction[];
    expect(pendingIds(after.reduce(postListReducer, state))).toEqual([7]);
  });

  it("stops waiting for a blocked blog's posts, and counts none of its later ones", () => {
    const of = (blog: string, ...ids: number[]): PostListAction => ({ type: 'postsAnnounced', posts: ids.map((id) => ({ id, blog })) });
    const state = run(of('bob', 4), of('carol', 5), of('bob', 6), { type: 'blogBlocked', name: 'bob' }, of('bob', 7), of('carol', 8));
    expect(pendingIds(state)).toEqual([5, 8]);
  });

  it('counts the asks to look for missed posts', () => {
    expect(run({ type: 'lookRequested' }, { type: 'lookRequested' }).looks).toBe(2);
  });
});
