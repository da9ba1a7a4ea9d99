// The dashboard's new-post buttons (spec 001 §2: "New-post buttons exist for text, photo,
// quote, link, chat, audio, video"): a row of the seven types, in fast compose's order, each
// opening the composer at its route, /new/{type} (the base route left empty on the dashboard).
import { Link } from 'wouter';
import { newPostPath } from '../../../lib/composerPaths';
import { preloadComposer } from '../../composer';
import { POST_TYPE_TILES, PostTypeGlyph } from '../../fastCompose';

export function NewPostButtons() {
  return (
    <nav className="new-post-buttons card" aria-label="New post">
      {POST_TYPE_TILES.map((tile) => (
        <Link
          key={tile.type}
          href={newPostPath(tile.type)}
          className={`new-post-buttons__button new-post-buttons__button--${tile.type}`}
          aria-label={`New ${tile.type} post`}
          // The form's code loads while the pointer is on its way.
          onPointerEnter={() => void preloadComposer()}
          onFocus={() => void preloadComposer()}
        >
          <span className="new-post-buttons__icon" aria-hidden="true">
            <PostTypeGlyph type={tile.type} size={22} />
          </span>
          <span className="new-post-buttons__label">{tile.label}</span>
        </Link>
      ))}
    </nav>
  );
}
