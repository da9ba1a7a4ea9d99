// Wire posts and save answers as the server sends them (docs/api.md "The post model"), for
// the tests of the reading side.
import type { ContextPage } from '../api/types/ContextPage';
import type { Post } from '../api/types/Post';
import type { PostContent } from '../api/types/PostContent';
import type { PostState } from '../api/types/PostState';
import type { SaveAnswer } from '../api/types/SaveAnswer';

export function wirePost(id: number, extra: Partial<Post> = {}): Post {
  const blog = extra.tumblelog ?? 'bob';
  return {
    id,
    root_id: id,
    reblog_key: `key${id}`,
    state: 'published',
    tumblelog: blog,
    avatar_url: `/avatar/${blog}/128`,
    post_url: `/blog/${blog}/post/${id}`,
    slug: '',
    date: 1_795_000_000 + id,
    publish_on: null,
    tags: [],
    source_url: '',
    editor_type: 'rich',
    allow_answers: false,
    allow_photo_replies: false,
    content: { type: 'text', title: `Post ${id}`, body: `<p>Body of ${id}</p>` },
    is_reblog: false,
    reblog_source: null,
    reblog_trail: [],
    reblog_comment: '',
    is_mine: false,
    following: true,
    liked: false,
    reblogged: false,
    note_count: 0,
    source: null,
    liked_timestamp: null,
    is_promoted: false,
    submitted_by: null,
    app_name: null,
    posted_by: null,
    ...extra,
  };
}

/** One content of each type, as the server would keep it. */
export const CONTENT_OF_EACH_TYPE: { [T in PostContent['type']]: Extract<PostContent, { type: T }> } = {
  text: { type: 'text', title: 'A title', body: '<p>Some <b>bold</b> words</p>' },
  photo: {
    type: 'photo',
    photos: [
      { url: '/media/one.png', width: 0, height: 0, caption: 'First' },
      { url: '/media/two.png', width: 0, height: 0, caption: 'Second' },
      { url: '/media/three.png', width: 0, height: 0, caption: '' },
    ],
    layout: '12',
    linkthrough: '',
    caption: '<p>Three photos</p>',
    selfie: null,
  },
  quote: { type: 'quote', quote: 'To be or not', source: '<p>Hamlet</p>' },
  link: {
    type: 'link',
    url: 'https://example.com/article',
    title: 'An article',
    excerpt: 'What it says',
    author: 'Ann Author',
    publisher: 'example.com',
    thumbnail: '/media/thumb.png',
    caption: '<p>Worth a read</p>',
  },
  chat: {
    type: 'chat',
    title: 'A talk',
    lines: [
      { speaker: 'Alice', text: 'hi' },
      { speaker: 'Bob', text: 'hello' },
      { speaker: '', text: 'a line without a speaker' },
    ],
  },
  audio: {
    type: 'audio',
    url: '/media/song.mp3',
    service: 'direct',
    embed_url: '',
    track_title: 'A song',
    track_artist: 'A singer',
    track_album: 'An album',
    album_art: '/media/art.png',
    caption: '<p>Listen</p>',
  },
  video: {
    type: 'video',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    service: 'youtube',
    embed_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    caption: '<p>Watch</p>',
  },
  note: { type: 'note', ask: 'What is up?', asking_name: null, answer: '<p>Not much</p>', caption: '' },
};

/** The page the server names for a post in each state (src/posts/http.rs context_page). */
const CONTEXT_PAGES: Record<PostState, ContextPage> = {
  published: 'dashboard',
  private: 'blog',
  draft: 'drafts',
  queued: 'queue',
  scheduled: 'queue',
  transcoding: 'processing',
  unapproved: 'inbox',
};

/** The answer of POST /svc/post/update for `post`, as the composer announces it. */
export function saveAnswer(post: Post, extra: Partial<SaveAnswer> = {}): SaveAnswer {
  return {
    post,
    post_context_page: CONTEXT_PAGES[post.state],
    message: 'Saved.',
    created_post: true,
    first_post: false,
    post_tumblelog: {
      post_url: post.post_url,
      name_or_id: post.tumblelog,
      url: `/blog/${post.tumblelog}`,
      avatar: post.avatar_url,
    },
    context_tumblelog: {
      name_or_id: post.tumblelog,
      post_count: 1,
      draft_count: 0,
      queued_post_count: 0,
      transcoding_count: 0,
    },
    ...extra,
  };
}
