// Create a blog: a name and an optional title (POST /new/blog), or a group blog that others
// can write on too, with the blog of the user's they are known by in it (POST /svc/group/create).
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import { createGroup } from '../../api/groupEndpoints';
import { Field } from '../../components/Field';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { useSession, useUser } from '../session';

export function NewBlogPage() {
  const api = useApi();
  const user = useUser();
  const { applyUserInfo } = useSession();
  const [, navigate] = useLocation();
  const action = useAsyncAction();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [group, setGroup] = useState(false);
  // Who the user is in the group: their current blog unless they choose another.
  const [as, setAs] = useState(user.currentBlog);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const fields = { blogName: name.trim(), title: title.trim() };
      const created = group ? await createGroup(api, { ...fields, as }) : await endpoints.createBlog(api, fields);
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
        <label className="new-blog__group">
          <input type="checkbox" checked={group} onChange={(e) => setGroup(e.target.checked)} />
          <span>Group blog (others can write on it)</span>
        </label>
        {group && (
          <div className="field">
            <label className="field__label" htmlFor="new-blog-as">
              Post in it as
            </label>
            <select id="new-blog-as" className="field__input" value={as} aria-describedby="new-blog-as-hint" onChange={(e) => setAs(e.target.value)}>
              {user.blogs.map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name}
                </option>
              ))}
            </select>
            <p className="field__hint" id="new-blog-as-hint">
              You are its admin; its posts of yours say they were posted by this blog. You invite the others from its
              Members page.
            </p>
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={action.pending}>
          {action.pending ? 'Creating…' : group ? 'Create group blog' : 'Create blog'}
        </button>
        <FormErrors errors={action.errors} />
      </form>
    </div>
  );
}
