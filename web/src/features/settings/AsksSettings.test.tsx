import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user, wireBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { AsksSettings } from './AsksSettings';

describe('AsksSettings', () => {
  it('shows what the blog takes and saves a switch at once; anonymous needs asks on', async () => {
    const { client, requests } = fakeApi({
      'GET /svc/data/tumblelog': () => ({ response: wireBlog('alice', { asks: false, anonymous_asks: false }) }),
      'POST /svc/indash_blog/header': () => ({ response: { tumblelog: wireBlog('alice', { asks: true, anonymous_asks: false }) } }),
    });
    renderWithProviders(<AsksSettings blogs={['alice']} />, { client, user: user() });
    const asks = (await screen.findByRole('checkbox', { name: 'Let people ask alice questions' })) as HTMLInputElement;
    const anonymous = screen.getByRole('checkbox', { name: 'Allow anonymous questions' }) as HTMLInputElement;
    expect([asks.checked, anonymous.disabled]).toEqual([false, true]);
    fireEvent.click(asks);
    // The switch moves at once; both are disabled while the save is out, and anonymous opens
    // once it is back with asks on.
    expect(asks.checked).toBe(true);
    await waitFor(() => expect(anonymous.disabled).toBe(false));
    expect(asks.checked).toBe(true);
    const sent = requests.find((r) => r.path === '/svc/indash_blog/header')!;
    expect(sent.json).toEqual({ tumblelog_name_or_id: 'alice', tumblelog: { asks: true } });
  });
});
