import { describe, expect, it } from 'vitest';
import { blogSearchReducer, blogSearchRequest, initialBlogSearchModel, type BlogSearchAction, type BlogSearchModel } from './blogSearchModel';

const run = (actions: BlogSearchAction[], from: BlogSearchModel = initialBlogSearchModel('ann')) =>
  actions.reduce(blogSearchReducer, from);

describe('the blog search model', () => {
  it('starts with the defaults of spec 002 §3', () => {
    expect(initialBlogSearchModel('ann')).toEqual({
      blogname: 'ann',
      active: false,
      term: '',
      unsetTerm: '',
      limit: 10,
      sort: 'CREATED_DESC',
      post_type: 'ANY',
      post_role: 'ANY',
      filter_nsfw: false,
      showOriginalPostsSwitch: true,
      showNsfwSwitch: false,
    });
    expect(blogSearchRequest(initialBlogSearchModel('ann'))).toBeNull();
  });

  it('keeps what is typed apart from the term until it is submitted, trimmed', () => {
    const typed = run([{ type: 'opened' }, { type: 'typed', text: '  cats ' }]);
    expect([typed.unsetTerm, typed.term]).toEqual(['  cats ', '']);
    expect(blogSearchRequest(typed)).toBeNull();
    const searched = blogSearchReducer(typed, { type: 'searched', term: typed.unsetTerm });
    expect([searched.unsetTerm, searched.term]).toEqual(['cats', 'cats']);
    expect(blogSearchRequest(searched)).toEqual({
      blogname: 'ann',
      term: 'cats',
      filters: { limit: 10, sort: 'CREATED_DESC', postType: 'ANY', postRole: 'ANY', filterNsfw: false },
    });
  });

  it('does not search for an empty or blank term', () => {
    const searched = run([{ type: 'opened' }, { type: 'searched', term: 'cats' }]);
    expect(blogSearchReducer(searched, { type: 'searched', term: '   ' })).toBe(searched);
    expect(run([{ type: 'searched', term: '' }])).toEqual(initialBlogSearchModel('ann'));
  });

  it('starts the results over (a new request) when the term, sort, post type or post role changes', () => {
    const searched = run([{ type: 'opened' }, { type: 'searched', term: 'cats' }]);
    const before = JSON.stringify(blogSearchRequest(searched));
    const changes: BlogSearchAction[] = [
      { type: 'searched', term: 'dogs' },
      { type: 'sortChanged', sort: 'POPULARITY_DESC' },
      { type: 'postTypeChanged', postType: 'PHOTO' },
      { type: 'postRoleChanged', postRole: 'ORIGINAL' },
      { type: 'nsfwFilterChanged', filterNsfw: true },
    ];
    for (const change of changes) {
      expect(JSON.stringify(blogSearchRequest(blogSearchReducer(searched, change)))).not.toBe(before);
    }
    // Typing alone asks for nothing new.
    expect(JSON.stringify(blogSearchRequest(blogSearchReducer(searched, { type: 'typed', text: 'do' })))).toBe(before);
  });

  it('keeps the filters chosen before a term for the search that follows', () => {
    const model = run([
      { type: 'opened' },
      { type: 'sortChanged', sort: 'POPULARITY_DESC' },
      { type: 'postTypeChanged', postType: 'QUOTE' },
      { type: 'postRoleChanged', postRole: 'ORIGINAL' },
      { type: 'searched', term: 'tea' },
    ]);
    expect(blogSearchRequest(model)?.filters).toEqual({
      limit: 10,
      sort: 'POPULARITY_DESC',
      postType: 'QUOTE',
      postRole: 'ORIGINAL',
      filterNsfw: false,
    });
  });

  it('returns every default, closed, on clearing', () => {
    const model = run([
      { type: 'opened' },
      { type: 'sortChanged', sort: 'POPULARITY_DESC' },
      { type: 'postTypeChanged', postType: 'VIDEO' },
      { type: 'nsfwFilterChanged', filterNsfw: true },
      { type: 'searched', term: 'tea' },
      { type: 'cleared' },
    ]);
    expect(model).toEqual(initialBlogSearchModel('ann'));
  });
});
