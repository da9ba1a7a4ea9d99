import { useRef, useState, type KeyboardEvent } from 'react';
import type { Filmstrip } from '../../../../api/postModels';
import { KEY_SEEK_STEP_S, filmstripFrame, formatVideoTime } from '../../videoPlayer';

/**
 * The video player's progress bar (spec 002 §2 Video player): how far it played, a click or
 * the arrow keys (5 s), Home and End to seek; over it, the pointer's time and, for a processed
 * video, its filmstrip frame at half size.
 */
export function VideoProgressBar({
  elapsed,
  duration,
  filmstrip,
  onSeek,
}: {
  elapsed: number;
  duration: number;
  filmstrip: Filmstrip | null;
  onSeek(time: number): void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  /** Where the pointer is over the bar, 0 to 1; null when it is not. */
  const [hovered, setHovered] = useState<number | null>(null);
  const played = duration > 0 ? Math.min(elapsed / duration, 1) : 0;

  const fractionAt = (clientX: number) => {
    const rect = bar.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    return Math.min(Math.max((clientX - rect.left) / rect.width, 0), 1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to: Record<string, number> = {
      ArrowRight: elapsed + KEY_SEEK_STEP_S,
      ArrowUp: elapsed + KEY_SEEK_STEP_S,
      ArrowLeft: elapsed - KEY_SEEK_STEP_S,
      ArrowDown: elapsed - KEY_SEEK_STEP_S,
      Home: 0,
      End: duration,
    };
    if (!(e.key in to)) return;
    e.preventDefault();
    onSeek(to[e.key]);
  };

  return (
    <div
      ref={bar}
      className="video-progress"
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(elapsed)}
      aria-valuetext={`${formatVideoTime(elapsed)} of ${formatVideoTime(duration)}`}
      onClick={(e) => duration > 0 && onSeek(fractionAt(e.clientX) * duration)}
      onMouseMove={(e) => setHovered(fractionAt(e.clientX))}
      onMouseLeave={() => setHovered(null)}
      onKeyDown={onKeyDown}
    >
      <div className="video-progress__track">
        <div className="video-progress__played" style={{ width: `${played * 100}%` }} />
      </div>
      {hovered !== null && duration > 0 && (
        <HoverPreview at={hovered} duration={duration} filmstrip={filmstrip} />
      )}
    </div>
  );
}

/** The hovered time, over its filmstrip frame when there is a filmstrip. */
function HoverPreview({ at, duration, filmstrip }: { at: number; duration: number; filmstrip: Filmstrip | null }) {
  const time = at * duration;
  const frame = filmstrip && filmstripFrame(filmstrip, time, duration);
  return (
    // The slider's value says the same to assistive technology.
    <div className="video-progress__preview" aria-hidden="true" style={{ left: `${at * 100}%` }}>
      {frame && (
        <div
          className="video-progress__frame"
          data-frame={frame.index}
          style={{
            width: frame.width,
            height: frame.height,
            backgroundImage: frame.backgroundImage,
            backgroundSize: frame.backgroundSize,
            backgroundPosition: frame.backgroundPosition,
          }}
        />
      )}
      <span className="video-progress__time">{formatVideoTime(time)}</span>
    </div>
  );
}
