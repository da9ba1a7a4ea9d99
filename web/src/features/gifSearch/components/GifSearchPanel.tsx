// The GIF search panel (spec 000 §2.6, §4, §8): a field ('Find a GIF'), a message area and
// the results grid. A chosen GIF is handed to `onSelect` once its image has loaded; where it
// goes (the text, a photo post) is the caller's business.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GifImage, GifSearchAnswer } from '../../../api/gifSearchEndpoints';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import { RESULT_WIDTH } from '../constants';
import { FIND_A_GIF, NOTHING_FOUND_LINES, VIEW_RESULTS_ANYWAY } from '../strings';
import { useChooseGif } from '../useChooseGif';
import { useGifSearch } from '../useGifSearch';
import { GifResultsGrid, type GifResultsGridHandle } from './GifResultsGrid';

export function GifSearchPanel({
  onSelect,
  onCancel,
  resultWidth = RESULT_WIDTH,
  autoFocus = true,
}: {
  /** A result was chosen and its image has loaded. */
  onSelect(gif: GifImage): void;
  /** Escape: the panel's user closes it. */
  onCancel?(): void;
  /** Each result's width, its image scaled to it (px): 150 unless the user asks otherwise. */
  resultWidth?: number;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const search = useGifSearch(text);
  const { choice, choose } = useChooseGif(onSelect);
  const inputRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<GifResultsGridHandle>(null);
  // The answer whose results were asked for in spite of the server's message.
  const [revealed, setRevealed] = useState<GifSearchAnswer | null>(null);

  useEffect(() => {
    // On opening (autoFocus is what the opener said, and stays).
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const answer = search.status === 'done' ? search.answer : null;
  // One line per answer, kept while it is shown, not a new one on every render.
  const nothingFound = useMemo(
    () => (answer ? NOTHING_FOUND_LINES[Math.floor(Math.random() * NOTHING_FOUND_LINES.length)] : null),
    [answer],
  );
  const hasResults = answer !== null && answer.media.length > 0;
  const resultsShown = hasResults && (answer.message === null || revealed === answer);

  return (
    <div
      className="gif-search"
      role="group"
      aria-label="GIF search"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          // Only the panel closes, not the form around it.
          e.stopPropagation();
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <input
        ref={inputRef}
        type="search"
        className="field__input gif-search__input"
        placeholder={FIND_A_GIF}
        aria-label={FIND_A_GIF}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && resultsShown) {
            e.preventDefault();
            gridRef.current?.focusResults();
          }
        }}
      />
      {search.status === 'loading' && <ThreeBarLoader label="Finding GIFs" />}
      <div className="gif-search__message" role="status">
        {answer?.message ? (
          <>
            {answer.message.header && <p className="gif-search__message-header">{answer.message.header}</p>}
            {answer.message.body && <p className="gif-search__message-body">{answer.message.body}</p>}
            {hasResults && !resultsShown && (
              <button type="button" className="link-button" onClick={() => setRevealed(answer)}>
                {VIEW_RESULTS_ANYWAY}
              </button>
            )}
          </>
        ) : (
          answer && !hasResults && <p>{nothingFound}</p>
        )}
      </div>
      {resultsShown && (
        <GifResultsGrid
          ref={gridRef}
          gifs={answer.media}
          resultWidth={resultWidth}
          choice={choice}
          onChoose={choose}
          onLeaveTop={() => inputRef.current?.focus()}
        />
      )}
    </div>
  );
}
