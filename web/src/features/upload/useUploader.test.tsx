import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeXhrs } from './fakeXhr';
import type { Uploader } from './uploader';
import { useUploader, useUploadItems } from './useUploader';

const xhrs = fakeXhrs();
let held: Uploader<{ url: string }> | null = null;

function Uploads({ endpoint }: { endpoint: string }) {
  const uploader = useUploader<{ url: string }>({
    endpoint,
    field: 'photo',
    formKey: () => 'key',
    maxUploadSize: 100,
    makeXhr: xhrs.make,
  });
  held = uploader;
  const items = useUploadItems(uploader);
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          {item.file.name}: {item.complete ? 'done' : item.uploading ? `${item.bytesLoaded}/${item.bytesTotal}` : item.error || 'waiting'}
        </li>
      ))}
    </ul>
  );
}

describe('useUploader', () => {
  it('throws while rendering without an endpoint', () => {
    expect(() => render(<Uploads endpoint="" />)).toThrow('Upload requires an endpoint URL');
  });

  it('renders its items as they go, and cancels what is left when the view goes away', () => {
    const { unmount } = render(<Uploads endpoint="/svc/post/upload_photo" />);
    act(() => {
      held!.add(new File(['png!'], 'a.png', { type: 'image/png' }));
      held!.add(new File(['png!'], 'b.png', { type: 'image/png' }));
    });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a.png: 0/4', 'b.png: waiting']);
    act(() => xhrs.last().progress(3, 4));
    expect(screen.getAllByRole('listitem')[0].textContent).toBe('a.png: 3/4');
    const running = xhrs.last();
    unmount();
    expect(running.aborted).toBe(true);
  });
});
