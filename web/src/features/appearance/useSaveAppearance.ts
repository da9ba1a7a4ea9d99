import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { saveAppearance } from '../../api/appearanceEndpoints';
import type { AppearanceForm } from '../../api/types/AppearanceForm';
import { useBlogsDispatch } from '../blogs';
import { useSession } from '../session';

/**
 * Saves an Edit appearance form. The blog the server answers goes into the blog store, which
 * every view of the blog reads (its page, its card, the blog viewer drawer): they take the
 * new look at once. A new title also shows in the account menu, which reads the user model.
 */
export function useSaveAppearance() {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: (form: AppearanceForm) => saveAppearance(api, form),
    onSuccess: (blog, form) => {
      dispatch({ type: 'received', blogs: [blog] });
      if (form.title !== undefined) void refresh();
    },
  });
}
