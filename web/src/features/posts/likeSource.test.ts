import { describe, expect, it } from 'vitest';
import { likeSource } from './likeSource';

describe('likeSource', () => {
  it('labels the page a like is made on (spec 002 §9)', () => {
    expect(likeSource('/dashboard')).toBe('dashboard');
    expect(likeSource('/')).toBe('dashboard');
    expect(likeSource('/likes')).toBe('likes');
    expect(likeSource('/explore')).toBe('discover');
    expect(likeSource('/search/lighthouses')).toBe('search results');
    expect(likeSource('/tagged/art')).toBe('tag page');
    expect(likeSource('/blog/ann/tagged/art')).toBe('tag page');
    expect(likeSource('/blog/ann/inbox')).toBe('inbox');
    expect(likeSource('/blog/ann')).toBe('unknown');
  });
});
