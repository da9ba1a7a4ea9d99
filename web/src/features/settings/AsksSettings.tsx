// Whether each of the user's blogs takes questions (issue 11: asks and anonymous_asks are blog
// fields the owner sets, through the blog header save of spec 000 §7). Each switch moves at
// once and saves, showing what the server kept, or moving back if the save failed; anonymous
// questions need questions on.
import { useEffect, useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { saveBlogHeader } from '../../api/postEndpoints';

function BlogAsks({ name }: { name: string }) {
  const api = useApi();
  const [asks, setAsks] = useState<{ asks: boolean; anonymous: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let cancelled = false;
    endpoints
      .fetchBlogData(api, name)
      .then((blog) => {
        if (!cancelled) setAsks({ asks: blog.asks, anonymous: blog.anonymousAsks });
      })
      .catch((err: unknown) => !cancelled && setError(errorDetails(err).join(' ')));
    return () => {
      cancelled = true;
    };
  }, [api, name]);

  const save = (fields: { asks?: boolean; anonymous_asks?: boolean }) => {
    const before = asks;
    // The switch moves at once; the server's answer confirms it, a failure puts it back.
    setAsks((shown) =>
      shown && {
        asks: fields.asks ?? shown.asks,
        anonymous: (fields.anonymous_asks ?? shown.anonymous) && (fields.asks ?? shown.asks),
      },
    );
    setSaving(true);
    setError(null);
    saveBlogHeader(api, name, fields)
      .then((saved) => setAsks({ asks: saved.asks, anonymous: saved.anonymousAsks }))
      .catch((err: unknown) => {
        setAsks(before);
        setError(errorDetails(err).join(' '));
      })
      .finally(() => setSaving(false));
  };

  return (
    <li className="asks-settings__blog">
      <strong>{name}</strong>
      {asks && (
        <>
          <label>
            <input type="checkbox" checked={asks.asks} disabled={saving} onChange={(e) => save({ asks: e.target.checked })} />{' '}
            Let people ask {name} questions
          </label>
          <label>
            <input
              type="checkbox"
              checked={asks.anonymous}
              disabled={saving || !asks.asks}
              onChange={(e) => save({ anonymous_asks: e.target.checked })}
            />{' '}
            Allow anonymous questions
          </label>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function AsksSettings({ blogs }: { blogs: string[] }) {
  return (
    <ul className="asks-settings" aria-label="Questions">
      {blogs.map((name) => (
        <BlogAsks key={name} name={name} />
      ))}
    </ul>
  );
}
