import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MentionedBlog } from '../../../api/composerModels';
import { blogMention } from './blogMention';
import { MentionMenu } from './mentionMenu';
import { schemaExtensions } from './schema';

const blog = (name: string): MentionedBlog => ({ name, title: `${name}'s blog`, avatarUrl: `/avatar/${name}/128` });

let editor: Editor | null = null;

afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.replaceChildren();
});

function makeEditor(findBlogs: (query: string) => Promise<MentionedBlog[]>, content = '<p></p>') {
  const menu = new MentionMenu();
  // In the document: confirming a mention moves the page's selection, which needs one.
  const element = document.body.appendChild(document.createElement('div'));
  editor = new Editor({
    element,
    extensions: [...schemaExtensions(), blogMention({ menu, findBlogs })],
    content,
  });
  return { editor, menu };
}

function press(target: Editor, key: string) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.view.dom.dispatchEvent(event);
  return event;
}

/** Types at the end of the text, as keys would (one transaction each). */
function type(target: Editor, text: string) {
  for (const char of text) target.chain().focus('end').insertContent(char).run();
}

/** Lets the 10 ms debounce and the lookup's answer through. */
const answered = () => new Promise((r) => setTimeout(r, 40));

describe('@-mentions of blogs (spec 001 §4 Mention flow)', () => {
  it('asks POST /svc/mention for what follows the @, after a 10 ms pause, and lists the blogs', async () => {
    const findBlogs = vi.fn(async (query: string) => (query === 'an' ? [blog('ann'), blog('anna')] : []));
    const { editor: e, menu } = makeEditor(findBlogs);
    type(e, 'Hi @an');
    // Typed faster than the pause: only the last query is asked.
    await answered();
    expect(findBlogs.mock.calls.map(([q]) => q)).toEqual(['an']);
    expect(menu.getState()).toMatchObject({ open: true, query: 'an', active: 0 });
    expect(menu.getState().blogs.map((b) => b.name)).toEqual(['ann', 'anna']);
  });

  it.each(['Enter', 'Tab', ' ', 'ArrowRight'])('confirms the highlighted blog with %j, as a link the server keeps', async (key) => {
    const { editor: e, menu } = makeEditor(async () => [blog('ann'), blog('anna')]);
    type(e, 'Hi @an');
    await answered();
    press(e, 'ArrowDown');
    expect(menu.getState().active).toBe(1);
    const event = press(e, key);
    expect(event.defaultPrevented).toBe(true);
    expect(e.getHTML()).toBe('<p>Hi <a href="/blog/anna">@anna</a> </p>');
    expect(menu.getState().open).toBe(false);
  });

  it('moves the highlight with the up and down arrows, wrapping round, and Enter takes the highlighted one', async () => {
    const { editor: e, menu } = makeEditor(async () => [blog('ann'), blog('anna'), blog('annie')]);
    type(e, '@an');
    await answered();
    expect(press(e, 'ArrowUp').defaultPrevented).toBe(true);
    expect(menu.getState().active).toBe(2);
    press(e, 'ArrowDown');
    expect(menu.getState().active).toBe(0);
    press(e, 'ArrowDown');
    press(e, 'ArrowDown');
    press(e, 'ArrowUp');
    expect(menu.getState().active).toBe(1);
    press(e, 'Enter');
    expect(e.getHTML()).toBe('<p><a href="/blog/anna">@anna</a> </p>');
  });

  it('aborts on Escape: the typed text stays, the dropdown goes, and the key is taken (the composer stays open)', async () => {
    const { editor: e, menu } = makeEditor(async () => [blog('ann')]);
    type(e, '@an');
    await answered();
    const event = press(e, 'Escape');
    expect(event.defaultPrevented).toBe(true);
    expect(menu.getState().open).toBe(false);
    expect(e.getHTML()).toBe('<p>@an</p>');
  });

  it('leaves the keys alone when no blog matches', async () => {
    const { editor: e } = makeEditor(async () => []);
    type(e, '@zz');
    await answered();
    expect(press(e, 'Tab').defaultPrevented).toBe(false);
  });

  it('offers nothing when the lookup fails', async () => {
    const { editor: e, menu } = makeEditor(async () => {
      throw new Error('offline');
    });
    type(e, '@an');
    await answered();
    expect(menu.getState()).toMatchObject({ open: true, blogs: [] });
  });

  it('reads a saved mention back as a mention, and other links to a blog as links', () => {
    const { editor: e } = makeEditor(async () => [], '<p><a href="/blog/ann">@ann</a> and <a href="/blog/ann">her blog</a></p>');
    const json = e.getJSON();
    const inline = json.content?.[0].content ?? [];
    expect(inline[0]).toMatchObject({ type: 'mention', attrs: { id: 'ann' } });
    expect(inline.at(-1)).toMatchObject({ type: 'text', text: 'her blog', marks: [{ type: 'link' }] });
    expect(e.getHTML()).toContain('<a href="/blog/ann">@ann</a>');
  });
});
