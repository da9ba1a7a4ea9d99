// The Edit appearance form's model: what the owner is editing (a draft of the blog's title,
// description and theme), which of it differs from what is saved, and the form's own checks.
// Pure functions, so the form's rules are tested without rendering it.
import { ApiError, errorDetails } from '../../api/client';
import type { Blog, Theme } from '../../api/models';
import type { AppearanceForm } from '../../api/types/AppearanceForm';
import type { ThemeParams } from '../../api/types/ThemeParams';

export interface HeaderImageDimens {
  width: number;
  height: number;
}

/**
 * An edit of the header image: the theme's image fields, and the original's size when the
 * original changes (a new upload: its size; removed: null). Without `dimens` (a new focus
 * on the same original) the draft's size stays as it is.
 */
export interface HeaderImageChange {
  theme: Partial<Pick<Theme, 'headerImage' | 'headerImageFocused'>>;
  dimens?: HeaderImageDimens | null;
}

/** The blog's words and look as the form holds them. */
export interface AppearanceDraft {
  title: string;
  description: string;
  theme: Theme;
  /**
   * The header image's size, known only once an image is uploaded (or removed: null) in
   * this edit; undefined leaves the saved size alone.
   */
  headerImageDimens?: HeaderImageDimens | null;
}

/** Each theme field's name on the wire, which is also how the server names it in an error. */
const WIRE_NAMES: { [K in keyof Theme]-?: keyof ThemeParams } = {
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

export type ColourField = 'backgroundColor' | 'titleColor' | 'linkColor';
export const COLOUR_FIELDS: readonly ColourField[] = ['backgroundColor', 'titleColor', 'linkColor'];

/** Where a field's errors go: the server's name for it (`title`, `global_theme_params.title_color`). */
export type FieldKey = string;

export function themeFieldKey(field: keyof Theme): FieldKey {
  return `global_theme_params.${WIRE_NAMES[field]}`;
}

export const COLOUR_PROBLEM = 'A colour is written #RRGGBB.';

/** `#RRGGBB` in capitals (as the server keeps colours) for `#RRGGBB` or `#RGB`, else null. */
export function normalColour(text: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toUpperCase()}`;
}

export function draftOf(blog: Blog): AppearanceDraft {
  return { title: blog.title, description: blog.description, theme: blog.theme };
}

/** The form's own checks, by field key: colours that are not colours. */
export function draftProblems(draft: AppearanceDraft): Record<FieldKey, string> {
  const problems: Record<FieldKey, string> = {};
  for (const field of COLOUR_FIELDS) {
    if (!normalColour(draft.theme[field])) problems[themeFieldKey(field)] = COLOUR_PROBLEM;
  }
  return problems;
}

function sameValue(field: keyof Theme, a: unknown, b: unknown): boolean {
  if ((COLOUR_FIELDS as readonly string[]).includes(field)) {
    return normalColour(String(a)) === normalColour(String(b));
  }
  return a === b;
}

/** The save's body: only what differs from `saved` (null when nothing does). */
export function changesOf(name: string, saved: AppearanceDraft, draft: AppearanceDraft): AppearanceForm | null {
  const theme: Record<string, unknown> = {};
  for (const field of Object.keys(WIRE_NAMES) as (keyof Theme)[]) {
    const value = draft.theme[field];
    if (sameValue(field, saved.theme[field], value)) continue;
    const isColour = (COLOUR_FIELDS as readonly string[]).includes(field);
    theme[WIRE_NAMES[field]] = isColour ? (normalColour(String(value)) ?? value) : value;
  }
  if (draft.headerImageDimens !== undefined && 'header_image' in theme) {
    theme.header_image_dimens = draft.headerImageDimens;
  }
  const form: AppearanceForm = { tumblelog: name };
  if (draft.title !== saved.title) form.title = draft.title;
  if (draft.description !== saved.description) form.description = draft.description;
  if (Object.keys(theme).length > 0) form.global_theme_params = theme as Partial<ThemeParams>;
  return Object.keys(form).length > 1 ? form : null;
}

/**
 * A failed save's errors: those about a field by its key, the rest (not your blog, no
 * connection) under ''. The title and description errors name no field: their codes do.
 */
export function saveErrorsOf(err: unknown): Record<FieldKey, string> {
  if (!(err instanceof ApiError)) return { '': errorDetails(err).join(' ') };
  const errors: Record<FieldKey, string> = { ...err.fieldErrors };
  const byCode: [string, FieldKey][] = [
    ['invalid_title', 'title'],
    ['invalid_description', 'description'],
  ];
  for (const [code, key] of byCode) {
    const at = err.codes.indexOf(code as (typeof err.codes)[number]);
    if (at >= 0 && !errors[key]) errors[key] = err.details[at] ?? err.message;
  }
  if (Object.keys(errors).length === 0) errors[''] = err.details.join(' ');
  return errors;
}
