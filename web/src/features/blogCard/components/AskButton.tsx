// The blog card's Ask (issue 11): a question form for a blog that takes questions. A
// signed-in reader asks as the blog they act as, or anonymously where the blog allows it; a
// visitor only anonymously, and only there. Whether its form is open, and its confirmation,
// are the card's (useCardForms).
import { useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { askBlog } from '../../../api/endpoints';
import type { Blog } from '../../../api/models';
import { MAX_QUESTION_CHARS } from '../../../api/limits';
import { useSession } from '../../session';
import type { CardForm } from '../useCardForms';

export function AskButton({ blog, form }: { blog: Blog; form: CardForm }) {
  // Sent, the form closes: the focus it held goes back to its button, not to the page.
  const button = useRef<HTMLButtonElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const api = useApi();
  const { isLoggedIn } = useSession();
  const [question, setQuestion] = useState('');
  const [anonymous, setAnonymous] = useState(!isLoggedIn);
  const [sending, setSending] = useState(false);
  const canAsk = blog.asks && !blog.isMine && (isLoggedIn || blog.anonymousAsks);
  if (!canAsk) return null;

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim() || sending) return;
    setSending(true);
    form.sending();
    askBlog(api, blog.name, question.trim(), anonymous)
      .then(() => {
        const focusInForm = formElement.current?.contains(document.activeElement) ?? false;
        setQuestion('');
        form.sent(`Your question is on its way to ${blog.name}.`);
        if (focusInForm) button.current?.focus();
      })
      .catch((err: unknown) => form.failed(errorDetails(err).join(' ')))
      .finally(() => setSending(false));
  };

  return (
    <div className="ask">
      <button ref={button} type="button" className="button button--quiet ask__button" aria-expanded={form.open} onClick={form.toggle}>
        Ask
      </button>
      {form.open && (
        <form ref={formElement} className="ask__form" aria-label={`Ask ${blog.name} a question`} onSubmit={send}>
          <textarea
            className="field__input"
            aria-label="Question"
            value={question}
            maxLength={MAX_QUESTION_CHARS}
            rows={3}
            onChange={(e) => setQuestion(e.target.value)}
          />
          {isLoggedIn && blog.anonymousAsks && (
            <label className="ask__anonymous">
              <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> Ask
              anonymously
            </label>
          )}
          <button type="submit" className="button button--primary" disabled={sending || !question.trim()}>
            Send question
          </button>
        </form>
      )}
      {form.news && (
        <p className="ask__status" role="status">
          {form.news}
        </p>
      )}
    </div>
  );
}
