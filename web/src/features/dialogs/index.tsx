// The confirm and alert dialogs: a provider holding the queue, and useDialogs() for
// promise-based confirm(text, {ok, cancel}) and alert(text).
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { Dialog } from './components/Dialog';
import {
  DEFAULT_CANCEL,
  DEFAULT_OK,
  dialogQueueReducer,
  emptyDialogQueue,
  type DialogRequest,
} from './dialogQueue';

export interface ConfirmOptions {
  ok?: string;
  cancel?: string;
}

export interface Dialogs {
  /** Resolves true on OK, false on Cancel (or Escape). */
  confirm(text: string, options?: ConfirmOptions): Promise<boolean>;
  /** Resolves when the user dismisses the alert. */
  alert(text: string, options?: { ok?: string }): Promise<void>;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(dialogQueueReducer, emptyDialogQueue);
  // Promise resolvers stay out of the reducer so that it remains pure data.
  const resolvers = useRef(new Map<number, (ok: boolean) => void>());
  const nextId = useRef(1);

  const open = useCallback((request: Omit<DialogRequest, 'id'>) => {
    const id = nextId.current++;
    return new Promise<boolean>((resolve) => {
      resolvers.current.set(id, resolve);
      dispatch({ type: 'opened', request: { ...request, id } });
    });
  }, []);

  const close = useCallback((id: number, ok: boolean) => {
    resolvers.current.get(id)?.(ok);
    resolvers.current.delete(id);
    dispatch({ type: 'closed', id });
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (text, options = {}) =>
        open({
          kind: 'confirm',
          text,
          ok: options.ok ?? DEFAULT_OK,
          cancel: options.cancel ?? DEFAULT_CANCEL,
        }),
      alert: (text, options = {}) =>
        open({ kind: 'alert', text, ok: options.ok ?? DEFAULT_OK }).then(() => undefined),
    }),
    [open],
  );

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {state.current && (
        <Dialog
          key={state.current.id}
          request={state.current}
          onClose={(ok) => close(state.current!.id, ok)}
        />
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs() must be used inside <DialogProvider>');
  return dialogs;
}
