import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user, userBlog } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { LoginPage } from '../login';
import { MobileHeader } from './components/MobileHeader';
import type { MobileExtras } from './mobileHeaderData';

function renderHeader(who: ReturnType<typeof user> | null, path = '/dashboard', extras?: MobileExtras) {
  const { client, requests } = fakeApi({});
  const rendered = renderWithProviders(<MobileHeader extras={extras} />, { client, user: who, path });
  return { ...rendered, requests };
}

const openDrawer = () => {
  fireEvent.click(screen.getByRole('button', { name: /^Menu\b/ }));
  return screen.getByRole('dialog', { name: 'Menu' });
};

const hrefOf = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('link', { name }).getAttribute('href');

const alice = () =>
  user({
    likedPostCount: 3,
    friendCount: 1200,
    blogs: [userBlog('alice', { isCurrent: true, title: 'Alice writes' }), userBlog('second', { title: 'Another' })],
  });

describe('the mobile drawer, logged in (spec 000 §2.12)', () => {
  it('links the dashboard, likes, following, a new post and each blog', () => {
    const { requests } = renderHeader(alice());
    const drawer = openDrawer();
    expect(hrefOf(drawer, 'Dashboard')).toBe('/dashboard');
    expect(hrefOf(drawer, 'Likes 3')).toBe('/likes');
    expect(hrefOf(drawer, 'Following 1,200')).toBe('/following');
    expect(hrefOf(drawer, 'Create a post')).toBe('/new/text');
    const blogs = within(drawer).getByRole('region', { name: 'Blogs' });
    expect(hrefOf(blogs, /alice\s*Alice writes/)).toBe('/blog/alice');
    expect(hrefOf(blogs, /second\s*Another/)).toBe('/blog/second');
    expect(within(drawer).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('links the messaging inbox and the activity pages, badged with their unread counts', () => {
    renderHeader(user({ unreadCount: 2, activityUnreadCount: 150 }));
    const drawer = openDrawer();
    expect(hrefOf(drawer, 'Messages 2 unread conversations')).toBe('/messaging');
    expect(hrefOf(drawer, 'Activity 99+ unread notifications')).toBe('/activity');
    // The badge is capped as the page header's is (spec 000 §9).
    expect(within(drawer).getByRole('link', { name: /^Activity/ }).querySelector('.badge')?.textContent).toBe('99+');
  });

  it('has no badges at 0, and no Messages for a user who may not message (§2.7)', () => {
    renderHeader(user({ canMessage: false }));
    const drawer = openDrawer();
    expect(within(drawer).queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(hrefOf(drawer, 'Activity')).toBe('/activity');
    expect(drawer.querySelector('.badge')).toBeNull();
  });

  it('badges the closed menu button with the unread total, kept live from the unread channel', () => {
    const { realtime } = renderHeader(user({ unreadCount: 1, activityUnreadCount: 2 }));
    const menuBadge = () => screen.getByRole('button', { name: /^Menu \d+ unread$/ }).querySelector('.badge')?.textContent;
    expect(menuBadge()).toBe('3');
    act(() =>
      realtime.emit({
        channel: 'unread',
        seq: 1,
        event: 'unread',
        data: { messaging: 4, blogs: [{ blog: 'alice', messaging: 4, activity: 1 }] },
      }),
    );
    expect(menuBadge()).toBe('5');
    const drawer = openDrawer();
    expect(hrefOf(drawer, 'Messages 4 unread conversations')).toBe('/messaging');
    // Open, the drawer names each count: the button has none.
    expect(screen.getByRole('button', { name: 'Close menu' }).querySelector('.badge')).toBeNull();
  });

  it('shows the likes count only above 0, and the following count always', () => {
    renderHeader(user({ likedPostCount: 0, friendCount: 0 }));
    const drawer = openDrawer();
    expect(within(drawer).getByRole('link', { name: 'Likes' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Following 0' })).toBeTruthy();
  });

  it('opens the settings sub-navigation, which the menu button closes', () => {
    renderHeader(alice());
    const drawer = openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Settings' }));
    const settings = screen.getByRole('dialog', { name: 'Settings' });
    expect(hrefOf(settings, 'Account settings')).toBe('/settings');
    expect(hrefOf(settings, 'Help')).toBe('/help');
    expect(within(settings).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    // The focus goes to the sub-navigation.
    expect(settings.contains(document.activeElement)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });

  it("logs out from the settings sub-navigation after 'Are you sure you want to log out?'", async () => {
    renderHeader(alice());
    fireEvent.click(within(openDrawer()).getByRole('button', { name: 'Settings' }));
    const settings = screen.getByRole('dialog', { name: 'Settings' });
    fireEvent.click(within(settings).getByRole('button', { name: 'Log out' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('Are you sure you want to log out?');
    // Escape answers the question, not the drawer under it.
    fireEvent.keyDown(ask, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('closes the sub-navigation with the drawer', () => {
    renderHeader(alice());
    fireEvent.click(within(openDrawer()).getByRole('button', { name: 'Settings' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openDrawer()).toBeTruthy();
  });

  it('hides the search field when it opens, and closes on the search button', () => {
    renderHeader(alice(), '/search/tea');
    expect(screen.getByRole('searchbox')).toBeTruthy();
    openDrawer();
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the mobile drawer as a modal layer', () => {
  it('moves the focus in, keeps Tab inside, and gives the focus back on Escape', () => {
    renderHeader(alice());
    const drawer = openDrawer();
    expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'Dashboard' }));

    const links = within(drawer).getAllByRole('link');
    links[links.length - 1].focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    // From the last it wraps to the first: the menu button above the drawer, which closes it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(links[links.length - 1]);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('closes on the menu button, on the overlay, and on following a link', () => {
    const { location } = renderHeader(alice(), '/likes');
    openDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    openDrawer();
    fireEvent.click(document.querySelector('.mobile-drawer__overlay')!);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(openDrawer()).getByRole('link', { name: 'Following 1,200' }));
    expect(location.history?.at(-1)).toBe('/following');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A link to the page already shown closes it too.
    fireEvent.click(within(openDrawer()).getByRole('link', { name: 'Following 1,200' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the app goes to another page by itself', () => {
    const { location } = renderHeader(alice());
    openDrawer();
    act(() => location.navigate('/likes'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the mobile drawer, logged out (spec 000 §2.12)', () => {
  it('has the splash with Log in and Get started, and no user links', () => {
    renderHeader(null, '/explore');
    const drawer = openDrawer();
    expect(hrefOf(drawer, 'Log in')).toBe('/login?from_splash=1');
    expect(hrefOf(drawer, 'Get started')).toBe('/register?from_splash=1');
    expect(within(drawer).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: 'Get the app' })).toBeNull();
  });

  it('shows a splash picture, its credited blog and Get the app when their addresses pass', () => {
    renderHeader(null, '/explore', {
      splash: { image: '/media/harbour.jpg', url: '/blog/painter', avatar: '/media/painter.png', name: 'painter' },
      appUrl: 'dashwire://open',
    });
    const drawer = openDrawer();
    expect(drawer.querySelector('.mobile-splash__image')?.getAttribute('src')).toBe('/media/harbour.jpg');
    expect(hrefOf(drawer, 'painter')).toBe('/blog/painter');
    expect(hrefOf(drawer, 'Get the app')).toBe('dashwire://open');
  });

  it('leaves out a picture that is not jpg, jpeg, png or gif, and an app link of another scheme', () => {
    renderHeader(null, '/explore', {
      splash: { image: '/media/harbour.svg', url: 'https://elsewhere.example/', avatar: '/a', name: 'painter' },
      appUrl: 'javascript:alert(1)',
    });
    const drawer = openDrawer();
    expect(drawer.querySelector('.mobile-splash__image')).toBeNull();
    expect(within(drawer).queryByRole('link', { name: 'Get the app' })).toBeNull();
  });

  it('lands on the login page as usual from the splash (from_splash is no obstacle)', () => {
    const { client } = fakeApi({});
    renderWithProviders(<LoginPage />, { client, user: null, path: '/login?from_splash=1' });
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
  });
});
