import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { saveAppearance, type AppearanceChanges } from '../../api/appearanceEndpoints';
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
    mutationFn: (changes: AppearanceChanges) => saveAppearance(api, changes),
    onSuccess: (blog, changes) => {
      dispatch({ type: 'received', blogs: [blog] });
      if (changes.title !== undefined) void refresh();
    },
  });
}
