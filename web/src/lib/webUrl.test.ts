import { describe, expect, it } from 'vitest';
import { httpUrl, webUrl } from './webUrl';

describe('webUrl', () => {
  it('keeps http(s) addresses and the server\'s own paths', () => {
    expect(webUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(webUrl(' http://x.test ')).toBe('http://x.test');
    expect(webUrl('/media/ab12.png')).toBe('/media/ab12.png');
  });
  it('drops anything that could run script or leave the rule', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:x', 'data:text/html,x', '//evil.test/x', 'vbscript:x', '']) {
      expect(webUrl(bad)).toBe('');
    }
    expect(webUrl(null)).toBe('');
  });
});

describe('httpUrl', () => {
  it('keeps only http(s) addresses', () => {
    expect(httpUrl('https://www.youtube.com/embed/abc')).toBe('https://www.youtube.com/embed/abc');
    expect(httpUrl('/media/a.html')).toBe('');
    expect(httpUrl('javascript:alert(1)')).toBe('');
  });
});
