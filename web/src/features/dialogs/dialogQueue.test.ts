import { describe, expect, it } from 'vitest';
import {
  dialogQueueReducer,
  emptyDialogQueue,
  type DialogQueueState,
  type DialogRequest,
} from './dialogQueue';

const req = (id: number, text = `dialog ${id}`): DialogRequest => ({
  id,
  kind: 'confirm',
  text,
  ok: 'OK',
  cancel: 'Cancel',
});

function open(state: DialogQueueState, ...requests: DialogRequest[]): DialogQueueState {
  return requests.reduce((s, request) => dialogQueueReducer(s, { type: 'opened', request }), state);
}

describe('dialogQueueReducer', () => {
  it('shows the first dialog at once', () => {
    const state = open(emptyDialogQueue, req(1));
    expect(state.current?.id).toBe(1);
    expect(state.waiting).toEqual([]);
  });

  it('shows one at a time and queues the others in order', () => {
    const state = open(emptyDialogQueue, req(1), req(2), req(3));
    expect(state.current?.id).toBe(1);
    expect(state.waiting.map((r) => r.id)).toEqual([2, 3]);
  });

  it('shows the next queued dialog in order when the current one closes', () => {
    let state = open(emptyDialogQueue, req(1), req(2), req(3));
    state = dialogQueueReducer(state, { type: 'closed', id: 1 });
    expect(state.current?.id).toBe(2);
    state = dialogQueueReducer(state, { type: 'closed', id: 2 });
    expect(state.current?.id).toBe(3);
    state = dialogQueueReducer(state, { type: 'closed', id: 3 });
    expect(state).toEqual(emptyDialogQueue);
  });

  it('withdraws a waiting dialog without touching the current one', () => {
    let state = open(emptyDialogQueue, req(1), req(2), req(3));
    state = dialogQueueReducer(state, { type: 'closed', id: 2 });
    expect(state.current?.id).toBe(1);
    expect(state.waiting.map((r) => r.id)).toEqual([3]);
  });

  it('ignores closing a dialog it does not know', () => {
    const state = open(emptyDialogQueue, req(1));
    const after = dialogQueueReducer(state, { type: 'closed', id: 99 });
    expect(after.current?.id).toBe(1);
  });

  it('never changes the state it was given', () => {
    const state = open(emptyDialogQueue, req(1), req(2));
    dialogQueueReducer(state, { type: 'closed', id: 1 });
    expect(state.current?.id).toBe(1);
    expect(state.waiting.map((r) => r.id)).toEqual([2]);
  });
});
