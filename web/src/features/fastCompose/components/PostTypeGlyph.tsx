// The picture of a post type on the fast-compose tiles and the dashboard's new-post buttons.
import type { ReactNode } from 'react';
import type { PostType } from '../../../api/postModels';
import { AudioIcon, CameraIcon, ChatIcon, LinkIcon, VideoIcon } from '../../composer/components/icons';

export function PostTypeGlyph({ type, size }: { type: PostType; size: number }): ReactNode {
  switch (type) {
    case 'text':
      // From CSS (base.css [data-glyph]): a picture of type, not part of the button's label.
      return <span data-glyph="Aa" />;
    case 'photo':
      return <CameraIcon size={size} />;
    case 'quote':
      return '“”';
    case 'link':
      return <LinkIcon size={size} />;
    case 'chat':
      return <ChatIcon size={size} />;
    case 'audio':
      return <AudioIcon size={size} />;
    case 'video':
      return <VideoIcon size={size} />;
    default:
      return null;
  }
}
