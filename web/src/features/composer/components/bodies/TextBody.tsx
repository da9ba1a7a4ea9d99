// A text post (spec 001 §2): title and body.
import { ALL_INLINE_CONTROLS, PostTextEditor } from '../../editor/PostTextEditor';
import { TitleField } from './TitleField';

export function TextBody() {
  return (
    <div className="post-body post-body--text">
      <TitleField autoFocus />
      <PostTextEditor field="body" label="Body" placeholder="Your text here" inlineControls={ALL_INLINE_CONTROLS} />
    </div>
  );
}
