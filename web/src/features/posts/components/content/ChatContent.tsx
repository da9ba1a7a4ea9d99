import type { PostContent } from '../../../../api/postModels';
import { PostTitle } from './PostTitle';

/** The chat's lines, each speaker in bold (spec 001 §5). */
export function ChatContent({ content }: { content: Extract<PostContent, { type: 'chat' }> }) {
  return (
    <>
      <PostTitle title={content.title} />
      <ul className="post-chat" aria-label="Chat">
        {content.lines.map((line, i) => (
          <li key={i} className="post-chat__line">
            {line.speaker && <b className="post-chat__speaker">{line.speaker}:</b>} {line.text}
          </li>
        ))}
      </ul>
    </>
  );
}
