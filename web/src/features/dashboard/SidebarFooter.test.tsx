import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR_FOOTER_HIDE_PX, SidebarFooter } from './components/SidebarFooter';

const scrollTo = (y: number) =>
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });

afterEach(() => {
  window.scrollY = 0;
});

describe('the sidebar footer (spec 000 §9 Sidebar footer)', () => {
  it('hides once the page is scrolled 2000 px down, and shows again above that', () => {
    render(<SidebarFooter />);
    const footer = screen.getByRole('navigation', { name: 'More' }).closest('footer')!;
    expect(SIDEBAR_FOOTER_HIDE_PX).toBe(2000);
    expect(footer.classList.contains('is-hidden')).toBe(false);

    scrollTo(1999);
    expect(footer.classList.contains('is-hidden')).toBe(false);
    scrollTo(2000);
    expect(footer.classList.contains('is-hidden')).toBe(true);
    expect(footer.getAttribute('aria-hidden')).toBe('true');
    expect(footer.hasAttribute('inert')).toBe(true);

    scrollTo(1200);
    expect(footer.classList.contains('is-hidden')).toBe(false);
    expect(footer.getAttribute('aria-hidden')).toBeNull();
  });
});
