import { describe, expect, it } from 'vitest';
import { user, userBlog } from '../../test/fixtures';
import { enabledFeatures, MOBILE_FLAGS } from './mobileFlags';
import { mobileHeaderData, pageTitleOf, shownPageTitle } from './mobileHeaderData';

describe('the mobile header data (spec 000 §3)', () => {
  it('is made from the user and the address', () => {
    const alice = user({
      likedPostCount: 3,
      friendCount: 1200,
      blogs: [userBlog('alice', { title: 'Alice writes' }), userBlog('second')],
      groups: [userBlog('team', { memberRole: 'member' })],
    });
    const data = mobileHeaderData(alice, '/search/ tea  ', 'sort=recent&filter_post_type=photo&filter_nsfw=true');
    expect(data).toMatchObject({
      loggedIn: true,
      pageTitle: 'Search',
      searchTerm: 'tea',
      filterSort: 'recent',
      filterPostType: 'photo',
      filterNsfw: true,
      likes: 3,
      following: 1200,
      urlPrefix: '',
      splash: null,
      hasApp: false,
      canMessage: true,
      unreadConversations: 0,
      unreadNotifications: 0,
    });
    expect(data.blogs).toEqual([
      { url: '/blog/alice', avatar: '/avatar/alice/128', name: 'alice', safeTitle: 'Alice writes' },
      { url: '/blog/second', avatar: '/avatar/second/128', name: 'second', safeTitle: "second's blog" },
      // A group of someone else's that alice writes, after her own.
      { url: '/blog/team', avatar: '/avatar/team/128', name: 'team', safeTitle: "team's blog" },
    ]);
  });

  it('carries the messaging and activity badges’ counts, and none for a visitor', () => {
    const data = mobileHeaderData(user({ unreadCount: 4, activityUnreadCount: 120 }), '/dashboard', '');
    expect(data).toMatchObject({ canMessage: true, unreadConversations: 4, unreadNotifications: 120 });
    expect(mobileHeaderData(user({ canMessage: false }), '/dashboard', '').canMessage).toBe(false);
    expect(mobileHeaderData(null, '/explore', '')).toMatchObject({
      canMessage: false,
      unreadConversations: 0,
      unreadNotifications: 0,
    });
  });

  it('takes the term from q on /search, and has none on other pages', () => {
    expect(mobileHeaderData(null, '/search', 'q=%20cats%20').searchTerm).toBe('cats');
    expect(mobileHeaderData(null, '/likes', 'q=cats').searchTerm).toBe('');
    // Sort mapping (§4): CREATED_DESC is recent, anything else top.
    expect(mobileHeaderData(null, '/search/x', 'sort=CREATED_DESC').filterSort).toBe('recent');
    expect(mobileHeaderData(null, '/search/x', 'sort=whatever').filterSort).toBe('top');
  });

  it('names the main pages', () => {
    expect(pageTitleOf('/')).toBe('Dashboard');
    expect(pageTitleOf('/dashboard')).toBe('Dashboard');
    expect(pageTitleOf('/likes')).toBe('Likes');
    expect(pageTitleOf('/following')).toBe('Following');
    expect(pageTitleOf('/settings')).toBe('Settings');
    expect(pageTitleOf('/blog/alice')).toBe('alice');
    expect(pageTitleOf('/blog/alice/post/3')).toBe('alice');
    expect(pageTitleOf('/blog/alice/archive')).toBe('alice archive');
    expect(pageTitleOf('/tagged/green%20tea')).toBe('#green tea');
    expect(pageTitleOf('/messaging')).toBe('Messages');
    expect(pageTitleOf('/activity')).toBe('Activity');
    expect(pageTitleOf('/no/such/page')).toBeNull();
  });
});

describe('the page title rule (spec 000 §4, §6)', () => {
  const on = MOBILE_FLAGS;
  const data = (who: ReturnType<typeof user> | null, path: string, query = '') => mobileHeaderData(who, path, query);

  it('shows the title to a logged-in user with the flag on and no search term', () => {
    expect(shownPageTitle(data(user(), '/likes'), on)).toBe('Likes');
  });

  it('shows none with the flag off, without a title, to a visitor, or with a search term', () => {
    expect(shownPageTitle(data(user(), '/likes'), { ...on, pageTitles: false })).toBeNull();
    expect(shownPageTitle(data(user(), '/no/such/page'), on)).toBeNull();
    expect(shownPageTitle(data(null, '/explore'), on)).toBeNull();
    expect(shownPageTitle(data(user(), '/search/tea'), on)).toBeNull();
    // The search page without a term has its title.
    expect(shownPageTitle(data(user(), '/search'), on)).toBe('Search');
  });

  it('gives the search filter, page titles and sticky header only to a logged-in user (§6)', () => {
    expect(enabledFeatures(on, false)).toEqual({ search: true, searchFilter: false, pageTitles: false, stickyHeader: false });
    expect(enabledFeatures(on, true)).toEqual(on);
    // The filters belong to the search: without it there are none.
    expect(enabledFeatures({ ...on, search: false }, true).searchFilter).toBe(false);
  });

  it('gives the search field to a visitor too, as the desktop header does, but only with its flag', () => {
    expect(enabledFeatures(on, false).search).toBe(true);
    expect(enabledFeatures({ ...on, search: false }, false).search).toBe(false);
  });
});
