// The tag editor (spec 001 §4 Tag editor, §5 Tags): comma, tab, enter or blur submits a tag;
// backspace on an empty input removes the last tag; an empty submit moves focus on. Tags are
// cleaned by the server's rules as they are submitted (model/tags.ts). Suggestions for the
// tag being typed show under it; the arrow keys and Enter pick one, Escape hides them.
import { useId, useRef, useState } from 'react';
import { decodeHtmlText } from '../../../lib/htmlText';
import { useComposerForm } from '../formContext';
import { useTagSuggestions } from '../hooks/useTagSuggestions';
import { suggestionOrder, TagSuggestions } from './TagSuggestions';

/** Moves focus to the next control of the form after `from` (an empty submit, §5). */
function focusNext(from: HTMLElement) {
  const form = from.closest('form') ?? document.body;
  const controls = Array.from(
    form.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [contenteditable="true"]'),
  );
  const next = controls[controls.indexOf(from) + 1];
  next?.focus();
}

export function TagEditor() {
  const { post, dispatch, disabled } = useComposerForm();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-suggestions`;
  const shown = useTagSuggestions(post.tagInput, post.tags);
  const order = suggestionOrder(shown);
  // The highlighted suggestion, and whether Escape hid the list (until the next key typed).
  const [active, setActive] = useState<number | null>(null);
  const [hidden, setHidden] = useState(false);
  const listed = !hidden && !disabled && order.length > 0;
  const highlighted = listed && active !== null && active < order.length ? active : null;

  const submit = (text: string) => {
    dispatch({ type: 'tagInputChanged', text });
    dispatch({ type: 'tagSubmitted' });
  };

  const onChange = (value: string) => {
    setActive(null);
    setHidden(false);
    // A comma submits what comes before it; a pasted list submits each of its tags.
    const parts = value.split(',');
    const rest = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) submit(part);
    dispatch({ type: 'tagInputChanged', text: rest });
  };

  const pick = (tag: string) => {
    setActive(null);
    submit(decodeHtmlText(tag));
    inputRef.current?.focus();
  };

  const move = (step: 1 | -1) => {
    const from = highlighted ?? (step === 1 ? -1 : order.length);
    setActive((from + step + order.length) % order.length);
  };

  return (
    // A press anywhere in the editor puts the caret in its input, which Tab reaches itself.
    <div className="tag-editor" role="presentation" onClick={() => inputRef.current?.focus()}>
      <label htmlFor={id} className="visually-hidden">
        Tags
      </label>
      <ul className="tag-editor__tags" aria-label="Tags of this post">
        {post.tags.map((tag, i) => {
          const text = decodeHtmlText(tag);
          return (
            <li key={tag} className="tag-editor__tag">
              #{text}
              <button
                type="button"
                className="tag-editor__remove"
                aria-label={`Remove tag ${text}`}
                disabled={disabled}
                onClick={(e) => {
                  e.stopPropagation();
                  dispatch({ type: 'tagRemoved', index: i });
                  inputRef.current?.focus();
                }}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <input
        ref={inputRef}
        id={id}
        className="tag-editor__input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={highlighted !== null ? `${listId}-${highlighted}` : undefined}
        placeholder="#tags"
        autoComplete="off"
        value={post.tagInput}
        // Typing is blocked at the limit (§5).
        maxLength={post.limits.tagChars}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          if (post.tagInput.trim()) dispatch({ type: 'tagSubmitted' });
        }}
        onKeyDown={(e) => {
          const empty = post.tagInput.trim() === '';
          if (listed && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            move(e.key === 'ArrowDown' ? 1 : -1);
            return;
          }
          if (listed && e.key === 'Escape') {
            // Only the suggestions close, not the composer around them.
            e.preventDefault();
            e.stopPropagation();
            setHidden(true);
            return;
          }
          if (e.key === 'Enter' && highlighted !== null && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            pick(order[highlighted]);
            return;
          }
          if (e.key === 'Enter') {
            // Ctrl/Cmd+Enter is the form's save: leave it to the form.
            if (e.ctrlKey || e.metaKey) return;
            e.preventDefault();
            if (empty) focusNext(e.currentTarget);
            else dispatch({ type: 'tagSubmitted' });
          } else if (e.key === 'Tab' && !e.shiftKey && !empty) {
            e.preventDefault();
            dispatch({ type: 'tagSubmitted' });
          } else if (e.key === 'Backspace' && post.tagInput === '' && post.tags.length > 0) {
            e.preventDefault();
            dispatch({ type: 'tagRemoved', index: post.tags.length - 1 });
          }
        }}
      />
      {listed && <TagSuggestions id={listId} shown={shown} active={highlighted} onHighlight={setActive} onPick={pick} />}
    </div>
  );
}
