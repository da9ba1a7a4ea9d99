// The post form's state and its two ways out: saving (§4 Form state: disabled, locked and
// saving while the call runs; re-enabled with the error bar on failure) and dismissing
// (§4 Dismiss: 'Discard this post?' only if the post changed).
import { useCallback, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { savePost } from '../../../api/composerEndpoints';
import type { ComposerSetup } from '../../../api/composerModels';
import type { PostSaveResult } from '../../../api/postModels';
import { useDialogs } from '../../dialogs';
import { hasChanged } from '../model/changes';
import type { PostModel } from '../model/postModel';
import { postReducer, type PostAction } from '../model/postReducer';
import { browserUtcOffset, postSaveOf } from '../model/saveForm';
import { validationErrors } from '../model/validation';
import { DISCARD, DISCARD_EDITS, DISCARD_POST, NEVERMIND } from '../strings';
import { useUploads, type Uploads } from '../uploads/useUploads';
import { useLeaveWarning } from './useLeaveWarning';

export interface PostForm {
  post: PostModel;
  dispatch: Dispatch<PostAction>;
  data: ComposerSetup;
  /** The rules the post breaks now (§5); saving waits until there are none. */
  validation: string[];
  valid: boolean;
  changed: boolean;
  uploads: Uploads;
  /** Saves if the post is valid and the form is enabled. */
  save(): Promise<void>;
  /** Closes, asking first if the post changed. */
  dismiss(): Promise<void>;
}

export function usePostForm(
  initial: PostModel,
  data: ComposerSetup,
  { onSaved, onClose }: { onSaved(answer: PostSaveResult): void; onClose(): void },
): PostForm {
  const api = useApi();
  const dialogs = useDialogs();
  const [post, dispatch] = useReducer(postReducer, initial);
  // The save and the dismiss run after awaits: they read the model as it is then.
  const latest = useRef(post);
  latest.current = post;

  const validation = useMemo(() => validationErrors(post), [post]);
  const valid = validation.length === 0;
  const changed = useMemo(() => hasChanged(initial, post), [initial, post]);
  const room = data.limits.photosPerPost - post.fields.photos.length;
  const uploads = useUploads(post, dispatch, data.limits, room);

  useLeaveWarning(changed && !post.saved, post.mode === 'edit');

  const save = useCallback(async () => {
    const current = latest.current;
    if (!current.formState.enabled || validationErrors(current).length > 0) return;
    dispatch({ type: 'saveStarted' });
    try {
      const answer = await savePost(api, postSaveOf(current, browserUtcOffset()));
      dispatch({ type: 'saveSucceeded' });
      onSaved(answer);
    } catch (err) {
      // Every message of the errors map, for the error bar; the form is enabled again.
      dispatch({ type: 'saveFailed', errors: errorDetails(err) });
    }
  }, [api, onSaved]);

  const dismiss = useCallback(async () => {
    const current = latest.current;
    if (current.formState.saving) return;
    if (!current.saved && hasChanged(initial, current)) {
      const discard = await dialogs.confirm(current.mode === 'edit' ? DISCARD_EDITS : DISCARD_POST, {
        ok: DISCARD,
        cancel: NEVERMIND,
      });
      if (!discard) return;
    }
    onClose();
  }, [dialogs, initial, onClose]);

  return { post, dispatch, data, validation, valid, changed, uploads, save, dismiss };
}
