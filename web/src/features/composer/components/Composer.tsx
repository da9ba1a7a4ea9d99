// One open composer: loads what the form needs (the form data, and the post for an edit or a
// reblog), then shows the form in the modal. A reblog the server refuses (403) alerts 'This
// post cannot be reblogged.' and closes (spec 001 §4 Reblog blocked).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ApiError, errorDetails } from '../../../api/client';
import { fetchComposerSetup, fetchPostToEdit, fetchPostToReblog } from '../../../api/composerEndpoints';
import type { ComposerSetup, FetchedPost } from '../../../api/composerModels';
import type { PostSaveResult } from '../../../api/postModels';
import { useBlogsDispatch } from '../../blogs';
import { celebrateFirstPost } from '../../confetti';
import { useDialogs } from '../../dialogs';
import { announceSavedPost } from '../../posts/savedPosts';
import { useComposer, type OpenComposer } from '../ComposerContext';
import { usePostForm } from '../hooks/usePostForm';
import { afterSave } from '../model/afterSave';
import { initialModel, type ComposerRequest } from '../model/initialModel';
import type { PostModel } from '../model/postModel';
import { CANNOT_REBLOG } from '../strings';
import { ComposerModal } from './ComposerModal';
import { PostForm } from './PostForm';

function fetchPost(api: ReturnType<typeof useApi>, request: ComposerRequest): Promise<FetchedPost | undefined> {
  if (request.mode === 'edit') return fetchPostToEdit(api, request.postId, request.blog);
  if (request.mode === 'reblog') return fetchPostToReblog(api, request.reblogId, request.reblogKey, request.postType);
  return Promise.resolve(undefined);
}

function modalLabel(request: ComposerRequest): string {
  if (request.mode === 'edit') return 'Edit post';
  if (request.mode === 'reblog') return 'Reblog post';
  return `New ${request.type} post`;
}

export function Composer({ open }: { open: OpenComposer }) {
  const api = useApi();
  const dialogs = useDialogs();
  const { close } = useComposer();
  // Escape asks the form (which knows whether the post changed); while loading it just closes.
  const dismiss = useRef<() => void>(close);
  dismiss.current = close;

  // Loaded once per opening (its key), whose request and base path do not change while it is
  // open; opening again loads afresh.
  const load = useQuery({
    queryKey: ['composerForm', open.key],
    queryFn: async () => {
      const [data, fetched] = await Promise.all([fetchComposerSetup(api), fetchPost(api, open.request)]);
      return { data, initial: initialModel(open.request, data, open.basePath, fetched) };
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  const failure = load.isError && !load.isFetching ? load.error : null;
  useEffect(() => {
    if (!failure) return;
    const refused = open.request.mode === 'reblog' && failure instanceof ApiError && failure.status === 403;
    void dialogs.alert(refused ? CANNOT_REBLOG : errorDetails(failure).join(' ')).then(close);
  }, [failure, open.request.mode, dialogs, close]);

  return (
    <ComposerModal
      label={modalLabel(open.request)}
      loading={!load.data}
      onRequestClose={() => dismiss.current()}
      returnFocus={open.returnFocus}
    >
      {load.data && <LoadedComposer open={open} data={load.data.data} initial={load.data.initial} dismissRef={dismiss} />}
    </ComposerModal>
  );
}

function LoadedComposer({
  open,
  data,
  initial,
  dismissRef,
}: {
  open: OpenComposer;
  data: ComposerSetup;
  initial: PostModel;
  dismissRef: { current: () => void };
}) {
  const { close, reloadPage, showToast } = useComposer();
  const blogsDispatch = useBlogsDispatch();
  const onSaved = useCallback(
    (answer: PostSaveResult) => {
      // §4 After save: the blog's counters (the account menu's Posts, Drafts, Queue) update.
      blogsDispatch({ type: 'countsSaved', counts: answer.blogCounts });
      // Spec 000 §9 Confetti: a user's first post is celebrated.
      celebrateFirstPost(answer.firstPost);
      const next = afterSave({ mode: open.request.mode, fromFastCompose: open.fromFastCompose, basePath: open.basePath }, answer);
      if (next.toast) showToast(answer.message);
      if (next.reloadPage) {
        // The reloaded page fetches all its posts: nothing to insert into it.
        reloadPage();
        return;
      }
      announceSavedPost(answer);
      close();
    },
    [open, showToast, close, reloadPage, blogsDispatch],
  );
  const form = usePostForm(initial, data, { onSaved, onClose: close });
  dismissRef.current = () => void form.dismiss();
  // A photo form's `src` (§2) is added as a photo from the web is, once the form is there.
  const prefillSrc = open.request.mode === 'new' ? open.request.prefill?.src : undefined;
  const addedPrefill = useRef(false);
  useEffect(() => {
    if (!prefillSrc || addedPrefill.current) return;
    addedPrefill.current = true;
    void form.uploads.addPhotoUrl(prefillSrc);
  }, [prefillSrc, form.uploads]);
  return <PostForm form={form} />;
}
