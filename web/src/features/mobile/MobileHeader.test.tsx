import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { advance } from '../../test/time';
import { MobileHeader } from './components/MobileHeader';
import { SEARCH_FOCUS_DELAY_MS, STICKY_DELAY_MS, STICKY_THRESHOLD_PX } from './constants';
import { MOBILE_FLAGS, type MobileFlags } from './mobileFlags';

function renderHeader(who: ReturnType<typeof user> | null, path = '/dashboard', flags: MobileFlags = MOBILE_FLAGS) {
  // The mobile header makes no network calls (spec 000 §7): any call fails the test.
  const { client, requests } = fakeApi({});
  const rendered = renderWithProviders(<MobileHeader flags={flags} />, { client, user: who, path });
  const header = () => document.querySelector('.mobile-header')!;
  return { ...rendered, requests, header };
}

const scrollTo = (y: number) =>
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });

/** Where the app went last (the memory router's current path and query). */
const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  window.scrollY = 0;
});

describe('the sticky header (spec 000 §4, §9: 45 px, 500 ms)', () => {
  it('sticks only after the page has stayed scrolled past 45 px for 500 ms', async () => {
    const { header, requests } = renderHeader(user());
    expect(STICKY_THRESHOLD_PX).toBe(45);
    expect(STICKY_DELAY_MS).toBe(500);

    scrollTo(45);
    await advance(1000);
    expect(header().classList.contains('is-sticky')).toBe(false);

    scrollTo(46);
    await advance(499);
    expect(header().classList.contains('is-sticky')).toBe(false);
    await advance(1);
    expect(header().classList.contains('is-sticky')).toBe(true);
    expect(requests).toEqual([]);
  });

  it('does not stick when the page goes back above 45 px within the delay', async () => {
    const { header } = renderHeader(user());
    scrollTo(300);
    await advance(300);
    scrollTo(10);
    await advance(1000);
    expect(header().classList.contains('is-sticky')).toBe(false);
  });

  it('slides out while scrolling down and back while scrolling up; unsticks at the top', async () => {
    const { header } = renderHeader(user());
    scrollTo(200);
    await advance(STICKY_DELAY_MS);
    expect(header().classList.contains('is-hidden')).toBe(true);
    scrollTo(150);
    expect(header().classList.contains('is-hidden')).toBe(false);
    expect(header().classList.contains('is-sticky')).toBe(true);
    scrollTo(400);
    expect(header().classList.contains('is-hidden')).toBe(true);
    scrollTo(0);
    expect(header().classList.contains('is-sticky')).toBe(false);
  });

  it('never sticks with its flag off, or for a visitor (spec 000 §6)', async () => {
    const off = renderHeader(user(), '/dashboard', { ...MOBILE_FLAGS, stickyHeader: false });
    scrollTo(500);
    await advance(1000);
    expect(off.header().classList.contains('is-sticky')).toBe(false);
    off.unmount();
    window.scrollY = 0;

    const visitor = renderHeader(null, '/explore');
    scrollTo(500);
    await advance(1000);
    expect(visitor.header().classList.contains('is-sticky')).toBe(false);
  });
});

describe('the page title (spec 000 §4)', () => {
  it('shows the page’s title to a logged-in user', () => {
    renderHeader(user(), '/likes');
    expect(document.querySelector('.mobile-header__title')?.textContent).toBe('Likes');
  });

  it('gives way to the logo with the flag off, and to a visitor', () => {
    const flagOff = renderHeader(user(), '/likes', { ...MOBILE_FLAGS, pageTitles: false });
    expect(document.querySelector('.mobile-header__title')).toBeNull();
    expect(screen.getByRole('link', { name: /dashwire/ })).toBeTruthy();
    flagOff.unmount();
    renderHeader(null, '/explore');
    expect(document.querySelector('.mobile-header__title')).toBeNull();
    expect(screen.getByRole('link', { name: /dashwire/ }).getAttribute('href')).toBe('/explore');
  });

  it('gives way to the search field on a search page, which shows its term', () => {
    renderHeader(user(), '/search/green%20tea');
    expect(document.querySelector('.mobile-header__title')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search posts' }) as HTMLInputElement).value).toBe('green tea');
  });
});

describe('the search field (spec 000 §2.12, §4, §5)', () => {
  it('shows the empty field on the search button, and focuses it after 250 ms', async () => {
    renderHeader(user());
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    expect(SEARCH_FOCUS_DELAY_MS).toBe(250);
    await advance(249);
    expect(document.activeElement).not.toBe(field);
    await advance(1);
    expect(document.activeElement).toBe(field);
    // The title makes room for the field.
    expect(document.querySelector('.mobile-header__title')).toBeNull();
  });

  it('submits the term trimmed, to /search/{term} with the filters', async () => {
    const { location, requests } = renderHeader(user());
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(field, { target: { value: '   green tea  ' } });
    fireEvent.submit(field.closest('form')!);
    expect(lastPath(location)).toBe('/search/green%20tea?sort=top&filter_post_type=any&filter_nsfw=false');
    expect(requests).toEqual([]);
  });

  it('is a GET form to /search with q, filter_nsfw, sort and filter_post_type', () => {
    renderHeader(user(), '/search/tea');
    const form = screen.getByRole('search', { name: 'Search posts' }) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(Array.from(new FormData(form).keys())).toEqual(['q', 'filter_nsfw', 'sort', 'filter_post_type']);
  });

  it('searches from the button when the field has text, and ignores a blank one', () => {
    const { location } = renderHeader(user());
    const button = screen.getByRole('button', { name: 'Search' });
    fireEvent.click(button);
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.closest('form')!);
    expect(lastPath(location)).toBe('/dashboard');

    fireEvent.change(field, { target: { value: ' cats ' } });
    fireEvent.click(button);
    expect(lastPath(location)).toBe('/search/cats?sort=top&filter_post_type=any&filter_nsfw=false');
  });

  it('hides the shown field when the button is pressed with it empty', () => {
    renderHeader(user());
    const button = screen.getByRole('button', { name: 'Search' });
    fireEvent.click(button);
    expect(screen.getByRole('searchbox')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(document.querySelector('.mobile-header__title')?.textContent).toBe('Dashboard');
  });

  it('only refocuses the field when the term is the current one', () => {
    const { location } = renderHeader(user(), '/search/tea?sort=recent');
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(field, { target: { value: 'tea ' } });
    fireEvent.submit(field.closest('form')!);
    expect(document.activeElement).toBe(field);
    expect(location.history).toHaveLength(1);
  });

  it('keeps the filters on a new search and changes them with q left out', () => {
    const { location } = renderHeader(user(), '/search/tea?sort=recent&filter_post_type=photo&filter_nsfw=true');
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(field, { target: { value: 'coffee' } });
    fireEvent.submit(field.closest('form')!);
    expect(lastPath(location)).toBe('/search/coffee?sort=recent&filter_post_type=photo&filter_nsfw=true');
  });

  it('re-submits the search when safe search is switched (the filter flag)', () => {
    const { location } = renderHeader(user(), '/search/tea');
    fireEvent.click(screen.getByRole('button', { name: 'Search filters' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Safe search' }));
    expect(lastPath(location)).toBe('/search/tea?sort=top&filter_post_type=any&filter_nsfw=true');
  });

  it('has no filters with the filter flag off, and no search with the search flag off', () => {
    const noFilter = renderHeader(user(), '/search/tea', { ...MOBILE_FLAGS, searchFilter: false });
    expect(screen.queryByRole('button', { name: 'Search filters' })).toBeNull();
    noFilter.unmount();
    const noSearch = renderHeader(user(), '/dashboard', { ...MOBILE_FLAGS, search: false });
    expect(screen.queryByRole('search')).toBeNull();
    noSearch.unmount();
    renderHeader(null, '/explore', { ...MOBILE_FLAGS, search: false });
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('lets a visitor search, as the desktop header does, without the filters (§6)', () => {
    const { location, requests } = renderHeader(null, '/explore');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(field, { target: { value: ' harbour ' } });
    fireEvent.submit(field.closest('form')!);
    expect(lastPath(location)).toBe('/search/harbour?sort=top&filter_post_type=any&filter_nsfw=false');
    // On the results page the field shows the term; the filters stay a user's.
    expect((screen.getByRole('searchbox', { name: 'Search posts' }) as HTMLInputElement).value).toBe('harbour');
    expect(screen.queryByRole('button', { name: 'Search filters' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
