import { describe, expect, it, vi } from 'vitest';
import type { MouseEvent } from 'react';
import { onPointerMoved } from './pointerMoved';

const move = (movementX: number, movementY: number) => ({ movementX, movementY }) as MouseEvent;

describe('onPointerMoved', () => {
  it('highlights when the pointer moved', () => {
    const highlight = vi.fn();
    onPointerMoved(highlight)(move(2, 0));
    onPointerMoved(highlight)(move(0, -1));
    expect(highlight).toHaveBeenCalledTimes(2);
  });

  it('does not highlight for a list that moved under a resting pointer', () => {
    const highlight = vi.fn();
    onPointerMoved(highlight)(move(0, 0));
    expect(highlight).not.toHaveBeenCalled();
  });
});
