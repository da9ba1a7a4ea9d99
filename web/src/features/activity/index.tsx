// The activity popover (spec 000 §2.3). A placeholder until live activity lands: it will hold
// a blog selector, the sparkline and the notifications grouped by day.

export function ActivityPopover() {
  return (
    <div className="placeholder-popover">
      <h2 className="popover__title">Activity</h2>
      <p className="muted">The activity popover arrives with live activity.</p>
    </div>
  );
}
