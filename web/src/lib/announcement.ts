// News that parts of the app far apart in the tree tell each other (a blog blocked, a post
// liked): each kind is one module-level Announcement, which the part where it happens
// announces and every mounted part that shows what it changes listens to. Nobody owns the
// others, so no provider holds it.
import { useEffect, useRef } from 'react';

export class Announcement<T> {
  private readonly listeners = new Set<(value: T) => void>();

  /** Tells every listener, in the order they started listening. */
  announce(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  /** Listens until the returned function is called. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/** Calls `on` (its latest version) for each announcement made while the calling component is mounted. */
export function useAnnouncement<T>(announcement: Announcement<T>, on: (value: T) => void): void {
  const latest = useRef(on);
  latest.current = on;
  useEffect(() => announcement.subscribe((value) => latest.current(value)), [announcement]);
}
