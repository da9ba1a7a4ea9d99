// The fast-compose panel the header's compose button opens. A placeholder until the post
// composer lands (spec 001).

export function ComposePanel() {
  return (
    <div className="placeholder-popover">
      <h2 className="popover__title">Create a post</h2>
      <p className="muted">The post composer arrives with posts.</p>
    </div>
  );
}
