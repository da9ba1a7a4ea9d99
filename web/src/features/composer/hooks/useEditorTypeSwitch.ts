// Switching the text editor (spec 001 §4 Editor type): rich to HTML or markdown converts the
// post's HTML fields and is free; markdown becomes HTML as the server renders it; going back
// to rich after the source was edited by hand asks first, since the rich editor keeps only
// its own elements.
import { useCallback } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { filterHtmlForPreview } from '../../../api/composerEndpoints';
import type { EditorType } from '../../../api/composerModels';
import { useDialogs } from '../../dialogs';
import { htmlToMarkdown } from '../editor/htmlToMarkdown';
import { useComposerForm } from '../formContext';
import { htmlFieldsOf } from '../model/postModel';
import type { TextField } from '../model/postReducer';
import { BACK_TO_RICH } from '../strings';

/** One field's text in the editor `to`, from the editor `from`. */
async function convert(
  text: string,
  from: EditorType,
  to: EditorType,
  renderMarkdown: (markdown: string) => Promise<string>,
): Promise<string> {
  if (from === to || !text.trim()) return text;
  if (to === 'markdown') return htmlToMarkdown(text);
  if (from === 'markdown') return renderMarkdown(text);
  // rich ⇄ html: both are HTML.
  return text;
}

export function useEditorTypeSwitch(): (to: EditorType) => Promise<void> {
  const api = useApi();
  const dialogs = useDialogs();
  const { post, dispatch } = useComposerForm();

  return useCallback(
    async (to: EditorType) => {
      const from = post.editorType;
      if (to === from) return;
      if (to === 'rich' && post.htmlEdited && !(await dialogs.confirm(BACK_TO_RICH))) return;
      const render = (markdown: string) => filterHtmlForPreview(api, markdown, true);
      const converted: Partial<Record<TextField, string>> = {};
      try {
        for (const field of htmlFieldsOf(post.type, post.reblog !== null) as TextField[]) {
          converted[field] = await convert(post.fields[field], from, to, render);
        }
      } catch (err) {
        // The server could not render the markdown: say so, and stay in markdown rather
        // than lose what was written.
        await dialogs.alert(errorDetails(err).join(' '));
        return;
      }
      dispatch({ type: 'editorTypeChanged', editorType: to, converted });
    },
    [api, dialogs, post, dispatch],
  );
}
