// The save button and its dropdown (spec 001 §4 Save button label): enabled only when the
// post is valid, no upload is in progress and the dropdown is closed; a loader replaces it
// while saving.
import { useRef, useState } from 'react';
import { BarLoader } from '../../../components/BarLoader';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { LOADER_DELAY_MS } from '../constants';
import { useComposerForm } from '../formContext';
import { saveButtonLabel } from '../model/postStates';
import { Popover } from './Popover';
import { SaveDropdown } from './SaveDropdown';

export function SaveButton({ canPreview, onPreview }: { canPreview: boolean; onPreview(): void }) {
  const { post, valid, save, disabled } = useComposerForm();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const showLoader = useDelayedFlag(post.formState.saving, LOADER_DELAY_MS);
  const label = saveButtonLabel(post.mode, post.state, post.initialState);
  const enabled = valid && post.uploads.length === 0 && !open && !disabled;

  if (post.formState.saving || post.saved) {
    return <div className="save-button save-button--saving">{showLoader && <BarLoader label="Saving" />}</div>;
  }

  return (
    <div className="save-button">
      <button type="button" className="button button--primary save-button__main" disabled={!enabled} onClick={() => void save()}>
        {label}
      </button>
      <button
        ref={toggleRef}
        type="button"
        className="button button--primary save-button__toggle"
        aria-label="Save options"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <Popover label="Save options" anchorRef={toggleRef} onClose={() => setOpen(false)} className="save-button__popover">
          <SaveDropdown
            canPreview={canPreview && valid}
            onPreview={onPreview}
            onClose={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }}
          />
        </Popover>
      )}
    </div>
  );
}
