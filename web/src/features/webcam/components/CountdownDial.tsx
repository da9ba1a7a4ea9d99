// The countdown dial (spec 002 §2): a ring that fills over one tick, with what it counts in
// the middle (the seconds before a snap, the GIF frame being taken). Its announcement is the
// widget's live region; the dial itself is a timer for assistive technology.
const RADIUS = 24;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function CountdownDial({ durationMs, value, label }: { durationMs: number; value: string; label: string }) {
  return (
    <div className="webcam-dial" role="timer" aria-label={label}>
      <svg viewBox="0 0 60 60" width="60" height="60" aria-hidden="true">
        <circle className="webcam-dial__track" cx="30" cy="30" r={RADIUS} />
        <circle
          className="webcam-dial__ring"
          cx="30"
          cy="30"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          style={{ animationDuration: `${durationMs}ms`, ['--dial-length' as string]: `${CIRCUMFERENCE}` }}
        />
      </svg>
      <span className="webcam-dial__value" aria-hidden="true">
        {value}
      </span>
    </div>
  );
}
