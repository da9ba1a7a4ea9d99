import { useCallback, useRef, useState } from 'react';
import { Link } from 'wouter';
import { deal, LOGO_ANIMATIONS, newDeck, type Deck, type LogoAnimation } from './logoDeck';

/**
 * The logo. It plays its current animation on hover; on mouse leave it switches to the next
 * animation of a shuffled deck, so the next hover looks different (spec 000 §2.7). Shared: the
 * page header and the phone's header both show it.
 */
export function Logo({ to }: { to: string }) {
  const deck = useRef(newDeck<LogoAnimation>());
  const [animation, setAnimation] = useState<LogoAnimation>(() => nextAnimation(deck));
  const onMouseLeave = useCallback(() => setAnimation(nextAnimation(deck)), []);

  return (
    <Link
      to={to}
      className={`logo logo--${animation}`}
      aria-label="dashwire, go to the dashboard"
      data-animation={animation}
      onMouseLeave={onMouseLeave}
    >
      <span className="logo__mark" aria-hidden="true" data-glyph="d" />
      <span className="logo__word" aria-hidden="true">
        dashwire
      </span>
    </Link>
  );
}

function nextAnimation(deck: { current: Deck<LogoAnimation> }): LogoAnimation {
  const [card, next] = deal(deck.current, LOGO_ANIMATIONS, Math.random);
  deck.current = next;
  return card;
}
