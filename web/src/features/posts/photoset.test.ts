import { describe, expect, it } from 'vitest';
import type { Photo } from '../../api/postModels';
import { photosetRows, rowAspectRatio } from './photoset';

const photo = (width = 0, height = 0): Photo => ({ url: '/media/p.png', width, height, caption: '' });

describe('photosetRows', () => {
  it('lays photos out by the layout digits', () => {
    expect(photosetRows(['a', 'b', 'c'], '12')).toEqual([['a'], ['b', 'c']]);
    expect(photosetRows(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], '1232')).toEqual([
      ['a'],
      ['b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h'],
    ]);
  });
  it('puts one photo per row for an empty layout', () => {
    expect(photosetRows(['a', 'b'], '')).toEqual([['a'], ['b']]);
  });
  it('puts one photo per row when the layout does not fit the photos', () => {
    expect(photosetRows(['a', 'b'], '12')).toEqual([['a'], ['b']]);
    expect(photosetRows(['a', 'b', 'c', 'd'], '4')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(photosetRows(['a'], 'x')).toEqual([['a']]);
  });
});

describe('rowAspectRatio', () => {
  it('keeps a single photo\'s own shape', () => {
    expect(rowAspectRatio([photo(100, 50)])).toBeNull();
  });
  it('makes a row as tall as its shortest photo, with 2 px between photos', () => {
    // Cells 269 px wide; the landscape photo is 269 * 0.5 tall.
    expect(rowAspectRatio([photo(200, 100), photo(100, 100)])).toBeCloseTo(540 / 134.5);
  });
  it('counts photos of unknown size as square', () => {
    expect(rowAspectRatio([photo(), photo(), photo()])).toBeCloseTo(540 / (536 / 3));
  });
});
