// The search filters (spec 002 §2, §9; spec 000 §3 Search filter model): the sort ('Top
// Posts', 'Recent Posts'), the post type, and the 'Original Posts' and 'Safe search'
// switches, each shown when given. One set of controls for the blog viewer's filter popover,
// the search page and the tag page; each maps its own model onto these values.
import { useId } from 'react';
import type { SiteSearchPostType, SiteSearchSort } from '../../../api/searchEndpoints';
import { SITE_SEARCH_POST_TYPES } from '../searchLocation';

export interface SearchFilterValues {
  sort: SiteSearchSort;
  /** Not shown when undefined; likewise the switches. */
  postType?: SiteSearchPostType;
  originalOnly?: boolean;
  safeSearch?: boolean;
}

/** Spec 002 §9: POPULARITY_DESC is 'Top Posts', CREATED_DESC 'Recent Posts'. */
const SORT_LABELS: { value: SiteSearchSort; label: string }[] = [
  { value: 'top', label: 'Top Posts' },
  { value: 'recent', label: 'Recent Posts' },
];

const POST_TYPE_LABELS: Record<SiteSearchPostType, string> = {
  any: 'Any',
  text: 'Text',
  photo: 'Photo',
  quote: 'Quote',
  link: 'Link',
  chat: 'Chat',
  audio: 'Audio',
  video: 'Video',
};

export function SearchFilterFields({
  values,
  onChange,
  className,
}: {
  values: SearchFilterValues;
  onChange(change: Partial<SearchFilterValues>): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`search-filters ${className ?? ''}`} role="group" aria-label="Search filters">
      <fieldset className="search-filters__group">
        <legend className="search-filters__legend">Sort</legend>
        {SORT_LABELS.map((sort) => (
          <label key={sort.value} className="search-filters__choice">
            <input
              type="radio"
              name={`${id}-sort`}
              value={sort.value}
              checked={values.sort === sort.value}
              onChange={() => onChange({ sort: sort.value })}
            />
            {sort.label}
          </label>
        ))}
      </fieldset>
      {values.postType !== undefined && (
        <div className="search-filters__group">
          <label className="search-filters__legend" htmlFor={`${id}-type`}>
            Post type
          </label>
          <select
            id={`${id}-type`}
            className="field__input search-filters__select"
            value={values.postType}
            onChange={(e) => onChange({ postType: e.target.value as SiteSearchPostType })}
          >
            {SITE_SEARCH_POST_TYPES.map((type) => (
              <option key={type} value={type}>
                {POST_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
      )}
      {values.originalOnly !== undefined && (
        <label className="search-filters__switch">
          <input
            type="checkbox"
            // A checkbox's own checked state is the switch's (ARIA in HTML forbids aria-checked on it).
            // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
            role="switch"
            checked={values.originalOnly}
            onChange={(e) => onChange({ originalOnly: e.target.checked })}
          />
          Original Posts
        </label>
      )}
      {values.safeSearch !== undefined && (
        <label className="search-filters__switch">
          <input
            type="checkbox"
            // A checkbox's own checked state is the switch's (ARIA in HTML forbids aria-checked on it).
            // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
            role="switch"
            checked={values.safeSearch}
            onChange={(e) => onChange({ safeSearch: e.target.checked })}
          />
          Safe search
        </label>
      )}
    </div>
  );
}
