// What the drawer shows and what it is doing (spec 000 §4 Drawer, §9 Drawer). One content at
// a time: opening another while one is shown replaces it after the replace delay; closing
// slides it out for the close animation before it goes. Content with unsent input is asked
// about first ('Close without sending?'). Kept outside React so that its timers and its
// answers do not depend on when components render.
import type { ReactNode } from 'react';

/** Spec 000 §9 Drawer: the close animation, and the delay before another content replaces one. */
export const DRAWER_CLOSE_MS = 200;
export const DRAWER_REPLACE_MS = 400;

export type DrawerPhase = 'open' | 'replacing' | 'closing';

/** One thing the drawer can show. */
export interface DrawerContent {
  /** Tells contents apart: opening another key replaces what is shown. */
  key: string;
  /** The drawer's accessible name while it shows this. */
  label: string;
  /** A class for the drawer's panel (its width, its background). */
  className?: string;
  children: ReactNode;
  /** Asked before this content goes; true asks the user 'Close without sending?' first. */
  hasUnsavedInput?(): boolean;
  /** Called once, when this content has left the drawer or was turned away. */
  onClosed?(): void;
}

export interface DrawerState {
  shown: DrawerContent | null;
  /** The content that replaces the shown one once the replace delay is over. */
  next: DrawerContent | null;
  phase: DrawerPhase;
}

const CLOSED: DrawerState = { shown: null, next: null, phase: 'open' };

export interface DrawerStoreOptions {
  /** Asks the user whether to close without sending; resolves true to close. */
  confirmClose(): Promise<boolean>;
  /** Spec 000 §4: a suspended drawer opens nothing. */
  isSuspended(): boolean;
}

export class DrawerStore {
  private state: DrawerState = CLOSED;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A close confirmation is up: a second one waits for no one. */
  private asking = false;
  /** What had the focus when the drawer opened from closed: it gets it back on closing. */
  opener: HTMLElement | null = null;

  constructor(private readonly options: DrawerStoreOptions) {}

  getState = (): DrawerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Shows `content`: at once when the drawer is closed, after the replace delay when another
   * is shown (once its unsent input may go). The same key again just updates what it shows.
   * Turned away (false, and its onClosed called) while the drawer is suspended.
   */
  open = (content: DrawerContent): boolean => {
    if (this.options.isSuspended()) {
      content.onClosed?.();
      return false;
    }
    const { shown, next } = this.state;
    if (!shown) {
      this.opener = focusedElement();
      this.set({ shown: content, next: null, phase: 'open' });
      return true;
    }
    if (shown.key === content.key) {
      this.clearTimer();
      next?.onClosed?.();
      this.set({ shown: content, next: null, phase: 'open' });
      return true;
    }
    this.whenShownMayGo(
      () => this.replaceWith(content),
      () => content.onClosed?.(),
    );
    return true;
  };

  /**
   * Closes (when `key` is given, only if that content is shown or waiting), asking first when
   * the shown content has unsent input. Resolves whether it closes.
   */
  requestClose = (key?: string): Promise<boolean> => {
    if (!this.holds(key)) return Promise.resolve(false);
    return new Promise((resolve) =>
      this.whenShownMayGo(
        () => {
          this.close(key);
          resolve(true);
        },
        () => resolve(false),
      ),
    );
  };

  /** Closes without asking: for content that is done (a choice made, a page opened). */
  close = (key?: string): void => {
    if (!this.holds(key)) return;
    const { shown, next, phase } = this.state;
    if (!shown || phase === 'closing') return;
    this.clearTimer();
    this.set({ shown, next: null, phase: 'closing' });
    next?.onClosed?.();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set(CLOSED);
      shown.onClosed?.();
    }, DRAWER_CLOSE_MS);
  };

  /** Stops the timers (the provider is going away). */
  dispose(): void {
    this.clearTimer();
  }

  private holds(key: string | undefined): boolean {
    const { shown, next } = this.state;
    if (!shown) return false;
    return key === undefined || shown.key === key || next?.key === key;
  }

  private replaceWith(content: DrawerContent): void {
    const { shown, next } = this.state;
    if (!shown) return;
    this.clearTimer();
    // A replacement still waiting is itself replaced.
    next?.onClosed?.();
    this.set({ shown, next: content, phase: 'replacing' });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set({ shown: content, next: null, phase: 'open' });
      shown.onClosed?.();
    }, DRAWER_REPLACE_MS);
  }

  /**
   * Runs `go` once the shown content may leave: at once, unless it is open with unsent input
   * and the user, asked, keeps it (then `stay`). Synchronous when there is nothing to ask, so
   * that a click shows its effect in the same turn.
   */
  private whenShownMayGo(go: () => void, stay: () => void): void {
    const { shown, phase } = this.state;
    if (!shown || phase !== 'open' || !shown.hasUnsavedInput?.()) {
      go();
      return;
    }
    if (this.asking) {
      stay();
      return;
    }
    this.asking = true;
    void this.options.confirmClose().then((ok) => {
      this.asking = false;
      // The drawer may have moved on while the question was up: only what it was asked about goes.
      if (ok && this.state.shown === shown) go();
      else stay();
    });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(state: DrawerState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The element with the focus, if any (the page's body is none). */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
