import { describe, expect, it } from 'vitest';
import { nextHrefOf } from './messagingModels';

describe('nextHrefOf', () => {
  it('follows next, or previous when a server names the further page so, or nothing', () => {
    expect(nextHrefOf({ next: { href: '/a', method: 'GET' } })).toBe('/a');
    expect(nextHrefOf({ previous: { href: '/b', method: 'GET' } })).toBe('/b');
    expect(nextHrefOf({})).toBeNull();
  });
});
