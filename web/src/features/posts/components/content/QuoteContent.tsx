import type { PostContent } from '../../../../api/postModels';
import { quoteSize } from '../../quoteSize';
import { PostHtml } from '../PostHtml';

/** The quote, sized by its length (spec 001 §9), and its source. */
export function QuoteContent({ content }: { content: Extract<PostContent, { type: 'quote' }> }) {
  return (
    <figure className="post-quote">
      <blockquote className={`post-quote__text post-quote__text--${quoteSize(content.quote)}`}>
        <p>{content.quote}</p>
      </blockquote>
      {content.source.trim() !== '' && (
        <div className="post-quote__source">
          <span aria-hidden="true">— </span>
          <PostHtml html={content.source} />
        </div>
      )}
    </figure>
  );
}
