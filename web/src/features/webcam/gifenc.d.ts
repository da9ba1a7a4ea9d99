// The part of gifenc (https://github.com/mattdesl/gifenc) the GIF worker uses: the package
// ships no types.
declare module 'gifenc' {
  export type Palette = number[][];
  export type ColorFormat = 'rgb565' | 'rgb444' | 'rgba4444';

  export interface FrameOptions {
    palette?: Palette;
    /** Milliseconds (kept in hundredths). */
    delay?: number;
    /** -1 once, 0 forever, n: n more times. Written with the first frame only. */
    repeat?: number;
    /** Manual mode: this frame carries the screen descriptor and the global palette. */
    first?: boolean;
    transparent?: boolean;
    transparentIndex?: number;
    colorDepth?: number;
    dispose?: number;
  }

  export interface Encoder {
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    reset(): void;
  }

  /** `auto: false`: no header and no first-frame detection; the caller writes those. */
  export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: ColorFormat; oneBitAlpha?: boolean | number; clearAlpha?: boolean }): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: ColorFormat): Uint8Array;
}
