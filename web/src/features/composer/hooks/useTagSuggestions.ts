// Tag suggestions for the tag being typed (spec 001 §2 Tag suggestions, §5 Tags, §9): asked
// of POST /svc/tag_suggest once 2 characters are typed, 100 ms after the last key; the last 20
// answers are kept, and 5 suggestions shown: the user's own tags first, then popular ones. A
// failed lookup is ignored (§8).
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { suggestTags } from '../../../api/composerLookups';
import type { TagSuggestionLists } from '../../../api/types/TagSuggestionLists';
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

export function useTagSuggestions(input: string, postTags: readonly string[]): ShownTagSuggestions {
  const api = useApi();
  const query = tagQuery(input);
  const key = query.toLowerCase();
  // Answers by query, oldest first (a Map keeps insertion order), at most 20.
  const cache = useRef(new Map<string, TagSuggestionLists>());
  const [, setAnswered] = useState(0);
  const latestTags = useRef(postTags);
  latestTags.current = postTags;

  useEffect(() => {
    if (!key || cache.current.has(key)) return;
    let current = true;
    const timer = setTimeout(() => {
      suggestTags(api, query, latestTags.current)
        .then((answer) => {
          const answers = cache.current;
          answers.set(key, answer.tagSuggestions);
          while (answers.size > TAG_SUGGESTIONS_CACHED) answers.delete(answers.keys().next().value!);
          if (current) setAnswered((n) => n + 1);
        })
        .catch(() => {
          // Ignored (§8): the user types on without suggestions.
        });
    }, TAG_SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, key, query]);

  const answer = key ? cache.current.get(key) : undefined;
  return answer ? shownSuggestions(answer, postTags) : NONE;
}
