import { describe, expect, it } from 'vitest';
import type { Message } from '../../../api/messagingModels';
import { withTimestampHeaders } from './timestampHeaders';

function message(id: number, ts: number): Message {
  return { id, clientId: null, conversationId: 1, ts, participant: 'alice', message: `m${id}`, type: 'TEXT', isPending: false };
}

const HOUR = 3_600_000;

describe('withTimestampHeaders', () => {
  it('heads the first message and every message more than an hour after the previous one', () => {
    const t0 = 1_795_000_000_000;
    const rows = withTimestampHeaders([
      message(1, t0),
      message(2, t0 + 60_000),
      message(3, t0 + 60_000 + HOUR), // exactly an hour: no header
      message(4, t0 + 60_000 + 2 * HOUR + 1), // an hour and 1 ms: header
    ]);
    expect(rows.map((r) => r.tsHeader)).toEqual([t0, null, null, t0 + 60_000 + 2 * HOUR + 1]);
  });

  it('gives nothing for no messages', () => {
    expect(withTimestampHeaders([])).toEqual([]);
  });
});
