// The fast-compose overlay (spec 001 §2): the 7 tiles, chosen by keyboard (fastComposeKeys)
// or mouse (hover selects, a click creates). Creating opens the post form for that type over
// the page, without changing the URL. It is shown in the drawer, whose Escape closes it.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { onPointerMoved } from '../../../lib/pointerMoved';
import { TILE_ANIMATION_MS, TILE_STAGGER_MS } from '../../composer/constants';
import { fastComposeMove } from '../fastComposeKeys';
import { TILES } from '../tiles';
import { PostTypeGlyph } from './PostTypeGlyph';

export function FastComposeOverlay({
  onCreate,
  onClose,
  active,
}: {
  onCreate(type: (typeof TILES)[number]['type']): void;
  onClose(): void;
  /** The keys are the overlay's only while its drawer is open and not suspended. */
  active: boolean;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const latest = useRef({ selected, onCreate });
  latest.current = { selected, onCreate };

  useEffect(() => {
    if (!active) return;
    // On the document: the drawer holds the focus when it opens, and Tab must move the
    // selection rather than the focus.
    const onKeyDown = (e: KeyboardEvent) => {
      const move = fastComposeMove(
        { key: e.key, shiftKey: e.shiftKey, modified: e.ctrlKey || e.altKey || e.metaKey },
        latest.current.selected,
        TILES.length,
      );
      if (!move) return;
      e.preventDefault();
      if (move.kind === 'create') {
        latest.current.onCreate(TILES[move.index].type);
        return;
      }
      setSelected(move.index);
      tiles.current[move.index]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);

  return (
    // The dimmed layer's click is a pointer's Close; the drawer's Escape closes it from the keyboard.
    <div
      className="fast-compose"
      role="presentation"
      onClick={(e) => {
        // A click on the dimmed layer, not on a tile, closes.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="fast-compose__tiles" role="group" aria-label="Create a post">
        {TILES.map((tile, i) => (
          <button
            key={tile.type}
            ref={(el) => {
              tiles.current[i] = el;
            }}
            type="button"
            className={`fast-compose__tile fast-compose__tile--${tile.type}${selected === i ? ' is-selected' : ''}`}
            aria-current={selected === i || undefined}
            style={{ animationDuration: `${TILE_ANIMATION_MS}ms`, animationDelay: `${i * TILE_STAGGER_MS}ms` } as CSSProperties}
            onMouseMove={onPointerMoved(() => setSelected(i))}
            onClick={() => onCreate(tile.type)}
          >
            <span className="fast-compose__icon" aria-hidden="true">
              <PostTypeGlyph type={tile.type} size={28} />
            </span>
            <span className="fast-compose__label">{tile.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
