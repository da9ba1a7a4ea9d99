import type { PostContent } from '../../../../api/postModels';
import { PostHtml } from '../PostHtml';
import { PostTitle } from './PostTitle';

export function TextContent({ content }: { content: Extract<PostContent, { type: 'text' }> }) {
  return (
    <>
      <PostTitle title={content.title} />
      {/* Not `post-body`: that is the composer's body editor (composer.css), padded as a form. */}
      <PostHtml html={content.body} className="post-text" />
    </>
  );
}
