import { describe, expect, it } from 'vitest';
import { backgroundTint, parseHexColor } from './color';

describe('backgroundTint', () => {
  it('tells white, light and dark backgrounds apart', () => {
    expect(backgroundTint('#FFFFFF')).toBe('white');
    expect(backgroundTint('#fff')).toBe('white');
    expect(backgroundTint('#FAFAFA')).toBe('light');
    expect(backgroundTint('#001935')).toBe('dark');
    expect(backgroundTint('#36465D')).toBe('dark');
  });
  it('treats colours it cannot read as light', () => {
    expect(backgroundTint('rebeccapurple')).toBe('light');
  });
});

describe('parseHexColor', () => {
  it('reads short and long forms', () => {
    expect(parseHexColor('#0af')).toEqual([0, 170, 255]);
    expect(parseHexColor('001935')).toEqual([0, 25, 53]);
    expect(parseHexColor('#12345')).toBeNull();
  });
});
