// A new app's token, shown once: the server keeps only its hash, so once this goes (the page
// left, another app made) nobody can read it again.
import type { NewApp } from '../../api/appEndpoints';
import { CopyButton } from '../../components/CopyButton';

export function NewAppToken({ made }: { made: NewApp }) {
  return (
    <div className="apps-settings__token">
      <label className="field__label" htmlFor="new-app-token">
        Token for {made.app.name}
      </label>
      <div className="apps-settings__token-row">
        <input
          id="new-app-token"
          className="field__input"
          readOnly
          value={made.token}
          // Selected whole on focus: what someone copying it by hand wants.
          onFocus={(e) => e.target.select()}
        />
        <CopyButton text={made.token} />
      </div>
      <p>
        <strong>Copy this token now: it will not be shown again.</strong>
      </p>
      <p className="muted">
        To post, send the header <code>Authorization: Bearer &lt;token&gt;</code> with{' '}
        <code>POST /svc/post/update</code>.
      </p>
    </div>
  );
}
