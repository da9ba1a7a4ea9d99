import { describe, expect, it } from 'vitest';
import { blogViewerCommand, currentPostIndex } from './keys';

const press = (key: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  blogViewerCommand({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra });

describe('blog viewer keys', () => {
  it('maps j, k, l, r, period and enter', () => {
    expect(['j', 'k', 'l', 'r', '.', 'Enter'].map((k) => press(k))).toEqual(['next', 'previous', 'like', 'reblog', 'top', 'open']);
    expect(press('x')).toBeNull();
  });

  it('leaves keys alone with a modifier, while typing, and Enter on a control', () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('j', { metaKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(press('j', {}, input)).toBeNull();
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    expect(press('k', {}, editable)).toBeNull();
    const button = document.createElement('button');
    expect(press('Enter', {}, button)).toBeNull();
    expect(press('j', {}, button)).toBe('next');
  });

  it('finds the post at the reading line, 60 px below the top', () => {
    const tops = [0, 300, 700];
    expect(currentPostIndex(tops, 0, 60)).toBe(0);
    expect(currentPostIndex(tops, 238, 60)).toBe(0);
    expect(currentPostIndex(tops, 240, 60)).toBe(1);
    expect(currentPostIndex(tops, 5000, 60)).toBe(2);
    expect(currentPostIndex([100, 400], 0, 60)).toBe(-1);
  });
});
