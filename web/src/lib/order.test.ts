import { describe, expect, it } from 'vitest';
import { displayOrder, moveItem, shouldSaveOrder } from './order';

describe('moveItem', () => {
  it('moves an item up and down', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('does not mutate its input and ignores out-of-range moves', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 5)).toEqual(['a', 'b']);
    expect(moveItem(list, -1, 0)).toEqual(['a', 'b']);
    moveItem(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('shouldSaveOrder', () => {
  it('is false when nothing changed', () => {
    expect(shouldSaveOrder(['a', 'b'], ['a', 'b'])).toBe(false);
  });
  it('is false with one blog (or none)', () => {
    expect(shouldSaveOrder(['a'], ['a'])).toBe(false);
    expect(shouldSaveOrder([], [])).toBe(false);
  });
  it('is true when the order changed and there is more than one blog', () => {
    expect(shouldSaveOrder(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(shouldSaveOrder(['a', 'b', 'c'], ['a', 'c', 'b'])).toBe(true);
  });
});

describe('displayOrder', () => {
  const blogs = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
  it('lists the current blog first until the user reorders', () => {
    expect(displayOrder(blogs, 'c', false).map((b) => b.name)).toEqual(['c', 'a', 'b']);
  });
  it('keeps the saved order once the user has reordered', () => {
    expect(displayOrder(blogs, 'c', true).map((b) => b.name)).toEqual(['a', 'b', 'c']);
  });
  it('keeps the saved order when the current blog is unknown', () => {
    expect(displayOrder(blogs, 'zz', false).map((b) => b.name)).toEqual(['a', 'b', 'c']);
  });
});
