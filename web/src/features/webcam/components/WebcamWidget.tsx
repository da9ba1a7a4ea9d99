// The webcam capture widget (spec 002 §2): the video area, the flash, snap, GIF, retake,
// processing and remove buttons, and the countdown dial, shown as the state asks (§4).
import type { CapturedImage } from '../capturedImage';
import {
  announce,
  FLASH,
  FLASH_TIP,
  GIF,
  GIF_FAILED,
  GIF_TIP,
  KEYS_HINT,
  PERMISSION_HINT,
  PROCESSING,
  REMOVE,
  REMOVE_TIP,
  RETAKE,
  SNAP,
  SNAP_TIP,
  USE_GIF,
  USE_PHOTO,
} from '../strings';
import { useControlsShown } from '../useControlsShown';
import { useWebcam } from '../useWebcam';
import type { WebcamError } from '../webcamErrors';
import { flashOn, type WebcamState } from '../webcamMachine';
import { FLASH_MS, PRIMARY_WIDTH, PRIMARY_WIDTH_WITH_GIF, type WebcamSettings } from '../webcamSettings';
import { CountdownDial } from './CountdownDial';
import { WebcamButton } from './WebcamButton';
import '../webcam.css';

export interface WebcamWidgetProps {
  settings: WebcamSettings;
  onPicture(picture: CapturedImage): void;
  /** The remove button: the widget is to close. */
  onRemove(): void;
  /** A user-media error: the widget is to close (§8). */
  onError(error: WebcamError): void;
}

/** What the live region says now. */
function announcement(state: WebcamState): string {
  const { phase } = state;
  switch (phase.name) {
    case 'countdown':
      return announce.countdown(phase.remainingS);
    case 'gifStarting':
      return announce.gifStarting(state.gifFrameCount);
    case 'gifRecording':
      return announce.gifFrame(phase.taken + 1, state.gifFrameCount);
    case 'processing':
      return announce.processing;
    case 'preview':
      return phase.picture.isGif ? announce.gifMade : announce.photoTaken;
    default:
      return state.failed ? GIF_FAILED : '';
  }
}

export function WebcamWidget({ settings, onPicture, onRemove, onError }: WebcamWidgetProps) {
  const { state, dispatch, videoRef, choosePicture } = useWebcam({ settings, onPicture, onError });
  const controls = useControlsShown();
  const { phase } = state;
  const picture = phase.name === 'preview' ? phase.picture : null;

  const primary = () => {
    switch (phase.name) {
      case 'live':
        return (
          <>
            <WebcamButton
              label={SNAP}
              tip={SNAP_TIP}
              className="webcam-button--snap"
              autoFocus
              onClick={(e) => dispatch({ type: 'snapPressed', skipCountdown: e.altKey })}
            >
              <span className="webcam-button__shutter" aria-hidden="true" />
            </WebcamButton>
            {settings.enableGifMode && (
              <WebcamButton label={GIF} tip={GIF_TIP} className="webcam-button--gif" onClick={() => dispatch({ type: 'gifPressed' })} />
            )}
          </>
        );
      case 'countdown':
        // One dial for the whole countdown (one tick of 3 s); its number counts the seconds.
        return <CountdownDial key="countdown" durationMs={settings.defaultTimer} value={String(phase.remainingS)} label="Countdown" />;
      case 'gifStarting':
        return <CountdownDial key="gif-start" durationMs={settings.timePerFrame} value={GIF} label="GIF starting" />;
      case 'gifRecording':
        return (
          <CountdownDial
            key={`gif-${phase.taken}`}
            durationMs={settings.timePerFrame}
            value={`${phase.taken + 1}/${state.gifFrameCount}`}
            label="GIF frame"
          />
        );
      case 'processing':
        return <WebcamButton label={PROCESSING} className="webcam-button--processing" disabled busy />;
      case 'preview':
        return (
          <>
            <WebcamButton label={RETAKE} className="webcam-button--retake" onClick={() => dispatch({ type: 'retakePressed' })} />
            <WebcamButton
              label={phase.picture.isGif ? USE_GIF : USE_PHOTO}
              className="webcam-button--use"
              autoFocus
              onClick={choosePicture}
            />
          </>
        );
      default:
        return null;
    }
  };

  return (
    <div
      className={controls.shown ? 'webcam' : 'webcam is-controls-hidden'}
      style={{ width: settings.width }}
      onPointerEnter={controls.onPointerEnter}
      onPointerLeave={controls.onPointerLeave}
    >
      <div className="webcam__screen" style={{ height: settings.height }}>
        <video
          ref={videoRef}
          className={state.mirrored ? 'webcam__video is-mirrored' : 'webcam__video'}
          aria-label="Camera"
          hidden={picture !== null}
          muted
          playsInline
          autoPlay
        />
        {picture && (
          <img className="webcam__picture" src={picture.base64} alt={picture.isGif ? 'Your GIF' : 'Your photo'} />
        )}
        <div
          className={state.flashLit ? 'webcam__flash is-lit' : 'webcam__flash'}
          style={{ transitionDuration: `${FLASH_MS}ms` }}
          aria-hidden="true"
        />
        {state.permissionHint && phase.name === 'starting' && (
          <p className="webcam__permission">
            <span className="webcam__permission-arrow" aria-hidden="true">
              ↑
            </span>
            {PERMISSION_HINT}
          </p>
        )}
      </div>
      <div className="webcam__controls">
        <div className="webcam__side">
          {settings.enableFlash && phase.name === 'live' && (
            <WebcamButton
              label={FLASH}
              tip={FLASH_TIP}
              className={flashOn(state) ? 'webcam-button--flash is-lit' : 'webcam-button--flash'}
              pressed={state.flash}
              onClick={() => dispatch({ type: 'flashToggled' })}
            />
          )}
        </div>
        <div
          className="webcam__primary"
          style={{ minWidth: settings.enableGifMode ? PRIMARY_WIDTH_WITH_GIF : PRIMARY_WIDTH }}
        >
          {primary()}
        </div>
        <div className="webcam__side webcam__side--end">
          {settings.enableRemove && <WebcamButton label={REMOVE} tip={REMOVE_TIP} className="webcam-button--remove" onClick={onRemove} />}
        </div>
      </div>
      <p className="webcam__keys">{KEYS_HINT}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement(state)}
      </p>
    </div>
  );
}
