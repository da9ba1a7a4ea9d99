import { describe, expect, it } from 'vitest';
import { postOfPath } from './postPath';

describe('postOfPath', () => {
  it("reads the post a notification's address names", () => {
    expect(postOfPath('/blog/alice/post/7')).toEqual({ blog: 'alice', postId: 7 });
    expect(postOfPath('/blog/al%20ice/post/7/a-slug?x=1')).toEqual({ blog: 'al ice', postId: 7 });
    expect(postOfPath('/blog/alice')).toBeNull();
    expect(postOfPath('/blog/alice/post/7x')).toBeNull();
    expect(postOfPath('https://elsewhere.example/blog/alice/post/7')).toBeNull();
  });
});
