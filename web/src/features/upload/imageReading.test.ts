import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageLoadError, loadImage, readFileAsDataUrl } from './imageReading';

afterEach(() => vi.unstubAllGlobals());

describe('reading images in the browser (spec 002 §8)', () => {
  it('reads a file as a data URL', async () => {
    const url = await readFileAsDataUrl(new File(['hi'], 'a.txt', { type: 'text/plain' }));
    expect(url).toBe('data:text/plain;base64,aGk=');
  });

  it("rejects with 'No file to read' without a file", async () => {
    await expect(readFileAsDataUrl(null)).rejects.toThrow('No file to read');
    await expect(readFileAsDataUrl(undefined)).rejects.toThrow('No file to read');
  });

  it("rejects with 'FileReader is not supported' where the browser has none", async () => {
    vi.stubGlobal('FileReader', undefined);
    await expect(readFileAsDataUrl(new File(['x'], 'a.png'))).rejects.toThrow('FileReader is not supported');
  });

  it("rejects with 'Failed to read file' when reading fails", async () => {
    vi.stubGlobal(
      'FileReader',
      class {
        result: string | null = null;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        readAsDataURL() {
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    await expect(readFileAsDataUrl(new File(['x'], 'a.png'))).rejects.toThrow('Failed to read file');
  });

  it("loads an address as an image, and rejects with 'No URL to load' without one", async () => {
    const made: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          made.push(this);
        }
      },
    );
    await expect(loadImage('')).rejects.toThrow('No URL to load');
    await expect(loadImage(null)).rejects.toThrow('No URL to load');
    expect(made).toHaveLength(0);

    const loading = loadImage('/media/a.png');
    expect(made[0].src).toBe('/media/a.png');
    made[0].onload?.();
    await expect(loading).resolves.toBe(made[0]);

    const broken = loadImage('/media/missing.png');
    made[1].onerror?.();
    await expect(broken).rejects.toBeInstanceOf(ImageLoadError);
  });
});
