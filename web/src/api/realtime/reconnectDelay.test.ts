import { describe, expect, it } from 'vitest';
import { CLOSE_GOING_AWAY, CLOSE_SERVICE_RESTART, CLOSE_SLOW_CONSUMER } from '../../protocol/constants';
import { reconnectDelay } from './RealtimeProvider';

describe('reconnectDelay', () => {
  it('backs off from a second, doubling, with jitter, up to 30 s', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
  });

  it('leaves a restarting node at once: no back-off after 1012 or 1001, only a short jitter', () => {
    for (const code of [CLOSE_SERVICE_RESTART, CLOSE_GOING_AWAY]) {
      expect(reconnectDelay(0, () => 0, code)).toBe(0);
      expect(reconnectDelay(0, () => 1, code)).toBeLessThanOrEqual(250);
    }
  });

  it('backs off as ever once the first try after a restart failed, and after other closes', () => {
    expect(reconnectDelay(1, () => 1, CLOSE_SERVICE_RESTART)).toBe(2000);
    expect(reconnectDelay(0, () => 1, CLOSE_SLOW_CONSUMER)).toBe(1000);
  });
});
