// What the owner does with a post waiting in their inbox (spec 002 §7): answer a question (it
// goes out as an answered note), post a submission, or delete either, after the message
// controls' confirmation (002 §8). The post then leaves the inbox page without a reload.
import { useState, type FormEvent } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { DELETE_CONFIRMATION, runPostAction } from '../../../api/postActions';
import { postFromWire, type Post } from '../../../api/postModels';
import { useDialogs } from '../../dialogs';
import { textToParagraphs } from '../../../lib/htmlText';
import { announceRemovedPost, announceWentOut } from '../savedPosts';
import { usePostActionRun } from '../usePostActionRun';

export function InboxActions({ post }: { post: Post }) {
  const api = useApi();
  const { alert, confirm } = useDialogs();
  const [answering, setAnswering] = useState(false);
  const [text, setText] = useState('');
  const { busy, error, run: act } = usePostActionRun();
  const isQuestion = post.content.type === 'note' && !post.content.answer;

  const answer = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    act(async () => {
      const answered = await runPostAction(api, 'answer', { post_id: post.id, answer_text: textToParagraphs(text) }, alert);
      announceWentOut(postFromWire(answered.post));
    });
  };
  const approve = () =>
    act(async () =>
      announceWentOut(postFromWire((await runPostAction(api, 'approve_submission', { id: post.id }, alert)).post)),
    );
  const deny = async () => {
    if (!(await confirm(DELETE_CONFIRMATION))) return;
    act(async () => {
      await runPostAction(api, 'deny_submission', { pid: post.id }, alert);
      announceRemovedPost(post.id);
    });
  };

  return (
    <div className="inbox-actions">
      {isQuestion ? (
        <button type="button" className="post-footer__action" aria-expanded={answering} onClick={() => setAnswering((a) => !a)}>
          Answer
        </button>
      ) : (
        <button type="button" className="post-footer__action" onClick={approve} disabled={busy}>
          Post
        </button>
      )}
      <button type="button" className="post-footer__action" onClick={() => void deny()} disabled={busy}>
        Delete
      </button>
      {answering && (
        <form className="inbox-actions__answer" onSubmit={answer}>
          <textarea
            className="field__input"
            aria-label="Answer"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
          <button type="submit" className="button button--primary" disabled={busy || !text.trim()}>
            Post answer
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
