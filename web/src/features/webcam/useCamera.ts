// The camera's stream (spec 002 §4, §5, §8 Webcam): asked for once (video only) when the widget
// opens, played in the widget's video, and stopped when the widget closes or its picture is
// used. A refusal, a missing getUserMedia or a stream that ends by itself is a webcam error.
import { useCallback, useEffect, useRef } from 'react';
import { webcamError, webcamErrorOf, type WebcamError } from './webcamErrors';

export interface CameraOptions {
  /** The size asked for: the browser picks the nearest its camera has. */
  width: number;
  height: number;
  /** The video shows the camera's picture. */
  onStarted(): void;
  onError(error: WebcamError): void;
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function useCamera({ width, height, onStarted, onError }: CameraOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const callbacks = useRef({ onStarted, onError });
  callbacks.current = { onStarted, onError };

  useEffect(() => {
    let closed = false;
    const fail = (error: WebcamError) => {
      if (!closed) callbacks.current.onError(error);
    };
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      fail(webcamError('unsupported'));
      return;
    }
    media
      .getUserMedia({ audio: false, video: { width: { ideal: width }, height: { ideal: height } } })
      .then((stream) => {
        if (closed) {
          stopTracks(stream);
          return;
        }
        streamRef.current = stream;
        // §4: a stream error closes the webcam. A track we stop ourselves fires no 'ended'.
        for (const track of stream.getTracks()) track.addEventListener('ended', () => fail(webcamError('stopped')));
        const video = videoRef.current;
        if (!video) return;
        // Started once it plays, so a snap always has a frame to take.
        video.addEventListener('playing', () => !closed && callbacks.current.onStarted(), { once: true });
        video.srcObject = stream;
        // A refused play() is no camera error: the video is muted and autoplays anyway.
        void Promise.resolve(video.play()).catch(() => undefined);
      })
      .catch((err: unknown) => fail(webcamErrorOf(err)));
    return () => {
      closed = true;
      stopTracks(streamRef.current);
      streamRef.current = null;
    };
    // Once per widget: its size is the widget's and stays (another would start the camera again).
  }, [width, height]);

  /** Ends the camera now (its light goes off), before the widget itself closes. */
  const stop = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
  }, []);

  return { videoRef, stop };
}
