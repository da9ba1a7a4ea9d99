// /follow/{name}: the follow target. A logged-in user follows the blog and lands on it; a
// visitor logs in (or signs up) first and then comes back here to do the same.
import { useEffect, useRef, useState } from 'react';
import { Redirect } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useBlogStore } from '../blogs';
import { LoginPage } from '../login';
import { useSession } from '../session';

export function FollowPage({ name }: { name: string }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  if (!session.user) {
    // onLoggedIn does nothing: the session changing re-renders this page as a logged-in user.
    return <LoginPage note={`Log in or sign up to follow ${name}.`} onLoggedIn={() => undefined} />;
  }
  return <FollowThenGo name={name} />;
}

function FollowThenGo({ name }: { name: string }) {
  const api = useApi();
  const { dispatch } = useBlogStore();
  const { setFriendCount } = useSession();
  const [state, setState] = useState<'following' | 'done' | 'failed'>('following');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return; // StrictMode runs effects twice in development
    started.current = attempt;
    setState('following');
    endpoints
      .followBlog(api, name, true)
      .then((result) => {
        dispatch({ type: 'received', blogs: [result.blog] });
        setFriendCount(result.friendCount);
        setState('done');
      })
      .catch((err: unknown) => {
        setError(errorDetails(err).join(' '));
        setState('failed');
      });
  }, [api, name, attempt, dispatch, setFriendCount]);

  if (state === 'done') return <Redirect to={`/blog/${encodeURIComponent(name)}`} replace />;
  if (state === 'failed') {
    return (
      <div className="page page--narrow">
        <LoadError message={`Could not follow ${name}: ${error}`} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    );
  }
  return <PageLoader label={`Following ${name}`} />;
}
