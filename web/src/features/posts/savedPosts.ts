// The composer's "saved" event (spec 001 §2: after a save the form closes and a saved event
// is raised): the composer announces each save, and the pages that list posts (dashboard,
// drafts, queue, blog pages) listen to fetch and insert the newer posts without a reload
// (spec 001 §4 After save). A module-level set of listeners: the composer and the pages
// live in different subtrees, and neither should own the other.
import { useEffect, useRef } from 'react';
import type { InboxAnswer } from '../../api/types/InboxAnswer';
import type { PublishAnswer } from '../../api/types/PublishAnswer';
import type { SaveAnswer } from '../../api/types/SaveAnswer';

type Listener = (saved: SaveAnswer) => void;

const listeners = new Set<Listener>();

/** Tells every listening page that a post was saved. */
export function announceSavedPost(saved: SaveAnswer): void {
  for (const listener of [...listeners]) listener(saved);
}

/**
 * Tells the pages that a post of the user's went out, or into the queue, from where it waited
 * (drafts, queue, inbox): it leaves that page and joins the blog and the dashboards.
 */
export function announceWentOut(answer: PublishAnswer | InboxAnswer): void {
  const { post } = answer;
  announceSavedPost({
    post,
    post_context_page: post.state === 'published' ? 'dashboard' : 'queue',
    message: answer.message,
    created_post: false,
    // Not the composer's save: nothing here is celebrated.
    first_post: false,
    post_tumblelog: { post_url: post.post_url, name_or_id: post.tumblelog, url: `/blog/${post.tumblelog}`, avatar: post.avatar_url },
    context_tumblelog: answer.context_tumblelog,
  });
}

type RemovedListener = (id: number) => void;

const removedListeners = new Set<RemovedListener>();

/** Tells every listening page that a post is gone (deleted, or denied from an inbox). */
export function announceRemovedPost(id: number): void {
  for (const listener of [...removedListeners]) listener(id);
}

/** Calls `onRemoved` for every post removed while the calling component is mounted. */
export function useRemovedPosts(onRemoved: RemovedListener): void {
  const latest = useRef(onRemoved);
  latest.current = onRemoved;
  useEffect(() => {
    const listener: RemovedListener = (id) => latest.current(id);
    removedListeners.add(listener);
    return () => {
      removedListeners.delete(listener);
    };
  }, []);
}

/** Calls `onSaved` for every post saved while the calling component is mounted. */
export function useSavedPosts(onSaved: Listener): void {
  const latest = useRef(onSaved);
  latest.current = onSaved;
  useEffect(() => {
    const listener: Listener = (saved) => latest.current(saved);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
