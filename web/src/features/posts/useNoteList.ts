// The notes panel's list (spec 002 §1, §3): the pages the reader loaded stay when the live
// count moves, and what came since shows on top of them, so a reader who paged down keeps
// their place.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchNotes, type Note, type NotesPage } from '../../api/postEndpoints';
import { loadError } from '../../api/queryClient';
import { fetchNotesSince, missesTakenBackNote, newestNoteId, noteList, type ListAtCount } from './noteList';

export interface NoteListControls {
  /** Newest first; null while the first page loads. */
  notes: Note[] | null;
  /** What a failed load says (the list, or what came since), ready to show. */
  error: string | null;
  hasMore: boolean;
  loadMore(): void;
  /** Reads what came since again (a reply the count's own event did not bring). */
  refreshNewest(): void;
}

export function useNoteList(postId: number, noteCount: number): NoteListControls {
  const api = useApi();
  const queryClient = useQueryClient();
  const pagesKey = useMemo(() => ['notes', postId], [postId]);
  const pages = useInfiniteQuery({
    queryKey: pagesKey,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam: before }) => fetchNotes(api, postId, before),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

  // Once the count moves from what it was when the panel opened, what came since is read at
  // each count: one cache entry per count, so an answer for an earlier count never stands
  // for a later one, and the last one read stays shown until the next arrives.
  const [openedAt] = useState(noteCount);
  const [moved, setMoved] = useState(false);
  if (!moved && noteCount !== openedAt) setMoved(true);
  const newest = useQuery({
    queryKey: ['notes', postId, 'newest', noteCount],
    queryFn: () =>
      fetchNotesSince(api, postId, newestNoteId(queryClient.getQueryData<InfiniteData<NotesPage>>(pagesKey)?.pages)),
    enabled: moved,
    placeholderData: keepPreviousData,
  });

  const list = useMemo(
    () => noteList(pages.data?.pages, pages.hasNextPage, newest.data),
    [pages.data, pages.hasNextPage, newest.data],
  );
  // More came at once than the catch-up reads: the list starts again from the top.
  useEffect(() => {
    if (list.gap) void queryClient.resetQueries({ queryKey: pagesKey });
  }, [list.gap, queryClient, pagesKey]);

  const { fetchNextPage, refetch: refetchPages } = pages;

  // An unlike below the newest notes read again leaves its note listed: the count falls and
  // the list does not. The list's length is kept with the count of each read (the pages',
  // when they are read, loaded further or again; the newest notes', when they come), and a
  // newest read that leaves the list longer than its count allows reads the loaded pages
  // again (the list keeps its place: the same pages, as they now are).
  const lastRead = useRef<ListAtCount | null>(null);
  const shownLength = list.notes?.length;
  const pagesCount = pages.data?.pages.at(-1)?.noteCount;
  // Only when the pages were read (an effect event: the list's length then, not a dependency);
  // a newest read is weighed against this below.
  const pagesRead = useEffectEvent(() => {
    if (pagesCount !== undefined && shownLength !== undefined) lastRead.current = { count: pagesCount, length: shownLength };
  });
  useEffect(() => pagesRead(), [pages.data]);
  const newestRead = newest.isPlaceholderData ? undefined : newest.data;
  // Once per newest read: its list is the one shown with it.
  const readNewest = useEffectEvent((read: NonNullable<typeof newestRead>) => {
    if (shownLength === undefined) return;
    const before = lastRead.current;
    const now = { count: read.noteCount, length: shownLength };
    lastRead.current = now;
    if (before && missesTakenBackNote(before, now)) void refetchPages();
  });
  useEffect(() => {
    if (newestRead) readNewest(newestRead);
  }, [newestRead]);
  const { refetch: refetchNewest } = newest;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const refreshNewest = useCallback(() => void (moved ? refetchNewest() : refetchPages()), [moved, refetchNewest, refetchPages]);

  return {
    notes: list.notes,
    error: loadError(pages) ?? loadError(newest),
    hasMore: list.hasMore,
    loadMore,
    refreshNewest,
  };
}
