// A progress bar per upload under way (each file its own), named by its file.
import type { UploadItem, UploadKind } from '../model/postModel';

export function UploadProgress({ uploads, kinds }: { uploads: UploadItem[]; kinds: readonly UploadKind[] }) {
  const shown = uploads.filter((u) => kinds.includes(u.kind));
  if (shown.length === 0) return null;
  return (
    <ul className="upload-progress" aria-label="Uploads">
      {shown.map((upload) => {
        const known = upload.total > 0;
        return (
          <li key={upload.id} className="upload-progress__item">
            <span className="upload-progress__name">{upload.fileName}</span>
            <progress
              className="upload-progress__bar"
              aria-label={`Uploading ${upload.fileName}`}
              // No value: an indeterminate bar until the size is known.
              value={known ? upload.loaded : undefined}
              max={known ? upload.total : undefined}
            />
          </li>
        );
      })}
    </ul>
  );
}
