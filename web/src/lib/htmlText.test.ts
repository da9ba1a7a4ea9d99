import { describe, expect, it } from 'vitest';
import { decodeHtmlText } from './htmlText';

describe('decodeHtmlText', () => {
  it('decodes what the server escapes', () => {
    expect(decodeHtmlText('Tom &amp; Jerry &lt;3 &gt;_&lt; &quot;hi&quot;')).toBe('Tom & Jerry <3 >_< "hi"');
    expect(decodeHtmlText('a&nbsp;b')).toBe('a\u00a0b');
  });
  it('decodes numeric references and leaves unknown or invalid ones as they are', () => {
    expect(decodeHtmlText('&#39;&#x263A;')).toBe("'☺");
    expect(decodeHtmlText('&bogus; &#0; &#xD800;')).toBe('&bogus; &#0; &#xD800;');
  });
  it('decodes once: an escaped reference stays a reference', () => {
    expect(decodeHtmlText('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  });
  it('leaves text without references alone', () => {
    expect(decodeHtmlText('plain <b> text')).toBe('plain <b> text');
  });
});
