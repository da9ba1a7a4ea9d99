import { describe, expect, it } from 'vitest';
import { dockAvailable, dockLayout, heldAfter, type DockedPost } from './dockingRules';

const post = (postId: number, protectedFromEviction = false): DockedPost => ({ blog: 'alice', postId, protectedFromEviction });

describe('the docking rules (spec 000 §4 Docking area, §9 Gutter docking)', () => {
  it('holds one post: a new one replaces it unless it is protected from eviction', () => {
    expect(heldAfter(null, post(1))).toEqual(post(1));
    expect(heldAfter(post(1), post(2))).toEqual(post(2));
    expect(heldAfter(post(1, true), post(2))).toEqual(post(1, true));
    // The same post again keeps its flag.
    expect(heldAfter(post(1, true), post(1))).toEqual(post(1, true));
  });

  it('is there from a 900 px viewport', () => {
    expect(dockAvailable(899)).toBe(false);
    expect(dockAvailable(900)).toBe(true);
  });

  it('fills the gutter (at least 215 px) less a 20 px margin each side, at most 300 px wide', () => {
    expect(dockLayout(0)).toEqual({ left: 20, width: 175 });
    expect(dockLayout(231)).toEqual({ left: 20, width: 191 });
    expect(dockLayout(340)).toEqual({ left: 20, width: 300 });
    // A wider gutter centres the widest view in it.
    expect(dockLayout(500)).toEqual({ left: 100, width: 300 });
  });
});
