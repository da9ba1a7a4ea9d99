import { describe, expect, it } from 'vitest';
import { pageContextOf } from './pageContext';

describe('the page a composer opens over (spec 001 §2)', () => {
  it('names the context page a base route is', () => {
    expect(['/dashboard', '', '/blog/alice/drafts', '/blog/alice/queue/', '/inbox', '/blog/alice', '/blog/alice/tagged/art', '/blog/alice/tagged/queue'].map(pageContextOf)).toEqual([
      'dashboard',
      'dashboard',
      'drafts',
      'queue',
      'inbox',
      'other',
      'tagged',
      'tagged',
    ]);
  });
});
