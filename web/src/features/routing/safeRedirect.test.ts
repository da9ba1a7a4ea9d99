import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('safeRedirect', () => {
  it('follows paths on this site', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('/blog/bob?x=1')).toBe('/blog/bob?x=1');
  });
  it('refuses other sites and odd values', () => {
    expect(safeRedirect('https://evil.test/')).toBe('/dashboard');
    expect(safeRedirect('//evil.test/')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.test')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('/login')).toBe('/dashboard');
  });
});
