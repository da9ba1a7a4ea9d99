import type { MouseEvent } from 'react';
import type { Participant } from '../../../api/messagingModels';
import { Avatar } from '../../../components/Avatar';
import { EMPTY_INBOX_HEADING, FAVORITES_SHOWN, NEW_MESSAGE } from '../constants';
import { useParticipantSuggestions } from '../inbox/useParticipantSuggestions';

/** No conversations yet (spec 000 §2.8): an invitation, favorite blogs at 40x40, 'New message'. */
export function InboxEmpty({
  onChoose,
  onCompose,
}: {
  onChoose(name: string, participant: Participant): void;
  onCompose(): void;
}) {
  const { blogs } = useParticipantSuggestions('');
  const compose = (e: MouseEvent) => {
    e.preventDefault();
    onCompose();
  };
  return (
    <div className="inbox-empty">
      <h3 className="inbox-empty__heading">{EMPTY_INBOX_HEADING}</h3>
      {blogs && blogs.length > 0 && (
        <ul className="inbox-empty__favorites" aria-label="Favorites">
          {blogs.slice(0, FAVORITES_SHOWN).map((blog) => (
            <li key={blog.name}>
              <button
                type="button"
                className="inbox-empty__favorite"
                title={blog.name}
                onClick={() => onChoose(blog.name, blog)}
              >
                <Avatar url={blog.avatarUrl} size={40} label={`Message ${blog.name}`} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <a href="/messaging/new" className="inbox-empty__new" onClick={compose}>
        {NEW_MESSAGE}
      </a>
    </div>
  );
}
