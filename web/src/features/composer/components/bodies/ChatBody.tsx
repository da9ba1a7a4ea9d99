// A chat post (spec 001 §2): title and the dialogue, with a random sample dialogue as the
// placeholder. Chats have no editor choice: the dialogue is plain lines, `Speaker: words`.
import { useState } from 'react';
import { useComposerForm } from '../../formContext';
import { randomChatPlaceholder } from '../../model/chatPlaceholders';
import { BodyInput } from './BodyInput';
import { TitleField } from './TitleField';

export function ChatBody() {
  const { post, dispatch, disabled } = useComposerForm();
  const [placeholder] = useState(() => randomChatPlaceholder());
  return (
    <div className="post-body post-body--chat">
      <TitleField />
      <BodyInput
        label="Chat"
        className="body-input--chat"
        multiline
        placeholder={placeholder}
        value={post.fields.chat}
        disabled={disabled}
        autoFocus
        onChange={(value) => dispatch({ type: 'fieldChanged', field: 'chat', value })}
      />
    </div>
  );
}
