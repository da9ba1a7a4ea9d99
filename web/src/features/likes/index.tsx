// Liked posts. Posts arrive in a later issue, so for now the empty state.
export function LikesPage() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Likes</h1>
      <div className="card empty-state">
        <p>No liked posts yet.</p>
        <p className="muted">Posts you like will show up here.</p>
      </div>
    </div>
  );
}
