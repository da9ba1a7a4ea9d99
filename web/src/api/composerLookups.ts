// The lookups the composer makes while the author writes (spec 001 §7, docs/api.md "The
// composer's lookups"): blogs to mention, tags to suggest, a link's OpenGraph data, the audio
// services and search, a video's embed, and the rich-text tutorial's seen flag. One function
// each, answering the composer's client models (composerModels.ts).
import type { ApiClient } from './client';
import {
  audioTrackFromWire,
  type AudioSearchAnswer,
  type TagSuggestionLists,
  mentionedBlogFromWire,
  openGraphFromWire,
  videoEmbedFromWire,
  type AudioTrack,
  type MentionedBlog,
  type OpenGraphData,
  type VideoEmbedData,
} from './composerModels';
import type { AudioData } from './types/AudioData';
import type { AudioDataForm } from './types/AudioDataForm';
import type { AudioResults } from './types/AudioResults';
import type { AudioSearchForm } from './types/AudioSearchForm';
import type { EmbedData } from './types/EmbedData';
import type { MentionForm } from './types/MentionForm';
import type { Mentions } from './types/Mentions';
import type { OpenGraph } from './types/OpenGraph';
import type { OpenGraphForm } from './types/OpenGraphForm';
import type { SeenRte } from './types/SeenRte';
import type { TagSuggestForm } from './types/TagSuggestForm';
import type { TagSuggestions } from './types/TagSuggestions';
import type { VideoDataQuery } from './types/VideoDataQuery';

/** POST /svc/mention: blogs whose names start with `query` (a leading @ is dropped). */
export function fetchMentions(api: ApiClient, query: string): Promise<MentionedBlog[]> {
  return api
    .post<Mentions, MentionForm>('/svc/mention', { q: query })
    .then((answer) => answer.blogs.map(mentionedBlogFromWire));
}

/**
 * POST /svc/tag_suggest: tags starting with `query`, the user's own first, then popular ones;
 * none of `tags` (the post's own) is suggested.
 */
export function suggestTags(api: ApiClient, query: string, tags: readonly string[]): Promise<TagSuggestionLists> {
  return api
    .post<TagSuggestions, TagSuggestForm>('/svc/tag_suggest', { q: query, tags: tags.join(',') })
    .then((answer) => answer.tagSuggestions);
}

/** POST /svc/post/fetch_og: what a link's page says about itself. */
export function fetchOpenGraph(api: ApiClient, url: string): Promise<OpenGraphData> {
  return api.post<OpenGraph, OpenGraphForm>('/svc/post/fetch_og', { url }).then(openGraphFromWire);
}

/** The services whose tracks get_{service}_data knows. */
export type AudioLookupService = 'spotify' | 'soundcloud' | 'apple_music' | 'bandcamp';

/** POST /svc/post/get_{service}_data: a track's details and player; a 400 when it is not one. */
export function fetchAudioData(api: ApiClient, service: AudioLookupService, url: string): Promise<AudioTrack> {
  return api.post<AudioData, AudioDataForm>(`/svc/post/get_${service}_data`, { url, service }).then(audioTrackFromWire);
}

/**
 * The services an audio search asks: spotify and soundcloud (spec 001 §7 /search_audio), Apple
 * Music (a server with --itunes-search), and youtube in the copyright fallback (§8; docs/api.md
 * lists them as providers).
 */
export type AudioSearchProvider = 'spotify' | 'soundcloud' | 'apple_music' | 'youtube';

/** POST /search_audio: tracks matching `query` on one service (at most 4). */
export function searchAudio(api: ApiClient, query: string, provider: AudioSearchProvider): Promise<AudioSearchAnswer> {
  return api.post<AudioResults, AudioSearchForm>('/search_audio', { q: query, audio_search_provider: provider });
}

/** POST /svc/post/get_video_data (a JSON body): how a video URL or embed code embeds. */
export function fetchVideoData(api: ApiClient, embedUrl: string, embedWidth: number): Promise<VideoEmbedData> {
  return api
    .postJson<EmbedData, VideoDataQuery>('/svc/post/get_video_data', { embed_url: embedUrl, embed_width: embedWidth })
    .then(videoEmbedFromWire);
}

/** POST /svc/post/set_seen_rte: the rich-text tutorial is not offered again. */
export function markRichTextTutorialSeen(api: ApiClient): Promise<SeenRte> {
  return api.post<SeenRte>('/svc/post/set_seen_rte');
}
