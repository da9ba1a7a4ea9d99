import { describe, expect, it } from 'vitest';
import { readUploadResponse, UploadError } from './uploadResponse';

const read = (status: number, body: unknown) => readUploadResponse(status, typeof body === 'string' ? body : JSON.stringify(body));
const failure = (status: number, body: unknown): UploadError => {
  try {
    read(status, body);
  } catch (err) {
    if (err instanceof UploadError) return err;
  }
  throw new Error('read as a success');
};

describe('reading an upload answer (spec 002 §7, §8)', () => {
  it('takes the response object, or the first element of an array', () => {
    expect(read(200, { meta: { status: 200 }, response: { url: '/media/a.png' } })).toEqual({ url: '/media/a.png' });
    expect(read(200, { meta: { status: 200 }, response: [{ url: '/media/a.png' }, { url: '/media/b.png' }] })).toEqual({ url: '/media/a.png' });
  });

  it('fails on a meta status other than 200, or an empty response', () => {
    expect(failure(200, { meta: { status: 403 }, response: { url: '/x', msg: 'No.' } }).message).toBe('No.');
    expect(failure(200, { meta: { status: 200 }, response: [] }).message).toBe('Woops :(');
    expect(failure(200, { meta: { status: 200 }, response: {} }).message).toBe('Woops :(');
    expect(failure(200, { meta: { status: 200 } }).message).toBe('Woops :(');
  });

  it("shows the msg, else the errors joined, else 'Woops :('", () => {
    const refused = failure(400, {
      meta: { status: 400, msg: 'Bad Request' },
      response: [],
      errors: [{ code: 'upload_refused', detail: 'This photo is larger than 10 MB.' }, 'Try a smaller one.'],
    });
    expect([refused.message, refused.messages, refused.status]).toEqual([
      'This photo is larger than 10 MB. Try a smaller one.',
      ['This photo is larger than 10 MB.', 'Try a smaller one.'],
      400,
    ]);
    expect(failure(502, '<html>Bad gateway</html>').message).toBe('Woops :(');
  });

  it('keeps the refusal’s response for callers that read more of it', () => {
    const copyright = failure(403, { meta: { status: 403 }, response: { is_copyright: true, message: 'Protected.' }, errors: [{ detail: 'Protected.' }] });
    expect(copyright.response).toEqual({ is_copyright: true, message: 'Protected.' });
  });
});
