// The archive's addresses (spec 002 §2 Archive page): /blog/{name}/archive is the root;
// tagged/{tag} the posts with a tag, filter-by/{type} the posts of a type, {year}/{month} the
// archive from that month on. {year} alone and any other path show the default archive, which
// acts as the filter 'all'.
import type { ArchiveFilters, ArchivePostType } from '../../api/archiveEndpoints';
import type { PostType } from '../../api/postModels';
import { pathSegment } from '../search';

/** The filter menu's choices: 'all' or one type. */
export type ArchiveTypeChoice = 'all' | ArchivePostType;

/** The filter menu, in the spec's order, with each choice's label. */
export const ARCHIVE_TYPE_CHOICES: readonly { value: ArchiveTypeChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'text', label: 'Text' },
  { value: 'photo', label: 'Photo' },
  { value: 'quote', label: 'Quote' },
  { value: 'link', label: 'Link' },
  { value: 'chat', label: 'Chat' },
  { value: 'audio', label: 'Audio' },
  { value: 'video', label: 'Video' },
  { value: 'answer', label: 'Answer' },
];

/** A post's type as its tile names it: a note is the archive's 'Answer'. */
export function tileTypeLabel(type: PostType): string {
  const choice: ArchiveTypeChoice = type === 'note' ? 'answer' : type;
  return ARCHIVE_TYPE_CHOICES.find((c) => c.value === choice)?.label ?? type;
}

/** What an archive address shows. */
export type ArchiveView =
  | { kind: 'all' }
  | { kind: 'type'; type: ArchivePostType }
  | { kind: 'tagged'; tag: string }
  | { kind: 'month'; year: number; month: number };

const ALL: ArchiveView = { kind: 'all' };

function typeNamed(name: string): ArchivePostType | null {
  const wanted = name.toLowerCase() === 'note' ? 'answer' : name.toLowerCase();
  const found = ARCHIVE_TYPE_CHOICES.find((c) => c.value === wanted && c.value !== 'all');
  return found ? (found.value as ArchivePostType) : null;
}

/**
 * The view of the archive path after /blog/{name}/archive/ (`rest`, as the router hands it
 * over: '' for the root). Anything it does not know (an unknown type, a month that is none)
 * is the default archive, as the spec's "any other path".
 */
export function archiveViewOf(rest: string | undefined): ArchiveView {
  const parts = (rest ?? '').split('/').filter((p) => p !== '');
  const [first = '', second = ''] = parts.map((part) => pathSegment(part));
  if (parts.length === 2 && first === 'tagged' && second.trim() !== '') return { kind: 'tagged', tag: second };
  if (parts.length === 2 && first === 'filter-by') {
    const type = typeNamed(second);
    return type ? { kind: 'type', type } : ALL;
  }
  if (parts.length === 2 && /^\d{4}$/.test(first) && /^\d{1,2}$/.test(second)) {
    const month = Number(second);
    if (month >= 1 && month <= 12) return { kind: 'month', year: Number(first), month };
  }
  return ALL;
}

/** The choice the filter menu shows as its active label. */
export function typeChoiceOf(view: ArchiveView): ArchiveTypeChoice {
  return view.kind === 'type' ? view.type : 'all';
}

/** What the server is asked for to show `view`. */
export function archiveFiltersOf(view: ArchiveView): ArchiveFilters {
  switch (view.kind) {
    case 'all':
      return {};
    case 'type':
      return { postType: view.type };
    case 'tagged':
      return { tag: view.tag };
    case 'month':
      return { month: `${view.year}-${String(view.month).padStart(2, '0')}` };
  }
}

/** The address of `blog`'s archive showing `view` (the whole of it by default). */
export function archivePath(blog: string, view: ArchiveView = ALL): string {
  const root = `/blog/${encodeURIComponent(blog)}/archive`;
  switch (view.kind) {
    case 'all':
      return root;
    case 'type':
      return `${root}/filter-by/${view.type}`;
    case 'tagged':
      return `${root}/tagged/${encodeURIComponent(view.tag)}`;
    case 'month':
      return `${root}/${view.year}/${String(view.month).padStart(2, '0')}`;
  }
}

/** Where choosing `choice` in the filter menu goes: /archive for 'all', else filter-by/{type}. */
export function archiveTypePath(blog: string, choice: ArchiveTypeChoice): string {
  return archivePath(blog, choice === 'all' ? ALL : { kind: 'type', type: choice });
}
