import { describe, expect, it } from 'vitest';
import type { ServerHtml } from '../../api/postModels';
import { beforeReadMore, withoutReadMore } from './readMore';

const html = (s: string) => s as ServerHtml;

describe('beforeReadMore', () => {
  it('keeps what comes before the marker, without the paragraph it opened', () => {
    expect(beforeReadMore(html('<p>intro</p><p>[[MORE]]</p><p>rest</p>'))).toBe('<p>intro</p>');
    expect(beforeReadMore(html('<p>intro [[MORE]] rest</p>'))).toBe('<p>intro ');
  });
  it('is null without a marker', () => {
    expect(beforeReadMore(html('<p>all of it</p>'))).toBeNull();
  });
  it('ignores a marker inside a tag', () => {
    const inside = html('<p><a href="https://x.test/[[MORE]]" title="a > [[MORE]]">x</a></p><p>[[MORE]]</p>tail');
    expect(beforeReadMore(inside)).toBe('<p><a href="https://x.test/[[MORE]]" title="a > [[MORE]]">x</a></p>');
  });
});

describe('withoutReadMore', () => {
  it('removes every marker and the paragraphs they leave empty', () => {
    expect(withoutReadMore(html('<p>intro</p><p>[[MORE]]</p><p>rest [[MORE]]</p>'))).toBe('<p>intro</p><p>rest </p>');
  });
  it('leaves HTML without a marker as it is', () => {
    const same = html('<p><img src="/media/[[MORE]].png"></p>');
    expect(withoutReadMore(same)).toBe(same);
  });
});
