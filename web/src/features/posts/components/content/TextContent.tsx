import type { PostContent } from '../../../../api/postModels';
import { PostHtml } from '../PostHtml';
import { PostTitle } from './PostTitle';

export function TextContent({ content }: { content: Extract<PostContent, { type: 'text' }> }) {
  return (
    <>
      <PostTitle title={content.title} />
      <PostHtml html={content.body} className="post-body" />
    </>
  );
}
