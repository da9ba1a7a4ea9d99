import { useApi } from '../../api/ApiProvider';
import { queryString } from '../../api/client';
import type { FormKeyField } from '../../api/types/FormKeyField';
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
  // The form key tells the server this logout is the user's, not a link on another site.
  const query: FormKeyField = { form_key: api.getFormKey() };
  const href = `/logout?${queryString(query)}`;
  const logOut = async () => {
    if (await dialogs.confirm(LOGOUT_CONFIRM)) window.location.assign(href);
  };
  return { href, logOut };
}
