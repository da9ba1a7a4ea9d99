// The Edit appearance form's model: what the owner is editing (a draft of the blog's title,
// description and theme), which of it differs from what is saved, and the form's own checks.
// Pure functions, so the form's rules are tested without rendering it.
import { ApiError, errorDetails } from '../../api/client';
import type { Blog, Theme } from '../../api/models';
import {
  THEME_FIELDS,
  themeFieldKey,
  type AppearanceChanges,
  type AppearanceFieldKey,
  type HeaderImageDimens,
} from '../../api/appearanceEndpoints';

export { themeFieldKey, type HeaderImageDimens };

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

export type ColourField = 'backgroundColor' | 'titleColor' | 'linkColor';
export const COLOUR_FIELDS: readonly ColourField[] = ['backgroundColor', 'titleColor', 'linkColor'];

/** Where a field's errors go: the server's name for it (`title`, `global_theme_params.title_color`). */
export type FieldKey = AppearanceFieldKey;

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

/** The save: only what differs from `saved` (null when nothing does). */
export function changesOf(name: string, saved: AppearanceDraft, draft: AppearanceDraft): AppearanceChanges | null {
  const theme: Partial<Record<keyof Theme, unknown>> = {};
  for (const field of THEME_FIELDS) {
    const value = draft.theme[field];
    if (sameValue(field, saved.theme[field], value)) continue;
    const isColour = (COLOUR_FIELDS as readonly string[]).includes(field);
    theme[field] = isColour ? (normalColour(String(value)) ?? value) : value;
  }
  const changes: AppearanceChanges = { blogName: name };
  if (draft.title !== saved.title) changes.title = draft.title;
  if (draft.description !== saved.description) changes.description = draft.description;
  if (Object.keys(theme).length > 0) changes.theme = theme as Partial<Theme>;
  // The original's size goes with a new (or removed) original only.
  if (draft.headerImageDimens !== undefined && 'headerImage' in theme) changes.headerImageDimens = draft.headerImageDimens;
  return Object.keys(changes).length > 1 ? changes : null;
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
