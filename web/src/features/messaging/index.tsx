// The messaging inbox popover (spec 000 §2.8). A placeholder until messaging lands; the header
// shows its tab only to logged-in users who can message.

export function MessagingPopover() {
  return (
    <div className="placeholder-popover">
      <h2 className="popover__title">Messages</h2>
      <p className="muted">Messaging arrives in a later update.</p>
    </div>
  );
}
