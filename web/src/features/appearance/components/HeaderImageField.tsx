import { useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import type { Theme } from '../../../api/models';
import { uploadFile } from '../../composer';
import type { HeaderImageDimens } from '../appearanceDraft';
import { errorProps, FieldError } from './FieldError';

export interface HeaderImageChange {
  theme: Partial<Theme>;
  dimens: HeaderImageDimens | null;
}

/**
 * The header image: a file goes up with upload_photo (docs/api.md: the theme takes only this
 * server's uploads), and its address and size become the theme's; Remove takes it away.
 */
export function HeaderImageField({
  image,
  error,
  onChange,
}: {
  image: string | null;
  error?: string;
  onChange(change: HeaderImageChange): void;
}) {
  const api = useApi();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = 'appearance-header-image';

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const answer = await uploadFile(api, 'photo', file, () => {}).done;
      const photo = answer.photos[0];
      if (!photo?.url) throw new Error(photo?.error ?? 'The image could not be uploaded.');
      onChange({
        theme: { headerImage: photo.url, headerImageFocused: photo.url },
        dimens: { width: photo.width, height: photo.height },
      });
    } catch (err) {
      setUploadError(errorDetails(err).join(' '));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const shownError = uploadError ?? error;
  return (
    <div className="appearance-header-image">
      {image ? (
        <img className="appearance-header-image__thumb" src={image} alt="The header image" />
      ) : (
        <p className="muted">No header image.</p>
      )}
      <label className="field__label" htmlFor={id}>
        {image ? 'Replace header image' : 'Upload a header image'}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
        {...errorProps(id, shownError ?? undefined)}
      />
      {uploading && (
        <p className="muted" role="status">
          Uploading…
        </p>
      )}
      <FieldError id={id} error={shownError ?? undefined} />
      {image && (
        <button
          type="button"
          className="button button--quiet"
          disabled={uploading}
          onClick={() => onChange({ theme: { headerImage: null, headerImageFocused: null }, dimens: null })}
        >
          Remove header image
        </button>
      )}
    </div>
  );
}
