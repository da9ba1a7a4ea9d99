import type { PostContent } from '../../../../api/postModels';
import { ANONYMOUS } from '../../constants';
import { PostHtml } from '../PostHtml';

/** The question, who asked it, and the answer. */
export function NoteContent({ content }: { content: Extract<PostContent, { type: 'note' }> }) {
  return (
    <>
      <div className="post-ask">
        <p className="post-ask__asker">
          <b>{content.askingName ?? ANONYMOUS}</b> asked:
        </p>
        <p className="post-ask__question">{content.ask}</p>
      </div>
      <PostHtml html={content.answer} className="post-answer" />
      <PostHtml html={content.caption} className="post-caption" />
    </>
  );
}
