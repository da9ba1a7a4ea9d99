// The header image's focus step: the image with a frame of the blog header's shape, which
// the owner drags (or moves with the arrow keys) and zooms to choose what the header shows.
// The page's preview follows the frame as it moves; Apply hands the frame on, Cancel drops it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BLOG_HEADER_ASPECT, BLOG_HEADER_SIZE } from '../../blogCard';
import { cropPreviewUrl, type CropType } from '../headerCrop';
import {
  centreFrameOn,
  croppedSize,
  frameAfterKey,
  frameDescription,
  framePercent,
  initialFrame,
  MAX_ZOOM,
  MIN_ZOOM,
  moveFrame,
  zoomFrame,
  zoomOf,
  type Frame,
  type Size,
} from '../headerFocus';
import { findSavedFrame } from '../savedFrame';

/** The live preview's crop: the blog page header's width at twice the pixel density. */
const PREVIEW_WIDTH = BLOG_HEADER_SIZE.width * 2;

interface Loaded {
  element: HTMLImageElement;
  size: Size;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Frame;
  /** Image pixels per CSS pixel of the image as shown. */
  scale: number;
}

export function HeaderFocusStep({
  url,
  savedCrop,
  cropType,
  busy,
  error,
  onApply,
  onCancel,
  onUnreadable,
  onPreview,
}: {
  /** The image to frame: a data: address or this server's /media/… one (a canvas may read both). */
  url: string;
  /**
   * The header's crop of this image as it is now (Adjust): the frame starts where that was
   * cut, not in the middle. Null for a new image.
   */
  savedCrop: string | null;
  cropType: CropType;
  /** Apply is under way: the frame holds still. */
  busy: boolean;
  error: string | null;
  onApply(image: HTMLImageElement, frame: Frame): void;
  onCancel(): void;
  onUnreadable(): void;
  /** The framed region as an address for the page's preview; null when the step closes. */
  onPreview(url: string | null): void;
}) {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const stage = useRef<HTMLDivElement>(null);
  const frameElement = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  // Where the frame starts: the saved framing when it can be found, else the middle.
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    const start = (saved: Frame | null) => {
      if (!current) return;
      const first = saved ?? initialFrame(loaded.size, BLOG_HEADER_ASPECT);
      setFrame(first);
      setZoom(zoomOf(first, loaded.size, BLOG_HEADER_ASPECT));
    };
    if (savedCrop) void findSavedFrame(loaded.element, savedCrop).then(start);
    else start(null);
    return () => {
      current = false;
    };
  }, [loaded, savedCrop]);

  // Keyboard users land on the frame, whose description says how to move it. A layout effect,
  // so the frame has focus in the same commit that shows it: a passive effect ran a moment
  // later, and anything that looked for focus as the frame appeared (a screen reader, a test)
  // could find it still on Adjust.
  const framed = loaded !== null && frame !== null;
  useLayoutEffect(() => {
    if (framed) frameElement.current?.focus();
  }, [framed]);

  // Once per animation frame at most: a drag moves the frame far more often than that.
  useEffect(() => {
    if (!loaded || !frame) return;
    const next = requestAnimationFrame(() =>
      onPreview(cropPreviewUrl(loaded.element, frame, croppedSize(frame, BLOG_HEADER_ASPECT, PREVIEW_WIDTH), cropType)),
    );
    return () => cancelAnimationFrame(next);
  }, [loaded, frame, cropType, onPreview]);
  useEffect(() => () => onPreview(null), [onPreview]);

  const onLoad = (element: HTMLImageElement) => {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    // An SVG without a size loads as 0 × 0: nothing to frame.
    if (!size.width || !size.height) return onUnreadable();
    setFrame(null);
    setLoaded({ element, size });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const rect = stage.current?.getBoundingClientRect();
    if (busy || !loaded || !frame || !rect?.width || e.button !== 0) return;
    e.preventDefault(); // no text selection, no dragging the image itself
    const scale = loaded.size.width / rect.width;
    const point = { x: (e.clientX - rect.left) * scale, y: (e.clientY - rect.top) * scale };
    const inside =
      point.x >= frame.x && point.x <= frame.x + frame.width && point.y >= frame.y && point.y <= frame.y + frame.height;
    // A press outside the frame brings it there, and the drag goes on from it.
    const from = inside ? frame : centreFrameOn(frame, point, loaded.size);
    setFrame(from);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, from, scale };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    frameElement.current?.focus();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || !loaded) return;
    setFrame(moveFrame(d.from, (e.clientX - d.startX) * d.scale, (e.clientY - d.startY) * d.scale, loaded.size));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !busy) {
      e.preventDefault();
      onCancel();
      return;
    }
    if (busy || !loaded || !frame) return;
    const next = frameAfterKey(frame, e.key, e.shiftKey, loaded.size);
    if (!next) return;
    e.preventDefault(); // the arrows would scroll the page
    setFrame(next);
  };

  const onZoom = (value: number) => {
    setZoom(value);
    if (loaded) setFrame((f) => f && zoomFrame(f, value, loaded.size, BLOG_HEADER_ASPECT));
  };

  const place = loaded && frame ? framePercent(frame, loaded.size) : null;
  return (
    <div className="header-focus" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="header-focus__title">
        Choose what the header shows
      </p>
      <p id={`${id}-help`} className="muted header-focus__help">
        Drag the frame, or move it with the arrow keys (Shift for bigger steps), over the part of the image the header
        shows. Zoom to show less of it.
      </p>
      <div
        ref={stage}
        className="header-focus__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          className="header-focus__image"
          src={url}
          alt=""
          draggable={false}
          onLoad={(e) => onLoad(e.currentTarget)}
          onError={onUnreadable}
        />
        {place && (
          <div
            ref={frameElement}
            className="header-focus__frame"
            // Application: screen readers hand the arrow keys to the frame instead of reading on.
            role="application"
            aria-roledescription="movable frame"
            aria-label="Header frame"
            aria-describedby={`${id}-help ${id}-where`}
            tabIndex={0}
            onKeyDown={onKeyDown}
            style={{ left: `${place.left}%`, top: `${place.top}%`, width: `${place.width}%`, height: `${place.height}%` }}
          />
        )}
      </div>
      <p id={`${id}-where`} className="muted header-focus__where" role="status">
        {loaded && frame
          ? frameDescription(frame, loaded.size)
          : loaded
            ? 'Finding what the header shows now…'
            : 'Loading the image…'}
      </p>
      <label className="header-focus__zoom">
        Zoom{' '}
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          disabled={!framed || busy}
          onChange={(e) => onZoom(Number(e.target.value))}
        />
      </label>
      {busy && (
        <p className="muted" role="status">
          Uploading the header image…
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="header-focus__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!loaded || !frame || busy}
          onClick={() => loaded && frame && onApply(loaded.element, frame)}
        >
          {busy ? 'Uploading…' : 'Apply'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
