// A post's title (text and chat posts): the field ctrl or meta+shift+1 focuses.
import { useComposerForm } from '../../formContext';
import { BodyInput } from './BodyInput';

export function TitleField({ autoFocus = false }: { autoFocus?: boolean }) {
  const { post, dispatch, disabled, titleRef } = useComposerForm();
  return (
    <BodyInput
      label="Title"
      className="body-input--title"
      value={post.fields.title}
      inputRef={titleRef}
      disabled={disabled}
      autoFocus={autoFocus}
      onChange={(value) => dispatch({ type: 'fieldChanged', field: 'title', value })}
    />
  );
}
