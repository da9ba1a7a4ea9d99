// End-to-end: the audio post's search field shows its whole placeholder ('Search for a song, or
// paste a Spotify, SoundCloud, Bandcamp or MP3 link'), wrapped, on a phone (375 px) and on a
// desktop, where the field is narrower than the words too; and it is still one field that
// takes what is typed.
//
//   npm run build && DASHWIRE_BIN=../target/debug/dashwire node --test e2e/audioSearchPlaceholder.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { composer, register, startStack, uniqueSuffix } from './support.mjs';

const PLACEHOLDER = 'Search for a song, or paste a Spotify, SoundCloud, Bandcamp or MP3 link';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

/**
 * What the reader sees of the field's placeholder: drawn by the field itself (its own
 * ::placeholder, a single line the field's width cuts) or by an element over it, whose text must
 * lie inside the field's frame. Answers the text shown whole, or why it is not.
 */
function placeholderShown(field) {
  return field.evaluate((input) => {
    const own = getComputedStyle(input, '::placeholder');
    if (own.color !== 'rgba(0, 0, 0, 0)' && own.visibility !== 'hidden') {
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${own.fontStyle} ${own.fontWeight} ${own.fontSize} ${own.fontFamily}`;
      const wide = context.measureText(input.placeholder).width;
      return wide <= input.clientWidth ? input.placeholder : `cut off: ${Math.round(wide)} px of words in a ${input.clientWidth} px field`;
    }
    // Drawn by something else: the element near the field holding the words.
    const frame = input.parentElement;
    const copy = Array.from(frame.querySelectorAll('*')).find((el) => el !== input && el.textContent === input.placeholder);
    if (!copy) return 'not drawn at all';
    const box = frame.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(copy);
    const outside = Array.from(range.getClientRects()).filter(
      (r) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.right > window.innerWidth,
    );
    const style = getComputedStyle(copy);
    if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') return 'the copy is hidden';
    return outside.length === 0 ? copy.textContent : `the copy runs out of its field: ${JSON.stringify(outside[0])}`;
  });
}

for (const [device, options] of [
  ['a phone', PHONE],
  ['a desktop', {}],
]) {
  test(`audio post: the search field's placeholder is shown whole on ${device}`, async () => {
    // Signed up on a desktop (the phone's header has no Account button to wait for).
    const { page: desk, context: deskContext } = await stack.newPage();
    const suffix = uniqueSuffix();
    await register(desk, { email: `aud${suffix}@example.com`, password: 'correct horse', blogName: `aud${suffix}` });
    const { page, context } = await stack.newPage({ ...options, storageState: await deskContext.storageState() });
    await deskContext.close();
    await page.goto('/new/audio');
    const field = composer(page).getByRole('textbox', { name: 'Search audio' });
    await field.waitFor();
    assert.equal(await field.getAttribute('placeholder'), PLACEHOLDER);
    assert.equal(await placeholderShown(field), PLACEHOLDER);

    // A press anywhere on the words puts the caret in the field, and typing replaces them.
    await field.blur();
    const frame = await field.locator('xpath=..').boundingBox();
    await page.mouse.click(frame.x + 30, frame.y + frame.height - 8);
    assert.equal(await field.evaluate((input) => document.activeElement === input), true);
    await page.keyboard.type('blue');
    assert.equal(await field.inputValue(), 'blue');
    assert.equal(await field.locator('xpath=..').getByText(PLACEHOLDER, { exact: true }).count(), 0);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
