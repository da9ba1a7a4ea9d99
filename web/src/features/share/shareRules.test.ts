import { describe, expect, it } from 'vitest';
import { isEmailAddress, isSubmitChord, messageCounter, tweetIsValid, tweetRemaining } from './shareRules';
import { initialTweet, mailtoUrl, tweetIntentUrl } from './shareWindows';

describe('the tweet’s counter (spec 002 §5 Twitter share)', () => {
  it('counts 140 characters, each [URL] as 24 whatever its length', () => {
    expect(tweetRemaining('')).toBe(140);
    expect(tweetRemaining('hello')).toBe(135);
    expect(tweetRemaining('[URL]')).toBe(116);
    expect(tweetRemaining('hi [URL] and [URL]')).toBe(140 - 'hi  and '.length - 48);
    // A character outside the BMP is one character.
    expect(tweetRemaining('🙂')).toBe(139);
  });

  it('is invalid when empty (exactly 140 left) or over the limit', () => {
    expect(tweetIsValid('')).toBe(false);
    expect(tweetIsValid('a')).toBe(true);
    expect(tweetIsValid('x'.repeat(140))).toBe(true);
    expect(tweetIsValid('x'.repeat(141))).toBe(false);
    expect(tweetIsValid(`${'x'.repeat(116)}[URL]`)).toBe(true);
    expect(tweetIsValid(`${'x'.repeat(117)}[URL]`)).toBe(false);
  });
});

describe('the email share’s rules (spec 002 §5 Email share)', () => {
  it('takes text, an at sign, text, a dot, text, at most 100 characters', () => {
    expect(isEmailAddress('bob@example.com')).toBe(true);
    expect(isEmailAddress(' bob@example.com ')).toBe(true);
    expect(isEmailAddress('a@b.c')).toBe(true);
    expect(isEmailAddress('bob@example')).toBe(false);
    expect(isEmailAddress('bob.example.com')).toBe(false);
    expect(isEmailAddress('@example.com')).toBe(false);
    expect(isEmailAddress('bob@.com')).toBe(false);
    expect(isEmailAddress('bob@example.')).toBe(false);
    expect(isEmailAddress('bo b@example.com')).toBe(false);
    expect(isEmailAddress('')).toBe(false);
    const longest = `${'a'.repeat(88)}@example.com`;
    expect(longest.length).toBe(100);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
  });

  it('shows the message’s counter once 140 or fewer of its 255 characters are left', () => {
    expect(messageCounter('')).toBeNull();
    expect(messageCounter('x'.repeat(114))).toBeNull();
    expect(messageCounter('x'.repeat(115))).toBe(140);
    expect(messageCounter('x'.repeat(255))).toBe(0);
  });
});

describe('the keys that send a share form (spec 002 §5 Other share rules)', () => {
  it('is Enter with Ctrl, Meta or Alt', () => {
    const key = (mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }>, k = 'Enter') =>
      isSubmitChord({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({ metaKey: true })).toBe(true);
    expect(key({ altKey: true })).toBe(true);
    expect(key({})).toBe(false);
    expect(key({ ctrlKey: true }, 'a')).toBe(false);
  });
});

describe('the share windows’ addresses', () => {
  const model = {
    post_url: 'http://example.test/blog/bob/post/5',
    tumblelog_name: 'bob',
    twitter_window: {
      url: 'https://twitter.com/intent/tweet?url=http%3A%2F%2Fexample.test%2Fblog%2Fbob%2Fpost%2F5&text=Harbour+at+noon',
      name: 'twitter',
      width: 626,
      height: 258,
    },
  };

  it('starts the tweet with the post’s words and the address’s placeholder', () => {
    expect(initialTweet(model)).toBe('Harbour at noon [URL]');
  });

  it('keeps the model’s tweet when the text is unchanged, else puts the address for [URL]', () => {
    expect(tweetIntentUrl(model, 'Harbour at noon [URL]')).toBe(model.twitter_window.url);
    const changed = new URL(tweetIntentUrl(model, 'Look: [URL]'));
    expect(changed.origin + changed.pathname).toBe('https://twitter.com/intent/tweet');
    expect(changed.searchParams.get('text')).toBe('Look: http://example.test/blog/bob/post/5');
    expect(changed.searchParams.has('url')).toBe(false);
  });

  it('mails the post’s address from the mail client', () => {
    expect(mailtoUrl(model)).toBe('mailto:?subject=A%20post%20from%20bob&body=http%3A%2F%2Fexample.test%2Fblog%2Fbob%2Fpost%2F5');
  });
});
