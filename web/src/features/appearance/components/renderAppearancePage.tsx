// The Edit appearance page as its tests render it: alice's page (hers to edit) beside her
// card, over a fake server whose appearance save the test answers.
import { screen } from '@testing-library/react';
import { fakeApi, type FakeAnswer } from '../../../test/fakeApi';
import { user, wireBlog } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { BlogCard } from '../../blogCard';
import { EditAppearancePage } from './EditAppearancePage';

/** Alice's blog as the server answers it, with `extra` fields (fixtures.ts's wireBlog). */
export const mine = (extra: Parameters<typeof wireBlog>[1] = {}) =>
  wireBlog('alice', { is_mine: true, can_view_customize: true, ...extra });

export function renderAppearancePage(save: (json: unknown) => FakeAnswer | Promise<FakeAnswer>, blog = mine()) {
  const api = fakeApi({
    'GET /svc/data/tumblelog': () => ({ response: blog }),
    'GET /svc/user/info': () => ({ response: { form_key: 'test-form-key' } }),
    'GET /svc/alice/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'POST /svc/blog/appearance': (req) => save(req.json),
  });
  const view = renderWithProviders(
    <>
      <EditAppearancePage name="alice" />
      <BlogCard name="alice" />
    </>,
    { client: api.client, user: user() },
  );
  return { ...view, ...api };
}

export const appearanceForm = () => screen.findByRole('form', { name: 'Edit appearance' });
