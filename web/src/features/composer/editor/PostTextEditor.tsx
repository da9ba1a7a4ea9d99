// One of the post's HTML fields, in the editor the post is written in (spec 001 §2): the rich
// editor, or the HTML or markdown source editor. Editing the source by hand is remembered:
// going back to rich then asks first (§4 Editor type).
import { useCallback } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { fetchMentions } from '../../../api/composerLookups';
import { UploadProgress } from '../components/UploadProgress';
import { useComposerForm } from '../formContext';
import type { TextField } from '../model/postReducer';
import { RichTextEditor } from './RichTextEditor';
import { SourceEditor } from './SourceEditor';
import type { InlineControl } from './toolbarItems';

/** Every inline control: for the main body of a post. */
export const ALL_INLINE_CONTROLS: readonly InlineControl[] = ['photo', 'gif', 'video', 'horizontalLine', 'readMore'];

export function PostTextEditor({
  field,
  label,
  placeholder,
  inlineControls = [],
  autoFocus = false,
}: {
  field: TextField;
  label: string;
  placeholder?: string;
  inlineControls?: readonly InlineControl[];
  autoFocus?: boolean;
}) {
  const api = useApi();
  const { post, dispatch, data, uploads, disabled, focusTitle } = useComposerForm();
  const findMentions = useCallback((query: string) => fetchMentions(api, query), [api]);
  const value = post.fields[field];
  const change = (text: string) => dispatch({ type: 'fieldChanged', field, value: text });

  if (post.editorType === 'rich') {
    return (
      <>
        <RichTextEditor
          label={label}
          value={value}
          onChange={change}
          placeholder={placeholder}
          disabled={disabled}
          inlineControls={inlineControls}
          onUploadImage={uploads.uploadInlineImage}
          embedLimit={data.user.inlineEmbedsPerPost || data.limits.inlineEmbedsPerPost}
          urlChars={data.limits.urlChars}
          onFocusTitle={focusTitle}
          autoFocus={autoFocus}
          findMentions={findMentions}
        />
        {inlineControls.includes('photo') && <UploadProgress uploads={post.uploads} kinds={['inlineImage']} />}
      </>
    );
  }
  return (
    <SourceEditor
      label={label}
      value={value}
      markdown={post.editorType === 'markdown'}
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autoFocus}
      onChange={(text) => {
        change(text);
        if (!post.htmlEdited) dispatch({ type: 'htmlEdited' });
      }}
    />
  );
}
