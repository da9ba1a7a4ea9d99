// The first-time tour guide for the account and activity menus (spec 000 §2.4, §4, §9).
// While it is open, keyboard shortcuts, the drawer and toasts are suspended (§4).
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '../../components/focusTrap';
import { useSuspend } from '../suspension';

/** Spec 000 §9 Tour guide: the overlay appears after 150 ms; each step animates for 300 ms. */
export const TOUR_OVERLAY_DELAY_MS = 150;
export const TOUR_STEP_MS = 300;

export const TOUR_STEPS = {
  1: {
    title: "Don't freak out. Your things are right here.",
    text: 'Your blog info, account info, and recent activity are in these menus.',
  },
  2: {
    title: 'Why?',
    text: "It's so you never have to scroll to the top of the dashboard to access this stuff.",
  },
} as const;

/**
 * Two steps over a dimmed page. The header (with the open account popover) stays above the
 * dimming, so the tour points at "these menus".
 */
export function TourGuide({ anchorId, onClose }: { anchorId?: string; onClose(): void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const position = useBesideAnchor(anchorId);
  const [overlayShown, setOverlayShown] = useState(false);
  const titleId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Spec 000 §4: shortcuts, the drawer and toasts wait until the tour closes.
  useSuspend();

  useEffect(() => {
    const timer = setTimeout(() => setOverlayShown(true), TOUR_OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    firstButton.current?.focus();
  }, [step]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const { title, text } = TOUR_STEPS[step];
  return createPortal(
    <>
      <div className={overlayShown ? 'tour-overlay is-shown' : 'tour-overlay'} aria-hidden="true" />
      <div
        ref={panel}
        className="tour"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Modal over the dimmed page: Tab goes round its buttons, not to what it covers.
        onKeyDown={(e) => {
          if (panel.current) keepTabInside(panel.current, e);
        }}
        style={{ ...position, ['--tour-step-ms' as string]: `${TOUR_STEP_MS}ms` }}
      >
        <div key={step} className="tour__step">
          <h2 id={titleId} className="tour__title">
            {title}
          </h2>
          <p className="tour__text">{text}</p>
          <div className="tour__buttons">
            {step === 1 ? (
              <>
                <button ref={firstButton} type="button" className="button button--quiet" onClick={() => setStep(2)}>
                  Wait, why?
                </button>
                <button type="button" className="button button--primary" onClick={onClose}>
                  Okay, phew
                </button>
              </>
            ) : (
              <button ref={firstButton} type="button" className="button button--primary" onClick={onClose}>
                Ohhh
              </button>
            )}
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}

const TOUR_WIDTH = 300;
const TOUR_GAP = 20;

/**
 * Places the tour to the left of the element it explains (the open account popover), or
 * leaves it to the stylesheet's default place when there is no room or no such element.
 */
function useBesideAnchor(anchorId: string | undefined): CSSProperties {
  const [position, setPosition] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!anchorId) return;
    const place = () => {
      const anchor = document.getElementById(anchorId);
      if (!anchor) return setPosition({});
      const rect = anchor.getBoundingClientRect();
      const left = rect.left - TOUR_GAP - TOUR_WIDTH;
      setPosition(left < 8 ? {} : { top: rect.top + 12, left, right: 'auto', bottom: 'auto' });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchorId]);
  return position;
}
