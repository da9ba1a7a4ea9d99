import { describe, expect, it } from 'vitest';
import { appearanceFormOf, themeFieldKey } from './appearanceEndpoints';

describe("an appearance save's body", () => {
  it('names the blog and only the fields that change, the theme by its wire names', () => {
    expect(appearanceFormOf({ blogName: 'alice' })).toEqual({ tumblelog: 'alice' });
    expect(
      appearanceFormOf({ blogName: 'alice', title: 'New', description: '', theme: { titleColor: '#AABBCC', showAvatar: false, headerImage: null } }),
    ).toEqual({
      tumblelog: 'alice',
      title: 'New',
      description: '',
      global_theme_params: { title_color: '#AABBCC', show_avatar: false, header_image: null },
    });
  });

  it("sends a header image's size, or its removal", () => {
    expect(appearanceFormOf({ blogName: 'alice', theme: { headerImage: '/media/a.png' }, headerImageDimens: { width: 8, height: 2 } })).toEqual({
      tumblelog: 'alice',
      global_theme_params: { header_image: '/media/a.png', header_image_dimens: { width: 8, height: 2 } },
    });
    expect(appearanceFormOf({ blogName: 'alice', theme: { headerImage: null }, headerImageDimens: null }).global_theme_params).toEqual({
      header_image: null,
      header_image_dimens: null,
    });
  });

  it("finds a theme field's errors under the server's name for it", () => {
    expect(themeFieldKey('linkColor')).toBe('global_theme_params.link_color');
    expect(themeFieldKey('headerImageFocused')).toBe('global_theme_params.header_image_focused');
  });
});
