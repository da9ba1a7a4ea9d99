// Allow answers (spec 001 §4): offered only in new mode while a text field ends in a question
// mark; the reducer unticks it when none does any more.
import { useComposerForm } from '../formContext';
import { canAllowAnswers } from '../model/postReducer';

export function AllowAnswers() {
  const { post, dispatch, disabled } = useComposerForm();
  if (!canAllowAnswers(post)) return null;
  return (
    <label className="allow-answers">
      <input
        type="checkbox"
        checked={post.allowAnswers}
        disabled={disabled}
        onChange={(e) => dispatch({ type: 'allowAnswersChanged', value: e.target.checked })}
      />
      Allow answers
    </label>
  );
}
