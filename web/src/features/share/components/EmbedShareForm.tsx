// The post's embed code (spec 002 §2; docs/api.md "Sharing and embeds"): selected whole as it
// gets the focus, and copied with Copy.
import { useId } from 'react';
import type { ShareModel } from '../../../api/shareEndpoints';
import { CopyButton } from '../../../components/CopyButton';

export function EmbedShareForm({ model, onCancel }: { model: ShareModel; onCancel(): void }) {
  const id = useId();
  return (
    <div className="share-form" role="group" aria-labelledby={`${id}-title`}>
      <h2 className="popover-form__title" id={`${id}-title`}>
        Embed this post
      </h2>
      <label className="share-form__label" htmlFor={`${id}-code`}>
        Embed code
      </label>
      <textarea
        id={`${id}-code`}
        className="field__input share-form__text share-form__code"
        rows={5}
        readOnly
        value={model.embed_code}
        onFocus={(e) => e.currentTarget.select()}
        autoFocus
      />
      <div className="share-form__buttons">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <CopyButton text={model.embed_code} className="button button--primary" />
      </div>
    </div>
  );
}
