import { describe, expect, it } from 'vitest';
import { gifSearchAnswerFromWire, INVALID_GIF_SEARCH_RESPONSE } from './gifSearchEndpoints';

const gif = {
  mediaUrl: '/media/cat.gif',
  postUrl: '/alice/post/1',
  rootPostUrl: '/alice/post/1',
  rootPostUrlHash: 'h1',
  rootBlog: 'alice',
  rootBlogUrl: '/alice',
  rootBlogKey: 'k',
  postTags: ['cat'],
  popularSearchTag: '',
  width: 200,
  height: 100,
  postBlog: 'alice',
  postId: 1,
};

describe("the GIF search's answer", () => {
  it('reads the query as searched, the GIFs and the message', () => {
    expect(gifSearchAnswerFromWire({ query: 'cat', limit: 200, media: [gif], message: { header: 'Careful', body: '' } }, 'cat ')).toEqual({
      query: 'cat',
      media: [gif],
      message: { header: 'Careful', body: '' },
    });
  });

  it('keeps the asked query when the answer has none, and an empty message is none', () => {
    expect(gifSearchAnswerFromWire({ media: [], message: { header: '', body: '' } }, 'dog')).toEqual({ query: 'dog', media: [], message: null });
    expect(gifSearchAnswerFromWire({ media: [], message: null }, 'dog').message).toBeNull();
  });

  it('is an error without a list of GIFs', () => {
    expect(() => gifSearchAnswerFromWire({ query: 'cat', media: null }, 'cat')).toThrow(INVALID_GIF_SEARCH_RESPONSE);
    expect(() => gifSearchAnswerFromWire(null, 'cat')).toThrow(INVALID_GIF_SEARCH_RESPONSE);
    expect(() => gifSearchAnswerFromWire('oops', 'cat')).toThrow(INVALID_GIF_SEARCH_RESPONSE);
  });
});
