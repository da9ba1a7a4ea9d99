// A quote post (spec 001 §2): the quote (plain text) and its source.
import { PostTextEditor } from '../../editor/PostTextEditor';
import { useComposerForm } from '../../formContext';
import { BodyInput } from './BodyInput';

export function QuoteBody() {
  const { post, dispatch, disabled } = useComposerForm();
  return (
    <div className="post-body post-body--quote">
      <BodyInput
        label="Quote"
        placeholder="“Quote”"
        className="body-input--quote"
        multiline
        value={post.fields.quote}
        disabled={disabled}
        autoFocus
        onChange={(value) => dispatch({ type: 'fieldChanged', field: 'quote', value })}
      />
      <PostTextEditor field="source" label="Source" placeholder="— Source" />
    </div>
  );
}
