// Settings → Apps (docs/api.md "Apps: posting from a program"): the tokens that let a program
// of the user's (a script, a bot, a feed importer) post as them. The form that makes one, the
// new token once, and the list of apps, each with when it was made and last used and a Revoke
// behind a confirmation.
import { useState } from 'react';
import type { AppView, NewApp } from '../../api/appEndpoints';
import { FormErrors } from '../../components/FormErrors';
import { LoadError } from '../../components/LoadError';
import { ThreeBarLoader } from '../../components/ThreeBarLoader';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { useDialogs } from '../dialogs';
import { formatPostDate, isoDate } from '../posts/postDate';
import { NewAppForm } from './NewAppForm';
import { NewAppToken } from './NewAppToken';
import { useApps, type Apps } from './useApps';

/** The revoke confirmation: what revoking does, before it is done. */
export function revokeConfirmation(name: string): string {
  return `Revoke ${name}? A program using its token will stop working at once. Its posts keep saying 'Posted with ${name}'.`;
}

export function AppsSettings() {
  const apps = useApps();
  const [made, setMade] = useState<NewApp | null>(null);
  const create = async (name: string) => setMade(await apps.create(name));
  // A token whose app was revoked since is no use to copy.
  const shownToken = made && apps.apps?.some((a) => a.id === made.app.id) ? made : null;
  return (
    <div className="apps-settings">
      <NewAppForm create={create} />
      {shownToken && <NewAppToken made={shownToken} />}
      <AppList apps={apps} />
    </div>
  );
}

function AppList({ apps }: { apps: Apps }) {
  if (apps.error !== null) return <LoadError message={apps.error} onRetry={apps.retry} />;
  if (!apps.apps) return <ThreeBarLoader label="Loading your apps" />;
  if (apps.apps.length === 0) return <p className="muted">No apps yet.</p>;
  return (
    <ul className="apps-settings__list" aria-label="Apps">
      {apps.apps.map((app) => (
        <AppRow key={app.id} app={app} revoke={apps.revoke} />
      ))}
    </ul>
  );
}

function AppRow({ app, revoke }: { app: AppView; revoke: Apps['revoke'] }) {
  const { confirm } = useDialogs();
  const action = useAsyncAction();
  const ask = async () => {
    if (!(await confirm(revokeConfirmation(app.name), { ok: 'Revoke' }))) return;
    await action.run(() => revoke(app.id));
  };
  return (
    <li className="apps-settings__app" aria-label={app.name}>
      <div className="apps-settings__names">
        <strong>{app.name}</strong>
        <span className="muted">
          Made on <time dateTime={isoDate(app.created_at)}>{formatPostDate(app.created_at)}</time> ·{' '}
          {app.last_used_at === null ? (
            'Never used'
          ) : (
            <>
              Last used <time dateTime={isoDate(app.last_used_at)}>{formatPostDate(app.last_used_at)}</time>
            </>
          )}
        </span>
      </div>
      <button type="button" className="button button--quiet" disabled={action.pending} onClick={() => void ask()}>
        Revoke
      </button>
      <FormErrors errors={action.errors} />
    </li>
  );
}
