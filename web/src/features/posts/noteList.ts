// A post's notes as the notes panel lists them: the pages the reader loaded (newest first, 50
// a page), with what changed since at the top. The server pages backwards only (before_id),
// so what came since is read from the newest note down until it meets the loaded pages.
import type { ApiClient } from '../../api/client';
import { fetchNotes, type Note, type NotesPage } from '../../api/postEndpoints';

/**
 * Pages read at most to catch up with the loaded list; more new notes than that leave a gap
 * (NoteList.gap), and the list starts again from the top.
 */
export const CATCH_UP_PAGES = 4;

export interface NoteList {
  /** Newest first, each note once; null until something is loaded. */
  notes: Note[] | null;
  /** Older notes may remain beyond the loaded pages. */
  hasMore: boolean;
  /** Notes may be missing between the newest ones read and the loaded pages. */
  gap: boolean;
}

/** The notes of `pages`, in order, each once (a page boundary may move between loads). */
function loadedNotes(pages: NotesPage[]): Note[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.notes).filter((note) => !seen.has(note.id) && seen.add(note.id));
}

/** The newest note's id among `pages`, or null when they hold none. */
export function newestNoteId(pages: NotesPage[] | undefined): number | null {
  const ids = (pages ?? []).flatMap((page) => page.notes.map((note) => note.id));
  return ids.length > 0 ? Math.max(...ids) : null;
}

/**
 * The chain's newest notes, read a page at a time until a page reaches `known` (the newest
 * note the list has; null: one page), at most CATCH_UP_PAGES: one page holding them all.
 */
export async function fetchNotesSince(api: ApiClient, postId: number, known: number | null): Promise<NotesPage> {
  let page = await fetchNotes(api, postId);
  const notes = [...page.notes];
  for (let read = 1; read < CATCH_UP_PAGES && known !== null && page.nextBefore !== null && page.nextBefore > known; read++) {
    page = await fetchNotes(api, postId, page.nextBefore);
    notes.push(...page.notes);
  }
  return { noteCount: page.noteCount, notes, nextBefore: page.nextBefore };
}

/**
 * The list to show from the `loaded` pages (undefined while the first is on its way; `more`:
 * whether the last loaded page has a next one) and the `newest` notes read since, if any.
 * Notes are ordered by id, so the newest notes speak for every id from their oldest up: a
 * loaded note in that range that they lack was taken back (an unlike) and goes.
 */
export function noteList(loaded: NotesPage[] | undefined, more: boolean, newest: NotesPage | undefined): NoteList {
  const pages = loaded ? loadedNotes(loaded) : null;
  if (!newest) return { notes: pages, hasMore: more, gap: false };
  // Read to the last page: the newest notes are the whole chain.
  if (newest.nextBefore === null) return { notes: newest.notes, hasMore: false, gap: false };
  const oldest = newest.nextBefore;
  if (!pages) return { notes: newest.notes, hasMore: false, gap: false };
  return {
    notes: [...newest.notes, ...pages.filter((note) => note.id < oldest)],
    hasMore: more,
    // Nothing loaded reaches the oldest of the newest notes: some may lie between them.
    gap: !pages.some((note) => note.id >= oldest),
  };
}

/** The list's length when the server last said the chain's count, with that count. */
export interface ListAtCount {
  count: number;
  length: number;
}

/**
 * Whether the count fell by more than the list did between two reads: a note was taken back
 * (an unlike) below the newest notes read again, which speak only for ids from their oldest
 * up, and the loaded pages still hold it. Neither the count's event nor its number says which
 * note went: only reading the loaded pages again finds it.
 */
export function missesTakenBackNote(before: ListAtCount, after: ListAtCount): boolean {
  const fell = before.count - after.count;
  return fell > 0 && before.length - after.length < fell;
}
