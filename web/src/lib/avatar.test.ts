import { describe, expect, it } from 'vitest';
import { allowedAvatarSize, avatarUrl } from './avatar';

describe('avatarUrl', () => {
  it('replaces the trailing size', () => {
    expect(avatarUrl('/avatar/alice/128', 40)).toBe('/avatar/alice/40');
    expect(avatarUrl('https://x.test/avatar/bob-2/16', 512)).toBe('https://x.test/avatar/bob-2/512');
  });
  it('rounds a size in between up, and caps at 512', () => {
    expect(avatarUrl('/avatar/alice/128', 41)).toBe('/avatar/alice/48');
    expect(avatarUrl('/avatar/alice/128', 2000)).toBe('/avatar/alice/512');
  });
  it('leaves a URL without a trailing size alone', () => {
    expect(avatarUrl('/static/default.png', 40)).toBe('/static/default.png');
  });
});

describe('allowedAvatarSize', () => {
  it('defaults to 128', () => {
    expect(allowedAvatarSize()).toBe(128);
    expect(allowedAvatarSize(0)).toBe(128);
  });
  it('keeps allowed sizes', () => {
    expect(allowedAvatarSize(30)).toBe(30);
    expect(allowedAvatarSize(512)).toBe(512);
  });
});
