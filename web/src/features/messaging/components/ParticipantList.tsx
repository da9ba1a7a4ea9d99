import type { Participant } from '../../../api/messagingModels';
import { Avatar } from '../../../components/Avatar';
import { BarLoader } from '../../../components/BarLoader';
import { EMPTY_LIST_TEXT } from '../constants';

/** Favorites or search results in the compose view: 'Womp womp.' when there are none. */
export function ParticipantList({
  label,
  blogs,
  onChoose,
}: {
  label: string;
  /** null while loading. */
  blogs: Participant[] | null;
  onChoose(participant: Participant): void;
}) {
  return (
    <section className="participant-list" aria-label={label}>
      <h3 className="participant-list__title">{label}</h3>
      {blogs === null ? (
        <BarLoader label={`Loading ${label.toLowerCase()}`} />
      ) : blogs.length === 0 ? (
        <p className="muted participant-list__empty">{EMPTY_LIST_TEXT}</p>
      ) : (
        <ul className="participant-list__items">
          {blogs.map((blog) => (
            <li key={blog.name}>
              <button type="button" className="participant-list__item" onClick={() => onChoose(blog)}>
                <Avatar url={blog.avatarUrl} size={30} />
                <span className="participant-list__names">
                  <span className="participant-list__name">{blog.name}</span>
                  {blog.title && <span className="participant-list__blog-title muted">{blog.title}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
