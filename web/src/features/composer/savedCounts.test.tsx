// Spec 001 §4 After save: "Counters on the blog controls update". The account popover's
// per-blog menu shows the counts the save answered, without loading the blog again.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostState } from '../../api/types/PostState';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { AccountPopover } from '../account';
import { ComposerHost, preloadComposer } from '.';
import { formData } from './model/testFormData';

beforeAll(() => preloadComposer(), 30_000);

const STATE_OF_CODE: Record<string, PostState> = { '0': 'published', '1': 'draft', '2': 'queued' };

/** A fake server that keeps alice's counts as it saves posts to her blog. */
function renderPopoverAndComposer(path: string) {
  const counts = { post_count: 3, draft_count: 0, queued_post_count: 0, transcoding_count: 0 };
  const api = fakeApi({
    'GET /svc/data/tumblelog': () => ({
      response: wireBlog('alice', { is_mine: true, ...counts, activity_data: { sparkline: [] } }),
    }),
    'POST /svc/post/get_post_form_builder_data': () => ({ response: formData() }),
    'POST /svc/post/update': (req) => {
      const state = STATE_OF_CODE[req.form.get('post[state]') ?? ''] ?? 'published';
      if (state === 'published') counts.post_count++;
      if (state === 'draft') counts.draft_count++;
      if (state === 'queued') counts.queued_post_count++;
      const post = wirePost(50 + counts.post_count + counts.draft_count, { tumblelog: 'alice', state, is_mine: true });
      return { response: saveAnswer(post, { context_tumblelog: { name_or_id: 'alice', ...counts } }) };
    },
  });
  const view = renderWithProviders(
    <>
      <AccountPopover onNavigate={() => {}} />
      <ComposerHost />
    </>,
    { client: api.client, user: user(), path },
  );
  return { ...view, ...api };
}

const menuLabels = () =>
  within(screen.getByRole('list', { name: 'alice menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

async function writeAndSave(title: string, state?: string) {
  const dialog = await screen.findByRole('dialog', { name: 'New text post' });
  fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Title' }), { target: { value: title } });
  if (state) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save options' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: state }));
  }
  const label = state === 'Save as draft' ? 'Save draft' : state === 'Add to queue' ? 'Queue' : 'Post';
  fireEvent.click(within(dialog).getByRole('button', { name: label }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the counts after a save (spec 001 §4 After save)', () => {
  it("shows the saved blog's new Posts, Drafts and Queue counts in the account menu", async () => {
    const { location, requests } = renderPopoverAndComposer('/new/text');
    await waitFor(() => expect(menuLabels()).toEqual(['Posts3', 'Followers4']));

    await writeAndSave('Published');
    expect(menuLabels()).toEqual(['Posts4', 'Followers4']);

    act(() => location.navigate('/new/text'));
    await writeAndSave('A draft', 'Save as draft');
    expect(menuLabels()).toEqual(['Posts4', 'Followers4', 'Drafts']);

    act(() => location.navigate('/new/text'));
    await writeAndSave('Later', 'Add to queue');
    expect(menuLabels()).toEqual(['Posts4', 'Followers4', 'Drafts', 'Queue']);

    // The counts came with the saves: the blog was loaded once, when the popover opened.
    expect(requests.filter((r) => r.path === '/svc/data/tumblelog')).toHaveLength(1);
  });
});
