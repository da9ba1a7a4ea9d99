// The posts the user likes (/likes, the account menu's Likes), most recently liked first.
import type { PostPageRoot } from '../../api/postEndpoints';
import { PostList } from '../posts';

const LIKES: PostPageRoot = { root: 'likes' };

export function LikesPage() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Likes</h1>
      <PostList
        page={LIKES}
        label="Posts you like"
        empty={
          <>
            <p>No liked posts yet.</p>
            <p className="muted">Posts you like will show up here.</p>
          </>
        }
      />
    </div>
  );
}
