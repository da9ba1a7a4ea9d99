// A conversation deleted from the message controls leaves the inbox at once: the server sends
// the deleting blog no inbox event for it (nothing changed for the others).
import { useEffect, useRef } from 'react';

type DeletedListener = (blog: string, conversationId: number) => void;
const listeners = new Set<DeletedListener>();

export function announceDeletedConversation(blog: string, conversationId: number): void {
  for (const listener of [...listeners]) listener(blog, conversationId);
}

/** Calls `onDeleted` for every conversation deleted while the calling component is mounted. */
export function useDeletedConversations(onDeleted: DeletedListener): void {
  const latest = useRef(onDeleted);
  latest.current = onDeleted;
  useEffect(() => {
    const listener: DeletedListener = (blog, id) => latest.current(blog, id);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
