// The post form (spec 001 §2 The post form): header, error bar, the type's body, tags,
// allow-answers, and the footer with close, sharing and save. Ctrl/Cmd+Enter saves when the
// post is valid; ctrl or meta+shift+1 goes to the title.
import { useRef, type KeyboardEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { ComposerFormContext, type ComposerForm } from '../formContext';
import type { PostForm as PostFormState } from '../hooks/usePostForm';
import { useTutorials } from '../hooks/useTutorials';
import { previewOnBlog } from '../model/previewOnBlog';
import { AllowAnswers } from './AllowAnswers';
import { PostBody } from './bodies/PostBody';
import { ErrorBar } from './ErrorBar';
import { PostFormHeader } from './PostFormHeader';
import { SaveButton } from './SaveButton';
import { SocialButtons } from './SocialButtons';
import { TagEditor } from './TagEditor';
import { TutorialNote } from './TutorialNote';

export function PostForm({ form }: { form: PostFormState }) {
  const api = useApi();
  const titleRef = useRef<HTMLInputElement | null>(null);
  const { post } = form;
  const disabled = !post.formState.enabled;
  const tutorials = useTutorials(post, form.data);

  const value: ComposerForm = { ...form, disabled, titleRef, focusTitle: () => titleRef.current?.focus() };

  const onKeyDown = (e: KeyboardEvent) => {
    const command = e.ctrlKey || e.metaKey;
    if (command && e.key === 'Enter') {
      e.preventDefault();
      if (form.valid) void form.save();
    } else if (command && e.shiftKey && e.code === 'Digit1') {
      e.preventDefault();
      titleRef.current?.focus();
    }
  };

  const channel = form.data.blogs.find((c) => c.name === post.blog);
  const preview = () => channel && previewOnBlog(post, channel, api.getFormKey());

  return (
    <ComposerFormContext.Provider value={value}>
      <form className="post-form" aria-label="Post" onSubmit={(e) => e.preventDefault()} onKeyDown={onKeyDown}>
        <PostFormHeader />
        <ErrorBar errors={post.errors} />
        <PostBody />
        <TagEditor />
        <AllowAnswers />
        {tutorials.shown && <TutorialNote tutorial={tutorials.shown} onDismiss={tutorials.dismiss} />}
        <div className="post-form__footer">
          <button type="button" className="button button--quiet" disabled={post.formState.saving} onClick={() => void form.dismiss()}>
            Close
          </button>
          <div className="post-form__footer-end">
            <SocialButtons />
            <SaveButton canPreview={channel !== undefined} onPreview={preview} />
          </div>
        </div>
      </form>
    </ComposerFormContext.Provider>
  );
}
