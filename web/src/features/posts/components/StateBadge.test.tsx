import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postFromWire } from '../../../api/postModels';
import { wirePost } from '../../../test/postFixtures';
import { StateBadge } from './StateBadge';

describe('StateBadge', () => {
  it('calls a question in the inbox a question, and a submitted post a submission', () => {
    const ask = postFromWire(
      wirePost(1, {
        state: 'unapproved',
        is_mine: true,
        content: { type: 'note', ask: 'What do you draw with?', asking_name: null, answer: '', caption: '' },
      }),
    );
    const { unmount } = render(<StateBadge post={ask} />);
    expect(screen.getByText('Question')).toBeTruthy();
    unmount();
    const submitted = postFromWire(wirePost(2, { state: 'unapproved', is_mine: true, submitted_by: 'ben' }));
    render(<StateBadge post={submitted} />);
    expect(screen.getByText('Submission')).toBeTruthy();
  });

  it('says nothing on a published post or on someone else’s', () => {
    const { container } = render(<StateBadge post={postFromWire(wirePost(3, { is_mine: true }))} />);
    expect(container.textContent).toBe('');
    const theirs = postFromWire(wirePost(4, { state: 'draft' }));
    const { container: other } = render(<StateBadge post={theirs} />);
    expect(other.textContent).toBe('');
  });
});
