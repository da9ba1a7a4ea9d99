// /follow/{name}: the follow target. A logged-in user follows the blog and lands on it; a
// visitor logs in (or signs up) first and then comes back here to do the same.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Redirect } from 'wouter';
import { useApi } from '../../api/ApiProvider';
import { errorDetails } from '../../api/client';
import * as endpoints from '../../api/endpoints';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useBlogsDispatch } from '../blogs';
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
  const dispatch = useBlogsDispatch();
  const { setFriendCount } = useSession();
  const follow = useMutation({
    mutationFn: () => endpoints.followBlog(api, name, true),
    onSuccess: (result) => {
      dispatch({ type: 'received', blogs: [result.blog] });
      setFriendCount(result.friendCount);
    },
  });
  const { mutate } = follow;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    mutate();
  }, [mutate]);

  if (follow.isSuccess) return <Redirect to={`/blog/${encodeURIComponent(name)}`} replace />;
  if (follow.isError) {
    return (
      <div className="page page--narrow">
        <LoadError message={`Could not follow ${name}: ${errorDetails(follow.error).join(' ')}`} onRetry={() => mutate()} />
      </div>
    );
  }
  return <PageLoader label={`Following ${name}`} />;
}
