// The help popover (spec 002 §2, §3 Help popover config, §4, §9): a tour-guide style popover
// with a title, content and an OK button, over a dim glass. OK dismisses it; a click on the
// glass, Escape, or scrolling away until the glass has faded out hides it. Either way it fades
// and is then removed, and the focus goes back to where it was. It sits 80 px from the top of
// the window, centred, unless its config places it (by an element, or at a spot on the page).
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import type { Theme } from '../api/models';
import { Avatar } from './Avatar';
import {
  HELP_POPOVER_TOP_PX,
  helpPopoverPlace,
  type HelpPopoverPlace,
  type HelpPopoverPosition,
} from './helpPopoverPlacement';

export { HELP_POPOVER_TOP_PX, type HelpPopoverPosition } from './helpPopoverPlacement';

/** How long it fades before it is removed (the glass's CSS transition). */
export const HELP_POPOVER_FADE_MS = 150;
/** How far a scroll takes the glass from dim to clear, and the popover with it. */
const SCROLL_FADE_PX = 300;

/** A blog as the appearance template shows it, in its own colours. */
export interface AppearanceData {
  name: string;
  title: string;
  description: string;
  avatarUrl: string;
  theme: Pick<Theme, 'backgroundColor' | 'titleColor' | 'linkColor' | 'avatarShape'>;
}

/** Spec 002 §3 Help popover config. */
export interface HelpPopoverConfig {
  /** Which help this is: the name it is remembered by once dismissed. */
  name: string;
  title: string;
  content: ReactNode;
  okText?: string;
  template?: 'standard' | 'appearance';
  /** The dim glass behind it (on unless false). */
  glass?: boolean;
  /** For the appearance template. */
  appearanceData?: AppearanceData;
  /** Where it sits (`position`); centred 80 px from the top of the window without one. */
  position?: HelpPopoverPosition;
  /**
   * `fixed_position`: it stays put in the window as the page scrolls (unless false); false
   * places it on the page, to scroll with what it points at.
   */
  fixedPosition?: boolean;
}

/** How it went: 'dismissed' with OK, 'hidden' by the glass, Escape or scrolling away. */
export type HelpPopoverEnd = 'dismissed' | 'hidden';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function HelpPopover({ config, onClose }: { config: HelpPopoverConfig; onClose(end: HelpPopoverEnd): void }) {
  const { name, title, content, okText = 'OK', template = 'standard', glass = true, appearanceData } = config;
  const { position, fixedPosition = true } = config;
  const [ending, setEnding] = useState<HelpPopoverEnd | null>(null);
  const [glassOpacity, setGlassOpacity] = useState(1);
  const okRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const place = useHelpPopoverPlace(panelRef, position, fixedPosition);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The focus moves to OK on opening and goes back where it was once the popover is gone.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  // Scrolling away clears the glass bit by bit; clear, it hides the popover.
  useEffect(() => {
    if (!glass || ending) return;
    const startY = window.scrollY;
    const onScroll = () => {
      const opacity = Math.max(0, 1 - Math.abs(window.scrollY - startY) / SCROLL_FADE_PX);
      setGlassOpacity(opacity);
      if (opacity === 0) setEnding('hidden');
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [glass, ending]);

  // Removed after the fade.
  useEffect(() => {
    if (!ending) return;
    const timer = setTimeout(() => onCloseRef.current(ending), HELP_POPOVER_FADE_MS);
    return () => clearTimeout(timer);
  }, [ending]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setEnding('hidden');
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    // The focus stays inside while it is open: the glass covers the page.
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const titleId = `help-popover-${name}-title`;
  return createPortal(
    <div className={ending ? 'help-popover-layer is-ending' : 'help-popover-layer'} data-help={name}>
      {glass && (
        <div
          className="help-popover__glass"
          // The glass hides the popover under a pointer; Escape does from the keyboard.
          role="presentation"
          data-testid="help-popover-glass"
          style={{ opacity: ending ? 0 : 0.5 * glassOpacity }}
          onClick={() => setEnding('hidden')}
        />
      )}
      <div
        ref={panelRef}
        className={`help-popover help-popover--${template}${place.left === undefined ? ' help-popover--centred' : ''}`}
        style={{ position: fixedPosition ? 'fixed' : 'absolute', top: place.top, left: place.left }}
        role="dialog"
        aria-modal={glass}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        {template === 'appearance' && appearanceData && <AppearancePreview data={appearanceData} />}
        <h2 className="help-popover__title" id={titleId}>
          {title}
        </h2>
        <div className="help-popover__content">{content}</div>
        <div className="help-popover__actions">
          <button ref={okRef} type="button" className="button button--primary" onClick={() => setEnding('dismissed')}>
            {okText}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * Where the popover is drawn, measured before it is painted and again when the window is
 * resized (the anchor may have moved).
 */
function useHelpPopoverPlace(
  panelRef: RefObject<HTMLDivElement | null>,
  position: HelpPopoverPosition | undefined,
  fixed: boolean,
): HelpPopoverPlace {
  // Before the first measure (never painted): the spot that needs nothing measured.
  const [place, setPlace] = useState<HelpPopoverPlace>({ top: HELP_POPOVER_TOP_PX });
  // A config is often written afresh on each render: it is measured again only when what it
  // says changes, read by its parts.
  const latest = useRef(position);
  latest.current = position;
  const anchor = position && 'anchor' in position ? position.anchor : null;
  const placement = position && 'anchor' in position ? position.placement : undefined;
  const top = position && 'top' in position ? position.top : undefined;
  const left = position && 'top' in position ? position.left : undefined;
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const measure = () => {
      const page = document.documentElement;
      setPlace(
        helpPopoverPlace(latest.current, fixed, {
          popover: { width: panel.offsetWidth, height: panel.offsetHeight },
          anchor: anchor?.getBoundingClientRect() ?? null,
          view: {
            // jsdom and a page not laid out yet have no client size: the window's, then.
            width: page.clientWidth || window.innerWidth,
            height: page.clientHeight || window.innerHeight,
            scrollX: window.scrollX,
            scrollY: window.scrollY,
          },
        }),
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [panelRef, anchor, placement, top, left, fixed]);
  return place;
}

/** The appearance template's blog header: its avatar, title, name and description in its colours. */
function AppearancePreview({ data }: { data: AppearanceData }) {
  const style: CSSProperties = { backgroundColor: data.theme.backgroundColor, color: data.theme.titleColor };
  return (
    <div className="help-popover__appearance" style={style} data-testid="appearance-preview">
      <Avatar url={data.avatarUrl} size={64} shape={data.theme.avatarShape} label={`${data.name}'s avatar`} />
      <p className="help-popover__appearance-title">{data.title || data.name}</p>
      <p className="help-popover__appearance-name" style={{ color: data.theme.linkColor }}>
        {data.name}
      </p>
      {data.description && <p className="help-popover__appearance-description">{data.description}</p>}
    </div>
  );
}
