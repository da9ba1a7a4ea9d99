// Log in and sign up on one page (spec 002 §2 "Login page": identified by /login).
import { useState, type FormEvent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import { Field } from '../../components/Field';
import { FormErrors } from '../../components/FormErrors';
import { useAsyncAction } from '../../lib/useAsyncAction';
import { safeRedirect } from '../routing/safeRedirect';
import { useSession } from '../session';

type Mode = 'login' | 'register';

export function LoginPage({
  note,
  onLoggedIn,
}: {
  /** Shown above the forms, e.g. why a visitor was asked to log in. */
  note?: string;
  /** Replaces the default "go to redirect_to or /dashboard" after success. */
  onLoggedIn?(): void;
}) {
  const session = useSession();
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  // The mode lives in the URL (?mode=register), so the header's Sign up link switches it too.
  const mode: Mode = search.get('mode') === 'register' ? 'register' : 'login';
  const setMode = (next: Mode) => {
    const params = new URLSearchParams(search);
    if (next === 'register') params.set('mode', 'register');
    else params.delete('mode');
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  const redirectTo = safeRedirect(search.get('redirect_to'));

  const done = () => {
    if (onLoggedIn) onLoggedIn();
    else navigate(redirectTo, { replace: true });
  };

  // A logged-in user has nothing to do here (unless the caller handles the success itself).
  if (session.user && !onLoggedIn) return <Redirect to={redirectTo} replace />;

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{mode === 'login' ? 'Welcome back' : 'Join dashwire'}</h1>
        {note && <p className="auth-card__note">{note}</p>}
        <div className="auth-card__tabs" role="tablist" aria-label="Log in or sign up">
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'login'}
            className="auth-card__tab"
            onClick={() => setMode('login')}
          >
            Log in
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'register'}
            className="auth-card__tab"
            onClick={() => setMode('register')}
          >
            Sign up
          </button>
        </div>
        {mode === 'login' ? <LoginForm onDone={done} /> : <RegisterForm onDone={done} />}
      </div>
    </div>
  );
}

function LoginForm({ onDone }: { onDone(): void }) {
  const api = useApi();
  const { applyUserInfo } = useSession();
  const action = useAsyncAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      applyUserInfo(await endpoints.login(api, email.trim(), password));
      onDone();
    });
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Log in" noValidate>
      <Field label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="button button--primary button--wide" disabled={action.pending}>
        {action.pending ? 'Logging in…' : 'Log in'}
      </button>
      <FormErrors errors={action.errors} />
    </form>
  );
}

function RegisterForm({ onDone }: { onDone(): void }) {
  const api = useApi();
  const { applyUserInfo } = useSession();
  const action = useAsyncAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [blogName, setBlogName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      applyUserInfo(
        await endpoints.register(api, { email: email.trim(), password, blogName: blogName.trim() }),
      );
      onDone();
    });
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Sign up" noValidate>
      <Field label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Blog name"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="1-32 characters: a-z, 0-9 and '-'. This is your first blog."
        required
        value={blogName}
        onChange={(e) => setBlogName(e.target.value)}
      />
      <button type="submit" className="button button--primary button--wide" disabled={action.pending}>
        {action.pending ? 'Signing up…' : 'Sign up'}
      </button>
      <FormErrors errors={action.errors} />
    </form>
  );
}
