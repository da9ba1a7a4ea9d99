// The photo form's 'Take a selfie' (spec 001 §2 Photo): opens the webcam in a dialog; the
// photo or GIF the user keeps becomes a file (selfie.jpg, selfie.gif) for the form to upload
// as it uploads a chosen one, told which of the two it is (the save's is_selfie and
// is_selfie_gif, 001 §7). The pictures carry the app's watermark (002 §5). 001 §8: no camera
// found alerts that a selfie needs one and switches the option off; the other webcam errors
// are alerted as they are.
import { useRef, useState } from 'react';
import { useDialogs } from '../../dialogs';
import { capturedImageFile } from '../capturedImage';
import type { WebcamError } from '../webcamErrors';
import { WebcamDialog } from './WebcamDialog';

export const TAKE_A_SELFIE = 'Take a selfie';

/**
 * The mark in a selfie's bottom-right corner: a root-relative path, as 002 §5 allows (served
 * from web/public; made by web/scripts/webcam-watermark.mjs).
 */
export const SELFIE_WATERMARK_URL = '/images/webcam-watermark.png';
/** Read once: the dialog reads its settings when it opens. */
const SELFIE_SETTINGS = { watermarkUrl: SELFIE_WATERMARK_URL };

export function SelfieButton({
  onFile,
  disabled,
}: {
  /** The picture kept, as a file; `isGif` when it is the webcam's GIF rather than a snapshot. */
  onFile(file: File, isGif: boolean): void;
  disabled: boolean;
}) {
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
          settings={SELFIE_SETTINGS}
          onClose={close}
          onError={onError}
          onPicture={(picture) => {
            close();
            onFile(capturedImageFile(picture), picture.isGif);
          }}
        />
      )}
    </>
  );
}
