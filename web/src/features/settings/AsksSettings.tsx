// Whether each of the user's blogs takes questions (issue 11: asks and anonymous_asks are blog
// fields the owner sets, through the blog header save of spec 000 §7). Each switch moves at
// once and saves, showing what the server kept, or moving back if the save failed; anonymous
// questions need questions on.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { saveBlogHeader } from '../../api/postEndpoints';
import { loadError } from '../../api/queryClient';

interface Asks {
  asks: boolean;
  anonymous: boolean;
}

function BlogAsks({ name }: { name: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['blogAsks', name];
  const load = useQuery({
    queryKey,
    queryFn: async (): Promise<Asks> => {
      const blog = await endpoints.fetchBlogData(api, name);
      return { asks: blog.asks, anonymous: blog.anonymousAsks };
    },
  });
  // Once the owner moves a switch, it shows what she chose at once (a switch follows the
  // click in the same render, which the cache would answer a moment later), then what the
  // server kept, or what it was if the save failed.
  const [chosen, setChosen] = useState<Asks | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const asks = chosen ?? load.data;
  const error = saveError ?? loadError(load);

  const save = (fields: { asks?: boolean; anonymous_asks?: boolean }) => {
    if (!asks) return;
    const turnedOn = fields.asks ?? asks.asks;
    setChosen({ asks: turnedOn, anonymous: (fields.anonymous_asks ?? asks.anonymous) && turnedOn });
    setSaving(true);
    setSaveError(null);
    saveBlogHeader(api, name, fields)
      .then((blog) => {
        const kept = { asks: blog.asks, anonymous: blog.anonymousAsks };
        setChosen(kept);
        queryClient.setQueryData<Asks>(queryKey, kept);
      })
      .catch((err: unknown) => {
        setChosen(asks);
        setSaveError(errorDetails(err).join(' '));
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
