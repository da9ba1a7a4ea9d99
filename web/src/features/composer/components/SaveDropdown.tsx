// The save dropdown (spec 001 §2 Save dropdown, §4 Save dropdown behaviour): the state the
// save puts the post in, the schedule's free text, and Preview on blog.
import { useId } from 'react';
import { useComposerForm } from '../formContext';
import { activeSaveOptions, optionOfState, SAVE_OPTION_LABELS, type SaveOption } from '../model/postStates';
import { SCHEDULE_PLACEHOLDER } from '../strings';

export function SaveDropdown({
  canPreview,
  onPreview,
  onClose,
}: {
  /** Preview is offered only if the post can preview and is valid (§4). */
  canPreview: boolean;
  onPreview(): void;
  onClose(): void;
}) {
  const { post, dispatch } = useComposerForm();
  const scheduleId = useId();
  const chosen = optionOfState(post.state);
  const options = activeSaveOptions(post.mode, post.initialState);

  const choose = (option: Exclude<SaveOption, 'preview'>) => {
    dispatch({ type: 'optionChosen', option });
    // Schedule stays open for its time; every other choice is made.
    if (option !== 'schedule') onClose();
  };

  return (
    <div className="save-dropdown">
      <ul
        className="save-dropdown__options"
        role="menu"
        aria-label="Save options"
        onKeyDown={(e) => {
          // A menu moves with the arrow keys.
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
          const at = items.indexOf(document.activeElement as HTMLElement);
          const step = e.key === 'ArrowDown' ? 1 : -1;
          items[(at + step + items.length) % items.length]?.focus();
        }}
      >
        {options.map((option) =>
          option === 'preview' ? (
            <li key={option} role="none">
              <button
                type="button"
                role="menuitem"
                className="save-dropdown__option"
                aria-disabled={!canPreview || undefined}
                onClick={() => {
                  if (!canPreview) return;
                  onPreview();
                  onClose();
                }}
              >
                {SAVE_OPTION_LABELS.preview}
              </button>
            </li>
          ) : (
            <li key={option} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={chosen === option}
                className={chosen === option ? 'save-dropdown__option is-chosen' : 'save-dropdown__option'}
                onClick={() => choose(option)}
              >
                {SAVE_OPTION_LABELS[option]}
              </button>
            </li>
          ),
        )}
      </ul>
      {post.state === 'scheduled' && (
        <div className="save-dropdown__schedule">
          <label htmlFor={scheduleId} className="visually-hidden">
            Publish on
          </label>
          <input
            id={scheduleId}
            className="field__input"
            type="text"
            value={post.publishOn}
            placeholder={SCHEDULE_PLACEHOLDER}
            autoFocus
            onChange={(e) => dispatch({ type: 'publishOnChanged', text: e.target.value })}
            onKeyDown={(e) => {
              // Enter closes the dropdown (§4).
              if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                onClose();
              }
            }}
          />
        </div>
      )}
    </div>
  );
}
