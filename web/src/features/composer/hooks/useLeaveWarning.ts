// The leave-page warning (spec 001 §4 Dismiss): while the post has unsaved changes, leaving
// the page (closing the tab, reloading, going to another site) asks first. Browsers show
// their own sentence nowadays; the spec's is still given for those that show it.
import { useEffect } from 'react';
import { LEAVE_EDIT, LEAVE_NEW } from '../strings';

export function leaveWarningText(editing: boolean): string {
  return editing ? LEAVE_EDIT : LEAVE_NEW;
}

export function useLeaveWarning(active: boolean, editing: boolean): void {
  useEffect(() => {
    if (!active) return;
    const text = leaveWarningText(editing);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = text;
      return text;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, editing]);
}
