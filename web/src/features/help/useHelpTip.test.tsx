import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_POPOVER_FADE_MS } from '../../components/HelpPopover';
import { AnalyticsTip, helpTipKey } from '.';

describe('AnalyticsTip', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows until dismissed with its button, then never again in this browser', () => {
    const first = render(<AnalyticsTip />);
    expect(screen.getByRole('dialog', { name: 'Your figures, day by day' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    act(() => vi.advanceTimersByTime(HELP_POPOVER_FADE_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(helpTipKey('analytics'))).toBe('1');
    first.unmount();
    render(<AnalyticsTip />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hidden by the glass, it shows again on the next visit', () => {
    const first = render(<AnalyticsTip />);
    fireEvent.click(screen.getByTestId('help-popover-glass'));
    act(() => vi.advanceTimersByTime(HELP_POPOVER_FADE_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    render(<AnalyticsTip />);
    expect(screen.getByRole('dialog', { name: 'Your figures, day by day' })).toBeTruthy();
  });

  it('points from just below the anchor it is given (the page header)', () => {
    const header = document.createElement('header');
    header.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 60, width: 1024, height: 100 });
    render(<AnalyticsTip anchor={header} />);
    expect(screen.getByRole('dialog', { name: 'Your figures, day by day' }).style.top).toBe('170px');
  });
});
