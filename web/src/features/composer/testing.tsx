// The composer's component tests open it over a fake server: this renders the host at a
// composer route with the form data and the routes a test gives.
import type { FormBuilderData } from '../../api/types/FormBuilderData';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { renderWithProviders } from '../../test/renderApp';
import { ComposerHost } from '.';
import { formData } from './model/testFormData';

export function renderComposerAt(
  path: string,
  { data = formData(), routes = {} }: { data?: FormBuilderData; routes?: Record<string, FakeRoute> } = {},
) {
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: data }),
    'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(7, { tumblelog: 'alice' })) }),
    ...routes,
  });
  const view = renderWithProviders(<ComposerHost />, { client: api.client, user: user(), path });
  /** The requests made to one path. */
  const sent = (path: string) => api.requests.filter((r) => r.path === path);
  return { ...view, ...api, sent };
}
