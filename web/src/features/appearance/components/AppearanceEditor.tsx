// The Edit appearance form beside a live preview of the blog's card: the preview follows
// every edit before it is saved, and the blog viewer drawer shows it too, with the blog's
// posts on its background (spec 000 §2.10: the drawer opened while editing_appearance); Save
// sends only what changed, Reset goes back to what is saved.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { HEADER_IMAGE_DIMENS_KEY } from '../../../api/appearanceEndpoints';
import type { Blog, Theme } from '../../../api/models';
import { useBlogViewer } from '../../../components/blogViewerOpener';
import { BlogCardView } from '../../blogCard';
import {
  changesOf,
  COLOUR_FIELDS,
  draftOf,
  draftProblems,
  normalColour,
  saveErrorsOf,
  themeFieldKey,
  type AppearanceDraft,
  type FieldKey,
  type HeaderImageChange,
} from '../appearanceDraft';
import { useSaveAppearance } from '../useSaveAppearance';
import { errorProps, FieldError } from './FieldError';
import { ThemeFields } from './ThemeFields';

/** Takes the errors of `keys` away (and the form's own), once those fields are edited. */
function without(errors: Record<FieldKey, string>, keys: FieldKey[]): Record<FieldKey, string> {
  const rest = { ...errors };
  for (const key of [...keys, '']) delete rest[key];
  return rest;
}

export function AppearanceEditor({ blog }: { blog: Blog }) {
  const [saved, setSaved] = useState(() => draftOf(blog));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Record<FieldKey, string>>({});
  const [justSaved, setJustSaved] = useState(false);
  // While the header image's focus step is open: its framed region, which the preview shows.
  const [headerPreview, setHeaderPreview] = useState<string | null>(null);
  const save = useSaveAppearance();
  const viewer = useBlogViewer();
  const changes = changesOf(blog.name, saved, draft);

  // Updates, not values: an upload finishing late must not undo edits made meanwhile.
  const edit = (change: (d: AppearanceDraft) => AppearanceDraft, keys: FieldKey[]) => {
    setDraft(change);
    setJustSaved(false);
    setErrors((e) => without(e, keys));
  };
  const onTheme = (change: Partial<Theme>) =>
    edit(
      (d) => ({ ...d, theme: { ...d.theme, ...change } }),
      (Object.keys(change) as (keyof Theme)[]).map(themeFieldKey),
    );
  const onHeaderImage = ({ theme, dimens }: HeaderImageChange) =>
    edit(
      (d) => ({
        ...d,
        theme: { ...d.theme, ...theme },
        headerImageDimens: dimens === undefined ? d.headerImageDimens : dimens,
      }),
      [themeFieldKey('headerImage'), themeFieldKey('headerImageFocused'), HEADER_IMAGE_DIMENS_KEY],
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = draftProblems(draft);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    if (!changes || save.isPending) return;
    const sent = draft;
    setJustSaved(false);
    save.mutate(changes, {
      onSuccess: (answer) => {
        const now = draftOf(answer);
        setSaved(now);
        // Edits made while the save was out stay in the form.
        setDraft((d) => (d === sent ? now : d));
        setErrors({});
        setJustSaved(true);
      },
      onError: (err) => setErrors(saveErrorsOf(err)),
    });
  };

  const reset = () => {
    setDraft(saved);
    setErrors({});
    setJustSaved(false);
  };

  const fieldErrorCount = Object.keys(errors).filter((key) => key !== '').length;
  const formError = errors[''] ?? (fieldErrorCount > 0 ? 'Not saved: see the fields marked below.' : null);
  const status = save.isPending ? 'Saving…' : justSaved ? 'Saved.' : '';
  const preview = previewOf(blog, draft, saved, headerPreview);

  return (
    <div className="page appearance-page">
      <h1 className="page__title">Edit appearance</h1>
      <p className="muted">
        How <Link to={`/blog/${encodeURIComponent(blog.name)}`}>{blog.name}</Link> looks to everyone: on its page,
        its card and in the blog viewer.
      </p>
      <div className="appearance-layout">
        <form className="card form appearance-form" aria-label="Edit appearance" noValidate onSubmit={submit}>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor="appearance-title">
              Title
            </label>
            <input
              id="appearance-title"
              className="field__input"
              value={draft.title}
              onChange={(e) => {
                const title = e.target.value;
                edit((d) => ({ ...d, title }), ['title']);
              }}
              {...errorProps('appearance-title', errors.title)}
            />
            <FieldError id="appearance-title" error={errors.title} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="appearance-description">
              Description
            </label>
            <textarea
              id="appearance-description"
              className="field__input"
              rows={3}
              value={draft.description}
              onChange={(e) => {
                const description = e.target.value;
                edit((d) => ({ ...d, description }), ['description']);
              }}
              {...errorProps('appearance-description', errors.description)}
            />
            <FieldError id="appearance-description" error={errors.description} />
          </div>
          <ThemeFields
            draft={draft}
            errors={errors}
            onTheme={onTheme}
            onHeaderImage={onHeaderImage}
            onHeaderPreview={setHeaderPreview}
          />
          <div className="appearance-actions">
            <button type="submit" className="button button--primary" disabled={!changes || save.isPending}>
              Save
            </button>
            <button type="button" className="button button--quiet" disabled={!changes || save.isPending} onClick={reset}>
              Reset
            </button>
            <p className="appearance-status muted" role="status">
              {status}
            </p>
          </div>
        </form>
        <section className="appearance-preview" aria-labelledby="appearance-preview-title">
          <h2 id="appearance-preview-title" className="settings-section__title">
            Preview
          </h2>
          <BlogCardView blog={preview} headingLevel={3} preview />
          {viewer && (
            <button
              type="button"
              className="button button--quiet appearance-preview__viewer"
              onClick={() => viewer.openBlog(blog.name, { editingAppearance: true, appearance: preview })}
            >
              Preview in the blog viewer
            </button>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The blog as the draft would make it; a colour still being typed shows the saved one, and
 * a header image being framed shows the framed region.
 */
function previewOf(blog: Blog, draft: AppearanceDraft, saved: AppearanceDraft, headerPreview: string | null): Blog {
  const theme = { ...draft.theme };
  for (const field of COLOUR_FIELDS) theme[field] = normalColour(theme[field]) ?? saved.theme[field];
  if (headerPreview) theme.headerImageFocused = headerPreview;
  return { ...blog, title: draft.title, description: draft.description, theme };
}
