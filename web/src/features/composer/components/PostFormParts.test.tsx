import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormBuilderData } from '../../../api/types/FormBuilderData';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi';
import { user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderApp';
import { ComposerHost, preloadComposer } from '..';
import { channel, formData } from '../model/testFormData';
import { saveAnswer, wirePost } from '../../../test/postFixtures';

// The form's code is loaded lazily in the app; here, once, before the tests time anything.
beforeAll(() => preloadComposer(), 30_000);

function renderForm(path: string, { data = formData(), routes = {} }: { data?: FormBuilderData; routes?: Record<string, FakeRoute> } = {}) {
  const api = fakeApi({
    'POST /svc/post/get_post_form_builder_data': () => ({ response: data }),
    'POST /svc/post/update': () => ({ response: saveAnswer(wirePost(7, { tumblelog: 'alice' })) }),
    ...routes,
  });
  renderWithProviders(<ComposerHost />, { client: api.client, user: user(), path });
  return api;
}

const tagsOf = () =>
  within(screen.getByRole('list', { name: 'Tags of this post' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

describe('the tag editor (spec 001 §4)', () => {
  it('submits on comma, enter, tab and blur, rejects duplicates, and backspace removes the last tag', async () => {
    renderForm('/new/text');
    const input = await screen.findByRole('combobox', { name: 'Tags' });
    fireEvent.change(input, { target: { value: '#art,' } });
    expect(tagsOf()).toEqual(['#art']);
    fireEvent.change(input, { target: { value: 'Cats' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'cats' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(tagsOf()).toEqual(['#art', '#Cats']);
    fireEvent.change(input, { target: { value: '<3' } });
    fireEvent.blur(input);
    expect(tagsOf()).toEqual(['#art', '#Cats', '#<3']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(tagsOf()).toEqual(['#art', '#Cats']);
    expect((input as HTMLInputElement).maxLength).toBe(140);
  });
});

describe('the text editor setting (spec 001 §4 Editor type)', () => {
  const post = wirePost(7, {
    id: 3,
    tumblelog: 'alice',
    is_mine: true,
    source: { one: 'T', two: '<p><strong>Hi</strong> there</p>', three: '' },
  });
  const routes: Record<string, FakeRoute> = {
    'POST /svc/post/fetch': () => ({
      response: { post, created_post: false, post_tumblelog: saveAnswer(post).post_tumblelog, post_context_page: 'dashboard' },
    }),
    'POST /svc/filter_html_for_dash_preview': (req) => ({ response: { html: `<p>${req.form.get('html')}</p>` } }),
  };

  it('converts rich to markdown for free, and asks before going back to rich after the source was edited', async () => {
    renderForm('/edit/3', { routes });
    await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.click(screen.getByRole('button', { name: 'Post settings' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Text editor' }), { target: { value: 'markdown' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Body/ }).tagName).toBe('TEXTAREA'));
    const source = screen.getByRole('textbox', { name: /Body/ }) as HTMLTextAreaElement;
    expect(source.value).toBe('**Hi** there');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.change(source, { target: { value: 'edited' } });
    // The settings popover is still open.
    fireEvent.change(screen.getByRole('combobox', { name: 'Text editor' }), { target: { value: 'rich' } });
    const prompt = await screen.findByRole('alertdialog');
    expect(prompt.textContent).toContain(
      "Going back to normal? You might lose any code that doesn't get along with our text editor.",
    );
    fireEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    // Markdown goes back to rich as the server renders it.
    expect(await screen.findByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('edited')).toBeTruthy());
  });

  it('hides the editor choice for chat posts', async () => {
    renderForm('/new/chat');
    await screen.findByRole('textbox', { name: 'Chat' });
    fireEvent.click(screen.getByRole('button', { name: 'Post settings' }));
    expect(screen.getByText('Let people photo reply')).toBeTruthy();
    expect(screen.getByPlaceholderText('Now')).toBeTruthy();
    expect(screen.getByText('/post/123/')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Text editor' })).toBeNull();
  });
});

describe('social sharing (spec 001 §4)', () => {
  const sharing = formData({
    channels: [channel('alice', { is_current: true, can_send_to_twitter: true, can_send_to_facebook: true, facebook_opengraph_send_posts: true })],
  });

  it('takes the blog defaults, opens the tweet box with the count, and turns off for a private post', async () => {
    const { requests } = renderForm('/new/text', { data: sharing });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Hi' } });
    const twitter = screen.getByRole('button', { name: 'Share to Twitter' });
    const facebook = screen.getByRole('button', { name: 'Share to Facebook' });
    expect([twitter.getAttribute('aria-pressed'), facebook.getAttribute('aria-pressed')]).toEqual(['false', 'true']);
    fireEvent.click(twitter);
    const tweet = screen.getByRole('textbox', { name: 'Custom tweet' });
    fireEvent.change(tweet, { target: { value: 'read this https://example.com/a/long/path' } });
    expect(screen.getByText(String(140 - 10 - 29))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(twitter.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Post privately' }));
    expect([twitter.getAttribute('aria-pressed'), facebook.getAttribute('aria-pressed')]).toEqual(['false', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Post now' }));
    expect([twitter.getAttribute('aria-pressed'), facebook.getAttribute('aria-pressed')]).toEqual(['true', 'true']);

    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/svc/post/update')).toBe(true));
    const form = requests.find((r) => r.path === '/svc/post/update')!.form;
    expect([form.get('send_to_twitter'), form.get('custom_tweet'), form.get('send_to_fbog')]).toEqual([
      '1',
      'read this https://example.com/a/long/path',
      '1',
    ]);
  });

  it('turns Twitter off when the tweet box closes empty', async () => {
    renderForm('/new/text', { data: sharing });
    await screen.findByRole('textbox', { name: 'Title' });
    const twitter = screen.getByRole('button', { name: 'Share to Twitter' });
    fireEvent.click(twitter);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(twitter.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows no toggles for a blog that cannot send', async () => {
    renderForm('/new/text');
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('button', { name: 'Share to Twitter' })).toBeNull();
  });
});

describe('allow answers (spec 001 §4)', () => {
  it('appears only while a text field ends in a question mark', async () => {
    renderForm('/new/text');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('checkbox', { name: 'Allow answers' })).toBeNull();
    fireEvent.change(title, { target: { value: 'Thoughts?' } });
    const allow = screen.getByRole('checkbox', { name: 'Allow answers' });
    fireEvent.click(allow);
    expect((allow as HTMLInputElement).checked).toBe(true);
    fireEvent.change(title, { target: { value: 'Thoughts.' } });
    expect(screen.queryByRole('checkbox', { name: 'Allow answers' })).toBeNull();
  });
});
