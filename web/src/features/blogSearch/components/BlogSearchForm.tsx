// The blog viewer's search form (spec 002 §2 In-blog search, §4): a clear arrow, the text
// input ('Search {blogname}') with its tag typeahead, a filter icon with its popover, and the
// search toggle. The toggle opens the search and focuses the input after 300 ms; with a term,
// it clears the search instead, as the clear arrow does: closed, every default back, and the
// blog's own posts again. Enter searches for the trimmed text.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BackArrowIcon, FilterIcon, SearchIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { TYPEAHEAD_HIDE_MS, typeAheadMatches } from '../typeahead';
import type { BlogSearch } from '../useBlogSearch';
import { BlogSearchFilters } from './BlogSearchFilters';
import { BlogSearchTypeahead } from './BlogSearchTypeahead';

/** Spec 002 §9: the input takes the focus this long after the search opens (its slide). */
export const SEARCH_FOCUS_DELAY_MS = 300;

export function BlogSearchForm({ search }: { search: BlogSearch }) {
  const { model, dispatch, tags } = search;
  const id = useId();
  const listId = `${id}-tags`;
  const filtersId = `${id}-filters`;
  const input = useRef<HTMLInputElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const filters = useRef<HTMLDivElement>(null);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(focusTimer.current);
      clearTimeout(blurTimer.current);
    },
    [],
  );

  const [filtersOpen, setFiltersOpen] = useState(false);
  useDismiss(filters, () => setFiltersOpen(false), { enabled: filtersOpen, ignore: filterButton });

  // The typeahead (spec 002 §4): shown while the input has the focus (until 100 ms after it
  // loses it) and there are matches; Escape, a search or a pick hide it until the next key.
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const matches = typeAheadMatches(tags, model.unsetTerm);
  const listed = model.active && focused && !dismissed && matches.length > 0;
  const highlighted = listed && active !== null && active < matches.length ? active : null;

  const clear = () => {
    clearTimeout(focusTimer.current);
    dispatch({ type: 'cleared' });
    setFiltersOpen(false);
    setActive(null);
    // The control that had the focus is gone: the toggle keeps it in the form.
    toggleButton.current?.focus();
  };

  const toggle = () => {
    if (model.term !== '' || model.active) {
      clear();
      return;
    }
    dispatch({ type: 'opened' });
    clearTimeout(focusTimer.current);
    focusTimer.current = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
  };

  const searchFor = (term: string) => {
    setDismissed(true);
    setActive(null);
    dispatch({ type: 'searched', term });
  };

  const move = (step: 1 | -1) => {
    const from = highlighted ?? (step === 1 ? -1 : matches.length);
    setActive((from + step + matches.length) % matches.length);
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!listed) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && highlighted !== null) {
      e.preventDefault();
      searchFor(matches[highlighted]);
    }
  };

  // Escape closes what is open in the form first; only then does it reach the drawer.
  const onFormKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Escape') return;
    if (listed) {
      setDismissed(true);
    } else if (filtersOpen) {
      setFiltersOpen(false);
      filterButton.current?.focus();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <form
      className={model.active ? 'blog-search is-active' : 'blog-search'}
      role="search"
      aria-label={`Search ${model.blogname}`}
      onSubmit={(e) => {
        e.preventDefault();
        searchFor(model.unsetTerm);
      }}
      onKeyDown={onFormKeyDown}
    >
      {model.active && (
        <>
          <button type="button" className="icon-button blog-search__clear" aria-label="Clear search" onClick={clear}>
            <BackArrowIcon />
          </button>
          <div className="blog-search__field">
            <input
              ref={input}
              className="blog-search__input"
              type="text"
              role="combobox"
              aria-label={`Search ${model.blogname}`}
              aria-autocomplete="list"
              aria-expanded={listed}
              aria-controls={listed ? listId : undefined}
              aria-activedescendant={highlighted !== null ? `${listId}-${highlighted}` : undefined}
              placeholder={`Search ${model.blogname}`}
              autoComplete="off"
              value={model.unsetTerm}
              onChange={(e) => {
                setDismissed(false);
                setActive(null);
                dispatch({ type: 'typed', text: e.target.value });
              }}
              onFocus={() => {
                clearTimeout(blurTimer.current);
                setFocused(true);
              }}
              onBlur={() => {
                clearTimeout(blurTimer.current);
                blurTimer.current = setTimeout(() => setFocused(false), TYPEAHEAD_HIDE_MS);
              }}
              onKeyDown={onInputKeyDown}
            />
            {listed && (
              <BlogSearchTypeahead id={listId} matches={matches} active={highlighted} onHighlight={setActive} onPick={searchFor} />
            )}
          </div>
          <div className="blog-search__filters">
            <button
              ref={filterButton}
              type="button"
              className="icon-button"
              aria-label="Search filters"
              aria-expanded={filtersOpen}
              aria-controls={filtersOpen ? filtersId : undefined}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <FilterIcon />
            </button>
            {filtersOpen && (
              <div ref={filters}>
                <BlogSearchFilters id={filtersId} model={model} dispatch={dispatch} />
              </div>
            )}
          </div>
        </>
      )}
      <button
        ref={toggleButton}
        type="button"
        className="icon-button blog-search__toggle"
        aria-label="Search"
        aria-pressed={model.active}
        onClick={toggle}
      >
        <SearchIcon />
      </button>
    </form>
  );
}
