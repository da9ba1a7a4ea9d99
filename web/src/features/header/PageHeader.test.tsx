import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from '.';
import type { SeenAtg } from '../../api/types/SeenAtg';
import { setLogSink, type LogEvent } from '../../lib/logger';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { HeaderProvider, useHeader, type HeaderControls } from './HeaderContext';

let restoreSink: ReturnType<typeof setLogSink> | null = null;
afterEach(() => {
  if (restoreSink) setLogSink(restoreSink);
  restoreSink = null;
});

function captureLog(): LogEvent[] {
  const events: LogEvent[] = [];
  restoreSink = setLogSink((e) => events.push(e));
  return events;
}

const controls: { current: HeaderControls | null } = { current: null };
function Grab() {
  controls.current = useHeader();
  return null;
}

function renderHeader(who: Parameters<typeof renderWithProviders>[1]['user']) {
  const { client, requests } = fakeApi({
    'POST /svc/post/set_seen_atg': () => ({ response: { seen_atg: true } satisfies SeenAtg }),
    'GET /svc/data/tumblelog': () => new Promise(() => {}),
  });
  const { realtime } = renderWithProviders(
    <HeaderProvider>
      <Grab />
      <PageHeader />
    </HeaderProvider>,
    { client, user: who },
  );
  return { requests, realtime };
}

describe('PageHeader', () => {
  it('gives a visitor Log in and Sign up, and no account, activity or messaging tabs', () => {
    renderHeader(null);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
  });

  it('has the search box for visitors and users alike (spec 000 §2.12)', () => {
    renderHeader(null);
    expect(screen.getByRole('search', { name: 'Search posts' })).toBeTruthy();
    cleanup();
    renderHeader(user());
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toBeTruthy();
  });

  it('shows the messaging tab only when the user can message', () => {
    renderHeader(user({ canMessage: false }));
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activity' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
  });

  it('logs an explore-links event when Explore is clicked', () => {
    const events = captureLog();
    renderHeader(user());
    fireEvent.click(screen.getByRole('link', { name: 'Explore' }));
    expect(events.map((e) => e.event)).toContain('explore-links');
  });

  it('toggles the compose button open and closed', () => {
    const events = captureLog();
    renderHeader(user());
    const compose = screen.getByRole('button', { name: 'Compose a post' });
    fireEvent.click(compose);
    expect(compose.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(compose);
    expect(compose.getAttribute('aria-expanded')).toBe('false');
    expect(events.map((e) => e.event)).toEqual(['fast-compose-start', 'fast-compose-dismiss']);
  });

  it('shows the tour on the first account open and sends it as seen', () => {
    const { requests } = renderHeader(user({ seenAtg: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('heading', { name: "Don't freak out. Your things are right here." })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/svc/post/set_seen_atg')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Okay, phew' }));
    expect(screen.queryByRole('heading', { name: /Don't freak out/ })).toBeNull();
    // Closing and opening again: seen now, no tour.
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.queryByRole('heading', { name: /Don't freak out/ })).toBeNull();
  });

  it('can be hidden, shown and made transparent', () => {
    renderHeader(user());
    const header = screen.getByRole('banner');
    act(() => controls.current!.hide());
    expect(header.classList.contains('is-hidden')).toBe(true);
    act(() => controls.current!.show());
    expect(header.classList.contains('is-hidden')).toBe(false);
    act(() => controls.current!.setTransparent(true));
    expect(header.classList.contains('is-transparent')).toBe(true);
    expect(header.style.height).toBe('52px');
  });

  it('shows the unread badges from the user model, hidden at 0, and keeps them live', () => {
    const { realtime } = renderHeader(user({ unreadCount: 3, activityUnreadCount: 0 }));
    // The count is part of the tab's name, as it is its visible text.
    const messages = screen.getByRole('button', { name: 'Messages 3 unread conversations' });
    const activity = screen.getByRole('button', { name: 'Activity' });
    expect(messages.querySelector('.badge')?.textContent).toBe('3');
    expect(activity.querySelector('.badge')).toBeNull();
    expect(realtime.channels()).toContain('unread');
    act(() =>
      realtime.emit({
        channel: 'unread',
        seq: 4,
        event: 'unread',
        data: { messaging: 120, blogs: [{ blog: 'alice', messaging: 120, activity: 2 }] },
      }),
    );
    expect(messages.querySelector('.badge')?.textContent).toBe('99+');
    expect(activity.querySelector('.badge')?.textContent).toBe('2');
    act(() =>
      realtime.emit({
        channel: 'unread',
        seq: 5,
        event: 'unread',
        data: { messaging: 0, blogs: [{ blog: 'alice', messaging: 0, activity: 2 }] },
      }),
    );
    expect(messages.querySelector('.badge')).toBeNull();
  });
});

