// Edit appearance (docs/api.md "Edit appearance"): a blog's owner saves its title,
// description and theme. Only the fields that change are sent. The one place where the form's
// changes become the server's body, and where a field's error is found by the server's name.
import type { ApiClient } from './client';
import { blogFromWire, type Blog, type Theme } from './models';
import type { AppearanceForm } from './types/AppearanceForm';
import type { BlogWithActivity } from './types/BlogWithActivity';
import type { ThemeParams } from './types/ThemeParams';

/** A header image's size in pixels. */
export interface HeaderImageDimens {
  width: number;
  height: number;
}

/** An edit of a blog's appearance: only what changes. */
export interface AppearanceChanges {
  blogName: string;
  title?: string;
  description?: string;
  /** The theme fields to change; the others keep what they are. */
  theme?: Partial<Theme>;
  /** The header image's size, sent with a new header image (null once it is removed). */
  headerImageDimens?: HeaderImageDimens | null;
}

/** Each theme field's name on the wire, which is also how the server names it in an error. */
const THEME_WIRE_NAMES: { [K in keyof Theme]-?: keyof ThemeParams } = {
  backgroundColor: 'background_color',
  titleColor: 'title_color',
  linkColor: 'link_color',
  titleFont: 'title_font',
  titleFontWeight: 'title_font_weight',
  showAvatar: 'show_avatar',
  showTitle: 'show_title',
  showDescription: 'show_description',
  showHeaderImage: 'show_header_image',
  headerImage: 'header_image',
  headerImageFocused: 'header_image_focused',
  headerStretch: 'header_stretch',
  avatarShape: 'avatar_shape',
};

/** The theme's fields. */
export const THEME_FIELDS = Object.keys(THEME_WIRE_NAMES) as (keyof Theme)[];

/** Where a field's errors go: the server's name for it (`title`, `global_theme_params.title_color`). */
export type AppearanceFieldKey = string;

/** The key of a theme field's errors (ApiError.fieldErrors). */
export function themeFieldKey(field: keyof Theme): AppearanceFieldKey {
  return `global_theme_params.${THEME_WIRE_NAMES[field]}`;
}

/** The key of the header image size's errors. */
export const HEADER_IMAGE_DIMENS_KEY: AppearanceFieldKey = 'global_theme_params.header_image_dimens';

/** The save's body for `changes`. */
export function appearanceFormOf(changes: AppearanceChanges): AppearanceForm {
  const form: AppearanceForm = { tumblelog: changes.blogName };
  if (changes.title !== undefined) form.title = changes.title;
  if (changes.description !== undefined) form.description = changes.description;
  const theme: Partial<ThemeParams> = {};
  for (const [field, value] of Object.entries(changes.theme ?? {}) as [keyof Theme, unknown][]) {
    if (value !== undefined) (theme as Record<string, unknown>)[THEME_WIRE_NAMES[field]] = value;
  }
  if (changes.headerImageDimens !== undefined) theme.header_image_dimens = changes.headerImageDimens;
  if (Object.keys(theme).length > 0) form.global_theme_params = theme;
  return form;
}

/**
 * POST /svc/blog/appearance (JSON, the form key in X-Form-Key): answers the blog as the owner
 * now sees it. A wrong field is a 400 whose error names it (`global_theme_params.title_color`,
 * `title`, `description`): ApiError.fieldErrors, keyed as themeFieldKey says.
 */
export function saveAppearance(api: ApiClient, changes: AppearanceChanges): Promise<Blog> {
  return api.postJson<BlogWithActivity, AppearanceForm>('/svc/blog/appearance', appearanceFormOf(changes)).then(blogFromWire);
}
