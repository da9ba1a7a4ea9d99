import { describe, expect, it } from 'vitest';
import { countIfAboveZero, formatBadge, formatCount, sprintf } from './format';

describe('formatBadge', () => {
  it('hides the badge at 0 (and for nonsense values)', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
  });
  it('spells out counts up to 99', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
  });
  it("reads '99+' above 99", () => {
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
});

describe('formatCount', () => {
  it('uses thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('countIfAboveZero', () => {
  it('is null at 0 or when unknown, the formatted count otherwise', () => {
    expect(countIfAboveZero(0)).toBeNull();
    expect(countIfAboveZero(undefined)).toBeNull();
    expect(countIfAboveZero(4200)).toBe('4,200');
  });
});

describe('sprintf', () => {
  it('fills numbered placeholders', () => {
    expect(sprintf('Are you sure you want to unfollow %1$s?', 'bob')).toBe(
      'Are you sure you want to unfollow bob?',
    );
    expect(sprintf('%2$s then %1$s', 'a', 'b')).toBe('b then a');
  });
});
