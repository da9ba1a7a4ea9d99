import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlogMembersPage } from '.';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';

function renderMembers(name: string) {
  const api = fakeApi({
    'GET /svc/*/posts/highlighted': () => ({ response: { highlighted_posts: [] } }),
    'GET /svc/data/tumblelog': (req) => {
      const blog = req.query.get('tumblelog')!;
      return { response: wireBlog(blog, { is_mine: blog === 'alice' }) };
    },
  });
  renderWithProviders(<BlogMembersPage name={name} />, { client: api.client, user: user(), path: `/blog/${name}/members` });
}

describe('BlogMembersPage', () => {
  it('lists the owner alone and says group blogs are not available, to the owner', async () => {
    renderMembers('alice');
    const list = await screen.findByRole('list', { name: 'alice members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/blog/alice');
    expect(within(list).getByText(/you, the owner/)).toBeTruthy();
    expect(screen.getByText('Only you write on this blog. Group blogs with several members are not available yet.')).toBeTruthy();
  });

  it("names the owner's blog to anyone else", async () => {
    renderMembers('bob');
    await screen.findByRole('list', { name: 'bob members' });
    expect(screen.getByText("Only bob's owner writes on this blog.")).toBeTruthy();
  });
});
