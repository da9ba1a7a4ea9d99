// The mention dropdown's state (spec 001 §4 Mention flow), between the editor's suggestion
// plugin, which says when the user is typing a mention and what, and the React dropdown,
// which shows the blogs found. The plugin calls the renderer hooks below outside React, so
// the state lives in a small store the dropdown subscribes to.
import type { SuggestionKeyDownProps, SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';
import type { MentionedBlog } from '../../../api/composerModels';

/** What the mention inserts: the blog's name (as the node's id and label). */
export interface MentionChoice {
  id: string;
  label: string;
}

export interface MentionMenuState {
  /** Typing a mention: between an @ and the key that confirms or aborts it. */
  open: boolean;
  query: string;
  blogs: MentionedBlog[];
  loading: boolean;
  /** The highlighted blog. */
  active: number;
  /** Where the typed mention is on screen, for the dropdown to sit under it. */
  rect: DOMRect | null;
}

const CLOSED: MentionMenuState = { open: false, query: '', blogs: [], loading: false, active: 0, rect: null };

/** Keys that confirm the highlighted blog (§4: Tab, Enter, space or right arrow). */
const CONFIRM_KEYS = new Set(['Tab', 'Enter', ' ', 'ArrowRight']);

type Renderer = ReturnType<NonNullable<SuggestionOptions<MentionedBlog, MentionChoice>['render']>>;

export class MentionMenu {
  private state: MentionMenuState = CLOSED;
  private listeners = new Set<() => void>();
  private command: ((choice: MentionChoice) => void) | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): MentionMenuState => this.state;

  private set(next: MentionMenuState) {
    this.state = next;
    this.listeners.forEach((l) => l());
  }

  /** Inserts the blog as a mention, ending the mention state. */
  choose(index: number) {
    const blog = this.state.blogs[index];
    if (!blog || !this.command) return;
    this.command({ id: blog.name, label: blog.name });
  }

  highlight(index: number) {
    if (this.state.blogs.length === 0) return;
    const count = this.state.blogs.length;
    this.set({ ...this.state, active: (index + count) % count });
  }

  private show(props: SuggestionProps<MentionedBlog, MentionChoice>) {
    this.command = props.command;
    const was = this.state;
    // While the next answer loads, the last one stays up rather than flickering away; a new
    // answer starts at its first blog, unless it is the same query answered again.
    const again = !props.loading && !was.loading && was.open && was.query === props.query;
    this.set({
      open: true,
      query: props.query,
      blogs: props.loading ? (was.open ? was.blogs : []) : props.items,
      loading: props.loading,
      active: props.loading || (again && was.active < props.items.length) ? was.active : 0,
      rect: props.clientRect?.() ?? null,
    });
  }

  /** Handles a key while a mention is typed; true when the key was the menu's. */
  keyDown({ event }: Pick<SuggestionKeyDownProps, 'event'>): boolean {
    if (!this.state.open) return false;
    if (event.key === 'Escape') {
      // The plugin ends the mention state itself; the dropdown just goes.
      this.set(CLOSED);
      return true;
    }
    if (this.state.blogs.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.highlight(this.state.active + (event.key === 'ArrowDown' ? 1 : -1));
      return true;
    }
    if (CONFIRM_KEYS.has(event.key) && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.choose(this.state.active);
      return true;
    }
    return false;
  }

  /** The suggestion plugin's renderer hooks. */
  renderer = (): Renderer => ({
    onStart: (props) => this.show(props),
    onUpdate: (props) => this.show(props),
    onExit: () => {
      this.command = null;
      this.set(CLOSED);
    },
    onKeyDown: (props) => this.keyDown(props),
  });
}
