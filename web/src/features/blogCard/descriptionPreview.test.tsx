import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DescriptionPreview } from './descriptionPreview';

describe("Edit appearance's preview of a description", () => {
  it('shows the inline elements the server keeps, and the rest as text', () => {
    const { container } = render(
      <DescriptionPreview
        description={'A blog about <i>second</i> things<script>steal()</script>\nline <a href="https://example.com/x">two</a> <a href="javascript:alert(1)">three</a> <img src=x onerror="alert(1)">'}
      />,
    );
    const box = container.querySelector('.blog-card__description')!;
    expect(box.querySelector('i')?.textContent).toBe('second');
    expect(box.textContent).toBe('A blog about second thingsline two three ');
    expect(box.querySelectorAll('br')).toHaveLength(1);
    const links = Array.from(box.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/x', null]);
    expect(box.querySelector('img, script')).toBeNull();
  });
});
