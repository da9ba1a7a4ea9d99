// The photo form's 'Take a selfie' (spec 001 §2 Photo): opens the webcam in a dialog; the
// photo or GIF the user keeps becomes a file (selfie.jpg, selfie.gif) for the form to upload
// as it uploads a chosen one. 001 §8: no camera found alerts that a selfie needs one and
// switches the option off; the other webcam errors are alerted as they are.
import { useRef, useState } from 'react';
import { useDialogs } from '../../dialogs';
import { capturedImageFile } from '../capturedImage';
import type { WebcamError } from '../webcamErrors';
import { WebcamDialog } from './WebcamDialog';

export const TAKE_A_SELFIE = 'Take a selfie';

export function SelfieButton({ onFile, disabled }: { onFile(file: File): void; disabled: boolean }) {
  const dialogs = useDialogs();
  const [open, setOpen] = useState(false);
  // 001 §8: switched off for the rest of the form once no camera was found.
  const [noWebcam, setNoWebcam] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onError = (error: WebcamError) => {
    close();
    if (error.kind === 'noDevice') setNoWebcam(true);
    void dialogs.alert(error.text);
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--quiet"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled || noWebcam}
        onClick={() => setOpen(true)}
      >
        {TAKE_A_SELFIE}
      </button>
      {open && (
        <WebcamDialog
          label={TAKE_A_SELFIE}
          onClose={close}
          onError={onError}
          onPicture={(picture) => {
            close();
            onFile(capturedImageFile(picture));
          }}
        />
      )}
    </>
  );
}
