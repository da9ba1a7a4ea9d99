import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml', () => {
  it('removes script and link elements', () => {
    const out = sanitizeHtml('<p>hi</p><script>alert(1)</script><link rel="stylesheet" href="/x.css">');
    expect(out).toBe('<p>hi</p>');
  });
  it('removes event handlers and unsafe URLs, keeps safe ones', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)" onerror="x()">bad</a><a href="https://ok.test/">ok</a><img src="/p.png" onload="y()">',
    );
    expect(out).toBe('<a>bad</a><a href="https://ok.test/">ok</a><img src="/p.png">');
  });
  it('keeps ordinary markup', () => {
    expect(sanitizeHtml('<figure><img src="/a.png" alt="a"><figcaption>c</figcaption></figure>')).toBe(
      '<figure><img src="/a.png" alt="a"><figcaption>c</figcaption></figure>',
    );
  });
});
