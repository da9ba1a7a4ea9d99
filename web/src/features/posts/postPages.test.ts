import { describe, expect, it } from 'vitest';
import { savedPostFromWire } from '../../api/postModels';
import type { PostState } from '../../api/types/PostState';
import { saveAnswer, wirePost } from '../../test/postFixtures';
import { belongsOn, isNewestFirst } from './postPages';

const saved = (state: PostState, blog = 'alice') => savedPostFromWire(saveAnswer(wirePost(1, { state, tumblelog: blog })));

describe('belongsOn', () => {
  it('puts published posts on the dashboard, and private ones only on their blog', () => {
    expect(belongsOn({ root: 'dashboard' }, saved('published'))).toBe(true);
    expect(belongsOn({ root: 'dashboard' }, saved('private'))).toBe(false);
    expect(belongsOn({ root: 'blog', blog: 'alice' }, saved('private'))).toBe(true);
    expect(belongsOn({ root: 'blog', blog: 'other' }, saved('published'))).toBe(false);
  });
  it("puts a post on its blog's page for a tag only when it has the tag, in any case", () => {
    const tagged = savedPostFromWire(saveAnswer(wirePost(1, { tumblelog: 'alice', tags: ['Art'] })));
    expect(belongsOn({ root: 'blog', blog: 'alice', tag: 'art' }, tagged)).toBe(true);
    expect(belongsOn({ root: 'blog', blog: 'alice', tag: 'food' }, tagged)).toBe(false);
  });
  it("puts drafts, queued and processing posts on their blog's page of that name", () => {
    expect(belongsOn({ root: 'drafts', blog: 'alice' }, saved('draft'))).toBe(true);
    expect(belongsOn({ root: 'drafts', blog: 'other' }, saved('draft'))).toBe(false);
    expect(belongsOn({ root: 'queue', blog: 'alice' }, saved('scheduled'))).toBe(true);
    expect(belongsOn({ root: 'queue', blog: 'alice' }, saved('draft'))).toBe(false);
    expect(belongsOn({ root: 'dashboard' }, saved('draft'))).toBe(false);
    expect(belongsOn({ root: 'likes' }, saved('published'))).toBe(false);
  });
});

describe('isNewestFirst', () => {
  it('is the dashboard and blog pages; the owner pages are oldest first', () => {
    expect(isNewestFirst({ root: 'dashboard' })).toBe(true);
    expect(isNewestFirst({ root: 'blog', blog: 'a' })).toBe(true);
    expect(isNewestFirst({ root: 'likes' })).toBe(true);
    expect(isNewestFirst({ root: 'drafts', blog: 'a' })).toBe(false);
  });
});
