// The HTML and markdown source editor's Preview toggle (spec 001 §2, §7, §8): it sends the
// source to POST /svc/filter_html_for_dash_preview, shows 'Loading preview...' until the
// answer, then the server's filtered HTML, or 'Failed to load preview :(' when the call fails.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ComposerHost, preloadComposer } from '..';
import { deferred, fakeApi, type FakeAnswer } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { formData } from '../model/testFormData';

beforeAll(() => preloadComposer(), 30_000);

/** A new text post in the user's default source editor; the preview answers when told. */
async function openSourceEditor(editor: 'html' | 'markdown') {
  const data = formData();
  data.user.default_editor_type = editor;
  const answers: ReturnType<typeof deferred<FakeAnswer>>[] = [];
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: data }),
    'POST /svc/filter_html_for_dash_preview': () => {
      const answer = deferred<FakeAnswer>();
      answers.push(answer);
      return answer.promise;
    },
  });
  renderWithProviders(<ComposerHost />, { client: api.client, user: user(), path: '/new/text' });
  const body = (await screen.findByRole('textbox', { name: /^Body/ })) as HTMLTextAreaElement;
  const previews = () => api.requests.filter((r) => r.path === '/svc/filter_html_for_dash_preview');
  return { body, answers, previews };
}

const previewButton = () => screen.getByRole('button', { name: 'Preview' });

describe("the source editor's Preview (spec 001 §2)", () => {
  it("shows 'Loading preview...', then the server's filtered HTML, and goes back to the source", async () => {
    const { body, answers, previews } = await openSourceEditor('html');
    expect(body.tagName).toBe('TEXTAREA');
    fireEvent.change(body, { target: { value: '<b>Bold</b> <script>x()</script>' } });
    fireEvent.click(previewButton());
    expect(previewButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Loading preview...')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Body/ })).toBeNull();
    expect(previews()).toHaveLength(1);
    expect([previews()[0].form.get('html'), previews()[0].form.get('markdown')]).toEqual([
      '<b>Bold</b> <script>x()</script>',
      '0',
    ]);

    await act(async () => {
      answers[0].resolve({ response: { html: '<p><strong>Bold</strong> filtered</p>' } });
    });
    expect(screen.queryByText('Loading preview...')).toBeNull();
    const shown = screen.getByText('filtered', { exact: false });
    expect(shown.innerHTML).toBe('<strong>Bold</strong> filtered');

    fireEvent.click(previewButton());
    expect(previewButton().getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByRole('textbox', { name: /^Body/ }) as HTMLTextAreaElement).value).toBe(
      '<b>Bold</b> <script>x()</script>',
    );
  });

  it('sends markdown as markdown (markdown=1)', async () => {
    const { body, answers, previews } = await openSourceEditor('markdown');
    fireEvent.change(body, { target: { value: '**Bold**' } });
    fireEvent.click(previewButton());
    expect([previews()[0].form.get('html'), previews()[0].form.get('markdown')]).toEqual(['**Bold**', '1']);
    await act(async () => {
      answers[0].resolve({ response: { html: '<p><strong>Bold</strong></p>' } });
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Bold').tagName).toBe('STRONG');
  });

  it("says 'Failed to load preview :(' when the server fails", async () => {
    const { body, answers } = await openSourceEditor('html');
    fireEvent.change(body, { target: { value: '<p>Hi</p>' } });
    fireEvent.click(previewButton());
    expect(screen.getByText('Loading preview...')).toBeTruthy();
    await act(async () => {
      answers[0].resolve({ status: 500, errors: [{ code: 'internal', detail: 'Something went wrong.' }] });
    });
    expect(screen.getByText('Failed to load preview :(')).toBeTruthy();
    expect(screen.queryByText('Loading preview...')).toBeNull();
  });
});
