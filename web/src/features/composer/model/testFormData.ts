// Form data as POST /svc/post/get_post_form_builder_data answers it, for the composer's
// tests (wire posts and save answers are the shared ones of test/postFixtures.ts).
import type { FormBuilderData } from '../../../api/types/FormBuilderData';
import type { FormChannel } from '../../../api/types/FormChannel';
import type { FormLimits } from '../../../api/types/FormLimits';

/** The limits as the server answers them (src/composer/http.rs). */
export const testLimits: FormLimits = {
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
    limits: testLimits,
    user: { default_editor_type: 'rich', has_rich_text_tutorial: false, inline_embeds_per_post: 5 },
    post_types: ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note'],
    ...extra,
  };
}
