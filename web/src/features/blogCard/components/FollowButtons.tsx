import type { Blog } from '../../../api/models';
import { useFollow } from '../../blogs';

/** Follow / Unfollow for one blog; nothing for the user's own blogs. */
export function FollowButtons({ blog }: { blog: Blog }) {
  const control = useFollow(blog);
  if (blog.isMine) return null;
  return (
    <div className="follow-buttons">
      {control.following ? (
        <button
          type="button"
          className="button button--quiet"
          disabled={control.pending}
          onClick={() => void control.unfollow()}
        >
          Unfollow
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={control.pending}
          onClick={() => void control.follow()}
        >
          Follow
        </button>
      )}
      {control.error && (
        <p className="form-error" role="alert">
          {control.error}
        </p>
      )}
    </div>
  );
}
