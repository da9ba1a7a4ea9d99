// The blog card's "Submit a post" (issue 11, docs/api.md "Asks and the inbox"): a signed-in
// reader writes a text post for a blog that takes questions; it waits in that blog's inbox
// until its owner posts or deletes it. It goes through the composer's own save call, with the
// blog as `channel_id` and the state unapproved ('0 3'). Whether its form is open, and its
// confirmation, are the card's (useCardForms).
import { useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { submitPost } from '../../../api/composerEndpoints';
import type { Blog } from '../../../api/models';
import { textToParagraphs } from '../../../lib/htmlText';
import { useSession } from '../../session';
import type { CardForm } from '../useCardForms';

export function SubmitPostButton({ blog, form }: { blog: Blog; form: CardForm }) {
  // Sent, the form closes: the focus it held goes back to its button, not to the page.
  const button = useRef<HTMLButtonElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const api = useApi();
  const { isLoggedIn } = useSession();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  if (!blog.asks || blog.isMine || !isLoggedIn) return null;

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim() || sending) return;
    setSending(true);
    form.sending();
    submitPost(api, blog.name, title.trim(), textToParagraphs(body))
      .then((message) => {
        setTitle('');
        const focusInForm = formElement.current?.contains(document.activeElement) ?? false;
        setBody('');
        form.sent(message);
        if (focusInForm) button.current?.focus();
      })
      .catch((err: unknown) => form.failed(errorDetails(err).join(' ')))
      .finally(() => setSending(false));
  };

  return (
    <div className="submit-post">
      <button ref={button} type="button" className="button button--quiet submit-post__button" aria-expanded={form.open} onClick={form.toggle}>
        Submit a post
      </button>
      {form.open && (
        <form ref={formElement} className="submit-post__form" aria-label={`Submit a post to ${blog.name}`} onSubmit={send}>
          <input className="field__input" aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
          <textarea className="field__input" aria-label="Post" value={body} rows={5} onChange={(e) => setBody(e.target.value)} />
          <button type="submit" className="button button--primary" disabled={sending || !body.trim()}>
            Submit
          </button>
        </form>
      )}
      {form.news && (
        <p className="submit-post__status" role="status">
          {form.news}
        </p>
      )}
    </div>
  );
}
