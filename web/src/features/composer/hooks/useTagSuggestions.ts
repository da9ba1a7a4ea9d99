// Tag suggestions for the tag being typed (spec 001 §2 Tag suggestions, §5 Tags, §9): asked
// of POST /svc/tag_suggest once 2 characters are typed, 100 ms after the last key; the last 20
// answers are kept, and 5 suggestions shown: the user's own tags first, then popular ones. A
// failed lookup is ignored (§8).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { suggestTags } from '../../../api/composerLookups';
import { makeRoomFor } from '../../../api/queryClient';
import type { TagSuggestionLists } from '../../../api/composerModels';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { TAG_SUGGEST_DEBOUNCE_MS, TAG_SUGGEST_MIN_CHARS, TAG_SUGGESTIONS_CACHED, TAG_SUGGESTIONS_SHOWN } from '../constants';
import { tagKey } from '../model/tags';

/** What the list shows: the user's tags, then the popular ones (under a 'Popular' header). */
export interface ShownTagSuggestions {
  userTags: string[];
  popular: string[];
}

const NONE: ShownTagSuggestions = { userTags: [], popular: [] };

/** What is asked: the typed tag without its hash signs, or '' while it is too short. */
export function tagQuery(input: string): string {
  const query = input.replace(/#/g, '').trim();
  return Array.from(query).length >= TAG_SUGGEST_MIN_CHARS ? query : '';
}

/**
 * The suggestions to show from an answer: at most 5, the user's first, none that the post
 * already has (the answer may be older than the post's last tag).
 */
export function shownSuggestions(answer: TagSuggestionLists, postTags: readonly string[]): ShownTagSuggestions {
  const taken = new Set(postTags.map(tagKey));
  const fresh = (tags: string[]) => tags.filter((t) => !taken.has(tagKey(t)));
  const userTags = fresh(answer.userTags).slice(0, TAG_SUGGESTIONS_SHOWN);
  const popular = fresh(answer.suggestions).slice(0, TAG_SUGGESTIONS_SHOWN - userTags.length);
  return { userTags, popular };
}

const suggestionsKey = (key: string) => ['tagSuggestions', key];

export function useTagSuggestions(input: string, postTags: readonly string[]): ShownTagSuggestions {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = tagQuery(input);
  const key = query.toLowerCase();
  // The answer for what is typed now: one had before, or the one the query below brings.
  const answer = key ? queryClient.getQueryData<TagSuggestionLists>(suggestionsKey(key)) : undefined;
  const asked = useDebouncedValue(key, TAG_SUGGEST_DEBOUNCE_MS, { now: answer !== undefined });

  useQuery({
    queryKey: suggestionsKey(asked),
    queryFn: async () => {
      const lists = await suggestTags(api, query, postTags);
      makeRoomFor(queryClient, ['tagSuggestions'], TAG_SUGGESTIONS_CACHED);
      return lists;
    },
    // Asked once typing stopped on it (`query` is what was typed for it), and only once: an
    // answer already had is not asked for again. A failed lookup is ignored (§8): the user
    // types on without suggestions.
    enabled: asked !== '' && asked === key,
    staleTime: Infinity,
    retry: false,
  });

  return answer ? shownSuggestions(answer, postTags) : NONE;
}
