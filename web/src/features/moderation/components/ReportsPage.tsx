// The moderators' queue (/admin/reports; docs/api.md /svc/admin/reports): the open reports,
// oldest first, each to dismiss or mark done; a tab shows the resolved ones, latest first.
// Either list comes a page at a time: Show more adds the next page under it.
import { useState } from 'react';
import type { ReportState } from '../../../api/adminEndpoints';
import { loadError } from '../../../api/queryClient';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useInfinitePageControls } from '../../../lib/useInfinitePageControls';
import { ADMINS_ONLY } from '../../outbox';
import { useSession } from '../../session';
import { reportsOf, useReports } from '../useReports';
import { ReportItem } from './ReportItem';

export const NOTHING_TO_REVIEW = 'Nothing to review.';
export const NOTHING_RESOLVED = 'No report has been resolved yet.';

const TABS: { state: ReportState; label: string }[] = [
  { state: 'open', label: 'Open' },
  { state: 'resolved', label: 'Resolved' },
];

export function ReportsPage() {
  const { user } = useSession();
  return (
    <div className="page page--narrow reports">
      <h1 className="page__title">Reports</h1>
      {user?.isAdmin ? <ReportQueue /> : <p className="card empty-state">{ADMINS_ONLY}</p>}
    </div>
  );
}

function ReportQueue() {
  const [state, setState] = useState<ReportState>('open');
  // What the last resolve did: the report leaves the list, and this says where it went.
  const [status, setStatus] = useState('');
  return (
    <>
      <div className="reports__tabs" role="tablist" aria-label="Reports">
        {TABS.map((tab) => (
          <button
            key={tab.state}
            type="button"
            role="tab"
            id={`reports-tab-${tab.state}`}
            aria-selected={state === tab.state}
            aria-controls="reports-panel"
            className="reports__tab"
            onClick={() => setState(tab.state)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <p className="reports__status" role="status">
        {status}
      </p>
      <div id="reports-panel" role="tabpanel" aria-labelledby={`reports-tab-${state}`}>
        <ReportList state={state} onResolved={setStatus} />
      </div>
    </>
  );
}

function ReportList({ state, onResolved }: { state: ReportState; onResolved(what: string): void }) {
  const pages = useReports(state);
  const { moreFailed, loadMore, retry } = useInfinitePageControls(pages);
  const error = loadError(pages);
  // A further page that failed leaves the pages before it on show, its error under them.
  if (error && !moreFailed) return <LoadError message={error} onRetry={retry} />;
  if (!pages.data) return <PageLoader label="Loading the reports" />;
  const reports = reportsOf(pages.data);
  if (reports.length === 0 && !pages.hasNextPage) {
    return <p className="card empty-state">{state === 'open' ? NOTHING_TO_REVIEW : NOTHING_RESOLVED}</p>;
  }
  return (
    <>
      <ul className="reports__list" aria-label={state === 'open' ? 'Open reports' : 'Resolved reports'}>
        {reports.map((report) => (
          <ReportItem key={report.id} report={report} onResolved={onResolved} />
        ))}
      </ul>
      {error ? (
        <LoadError message={error} onRetry={retry} />
      ) : (
        pages.hasNextPage && (
          // Also waits out a refetch (after a resolve): the next page follows the pages it brings.
          <button
            type="button"
            className="button button--quiet reports__more"
            disabled={pages.isFetching}
            onClick={loadMore}
          >
            {pages.isFetching ? 'Loading…' : 'Show more'}
          </button>
        )
      )}
    </>
  );
}
