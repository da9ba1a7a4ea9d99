import { describe, expect, it } from 'vitest';
import { fastComposeMove, type KeyPress } from './fastComposeKeys';
import { TILES } from './tiles';

const press = (key: string, shiftKey = false, modified = false): KeyPress => ({ key, shiftKey, modified });
const count = TILES.length;

describe('fast compose keys (spec 001 §2)', () => {
  it('has the 7 tiles in order', () => {
    expect(TILES.map((t) => t.type)).toEqual(['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video']);
  });

  it('moves to the next tile with c, tab and right arrow', () => {
    for (const key of ['c', 'Tab', 'ArrowRight']) {
      expect(fastComposeMove(press(key), 2, count)).toEqual({ kind: 'select', index: 3 });
    }
    expect(fastComposeMove(press('c'), null, count)).toEqual({ kind: 'select', index: 0 });
  });

  it('moves to the previous tile with shift+c, shift+tab and left arrow', () => {
    expect(fastComposeMove(press('C', true), 2, count)).toEqual({ kind: 'select', index: 1 });
    expect(fastComposeMove(press('Tab', true), 2, count)).toEqual({ kind: 'select', index: 1 });
    expect(fastComposeMove(press('ArrowLeft'), 2, count)).toEqual({ kind: 'select', index: 1 });
  });

  it('wraps around both ways', () => {
    expect(fastComposeMove(press('ArrowRight'), 6, count)).toEqual({ kind: 'select', index: 0 });
    expect(fastComposeMove(press('ArrowLeft'), 0, count)).toEqual({ kind: 'select', index: 6 });
    expect(fastComposeMove(press('ArrowLeft'), null, count)).toEqual({ kind: 'select', index: 6 });
  });

  it('creates the selected type with enter, and ignores other keys', () => {
    expect(fastComposeMove(press('Enter'), 4, count)).toEqual({ kind: 'create', index: 4 });
    expect(fastComposeMove(press('Enter'), null, count)).toBeNull();
    expect(fastComposeMove(press('x'), 1, count)).toBeNull();
    expect(fastComposeMove(press('c', false, true), 1, count)).toBeNull();
  });
});
