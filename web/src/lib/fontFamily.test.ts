import { describe, expect, it } from 'vitest';
import { FONTS } from '../api/fonts';
import { fontFamilyOf } from './fontFamily';

describe('fontFamilyOf', () => {
  it("gives a catalogue font's CSS family, not its name", () => {
    expect(fontFamilyOf('Georgia')).toBe(FONTS.find((f) => f.name === 'Georgia')!.family);
    expect(fontFamilyOf('Courier')).toMatch(/monospace$/);
  });

  it("falls back to the catalogue's first font for a name it does not know", () => {
    expect(fontFamilyOf('Papyrus')).toBe(FONTS[0].family);
    expect(fontFamilyOf('')).toBe(FONTS[0].family);
  });
});
