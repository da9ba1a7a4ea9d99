// A note (an answered question, spec 001 §2): the question and the answer. A reblogged note
// is a ReblogBody: its caption and the reblog tree.
import { PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { BodyInput } from './BodyInput';

export function NoteBody() {
  const { post, dispatch, disabled, titleRef } = useComposerForm();
  return (
    <div className="post-body post-body--note">
      <BodyInput
        label="Question"
        className="body-input--ask"
        value={post.fields.ask}
        inputRef={titleRef}
        disabled={disabled}
        autoFocus
        onChange={(value) => dispatch({ type: 'fieldChanged', field: 'ask', value })}
      />
      <PostTextEditor field="answer" label="Answer" placeholder="Your answer" />
    </div>
  );
}
