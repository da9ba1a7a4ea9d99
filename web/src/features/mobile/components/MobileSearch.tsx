// The mobile header's search (spec 000 §2.12, §4): a GET form to /search with q and the
// filters, behind a search button. The button shows the empty field (focusing it once it has
// slid open), searches for what the field holds, and hides the field again when it is empty.
// Searching goes to /search/{term}; the current term again only gives the field the focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FilterIcon, SearchIcon } from '../../../components/icons';
import { SearchFilterFields, siteSearchPath, type SearchFilterValues, type SiteSearchParams } from '../../search';
import { SEARCH_FOCUS_DELAY_MS } from '../constants';

export function MobileSearch({
  current,
  shown,
  onShownChange,
  onButtonClick,
  filters,
}: {
  /** The search the page shows (its term '' on any other page). */
  current: SiteSearchParams;
  shown: boolean;
  onShownChange(shown: boolean): void;
  /** Told first on every press of the search button (it closes the drawer). */
  onButtonClick(): void;
  /** The filters may be shown (the search filter flag). */
  filters: boolean;
}) {
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(current.term);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Another search page (a link, Back): the field shows its term.
  const [shownTerm, setShownTerm] = useState(current.term);
  if (shownTerm !== current.term) {
    setShownTerm(current.term);
    setText(current.term);
  }

  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(focusTimer.current), []);

  const search = () => {
    // Spec 000 §5: the term is trimmed before use.
    const term = text.trim();
    if (term === current.term) {
      input.current?.focus();
      return;
    }
    navigate(siteSearchPath({ ...current, term }));
  };

  const onButton = () => {
    onButtonClick();
    if (text.trim() !== '') {
      search();
    } else if (shown) {
      onShownChange(false);
    } else {
      onShownChange(true);
      clearTimeout(focusTimer.current);
      focusTimer.current = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '') search();
  };

  // Spec 000 §2.12: a change of filter goes to /search/{term}, q left out; the NSFW switch
  // searches again like any other.
  const onFilterChange = (change: Partial<SearchFilterValues>) =>
    navigate(
      siteSearchPath({
        ...current,
        sort: change.sort ?? current.sort,
        postType: change.postType ?? current.postType,
        filterNsfw: change.safeSearch ?? current.filterNsfw,
      }),
    );
  const canFilter = filters && current.term !== '';

  return (
    <>
      <form
        className={shown ? 'mobile-search is-shown' : 'mobile-search'}
        role="search"
        aria-label="Search posts"
        action="/search"
        method="get"
        onSubmit={onSubmit}
      >
        <input
          ref={input}
          className="mobile-search__input"
          type="search"
          name="q"
          aria-label="Search posts"
          placeholder="Search"
          autoComplete="off"
          enterKeyHint="search"
          hidden={!shown}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <input type="hidden" name="filter_nsfw" value={String(current.filterNsfw)} />
        <input type="hidden" name="sort" value={current.sort} />
        <input type="hidden" name="filter_post_type" value={current.postType} />
        {canFilter && shown && (
          <button
            type="button"
            className="mobile-header__button"
            aria-label="Search filters"
            aria-expanded={filtersOpen}
            aria-controls="mobile-search-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <FilterIcon />
          </button>
        )}
        <button type="button" className="mobile-header__button mobile-search__button" aria-label="Search" onClick={onButton}>
          <SearchIcon />
        </button>
      </form>
      {canFilter && shown && filtersOpen && (
        <div id="mobile-search-filters" className="mobile-search__filters">
          <SearchFilterFields
            values={{ sort: current.sort, postType: current.postType, safeSearch: current.filterNsfw }}
            onChange={onFilterChange}
          />
        </div>
      )}
    </>
  );
}
