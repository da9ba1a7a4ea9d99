import { describe, expect, it } from 'vitest';
import { blogHref, hasAllowedProtocol, isImageUrl, parseBlogUrl } from './mobileLinks';

const BASE = 'https://dashwire.example/dashboard';

describe('the mobile address rules (spec 000 §5 Mobile)', () => {
  it('parses a blog address of the app’s own host, with its post id', () => {
    expect(parseBlogUrl('/blog/alice', BASE)).toEqual({ blogName: 'alice' });
    expect(parseBlogUrl('https://dashwire.example/blog/alice/post/42/a-slug', BASE)).toEqual({
      blogName: 'alice',
      postId: 42,
    });
  });

  it('refuses another host, the name www, another protocol and other paths', () => {
    expect(parseBlogUrl('https://elsewhere.example/blog/alice', BASE)).toBeNull();
    expect(parseBlogUrl('/blog/www', BASE)).toBeNull();
    expect(parseBlogUrl('ftp://dashwire.example/blog/alice', BASE)).toBeNull();
    expect(parseBlogUrl('/likes', BASE)).toBeNull();
  });

  it('links http, https, mailto and the app scheme only', () => {
    expect(hasAllowedProtocol('https://a.example/', BASE)).toBe(true);
    expect(hasAllowedProtocol('http://a.example/', BASE)).toBe(true);
    expect(hasAllowedProtocol('mailto:a@example.com', BASE)).toBe(true);
    expect(hasAllowedProtocol('dashwire://open', BASE)).toBe(true);
    expect(hasAllowedProtocol('javascript:alert(1)', BASE)).toBe(false);
    expect(hasAllowedProtocol('data:text/html,x', BASE)).toBe(false);
  });

  it('takes a picture only when its address ends in jpg, jpeg, png or gif', () => {
    for (const ok of ['/media/a.jpg', '/media/a.JPEG', 'https://x.example/a.png?w=500', '/a.gif']) {
      expect(isImageUrl(ok, BASE)).toBe(true);
    }
    for (const no of ['/media/a.webp', '/media/a.svg', '/avatar/alice/128', 'javascript:x.png']) {
      expect(isImageUrl(no, BASE)).toBe(false);
    }
  });

  it('sends a blog link to the blog’s page in the app, another allowed one as it is, the rest nowhere', () => {
    expect(blogHref('https://dashwire.example/blog/alice', BASE)).toBe('/blog/alice');
    expect(blogHref('/blog/alice/post/7', BASE)).toBe('/blog/alice/post/7');
    expect(blogHref('https://elsewhere.example/', BASE)).toBe('https://elsewhere.example/');
    expect(blogHref('javascript:alert(1)', BASE)).toBeNull();
  });
});
