// Form data as POST /svc/post/get_post_form_builder_data answers it, for the composer's
// tests over a fake server, and the client models made of it for the unit tests (wire posts
// and save answers are the shared ones of test/postFixtures.ts).
import {
  composerBlogFromWire,
  composerLimitsFromWire,
  composerSetupFromWire,
  fetchedPostFromWire,
  type ComposerBlog,
  type ComposerSetup,
  type FetchedPost,
} from '../../../api/composerModels';
import { saveFieldsOf } from '../../../api/postSave';
import type { Post } from '../../../api/types/Post';
import type { SaveFields } from '../../../api/types/SaveFields';
import type { FormBuilderData } from '../../../api/types/FormBuilderData';
import type { FormChannel } from '../../../api/types/FormChannel';
import type { FormLimits } from '../../../api/types/FormLimits';
import type { PostModel } from './postModel';
import { postSaveOf } from './saveForm';

/** The limits as the server answers them (src/composer/http.rs). */
export const wireLimits: FormLimits = {
  photos_per_post: 10,
  photo_caption_chars: 200,
  tag_chars: 140,
  url_chars: 2048,
  tweet_chars: 140,
  short_url_chars: 29,
  inline_embeds_per_post: 5,
  photo_upload_bytes: 10_485_760,
  audio_upload_bytes: 10_485_760,
  album_art_upload_bytes: 10_485_760,
  video_upload_bytes: 104_857_600,
  image_max_dimension: 1080,
  open_graph_tags: 5,
  audio_search_results: 4,
};

/** The limits as the composer's model holds them. */
export const testLimits = composerLimitsFromWire(wireLimits);

export function channel(name: string, extra: Partial<FormChannel> = {}): FormChannel {
  return {
    name,
    title: `${name}'s blog`,
    avatar_url: `/avatar/${name}/128`,
    show_author_avatar: true,
    blog_url: `/blog/${name}`,
    displayName: name,
    directory_safe_title: `${name}'s blog`,
    is_current: false,
    can_send_to_twitter: false,
    can_send_to_facebook: false,
    twitter_send_posts: false,
    facebook_opengraph_send_posts: false,
    ...extra,
  };
}

export function formData(extra: Partial<FormBuilderData> = {}): FormBuilderData {
  return {
    channels: [channel('alice', { is_current: true }), channel('alice2')],
    limits: wireLimits,
    user: { default_editor_type: 'rich', has_rich_text_tutorial: false, inline_embeds_per_post: 5 },
    post_types: ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note'],
    ...extra,
  };
}

/** A blog to post to, as the composer's model holds it. */
export function testBlog(name: string, extra: Partial<FormChannel> = {}): ComposerBlog {
  return composerBlogFromWire(channel(name, extra));
}

/** What the composer opens with, as its model holds it. */
export function testSetup(extra: Partial<FormBuilderData> = {}): ComposerSetup {
  return composerSetupFromWire(formData(extra));
}

/** The save form a post model makes: the composer's save (saveForm.ts) as api/ sends it. */
export function saveFormFields(post: PostModel, utcOffset: number): SaveFields {
  return saveFieldsOf(postSaveOf(post, utcOffset));
}

/** A post fetched to edit or to reblog, from the wire post the fetch answers. */
export function fetched(post: Post): FetchedPost {
  return fetchedPostFromWire({
    post,
    created_post: false,
    post_tumblelog: { post_url: post.post_url, name_or_id: post.tumblelog, url: `/blog/${post.tumblelog}`, avatar: post.avatar_url },
    post_context_page: 'dashboard',
  });
}
