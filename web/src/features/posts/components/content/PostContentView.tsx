import type { PostContent } from '../../../../api/postModels';
import { AudioContent } from './AudioContent';
import { ChatContent } from './ChatContent';
import { LinkContent } from './LinkContent';
import { NoteContent } from './NoteContent';
import { PhotoContent } from './PhotoContent';
import { QuoteContent } from './QuoteContent';
import { TextContent } from './TextContent';
import { VideoContent } from './VideoContent';

/** A post's content, by its type; `postId`, when it is a post's, goes into its video's logs. */
export function PostContentView({ content, postId }: { content: PostContent; postId?: number }) {
  switch (content.type) {
    case 'text':
      return <TextContent content={content} />;
    case 'photo':
      return <PhotoContent content={content} />;
    case 'quote':
      return <QuoteContent content={content} />;
    case 'link':
      return <LinkContent content={content} />;
    case 'chat':
      return <ChatContent content={content} />;
    case 'audio':
      return <AudioContent content={content} />;
    case 'video':
      return <VideoContent content={content} postId={postId} />;
    case 'note':
      return <NoteContent content={content} />;
  }
}
