// The moderators' queue through the query cache: one list per state, resolving refetches both
// (the server closes every open report of the same thing with the one resolved), and a
// toggle's answer is written into every report of that blog, open or resolved.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/ApiProvider';
import {
  fetchReports,
  resolveReport,
  type BlogFlags,
  type ReportState,
  type ReportView,
  type Resolution,
} from '../../api/adminEndpoints';

const REPORTS = 'reports';
const reportsKey = (state: ReportState) => [REPORTS, state];

/** The reports in `state`, as GET /svc/admin/reports orders them. */
export function useReports(state: ReportState) {
  const api = useApi();
  return useQuery({ queryKey: reportsKey(state), queryFn: () => fetchReports(api, state) });
}

/** Resolves a report, then waits for both lists to be fetched again. */
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
      queryClient.setQueriesData<ReportView[]>({ queryKey: [REPORTS] }, (reports) =>
        reports?.map((r) =>
          r.blog.name === blog
            ? { ...r, blog: { ...r.blog, is_spam: flags.isSpam, is_nsfw: flags.isNsfw, is_suspended: flags.isSuspended } }
            : r,
        ),
      ),
    [queryClient],
  );
}

/** A reported blog's flags as the toggles take them. */
export function reportedBlogFlags(report: ReportView): BlogFlags {
  return { isSpam: report.blog.is_spam, isNsfw: report.blog.is_nsfw, isSuspended: report.blog.is_suspended };
}
