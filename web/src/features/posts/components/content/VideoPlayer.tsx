import type { CSSProperties } from 'react';
import type { ProcessedVideo } from '../../../../api/postModels';
import { useVideoPlayer } from '../../useVideoPlayer';
import { formatVideoTime } from '../../videoPlayer';
import { FullscreenIcon, PauseIcon, PlayIcon, SoundIcon } from './videoIcons';
import { VideoProgressBar } from './VideoProgressBar';

/**
 * The player of a video file (spec 002 §2 Video player): a big play/pause button, the progress
 * bar with its hover preview, elapsed and total time, mute, HD/SD, full screen, and a spinner
 * while it buffers or switches. A processed video plays its SD rendition, HD on asking; any
 * other plays as posted, with no HD and no filmstrip.
 */
export function VideoPlayer({
  url,
  processed,
  autoplay = false,
  postId,
}: {
  url: string;
  processed: ProcessedVideo | null;
  /** Plays muted while visible (spec 002 §4); off unless asked for. */
  autoplay?: boolean;
  postId?: number;
}) {
  const player = useVideoPlayer({ url, processed, autoplay, postId });
  const { state } = player;
  // A processed video's own shape (standing up, square); 16:9 from the stylesheet otherwise.
  const shape: CSSProperties | undefined =
    processed && processed.width > 0 && processed.height > 0
      ? { aspectRatio: `${processed.width} / ${processed.height}` }
      : undefined;
  const classes = ['video-player', state.paused ? 'is-paused' : 'is-playing', state.error ? 'has-error' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={player.playerRef} className={classes} style={shape} role="group" aria-label="Video">
      <video
        ref={player.videoRef}
        className="video-player__video"
        src={player.src}
        poster={processed?.posterUrl || undefined}
        preload="metadata"
        playsInline
        onClick={player.clickPicture}
        {...player.videoEvents}
      />
      {(state.buffering || state.switching) && (
        <span className="video-player__spinner" role="progressbar" aria-label="Loading video" aria-busy="true" />
      )}
      {state.error !== null ? (
        <p className="video-player__error" role="alert">
          {state.error}
        </p>
      ) : (
        <>
          <button
            type="button"
            className="video-player__big-button"
            aria-label={state.paused ? 'Play' : 'Pause'}
            onClick={player.togglePlay}
          >
            {state.paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <div className="video-player__controls">
            <VideoProgressBar
              elapsed={state.elapsed}
              duration={state.duration}
              filmstrip={processed?.filmstrip ?? null}
              onSeek={player.seekTo}
            />
            <span className="video-player__time">
              <span className="video-player__elapsed">{formatVideoTime(state.elapsed)}</span> /{' '}
              <span className="video-player__total">{formatVideoTime(state.duration)}</span>
            </span>
            <button
              type="button"
              className="video-player__button"
              aria-label={state.muted ? 'Unmute' : 'Mute'}
              onClick={player.toggleMute}
            >
              <SoundIcon muted={state.muted} />
            </button>
            {processed && (
              <button
                type="button"
                className={state.hd ? 'video-player__button video-player__quality is-hd' : 'video-player__button video-player__quality'}
                aria-label={state.hd ? 'Switch to SD' : 'Switch to HD'}
                onClick={player.toggleHd}
                disabled={state.switching}
              >
                {state.hd ? 'SD' : 'HD'}
              </button>
            )}
            {player.canFullscreen && (
              <button
                type="button"
                className="video-player__button"
                aria-label={player.fullscreen ? 'Exit full screen' : 'Full screen'}
                onClick={player.toggleFullscreen}
              >
                <FullscreenIcon on={player.fullscreen} />
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
