// The results grid (spec 000 §2.6, §9): rows of results of one width, put on the page in
// batches and virtualised (only the rows near what the box shows are rendered). The results
// are buttons with one Tab stop among them; the arrow keys move between them.
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { GifImage } from '../../../api/gifSearchEndpoints';
import { columnsFor, layoutRows, RESULT_GAP_PX, rowOf, rowsInView } from '../gifResults';
import { useBatchedCount } from '../useBatchedCount';
import type { GifChoice } from '../useChooseGif';
import { useScrollWindow } from '../useScrollWindow';
import { GifResultButton } from './GifResultButton';

export interface GifResultsGridHandle {
  /** Moves the focus to the result Tab stops at (the first, until the arrow keys move it). */
  focusResults(): void;
}

export function GifResultsGrid({
  gifs,
  resultWidth,
  choice,
  onChoose,
  onLeaveTop,
  ref,
}: {
  gifs: readonly GifImage[];
  resultWidth: number;
  choice: GifChoice | null;
  onChoose(gif: GifImage): void;
  /** Up from the first row: back to the search field. */
  onLeaveTop(): void;
  ref?: Ref<GifResultsGridHandle>;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { view, measure } = useScrollWindow(boxRef);
  const count = useBatchedCount(gifs);
  const columns = columnsFor(view.width, resultWidth);
  const shown = useMemo(() => gifs.slice(0, count), [gifs, count]);
  const { rows, height } = useMemo(() => layoutRows(shown, columns, resultWidth), [shown, columns, resultWidth]);
  const { start, end } = rowsInView(rows, view.top, view.height);

  // The Tab stop; a new list starts at its first result.
  const [active, setActive] = useState({ gifs, index: 0 });
  const activeIndex = active.gifs === gifs ? active.index : 0;
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // A result the keyboard moved to that is not on the page yet: focused once it is.
  const focusPending = useRef<number | null>(null);

  const focusResult = (index: number) => {
    const row = rowOf(rows, index);
    const box = boxRef.current;
    if (!row || !box) return;
    if (row.top < box.scrollTop) box.scrollTop = row.top;
    else if (box.clientHeight > 0 && row.top + row.height > box.scrollTop + box.clientHeight) {
      box.scrollTop = row.top + row.height - box.clientHeight;
    }
    // The keyboard's scroll is the grid's own: the rows it needs are rendered at once.
    measure();
    setActive({ gifs, index });
    const button = buttons.current.get(index);
    if (button) button.focus();
    else focusPending.current = index;
  };

  useEffect(() => {
    const index = focusPending.current;
    if (index === null) return;
    const button = buttons.current.get(index);
    if (button) {
      focusPending.current = null;
      button.focus();
    }
  });

  useImperativeHandle(ref, () => ({ focusResults: () => focusResult(Math.min(activeIndex, count - 1)) }));

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const lastRow = Math.floor((count - 1) / columns);
    const row = Math.floor(index / columns);
    let next: number;
    switch (e.key) {
      case 'Enter':
        // Chosen here rather than by the button's own click, which Enter would also make.
        e.preventDefault();
        onChoose(gifs[index]);
        return;
      case 'ArrowRight':
        next = Math.min(index + 1, count - 1);
        break;
      case 'ArrowLeft':
        next = index - 1;
        break;
      case 'ArrowDown':
        // Into a shorter last row: its last result.
        next = row < lastRow ? Math.min(index + columns, count - 1) : index;
        break;
      case 'ArrowUp':
        next = index - columns;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next < 0) onLeaveTop();
    else if (next !== index) focusResult(next);
  };

  return (
    <div ref={boxRef} className="gif-search__results" role="group" aria-label="GIFs" aria-busy={count < gifs.length}>
      <div className="gif-search__canvas" style={{ height }}>
        {rows.slice(start, end).map((row) => (
          <div key={row.first} className="gif-search__row" style={{ top: row.top, height: row.height, gap: RESULT_GAP_PX }}>
            {shown.slice(row.first, row.first + row.count).map((gif, i) => {
              const index = row.first + i;
              return (
                <GifResultButton
                  key={index}
                  gif={gif}
                  width={resultWidth}
                  focusable={index === activeIndex}
                  phase={choice?.gif === gif ? choice.phase : null}
                  buttonRef={(button) => {
                    if (button) buttons.current.set(index, button);
                    else buttons.current.delete(index);
                  }}
                  onChoose={onChoose}
                  onKeyDown={(e) => onKeyDown(e, index)}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
