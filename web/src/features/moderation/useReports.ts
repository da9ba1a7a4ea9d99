// The moderators' queue through the query cache: one list per state, read a page at a time;
// resolving refetches both, every page shown (the server closes every open report of the same
// thing with the one resolved), and a toggle's answer is written into every report of that
// blog, open or resolved, on whichever page.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/ApiProvider';
import {
  fetchReports,
  resolveReport,
  type BlogFlags,
  type ReportQueue,
  type ReportState,
  type ReportView,
  type Resolution,
} from '../../api/adminEndpoints';

const REPORTS = 'reports';
const reportsKey = (state: ReportState) => [REPORTS, state];

/**
 * The pages of the reports in `state`, as GET /svc/admin/reports orders them: the first, then
 * each further one on demand. Its cursors are keys, not offsets: a refetch (after a resolve)
 * follows the new pages' cursors, so no report is shown twice or skipped.
 */
export function useReports(state: ReportState) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: reportsKey(state),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam: cursor }) => fetchReports(api, state, cursor),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The reports of all the pages in, in order. */
export function reportsOf(pages: InfiniteData<ReportQueue>): ReportView[] {
  return pages.pages.flatMap((page) => page.reports);
}

/** Resolves a report, then waits for both lists, every page shown, to be fetched again. */
export function useResolveReport(): (reportId: number, resolution: Resolution) => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (reportId, resolution) => {
      await resolveReport(api, reportId, resolution);
      await queryClient.invalidateQueries({ queryKey: [REPORTS] });
    },
    [api, queryClient],
  );
}

/** Writes a blog's flags, as a toggle answered them, into every report of that blog. */
export function useSetReportedBlogFlags(): (blog: string, flags: BlogFlags) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (blog, flags) =>
      queryClient.setQueriesData<InfiniteData<ReportQueue>>({ queryKey: [REPORTS] }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            reports: page.reports.map((r) =>
              r.blog.name === blog
                ? { ...r, blog: { ...r.blog, is_spam: flags.isSpam, is_nsfw: flags.isNsfw, is_suspended: flags.isSuspended } }
                : r,
            ),
          })),
        },
      ),
    [queryClient],
  );
}

/** A reported blog's flags as the toggles take them. */
export function reportedBlogFlags(report: ReportView): BlogFlags {
  return { isSpam: report.blog.is_spam, isNsfw: report.blog.is_nsfw, isSuspended: report.blog.is_suspended };
}
