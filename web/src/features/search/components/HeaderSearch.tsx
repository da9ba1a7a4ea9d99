// The page header's search, for users and visitors alike (spec 000 §2.12): a GET form to
// /search with q and the filters (filter_nsfw, sort default top, filter_post_type default
// any), which keep the current search's when there is one. The app takes the submit and goes
// to /search/{term} itself; without it the browser's own GET still lands on the search page.
import { useState, type FormEvent } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { SearchIcon } from '../../../components/icons';
import { useBehaviourLog } from '../../behaviourLog';
import { rawSearch, SITE_SEARCH_DEFAULTS, siteSearchFromLocation, siteSearchPath } from '../searchLocation';

/** The search the current page shows, if it is a search page. */
function useCurrentSearch() {
  const [onTermPage, params] = useRoute<{ term: string }>('/search/:term');
  const [onQueryPage] = useRoute('/search');
  const query = rawSearch(useSearch());
  if (!onTermPage && !onQueryPage) return { term: '', ...SITE_SEARCH_DEFAULTS };
  return siteSearchFromLocation(params?.term, query);
}

export function HeaderSearch() {
  const [, navigate] = useLocation();
  const behaviour = useBehaviourLog();
  const current = useCurrentSearch();
  const [text, setText] = useState(current.term);
  // Another search page (a link, Back): the box shows its term.
  const [shownTerm, setShownTerm] = useState(current.term);
  if (shownTerm !== current.term) {
    setShownTerm(current.term);
    setText(current.term);
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(e.currentTarget)) fields.append(name, String(value));
    const search = siteSearchFromLocation(undefined, fields.toString());
    // Spec 002 §5: the term is trimmed; an empty one does not search.
    if (search.term === '') return;
    behaviour.log('search', { scope: 'site', sort: search.sort, post_type: search.postType });
    navigate(siteSearchPath(search));
  };

  return (
    <form className="header-search" role="search" aria-label="Search posts" action="/search" method="get" onSubmit={onSubmit}>
      <SearchIcon />
      <input
        className="header-search__input"
        type="search"
        name="q"
        aria-label="Search posts"
        placeholder="Search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <input type="hidden" name="filter_nsfw" value={String(current.filterNsfw)} />
      <input type="hidden" name="sort" value={current.sort} />
      <input type="hidden" name="filter_post_type" value={current.postType} />
    </form>
  );
}
