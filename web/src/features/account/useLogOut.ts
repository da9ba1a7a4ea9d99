import { useApi } from '../../api/ApiProvider';
import { logoutHref } from '../../api/endpoints';
import { useDialogs } from '../dialogs';

/** Spec 000 §8. */
export const LOGOUT_CONFIRM = 'Are you sure you want to log out?';

/**
 * Logging out (spec 000 §2.1 /logout, "reached after confirmation"), for the account popover's
 * link and the phone menu's button: the address, and what asks before going there.
 */
export function useLogOut(): { href: string; logOut(): Promise<void> } {
  const api = useApi();
  const dialogs = useDialogs();
  const href = logoutHref(api);
  const logOut = async () => {
    if (await dialogs.confirm(LOGOUT_CONFIRM)) window.location.assign(href);
  };
  return { href, logOut };
}
