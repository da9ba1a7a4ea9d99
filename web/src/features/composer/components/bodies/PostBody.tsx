// The post-type body of the form (spec 001 §2 Per-type forms), or a reblog's.
import { useComposerForm } from '../../formContext';
import { AudioBody } from './AudioBody';
import { ChatBody } from './ChatBody';
import { LinkBody } from './LinkBody';
import { NoteBody } from './NoteBody';
import { PhotoBody } from './PhotoBody';
import { QuoteBody } from './QuoteBody';
import { ReblogBody } from './ReblogBody';
import { TextBody } from './TextBody';
import { VideoBody } from './VideoBody';

export function PostBody() {
  const { post } = useComposerForm();
  if (post.reblog) return <ReblogBody />;
  switch (post.type) {
    case 'text':
      return <TextBody />;
    case 'photo':
      return <PhotoBody />;
    case 'quote':
      return <QuoteBody />;
    case 'link':
      return <LinkBody />;
    case 'chat':
      return <ChatBody />;
    case 'audio':
      return <AudioBody />;
    case 'video':
      return <VideoBody />;
    case 'note':
      return <NoteBody />;
  }
}
