// The composer's "saved" event (spec 001 §2: after a save the form closes and a saved event
// is raised): the composer announces each save, and the pages that list posts (dashboard,
// drafts, queue, blog pages) listen to fetch and insert the newer posts without a reload
// (spec 001 §4 After save). So are posts removed, and posts changed in place by an action of
// their footer. Module-level sets of listeners: the composer, the posts' footers and the
// pages live in different subtrees, and none should own the others.
import { useEffect, useRef, useState } from 'react';
import type { Post, SavedPost } from '../../api/postModels';

type Listener = (saved: SavedPost) => void;

const listeners = new Set<Listener>();

/** Tells every listening page that a post was saved. */
export function announceSavedPost(saved: SavedPost): void {
  for (const listener of [...listeners]) listener(saved);
}

/**
 * Tells the pages that a post of the user's went out, or into the queue, from where it waited
 * (drafts, queue, inbox): it leaves that page and joins the blog and the dashboards.
 */
export function announceWentOut(post: Post): void {
  announceSavedPost({ post, contextPage: post.state === 'published' ? 'dashboard' : 'queue', created: false });
}

type RemovedListener = (id: number) => void;

const removedListeners = new Set<RemovedListener>();

/** Tells every listening page that a post is gone (deleted, or denied from an inbox). */
export function announceRemovedPost(id: number): void {
  for (const listener of [...removedListeners]) listener(id);
}

/** Calls `onRemoved` for every post removed while the calling component is mounted. */
export function useRemovedPosts(onRemoved: RemovedListener): void {
  useListening(removedListeners, onRemoved);
}

/** Calls `onSaved` for every post saved while the calling component is mounted. */
export function useSavedPosts(onSaved: Listener): void {
  useListening(listeners, onSaved);
}

type ChangedListener = (post: Post) => void;

const changedListeners = new Set<ChangedListener>();

/**
 * Tells every listening page that a post changed where it is, as `post` now is: an action that
 * moves it nowhere (its app attribution removed), so every page that lists it keeps it there.
 */
export function announceChangedPost(post: Post): void {
  for (const listener of [...changedListeners]) listener(post);
}

/** Calls `onChanged` for every post changed in place while the calling component is mounted. */
export function useChangedPosts(onChanged: ChangedListener): void {
  useListening(changedListeners, onChanged);
}

/**
 * The posts changed in place while the calling list is mounted, by id, for a list that shows
 * what it read (a search, the blog viewer) to show them over it.
 */
export function useChangedPostsById(): Readonly<Record<number, Post>> {
  const [changed, setChanged] = useState<Readonly<Record<number, Post>>>({});
  useChangedPosts((post) => setChanged((was) => ({ ...was, [post.id]: post })));
  return changed;
}

/** Adds `on` to `set` while the calling component is mounted, always calling its latest version. */
function useListening<T>(set: Set<(value: T) => void>, on: (value: T) => void): void {
  const latest = useRef(on);
  latest.current = on;
  useEffect(() => {
    const listener = (value: T) => latest.current(value);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [set]);
}
