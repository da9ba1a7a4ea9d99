import { produce } from 'immer';

/** Spec 000 §8: dialog buttons default to Cancel and OK. */
export const DEFAULT_OK = 'OK';
export const DEFAULT_CANCEL = 'Cancel';

export interface DialogRequest {
  id: number;
  kind: 'confirm' | 'alert';
  text: string;
  ok: string;
  /** Absent for an alert, which has only the OK button. */
  cancel?: string;
}

/** One dialog at a time; the others wait in order (spec 000 §4 Dialog). */
export interface DialogQueueState {
  current: DialogRequest | null;
  waiting: DialogRequest[];
}

export type DialogQueueAction =
  | { type: 'opened'; request: DialogRequest }
  | { type: 'closed'; id: number };

export const emptyDialogQueue: DialogQueueState = { current: null, waiting: [] };

export function dialogQueueReducer(
  state: DialogQueueState,
  action: DialogQueueAction,
): DialogQueueState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'opened':
        if (draft.current === null) draft.current = action.request;
        else draft.waiting.push(action.request);
        break;
      case 'closed':
        if (draft.current?.id === action.id) {
          draft.current = draft.waiting.shift() ?? null;
        } else {
          // A waiting dialog may be withdrawn before it is shown.
          draft.waiting = draft.waiting.filter((r) => r.id !== action.id);
        }
        break;
    }
  });
}
