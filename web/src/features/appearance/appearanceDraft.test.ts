import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { blogFromWire } from '../../api/models';
import { wireBlog } from '../../test/fixtures';
import { changesOf, draftOf, draftProblems, normalColour, saveErrorsOf } from './appearanceDraft';

const saved = draftOf(blogFromWire(wireBlog('alice')));

describe('changesOf', () => {
  it('sends only the fields that changed, colours as the server keeps them', () => {
    const draft = { ...saved, title: 'New title', theme: { ...saved.theme, titleColor: '#abc', titleFont: 'Georgia' } };
    expect(changesOf('alice', saved, draft)).toEqual({
      blogName: 'alice',
      title: 'New title',
      theme: { titleColor: '#AABBCC', titleFont: 'Georgia' },
    });
  });

  it('is nothing when nothing changed, a colour only in its case included', () => {
    expect(changesOf('alice', saved, { ...saved, theme: { ...saved.theme, titleColor: '#444444' } })).toBeNull();
  });

  it("sends a new header image's size with it", () => {
    const draft = {
      ...saved,
      theme: { ...saved.theme, headerImage: '/media/a.png', headerImageFocused: '/media/a.png' },
      headerImageDimens: { width: 800, height: 200 },
    };
    expect(changesOf('alice', saved, draft)).toEqual({
      blogName: 'alice',
      theme: { headerImage: '/media/a.png', headerImageFocused: '/media/a.png' },
      headerImageDimens: { width: 800, height: 200 },
    });
    // A new focus on the same original leaves its size out.
    const refocused = { ...saved, theme: { ...saved.theme, headerImageFocused: '/media/b.png' }, headerImageDimens: { width: 1, height: 1 } };
    expect(changesOf('alice', saved, refocused)).toEqual({ blogName: 'alice', theme: { headerImageFocused: '/media/b.png' } });
  });
});

describe("the form's colour check", () => {
  it('takes #RRGGBB and #RGB, nothing else', () => {
    expect(normalColour('#a1b2c3')).toBe('#A1B2C3');
    expect(normalColour('#fff')).toBe('#FFFFFF');
    expect(normalColour('red')).toBeNull();
    expect(normalColour('#12345')).toBeNull();
    const draft = { ...saved, theme: { ...saved.theme, linkColor: 'blue' } };
    expect(draftProblems(draft)).toEqual({ 'global_theme_params.link_color': 'A colour is written #RRGGBB.' });
  });
});

describe('saveErrorsOf', () => {
  it('puts field errors by field, title and description errors by their codes, others on the form', () => {
    const theme = new ApiError(400, ['Choose a font from the list.'], ['invalid_theme'], {
      'global_theme_params.title_font': 'Choose a font from the list.',
    });
    expect(saveErrorsOf(theme)).toEqual({ 'global_theme_params.title_font': 'Choose a font from the list.' });
    expect(saveErrorsOf(new ApiError(400, ['Too long.'], ['invalid_title']))).toEqual({ title: 'Too long.' });
    expect(saveErrorsOf(new ApiError(403, ['Not yours.'], ['not_your_blog']))).toEqual({ '': 'Not yours.' });
  });
});
