// The HTML and markdown source editor (spec 001 §2): a textarea with a Preview toggle that
// shows what the server will make of it (POST /svc/filter_html_for_dash_preview), and a help
// tooltip.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { filterHtmlForPreview } from '../../../api/composerEndpoints';
import { sanitizeHtml } from '../../../lib/sanitizeHtml';
import { LOADING_PREVIEW, PREVIEW_FAILED } from '../strings';

const HELP = {
  html: 'Write HTML: links, bold, italic, strike, h2, blockquote, paragraphs, lists, images, iframes, hr, pre and code are kept.',
  markdown: 'Write markdown: **bold**, *italic*, [links](https://example.com), ## headlines, > quotes and lists. HTML works too.',
};

export function SourceEditor({
  label,
  value,
  markdown,
  onChange,
  placeholder,
  disabled = false,
  autoFocus = false,
}: {
  label: string;
  value: string;
  markdown: boolean;
  onChange(source: string): void;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const api = useApi();
  const id = useId();
  const [previewing, setPreviewing] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const preview = useQuery({
    queryKey: ['sourcePreview', markdown, value],
    queryFn: () => filterHtmlForPreview(api, value, markdown),
    enabled: previewing,
  });
  const previewFailed = preview.isError && !preview.isFetching;
  const loadingPreview = !preview.isSuccess && !previewFailed;

  return (
    <div className="source-editor">
      <div className="source-editor__bar">
        <label htmlFor={id} className="source-editor__label">
          {label} <span className="muted">({markdown ? 'Markdown' : 'HTML'})</span>
        </label>
        <button
          type="button"
          className="link-button"
          aria-expanded={helpOpen}
          aria-controls={`${id}-help`}
          onClick={() => setHelpOpen(!helpOpen)}
        >
          Help
        </button>
        <button
          type="button"
          className="button button--quiet source-editor__preview-toggle"
          aria-pressed={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          Preview
        </button>
      </div>
      {helpOpen && (
        <p id={`${id}-help`} className="source-editor__help" role="note">
          {markdown ? HELP.markdown : HELP.html}
        </p>
      )}
      {previewing ? (
        <div className="source-editor__preview" aria-live="polite">
          {loadingPreview && <p className="muted">{LOADING_PREVIEW}</p>}
          {previewFailed && <p className="form-error">{PREVIEW_FAILED}</p>}
          {preview.isSuccess && (
            // The server's sanitiser wrote it; the client filter is a second fence.
            <div className="post-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(preview.data) }} />
          )}
        </div>
      ) : (
        <textarea
          id={id}
          className="source-editor__textarea"
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoFocus}
          spellCheck={markdown}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
