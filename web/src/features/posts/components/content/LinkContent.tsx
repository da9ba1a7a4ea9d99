import type { PostContent } from '../../../../api/postModels';
import { PostHtml } from '../PostHtml';
import { ExternalLink } from './ExternalLink';

/** The link's card (thumbnail, title, publisher), its excerpt and author, and the caption. */
export function LinkContent({ content }: { content: Extract<PostContent, { type: 'link' }> }) {
  const title = content.title || content.url;
  return (
    <>
      <ExternalLink href={content.url} className="post-link">
        {content.thumbnail && <img className="post-link__thumbnail" src={content.thumbnail} alt="" loading="lazy" />}
        <span className="post-link__title">{title}</span>
        {content.publisher && <span className="post-link__publisher">{content.publisher}</span>}
      </ExternalLink>
      {content.excerpt && <blockquote className="post-link__excerpt">{content.excerpt}</blockquote>}
      {content.author && <p className="post-link__author">By {content.author}</p>}
      <PostHtml html={content.caption} className="post-caption" />
    </>
  );
}
