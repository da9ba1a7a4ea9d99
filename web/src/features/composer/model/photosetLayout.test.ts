import { describe, expect, it } from 'vitest';
import { PHOTOSET_LAYOUTS } from '../../../api/photosetLayouts';
import { DEFAULT_LAYOUT, layoutAfterCountChange, layoutFits, layoutName, layoutsFor, photosInLayout } from './photosetLayout';

describe('photo set layouts (spec 000 §3 Photoset, §5)', () => {
  it("are the server's list", () => {
    expect(PHOTOSET_LAYOUTS).toEqual(['', '1', '11', '12', '13', '123', '133', '1232', '1323', '12223']);
  });

  it('offer, for each number of photos, no layout and the layouts that hold exactly that many', () => {
    const offered = Array.from({ length: 11 }, (_, count) => layoutsFor(count));
    expect(offered).toEqual([
      [''],
      ['', '1'],
      ['', '11'],
      ['', '12'],
      ['', '13'],
      [''],
      ['', '123'],
      ['', '133'],
      ['', '1232'],
      ['', '1323'],
      ['', '12223'],
    ]);
  });

  it('count the photos of a layout from its digits', () => {
    expect([photosInLayout(''), photosInLayout('12'), photosInLayout('12223')]).toEqual([0, 3, 10]);
    expect([layoutFits('12', 3), layoutFits('12', 4), layoutFits('', 7), layoutFits('111', 3)]).toEqual([true, false, true, false]);
  });

  it('keep a layout when the photos change while it still holds them, else fall back to the default', () => {
    expect(layoutAfterCountChange('12', 3)).toBe('12');
    expect(layoutAfterCountChange('12', 4)).toBe(DEFAULT_LAYOUT);
    expect(layoutAfterCountChange('12', 2)).toBe(DEFAULT_LAYOUT);
    expect(layoutAfterCountChange('', 5)).toBe('');
    // With a list where two layouts hold as many photos, each is kept for its count.
    const list = ['', '12', '21', '111'];
    expect(layoutAfterCountChange('21', 3, list)).toBe('21');
    expect(layoutAfterCountChange('21', 2, list)).toBe('');
    expect(layoutsFor(3, list)).toEqual(['', '12', '21', '111']);
  });

  it('are named by their rows', () => {
    expect([layoutName(''), layoutName('12'), layoutName('1323')]).toEqual(['One a row', '1 + 2', '1 + 3 + 2 + 3']);
  });
});
