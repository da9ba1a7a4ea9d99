import { describe, expect, it } from 'vitest';
import { audioCopyrightOf } from './audioCopyright';
import { UploadError } from '../../upload';
import { readUploadResponse } from '../../upload/uploadResponse';

/** What readUploadResponse throws for an answer. */
function failureOf(status: number, body: unknown): unknown {
  try {
    readUploadResponse(status, JSON.stringify(body));
  } catch (err) {
    return err;
  }
  throw new Error('the answer was read as a success');
}

const copyrightAnswer = {
  meta: { status: 403, msg: 'Forbidden' },
  response: { is_copyright: true, message: 'That recording is copyrighted.', search_string: 'The Band Blue' },
  errors: [{ code: 'copyright', detail: 'That recording is copyrighted.' }],
};

describe("upload_audio's copyright refusal (spec 001 §8)", () => {
  it('reads the warning and the search string of a 403 with is_copyright', () => {
    expect(audioCopyrightOf(failureOf(403, copyrightAnswer))).toEqual({
      warning: 'That recording is copyrighted.',
      searchString: 'The Band Blue',
    });
  });

  it("falls back to the errors' detail when the response has no message", () => {
    const body = { ...copyrightAnswer, response: { is_copyright: true, search_string: 'x' } };
    expect(audioCopyrightOf(failureOf(403, body))?.warning).toBe('That recording is copyrighted.');
  });

  it('is no copyright refusal without the flag, with another status, or for another error', () => {
    expect(audioCopyrightOf(failureOf(403, { ...copyrightAnswer, response: [] }))).toBeNull();
    expect(audioCopyrightOf(failureOf(403, { ...copyrightAnswer, response: { ...copyrightAnswer.response, is_copyright: false } }))).toBeNull();
    expect(audioCopyrightOf(failureOf(400, { ...copyrightAnswer, meta: { status: 400, msg: 'Bad Request' } }))).toBeNull();
    expect(audioCopyrightOf(new UploadError('server', 'Forbidden', { status: 403, messages: ['Forbidden'] }))).toBeNull();
    expect(audioCopyrightOf(new Error('network'))).toBeNull();
  });
});
