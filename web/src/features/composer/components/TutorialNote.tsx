// The composer's tutorials (spec 001 §2 "Rich text tutorial, inline controls tutorial, image
// search tutorial"): a note in the form, which never takes the focus from what the user is
// writing. The spec names them but not their words; these say what each feature is.
import type { Tutorial } from '../model/tutorials';

const TUTORIAL_TEXTS: Record<Tutorial, { title: string; text: string }> = {
  richText: {
    title: 'Rich text',
    text: 'Make words bold or italic, add headlines, links, lists and quotes with the toolbar above your text, or with the keyboard shortcuts its buttons show.',
  },
  inlineControls: {
    title: 'Inline photos, videos and more',
    text: 'The buttons after the formatting ones put a photo, a GIF, a video, a horizontal line or a read-more break where your cursor is.',
  },
  imageSearch: {
    title: 'Image search',
    text: 'Search for a GIF or an image and put it right into your post.',
  },
};

export function TutorialNote({ tutorial, onDismiss }: { tutorial: Tutorial; onDismiss(): void }) {
  const { title, text } = TUTORIAL_TEXTS[tutorial];
  return (
    <aside className="composer-tutorial" aria-label={`${title} tutorial`}>
      <p className="composer-tutorial__text">
        <strong>{title}.</strong> {text}
      </p>
      <button type="button" className="button button--quiet composer-tutorial__dismiss" onClick={onDismiss}>
        Got it
      </button>
    </aside>
  );
}
