import { describe, expect, it } from 'vitest';
import { blogMenuItems, type MenuBlog } from './blogMenuItems';

const plain: MenuBlog = {
  name: 'alice',
  isMine: true,
  postCount: 0,
  followerCount: 0,
  radarFeaturePremium: false,
  sparkline: [],
  memberCount: 0,
  draftCount: 0,
  queuedPostCount: 0,
  transcodingCount: 0,
  isVisiblePremiumPartner: false,
  canViewCustomize: false,
  dashboardUrl: '/blog/alice',
  analyticsUrl: '/blog/alice/analytics',
};

const labels = (blog: MenuBlog) => blogMenuItems(blog).map((i) => i.label);

describe('blogMenuItems', () => {
  it('always shows Posts and Followers, without counts at 0', () => {
    const items = blogMenuItems(plain);
    expect(items.map((i) => i.label)).toEqual(['Posts', 'Followers']);
    expect(items.map((i) => i.count)).toEqual([null, null]);
    expect(items.map((i) => i.href)).toEqual(['/blog/alice', '/blog/alice/followers']);
  });

  it('shows post and follower counts above 0 with thousands separators', () => {
    const items = blogMenuItems({ ...plain, postCount: 12, followerCount: 1234 });
    expect(items.find((i) => i.key === 'posts')?.count).toBe('12');
    expect(items.find((i) => i.key === 'followers')?.count).toBe('1,234');
  });

  it('shows every item, in the spec order, when every condition holds', () => {
    const items = blogMenuItems({
      ...plain,
      radarFeaturePremium: true,
      sparkline: [0, 1],
      memberCount: 2,
      draftCount: 1,
      queuedPostCount: 3,
      transcodingCount: 1,
      isVisiblePremiumPartner: true,
      canViewCustomize: true,
    });
    expect(items.map((i) => [i.label, i.href])).toEqual([
      ['Posts', '/blog/alice'],
      ['Reach', '/radar/analytics?blog=alice'],
      ['Followers', '/blog/alice/followers'],
      ['Activity', '/blog/alice/activity'],
      ['Members', '/blog/alice/members'],
      ['Drafts', '/blog/alice/drafts'],
      ['Queue', '/blog/alice/queue'],
      ['Processing', '/blog/alice/processing'],
      ['Analytics', '/blog/alice/analytics'],
      ['Edit appearance', '/settings/blog/alice'],
    ]);
  });

  it('checks each condition on its own', () => {
    expect(labels({ ...plain, radarFeaturePremium: true })).toContain('Reach');
    expect(labels({ ...plain, sparkline: [3] })).toContain('Activity');
    expect(labels({ ...plain, sparkline: undefined })).not.toContain('Activity');
    expect(labels({ ...plain, memberCount: 1 })).toContain('Members');
    expect(labels({ ...plain, memberCount: undefined })).not.toContain('Members');
    expect(labels({ ...plain, draftCount: 1 })).toContain('Drafts');
    expect(labels({ ...plain, queuedPostCount: 1 })).toContain('Queue');
    expect(labels({ ...plain, transcodingCount: 1 })).toContain('Processing');
    expect(labels({ ...plain, isVisiblePremiumPartner: true })).toContain('Analytics');
    expect(labels({ ...plain, canViewCustomize: true })).toContain('Edit appearance');
  });

  it("leaves a group of someone else's without its owner's Reach and Analytics", () => {
    const group = { ...plain, name: 'team', isMine: false, radarFeaturePremium: true, isVisiblePremiumPartner: true, memberCount: 3, draftCount: 1, dashboardUrl: '/blog/team' };
    expect(blogMenuItems(group).map((i) => [i.label, i.href])).toEqual([
      ['Posts', '/blog/team'],
      ['Followers', '/blog/team/followers'],
      ['Members', '/blog/team/members'],
      ['Drafts', '/blog/team/drafts'],
    ]);
  });

  it('builds the dashboard links from dashboard_url', () => {
    const items = blogMenuItems({ ...plain, dashboardUrl: '/dash/alice', draftCount: 5 });
    expect(items.find((i) => i.key === 'drafts')?.href).toBe('/dash/alice/drafts');
  });
});
