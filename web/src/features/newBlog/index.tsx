// Create a blog: a name and an optional title (POST /new/blog).
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import { Field } from '../../components/Field';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { useSession } from '../session';

export function NewBlogPage() {
  const api = useApi();
  const { applyUserInfo } = useSession();
  const [, navigate] = useLocation();
  const action = useAsyncAction();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const created = await endpoints.createBlog(api, { blogName: name.trim(), title: title.trim() });
      applyUserInfo(created.userInfo);
      navigate(`/blog/${encodeURIComponent(created.blogName)}`);
    });
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Create a new blog</h1>
      <form className="form card" onSubmit={submit} aria-label="Create a new blog" noValidate>
        <Field
          label="Blog name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="1-32 characters: a-z, 0-9 and '-'."
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field label="Title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" className="button button--primary" disabled={action.pending}>
          {action.pending ? 'Creating…' : 'Create blog'}
        </button>
        <FormErrors errors={action.errors} />
      </form>
    </div>
  );
}
