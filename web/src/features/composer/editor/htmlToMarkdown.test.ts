import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './htmlToMarkdown';

describe('htmlToMarkdown (rich → markdown is free, spec 001 §4)', () => {
  it('writes the editor marks and blocks as markdown', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <s>gone</s> and <a href="https://example.com">a link</a>.</p>' +
      '<blockquote><p>quoted</p></blockquote><ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><hr>';
    expect(htmlToMarkdown(html)).toBe(
      [
        '## Title',
        'Some **bold**, *italic*, ~~gone~~ and [a link](https://example.com).',
        '> quoted',
        '- one\n- two',
        '1. first',
        '---',
      ].join('\n\n'),
    );
  });

  it('keeps images as images, the read-more marker as it is, and iframes as HTML', () => {
    const html =
      '<figure><img src="/media/a.png" alt="cat"></figure><p>[[MORE]]</p><iframe src="https://www.youtube.com/embed/x" width="540" height="304"></iframe>';
    expect(htmlToMarkdown(html)).toBe(
      '![cat](/media/a.png)\n\n[[MORE]]\n\n<iframe src="https://www.youtube.com/embed/x" width="540" height="304"></iframe>',
    );
  });

  it('escapes text that would read as markdown', () => {
    expect(htmlToMarkdown('<p>2 * 3 = [six]</p><p># not a heading</p>')).toBe('2 \\* 3 = \\[six\\]\n\n\\# not a heading');
  });

  it('keeps code as code', () => {
    expect(htmlToMarkdown('<pre><code>let a = 1;\n</code></pre><p>use <code>a*b</code></p>')).toBe(
      '```\nlet a = 1;\n```\n\nuse `a*b`',
    );
  });

  it('escapes what would start a numbered list or underline a heading, and underscores in words', () => {
    expect(htmlToMarkdown('<p>1. not a list</p><p>snake_case</p><p>Not a heading<br>===</p>')).toBe(
      '1\\. not a list\n\nsnake\\_case\n\nNot a heading  \n\\===',
    );
  });

  it('writes nested and numbered-from lists as the editor holds them', () => {
    expect(htmlToMarkdown('<ol start="3"><li><p>c</p></li><li><p>d</p><ul><li><p>inner</p></li></ul></li></ol>')).toBe(
      '3. c\n4. d\n\n   - inner',
    );
  });
});
