// Where photos come from (spec 001 §2 Photo: "dropzone (upload or add from web URL)"): a file
// chooser that also takes dropped files, an address from the web, and a GIF from the GIF
// search (spec 000 §2.6), and a selfie from the webcam (spec 002 §2), uploaded as a chosen file.
import { useRef, useState, type DragEvent } from 'react';
import { GifSearchPanel, type GifImage } from '../../../gifSearch';
import { firstDroppedFile } from '../../../upload';
import { SelfieButton } from '../../../webcam';
import { GIF_RESULT_WIDTH } from '../../constants';
import { OverlayInput } from '../../editor/OverlayInput';
import type { PhotoSelfie } from '../../model/postModel';
import { isWebUrl } from '../../model/urls';
import { ACCEPT } from '../../uploads/uploadRules';
import { FileButton } from '../FileButton';

export function PhotoSources({
  onFiles,
  onSelfie,
  onUrl,
  onGif,
  urlChars,
  disabled,
}: {
  onFiles(files: File[]): void;
  /** A picture taken with the webcam, as a file: a snapshot or the webcam's GIF. */
  onSelfie(file: File, selfie: PhotoSelfie): void;
  onUrl(url: string): void;
  /** A GIF chosen in the GIF search (its image loaded). */
  onGif(gif: GifImage): void;
  /** A URL is shorter than this (the server's `limits.urlChars`). */
  urlChars: number;
  disabled: boolean;
}) {
  const [fromWeb, setFromWeb] = useState(false);
  const [findingGif, setFindingGif] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fromWebRef = useRef<HTMLButtonElement>(null);
  const gifRef = useRef<HTMLButtonElement>(null);
  const closeFromWeb = () => {
    setFromWeb(false);
    fromWebRef.current?.focus();
  };
  const closeGifSearch = () => {
    setFindingGif(false);
    gifRef.current?.focus();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    // The upload component's rule (spec 002 §5): only the first file of a drop is handled.
    const file = firstDroppedFile(e.dataTransfer.files);
    if (!disabled && file) onFiles([file]);
  };

  return (
    <div
      className={dragging ? 'photo-sources is-dragging' : 'photo-sources'}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <FileButton label="Upload photos" accept={ACCEPT.photo} multiple onFiles={onFiles} disabled={disabled} />
      <button
        ref={fromWebRef}
        type="button"
        className="button button--quiet"
        aria-expanded={fromWeb}
        disabled={disabled}
        onClick={() => setFromWeb(!fromWeb)}
      >
        Add photo from web
      </button>
      <button
        ref={gifRef}
        type="button"
        className="button button--quiet"
        aria-expanded={findingGif}
        disabled={disabled}
        onClick={() => setFindingGif(!findingGif)}
      >
        Add a GIF
      </button>
      <SelfieButton onFile={(file, isGif) => onSelfie(file, isGif ? 'gif' : 'photo')} disabled={disabled} />
      {fromWeb && (
        <OverlayInput
          label="Photo address"
          placeholder="https://"
          maxChars={urlChars}
          isValid={(v) => isWebUrl(v, urlChars)}
          onCancel={closeFromWeb}
          onDone={(url) => {
            closeFromWeb();
            if (url) onUrl(url);
          }}
        />
      )}
      {findingGif && (
        <GifSearchPanel
          resultWidth={GIF_RESULT_WIDTH}
          onCancel={closeGifSearch}
          onSelect={(gif) => {
            closeGifSearch();
            onGif(gif);
          }}
        />
      )}
    </div>
  );
}
