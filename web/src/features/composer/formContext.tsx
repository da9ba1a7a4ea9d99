// The open post form, for the components inside it (bodies, tag editor, settings, save
// button): its model and dispatch, the form data, the uploads, and focus of the title.
import { createContext, useContext, type RefObject } from 'react';
import type { PostForm } from './hooks/usePostForm';

export interface ComposerForm extends PostForm {
  /** The form is not enabled (saving or saved): every field is read-only. */
  disabled: boolean;
  /** The title field, for ctrl or meta+shift+1; bodies without a title leave it empty. */
  titleRef: RefObject<HTMLInputElement | null>;
  focusTitle(): void;
}

export const ComposerFormContext = createContext<ComposerForm | null>(null);

export function useComposerForm(): ComposerForm {
  const form = useContext(ComposerFormContext);
  if (!form) throw new Error('useComposerForm() must be used inside the post form');
  return form;
}
