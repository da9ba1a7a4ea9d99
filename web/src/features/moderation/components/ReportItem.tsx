// One report in the moderators' queue: what was flagged and why, the reporter's note (shown as
// text, never as markup), who flagged it and when, the blog and the post; for an open report
// Dismiss and Done, and always the blog's moderation toggles, so that acting on a report needs
// no other page.
import { Link } from 'wouter';
import type { ReportView, Resolution } from '../../../api/adminEndpoints';
import { FormErrors } from '../../../components/FormErrors';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { reasonLabel } from '../../flagging';
import { formatPostDate, isoDate } from '../../posts/postDate';
import { reportedBlogFlags, useResolveReport, useSetReportedBlogFlags } from '../useReports';
import { BlogModerationToggles } from './BlogModerationToggles';

/** The resolve buttons' words. */
const RESOLUTION_LABELS: Record<Resolution, string> = {
  dismissed: 'Dismiss',
  actioned: 'Done (acted on it)',
};

/** What a resolved report says of its resolution. */
const RESOLVED_AS: Record<string, string> = { dismissed: 'Dismissed', actioned: 'Done (acted on it)' };

/** What was flagged, in words: 'Post', 'Blog', 'Conversation'. */
function kindLabel(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

const blogPath = (name: string) => `/blog/${encodeURIComponent(name)}`;

export function ReportItem({ report, onResolved }: { report: ReportView; onResolved(what: string): void }) {
  const resolve = useResolveReport();
  const setBlogFlags = useSetReportedBlogFlags();
  const action = useAsyncAction();
  const headingId = `report-${report.id}`;
  const isOpen = report.resolved_at === null;
  const choose = (resolution: Resolution) =>
    action.run(async () => {
      await resolve(report.id, resolution);
      onResolved(`${RESOLVED_AS[resolution]}: the ${report.kind} report of ${report.blog.name}.`);
    });

  return (
    <li className="card report" data-report-id={report.id} aria-labelledby={headingId}>
      <h2 id={headingId} className="report__title">
        {kindLabel(report.kind)}: {reasonLabel(report.reason)}
      </h2>
      <dl className="field-list">
        {report.note && (
          <>
            <dt>Note</dt>
            <dd className="report__note">{report.note}</dd>
          </>
        )}
        <dt>Flagged by</dt>
        <dd>
          <Link to={blogPath(report.reporter)}>{report.reporter}</Link>
        </dd>
        <dt>When</dt>
        <dd>
          <time dateTime={isoDate(report.created_at)}>{formatPostDate(report.created_at)}</time>
        </dd>
        <dt>Blog</dt>
        <dd className="report__blog">
          <Link to={blogPath(report.blog.name)}>{report.blog.name}</Link>
          <Link to={`${blogPath(report.blog.name)}/archive`} aria-label={`${report.blog.name}'s archive`}>
            Archive
          </Link>
        </dd>
        {report.post && (
          <>
            <dt>Post</dt>
            <dd>
              {report.post.deleted ? (
                // Gone since it was flagged: what it said then, and nowhere to go.
                <>
                  <span>{report.post.summary || `Post ${report.post.id}`}</span> (deleted since)
                </>
              ) : (
                // In a new tab: the queue, and where the moderator is in it, stays.
                <a href={report.post.post_url} target="_blank" rel="noopener noreferrer">
                  {report.post.summary || `Post ${report.post.id}`}
                </a>
              )}
            </dd>
          </>
        )}
        {report.conversation_id !== null && (
          <>
            <dt>Conversation</dt>
            <dd>#{report.conversation_id}</dd>
          </>
        )}
        {report.resolved_at !== null && (
          <>
            <dt>Resolved</dt>
            <dd>
              {RESOLVED_AS[report.resolution ?? ''] ?? report.resolution},{' '}
              <time dateTime={isoDate(report.resolved_at)}>{formatPostDate(report.resolved_at)}</time>
            </dd>
          </>
        )}
      </dl>
      {isOpen && (
        <div className="report__actions">
          {(['dismissed', 'actioned'] as const).map((resolution) => (
            <button
              key={resolution}
              type="button"
              className={resolution === 'actioned' ? 'button button--primary' : 'button button--quiet'}
              disabled={action.pending}
              onClick={() => void choose(resolution)}
            >
              {RESOLUTION_LABELS[resolution]}
            </button>
          ))}
        </div>
      )}
      <FormErrors errors={action.errors} />
      <BlogModerationToggles
        blog={report.blog.name}
        flags={reportedBlogFlags(report)}
        onChange={(flags) => setBlogFlags(report.blog.name, flags)}
      />
    </li>
  );
}
