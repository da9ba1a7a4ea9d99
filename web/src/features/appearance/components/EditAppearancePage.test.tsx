import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeAnswer } from '../../../test/fakeApi';
import { wireBlog } from '../../../test/fixtures';
import { appearanceForm as form, mine, renderAppearancePage as renderPage } from './renderAppearancePage';

describe('EditAppearancePage', () => {
  it('sends only the changed fields, says Saving… then Saved., and every card takes the answer', async () => {
    const answer = deferred<FakeAnswer>();
    const { requests } = renderPage(() => answer.promise);
    const edit = within(await form());
    fireEvent.change(edit.getByLabelText('Title colour'), { target: { value: '#123456' } });
    fireEvent.change(edit.getByLabelText('Font'), { target: { value: 'Georgia' } });
    // The preview follows before anything is saved.
    const preview = screen.getByRole('article', { name: 'Preview of alice' });
    expect(within(preview).getByRole('heading').style.fontFamily).toContain('Georgia');
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving…')).toBeTruthy();
    expect(requests.find((r) => r.path === '/svc/blog/appearance')?.json).toEqual({
      tumblelog: 'alice',
      global_theme_params: { title_color: '#123456', title_font: 'Georgia' },
    });
    const theme = { ...mine().global_theme_params, title_color: '#123456', title_font: 'Georgia' };
    answer.resolve({ response: mine({ global_theme_params: theme }) });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    // The blog store has the saved blog: the blog's own card (not the preview) shows it.
    const card = screen.getByRole('article', { name: 'alice' });
    const title = within(card).getByRole('heading');
    expect(title.style.fontFamily).toContain('Georgia');
    expect(card.style.getPropertyValue('--blog-title')).toBe('#123456');
    expect((edit.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks colours in the form before sending anything', async () => {
    const { requests } = renderPage(() => ({ response: mine() }));
    const edit = within(await form());
    const link = edit.getByLabelText('Link colour');
    fireEvent.change(link, { target: { value: 'blue' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    expect(await edit.findByText('A colour is written #RRGGBB.')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.path === '/svc/blog/appearance')).toBe(false);
  });

  it("shows the server's errors next to their fields, and Reset goes back to what is saved", async () => {
    renderPage(() => ({
      status: 400,
      errors: [
        { code: 'invalid_theme', detail: 'The avatar is square or circle.', field: 'global_theme_params.avatar_shape' },
      ],
    }));
    const edit = within(await form());
    fireEvent.click(edit.getByRole('radio', { name: 'Circle' }));
    fireEvent.change(edit.getByLabelText('Title'), { target: { value: 'Alice in the garden' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    const shape = edit.getByRole('group', { name: 'Avatar shape' });
    expect(await within(shape).findByText('The avatar is square or circle.')).toBeTruthy();
    expect(edit.getByRole('alert').textContent).toMatch(/Not saved/);
    fireEvent.click(edit.getByRole('button', { name: 'Reset' }));
    expect((edit.getByRole('radio', { name: 'Square' }) as HTMLInputElement).checked).toBe(true);
    expect((edit.getByLabelText('Title') as HTMLInputElement).value).toBe("alice's blog");
    expect(within(shape).queryByText('The avatar is square or circle.')).toBeNull();
  });

  it("tells someone else's blog apart", async () => {
    renderPage(() => ({ response: mine() }), wireBlog('alice'));
    expect(await screen.findByText('You can only edit the appearance of your own blogs.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
