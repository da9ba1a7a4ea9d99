// The blog store: the blogs the app has seen, keyed by name, shared by every card and menu so
// that a follow in one place shows everywhere. It lives outside React state so that each
// reader subscribes to its own part: a change to one blog re-renders only the components that
// read that blog, and a component that only dispatches never re-renders for it.
import {
  createContext,
  useContext,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type ReactNode,
} from 'react';
import type { Blog } from '../../api/models';
import { blogsReducer, initialBlogsState, type BlogsAction, type BlogsState } from './blogsReducer';

/** The blogs state and the one way to change it, with a subscription per reader. */
class BlogStore {
  private state: BlogsState = initialBlogsState;
  private readonly listeners = new Set<() => void>();

  getState = (): BlogsState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  dispatch: Dispatch<BlogsAction> = (action) => {
    const next = blogsReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  };
}

const BlogStoreContext = createContext<BlogStore | null>(null);

/** Creates the app's one blog store. The context value never changes: nothing re-renders through it. */
export function BlogStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new BlogStore());
  return <BlogStoreContext.Provider value={store}>{children}</BlogStoreContext.Provider>;
}

function useStore(): BlogStore {
  const store = useContext(BlogStoreContext);
  if (!store) throw new Error('blog store hooks must be used inside <BlogStoreProvider>');
  return store;
}

/** Changes the blog store; the calling component does not re-render when the store changes. */
export function useBlogsDispatch(): Dispatch<BlogsAction> {
  return useStore().dispatch;
}

/**
 * One blog from the store, if it has been seen. The component re-renders only when that blog
 * changes: the reducer keeps every blog it did not touch the same object.
 */
export function useBlog(name: string): Blog | undefined {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => store.getState().byName[name]);
}
