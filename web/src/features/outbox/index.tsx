// The administrators' mail outbox (/admin/outbox; docs/api.md "Sharing and embeds"): the
// newest mails the server sent or keeps, each with whether it went, how often it was tried
// and why it failed last; its body opens below it. Without an SMTP server every mail waits
// here, and the page says so.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { loadError } from '../../api/queryClient';
import { fetchOutbox, type OutboxMail } from '../../api/shareEndpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatPostDate, isoDate } from '../posts/postDate';
import { useSession } from '../session';

export const ADMINS_ONLY = 'Only administrators can see this.';
export const NO_SMTP = 'No SMTP server is configured: mail waits here.';

export function OutboxPage() {
  const { user } = useSession();
  return (
    <div className="page page--narrow outbox">
      <h1 className="page__title">Mail outbox</h1>
      {user?.isAdmin ? <OutboxMails /> : <p className="card empty-state">{ADMINS_ONLY}</p>}
    </div>
  );
}

function OutboxMails() {
  const api = useApi();
  const load = useQuery({ queryKey: ['outbox'], queryFn: () => fetchOutbox(api) });
  const error = loadError(load);
  if (error) return <LoadError message={error} onRetry={() => void load.refetch()} />;
  if (!load.data) return <PageLoader label="Loading the outbox" />;
  const { smtp, mails } = load.data;
  return (
    <>
      {!smtp && (
        <p className="outbox__note" role="note">
          {NO_SMTP}
        </p>
      )}
      {mails.length === 0 ? (
        <p className="card empty-state">No mail yet.</p>
      ) : (
        <ul className="outbox__mails" aria-label="Mails">
          {mails.map((mail) => (
            <OutboxMailItem key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </>
  );
}

function OutboxMailItem({ mail }: { mail: OutboxMail }) {
  return (
    <li className="card outbox__mail" data-mail-id={mail.id}>
      <dl className="field-list">
        <dt>To</dt>
        <dd>{mail.to_address}</dd>
        <dt>Subject</dt>
        <dd>{mail.subject}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={isoDate(mail.created_at)}>{formatPostDate(mail.created_at)}</time>
        </dd>
        <dt>Status</dt>
        <dd className={mail.sent_at === null ? 'outbox__status is-waiting' : 'outbox__status'}>{deliveryStatus(mail)}</dd>
      </dl>
      <details className="outbox__body">
        <summary>Body</summary>
        <pre>{mail.body}</pre>
      </details>
    </li>
  );
}

/** 'Sent Nov 26, 2026, 9:00 AM', or 'Not sent (3 attempts; last error: …)'. */
export function deliveryStatus(mail: Pick<OutboxMail, 'sent_at' | 'attempts' | 'last_error'>): string {
  if (mail.sent_at !== null) return `Sent ${formatPostDate(mail.sent_at)}`;
  const tries = `${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'}`;
  return mail.last_error ? `Not sent (${tries}; last error: ${mail.last_error})` : `Not sent (${tries})`;
}
