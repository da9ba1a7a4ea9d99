import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { readFileAsDataUrl } from '../../upload';
import { applyHeaderFocus, ApplyError, unreadableMessage, type FocusSource } from '../applyHeaderFocus';
import type { HeaderImageChange } from '../appearanceDraft';
import { cropTypeOf } from '../headerCrop';
import type { Frame } from '../headerFocus';
import { errorProps, FieldError } from './FieldError';
import { HeaderFocusStep } from './HeaderFocusStep';

/**
 * The header image. A chosen file is framed first (the focus step): Apply uploads it and the
 * crop of it the frame chose, and the theme takes both (header_image, header_image_focused);
 * Adjust frames the current original again, starting from the framing chosen last. Nothing
 * changes until Apply succeeds. Remove takes the image away.
 */
export function HeaderImageField({
  original,
  focused,
  error,
  onChange,
  onPreview,
}: {
  /** header_image: what the owner uploaded, which Adjust frames again. */
  original: string | null;
  /** header_image_focused: the crop the cards show. */
  focused: string | null;
  error?: string;
  onChange(change: HeaderImageChange): void;
  /** The focus step's framed region for the page's preview (null: the theme's own again). */
  onPreview(url: string | null): void;
}) {
  const api = useApi();
  const [source, setSource] = useState<FocusSource | null>(null);
  const [busy, setBusy] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const adjust = useRef<HTMLButtonElement>(null);
  const applying = useRef<AbortController | null>(null);
  /** The step's last chosen file: a slow read of an earlier choice must not open over it. */
  const choice = useRef<File | null>(null);
  const id = 'appearance-header-image';
  const shown = focused ?? original;

  // The editor going away (another page) stops an Apply still uploading.
  useEffect(() => () => applying.current?.abort(), []);

  const open = (next: FocusSource) => {
    setSource(next);
    setStepError(null);
    setFieldError(null);
  };

  const close = useCallback(() => {
    applying.current?.abort();
    applying.current = null;
    choice.current = null;
    setSource(null);
    setBusy(false);
    setStepError(null);
    // Back where the owner came from: Adjust when there is an image to adjust, else the file input.
    requestAnimationFrame(() => (adjust.current ?? input.current)?.focus());
  }, []);

  // Reset (or a save's answer) put another original in the draft: framing the old one is moot.
  const framedGone = source?.kind === 'existing' && source.url !== (original ?? focused);
  useEffect(() => {
    if (framedGone) close();
  }, [framedGone, close]);

  const choose = async (file: File) => {
    choice.current = file;
    if (input.current) input.current.value = '';
    try {
      const url = await readFileAsDataUrl(file);
      if (choice.current === file) open({ kind: 'new', file, url });
    } catch {
      if (choice.current === file) setFieldError(unreadableMessage('new'));
    }
  };

  const apply = async (image: HTMLImageElement, frame: Frame) => {
    if (!source) return;
    const controller = new AbortController();
    applying.current = controller;
    setBusy(true);
    setStepError(null);
    try {
      const change = await applyHeaderFocus(api, source, image, frame, controller.signal);
      if (controller.signal.aborted) return;
      applying.current = null; // done: nothing left for close() to stop
      onChange(change);
      close();
    } catch (err) {
      // Cancel aborts the uploads: that is no failure to report.
      if (controller.signal.aborted) return;
      setStepError(err instanceof ApplyError ? err.message : String(err));
      setBusy(false);
    }
  };

  const unreadable = () => {
    if (!source) return;
    const message = unreadableMessage(source.kind);
    close();
    setFieldError(message);
  };

  const shownError = fieldError ?? error;
  if (source) {
    return (
      <div className="appearance-header-image">
        <HeaderFocusStep
          url={source.url}
          // The crop the header shows now, when it is a crop of this original: Adjust goes on
          // from the framing chosen last.
          savedCrop={source.kind === 'existing' && focused !== source.url ? focused : null}
          cropType={cropTypeOf(source.kind === 'new' ? source.file.type : source.url)}
          busy={busy}
          error={stepError}
          onApply={(image, frame) => void apply(image, frame)}
          onCancel={close}
          onUnreadable={unreadable}
          onPreview={onPreview}
        />
      </div>
    );
  }
  return (
    <div className="appearance-header-image">
      {shown ? (
        <img className="appearance-header-image__thumb" src={shown} alt="The current header" />
      ) : (
        <p className="muted">No header image.</p>
      )}
      <label className="field__label" htmlFor={id}>
        {shown ? 'Replace header image' : 'Upload a header image'}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void choose(file);
        }}
        {...errorProps(id, shownError ?? undefined)}
      />
      <FieldError id={id} error={shownError ?? undefined} />
      {shown && (
        <div className="appearance-header-image__actions">
          <button
            ref={adjust}
            type="button"
            className="button"
            onClick={() => open({ kind: 'existing', url: original ?? shown })}
          >
            Adjust header image
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setFieldError(null);
              onChange({ theme: { headerImage: null, headerImageFocused: null }, dimens: null });
            }}
          >
            Remove header image
          </button>
        </div>
      )}
    </div>
  );
}
