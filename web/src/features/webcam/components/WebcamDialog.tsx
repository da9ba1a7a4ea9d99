// The webcam widget in a dialog over the page (the photo form's 'Take a selfie'): focus moves
// in and stays in while it is open, and Escape closes it (not the form around it).
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { keepTabInside } from '../../../components/focusTrap';
import type { CapturedImage } from '../capturedImage';
import { WEBCAM_LABEL } from '../strings';
import type { WebcamError } from '../webcamErrors';
import { webcamSettings, type WebcamSettings } from '../webcamSettings';
import { WebcamWidget } from './WebcamWidget';

export function WebcamDialog({
  label = WEBCAM_LABEL,
  settings,
  onPicture,
  onClose,
  onError,
}: {
  label?: string;
  settings?: Partial<WebcamSettings>;
  /** The picture chosen: the camera is off; the dialog is for the caller to close. */
  onPicture(picture: CapturedImage): void;
  /** Remove or Escape. */
  onClose(): void;
  /** A user-media error (§8): the dialog is for the caller to close. */
  onError(error: WebcamError): void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read once: the widget's camera and timers are set up for the settings it opened with.
  const resolved = useRef<WebcamSettings | null>(null);
  resolved.current ??= webcamSettings(settings);

  useEffect(() => {
    if (!dialogRef.current?.contains(document.activeElement)) dialogRef.current?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && dialogRef.current) {
      // Tab stays in the webcam, not in the post form's modal around it.
      e.stopPropagation();
      keepTabInside(dialogRef.current, e);
    }
  };

  return (
    <div className="webcam-layer">
      <div
        ref={dialogRef}
        className="webcam-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <WebcamWidget settings={resolved.current} onPicture={onPicture} onRemove={onClose} onError={onError} />
      </div>
    </div>
  );
}
