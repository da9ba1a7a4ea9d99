import { describe, expect, it } from 'vitest';
import type { Note, NotesPage } from '../../api/postEndpoints';
import { missesTakenBackNote, newestNoteId, noteList } from './noteList';

const note = (id: number): Note => ({
  id,
  type: 'like',
  blogName: `fan${id}`,
  blogUrl: '',
  avatarUrl: '',
  timestamp: 0,
  replyText: null,
  reblogUrl: null,
  reblogComment: '',
  reblogTags: [],
});
/** A page of the notes `ids` (newest first); `next` is its next_before_id. */
const page = (ids: number[], next: number | null = null): NotesPage => ({ noteCount: ids.length, notes: ids.map(note), nextBefore: next });
const ids = (notes: Note[] | null) => notes?.map((n) => n.id) ?? null;

describe('noteList', () => {
  it('lists the loaded pages alone until something newer is read, each note once', () => {
    const list = noteList([page([9, 8, 7], 7), page([7, 6], 6)], true, undefined);
    expect(ids(list.notes)).toEqual([9, 8, 7, 6]);
    expect([list.hasMore, list.gap]).toEqual([true, false]);
    expect(noteList(undefined, false, undefined).notes).toBeNull();
  });

  it('puts the newest notes in front of the loaded pages, dropping the loaded ones they no longer hold', () => {
    // 11 and 12 are new; 9 was taken back.
    const list = noteList([page([9, 8, 7], 7), page([6, 5], 5)], true, page([12, 11, 8], 8));
    expect(ids(list.notes)).toEqual([12, 11, 8, 7, 6, 5]);
    expect([list.hasMore, list.gap]).toEqual([true, false]);
  });

  it('takes newest notes read to the last page as the whole chain', () => {
    const list = noteList([page([9, 8], 8)], true, page([10, 8]));
    expect(ids(list.notes)).toEqual([10, 8]);
    expect(list.hasMore).toBe(false);
  });

  it('says when the newest notes do not reach the loaded pages', () => {
    expect(noteList([page([5, 4])], false, page([20, 19], 19)).gap).toBe(true);
    expect(noteList([page([])], false, page([20, 19], 19)).gap).toBe(true);
    expect(noteList([page([19, 4])], false, page([20, 19], 19)).gap).toBe(false);
  });
});

describe('newestNoteId', () => {
  it('is the highest id of the loaded notes, or null without any', () => {
    expect(newestNoteId([page([9, 8], 8), page([7])])).toBe(9);
    expect(newestNoteId([page([])])).toBeNull();
    expect(newestNoteId(undefined)).toBeNull();
  });
});

describe('missesTakenBackNote', () => {
  it('is true only when the count fell by more than the list did', () => {
    expect(missesTakenBackNote({ count: 120, length: 100 }, { count: 119, length: 100 })).toBe(true);
    expect(missesTakenBackNote({ count: 120, length: 100 }, { count: 119, length: 99 })).toBe(false);
    // A like and an unlike of an older note at once: the count holds, nothing to tell.
    expect(missesTakenBackNote({ count: 120, length: 100 }, { count: 121, length: 101 })).toBe(false);
    expect(missesTakenBackNote({ count: 120, length: 100 }, { count: 118, length: 99 })).toBe(true);
  });
});
