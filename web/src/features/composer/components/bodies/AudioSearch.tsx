// The audio post's first state (spec 001 §4 Audio post): one field that searches spotify and
// soundcloud for what is typed (200 ms after the last key) or takes a pasted URL (250 ms):
// spotify, soundcloud and bandcamp tracks are looked up with their service, an MP3 is taken
// as it is. Beside it, the MP3 uploader. Choosing a result or a URL moves the post on to its
// media (AudioBody). An MP3 the server refuses as copyrighted (§8) hides the uploader, shows
// the server's warning and searches for the track instead, youtube too in new mode, whose
// results are videos: choosing one makes the post a video post.
import { useEffect, useRef, useState } from 'react';
import { errorDetails } from '../../../../api/client';
import type { AudioSearchResult } from '../../../../api/composerModels';
import { URL_INPUT_DEBOUNCE_MS } from '../../constants';
import { useComposerForm } from '../../formContext';
import type { AudioLookup } from '../../hooks/useAudioLookup';
import { audioSearchPlan, useAudioSearch } from '../../hooks/useAudioSearch';
import { audioServiceOf, isOwnMedia, isWebUrl, youtubeId } from '../../model/urls';
import { ACCEPT } from '../../uploads/uploadRules';
import { FileButton } from '../FileButton';
import { BodyInput } from './BodyInput';

/** What the spec's services read as (the results' group headings). */
const SERVICE_NAMES: Record<string, string> = {
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  apple_music: 'Apple Music',
  youtube: 'YouTube',
};

/** 'A', 'A or B', 'A, B or C'. */
function either(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Shown when a pasted address is none of the sources an audio post takes (§5 Uploads). */
const NOT_AN_AUDIO_SOURCE = 'That is not a Spotify, SoundCloud, Apple Music, Bandcamp or MP3 link.';

/** A pasted address rather than words to search for. */
function isAddress(text: string, urlChars: number): boolean {
  return isWebUrl(text, urlChars) || isOwnMedia(text);
}

/** `lookUp` is the post's: its answers are kept while the post goes back and forth. */
export function AudioSearch({ lookUp }: { lookUp: AudioLookup }) {
  const { post, dispatch, uploads, disabled } = useComposerForm();
  const { search: text, copyrightFallback, copyrightWarning } = post.fields;
  const [problem, setProblem] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const typed = text.trim();
  const urlChars = post.limits.urlChars;
  const address = isAddress(typed, urlChars);
  const plan = audioSearchPlan(copyrightFallback, post.mode, post.limits.audioSearchResults);
  const search = useAudioSearch(address ? '' : typed, plan);
  const uploading = post.uploads.some((u) => u.kind === 'audio');
  // Each choice's number: a lookup answered after the user moved on is dropped.
  const choice = useRef(0);

  const choose = async (url: string, result?: AudioSearchResult) => {
    const current = ++choice.current;
    setProblem(null);
    if (result?.service === 'youtube' && youtubeId(url, urlChars)) {
      dispatch({ type: 'audioSwitchedToVideo', url });
      return;
    }
    const service = audioServiceOf(url, urlChars);
    if (!service) {
      setProblem(NOT_AN_AUDIO_SOURCE);
      return;
    }
    if (service === 'direct') {
      dispatch({
        type: 'audioSourceChosen',
        source: { url, player: '', trackTitle: '', trackArtist: '', trackAlbum: '', albumArt: '' },
      });
      return;
    }
    setLookingUp(true);
    try {
      const data = await lookUp(service, url);
      if (current !== choice.current) return;
      // A search result already names the track; the service's details win when it has them.
      dispatch({
        type: 'audioSourceChosen',
        source: {
          url: data.url || url,
          player: data.embedUrl,
          trackTitle: data.trackTitle || result?.title || '',
          trackArtist: data.trackArtist || result?.artist || '',
          trackAlbum: data.trackAlbum,
          albumArt: data.albumArt || result?.thumbnail || '',
        },
      });
    } catch (err) {
      // The lookup failed (§8): say why, and stay on the search.
      if (current === choice.current) setProblem(errorDetails(err)[0] ?? NOT_AN_AUDIO_SOURCE);
    } finally {
      if (current === choice.current) setLookingUp(false);
    }
  };

  // A pasted address is taken after the URL input's pause.
  const latestChoose = useRef(choose);
  latestChoose.current = choose;
  useEffect(() => {
    if (!address) return;
    const timer = setTimeout(() => void latestChoose.current(typed), URL_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [address, typed]);

  return (
    <div className="audio-search">
      {copyrightFallback && copyrightWarning && (
        <p className="audio-search__copyright" role="alert">
          {copyrightWarning}
        </p>
      )}
      <div className="audio-source">
        <BodyInput
          label="Search audio"
          placeholder="Search for a song, or paste a Spotify, SoundCloud, Bandcamp or MP3 link"
          wrapPlaceholder
          value={text}
          disabled={disabled || uploading}
          autoFocus
          problem={problem}
          onChange={(value) => {
            choice.current++;
            setLookingUp(false);
            setProblem(null);
            dispatch({ type: 'fieldChanged', field: 'search', value });
          }}
        />
        {!copyrightFallback && (
          <FileButton
            label="Upload an MP3"
            accept={ACCEPT.audio}
            onFiles={([file]) => void uploads.uploadAudio(file)}
            disabled={disabled || uploading}
          />
        )}
      </div>
      {lookingUp && (
        <p className="post-body__hint muted" role="status">
          Looking up the track…
        </p>
      )}
      {!address && typed && !search && (
        <p className="post-body__hint muted" role="status">
          Searching…
        </p>
      )}
      {search && (
        <AudioResults
          search={search}
          urlChars={urlChars}
          disabled={disabled}
          onChoose={(result) => void choose(result.url, result)}
        />
      )}
    </div>
  );
}

function AudioResults({
  search,
  urlChars,
  disabled,
  onChoose,
}: {
  search: NonNullable<ReturnType<typeof useAudioSearch>>;
  urlChars: number;
  disabled: boolean;
  onChoose(result: AudioSearchResult): void;
}) {
  const found = search.results.filter((group) => group.results.length > 0);
  if (found.length === 0) {
    const unsearchable = search.results.filter((group) => !group.searchable);
    if (unsearchable.length > 0 && unsearchable.length === search.results.length) {
      // Not an empty result: the server has no key for these services (spec: say so).
      const names = unsearchable.map((group) => SERVICE_NAMES[group.provider] ?? group.provider);
      return (
        <p className="post-body__hint muted" role="status">
          This server cannot search {either(names)}. Paste a track’s address instead.
        </p>
      );
    }
    return <p className="post-body__hint muted">No results for “{search.query}”.</p>;
  }
  return (
    <section className="audio-results" aria-label="Search results">
      {found.map((group) => (
        <div key={group.provider} className="audio-results__service">
          <h3 className="audio-results__heading">{SERVICE_NAMES[group.provider] ?? group.provider}</h3>
          <ul className="audio-results__list" aria-label={`${SERVICE_NAMES[group.provider] ?? group.provider} results`}>
            {group.results.map((result) => (
              <li key={result.url}>
                <button
                  type="button"
                  className={group.provider === 'youtube' ? 'audio-result audio-result--video' : 'audio-result'}
                  disabled={disabled}
                  onClick={() => onChoose(result)}
                >
                  {result.thumbnail && isWebUrl(result.thumbnail, urlChars) && (
                    // Youtube's results are videos, shown with a video's wide thumbnail (§2 Audio).
                    <img
                      className="audio-result__art"
                      src={result.thumbnail}
                      alt=""
                      width={group.provider === 'youtube' ? 96 : 40}
                      height={group.provider === 'youtube' ? 54 : 40}
                    />
                  )}
                  <span className="audio-result__title">{result.title}</span>
                  {result.artist && <span className="audio-result__artist muted">{result.artist}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
