import { useState, type KeyboardEvent } from 'react';
import type { Participant } from '../../../api/messagingModels';
import { FAVORITES_SHOWN } from '../constants';
import { useParticipantSuggestions } from '../inbox/useParticipantSuggestions';
import { ParticipantList } from './ParticipantList';

/**
 * The inbox's compose view (spec 000 §2.8, §5): a 'To:' line; favorites while it is empty,
 * search results once something is typed. Enter takes the typed name as the recipient.
 */
export function RecipientPicker({ onChoose }: { onChoose(name: string, participant?: Participant): void }) {
  const [text, setText] = useState('');
  const query = text.trim().toLowerCase();
  const { blogs } = useParticipantSuggestions(query);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (query) onChoose(query);
  };

  return (
    <div className="recipient-picker">
      <label className="recipient-picker__to">
        <span className="recipient-picker__label">To:</span>
        <input
          type="text"
          className="recipient-picker__input"
          value={text}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      {query === '' ? (
        <ParticipantList
          label="Favorites"
          blogs={blogs && blogs.slice(0, FAVORITES_SHOWN)}
          onChoose={(p) => onChoose(p.name, p)}
        />
      ) : (
        <ParticipantList label="Search results" blogs={blogs} onChoose={(p) => onChoose(p.name, p)} />
      )}
    </div>
  );
}
