import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { sendConversion } from './conversionLog';
import { askBlog, blockBlog, logoutHref, unblockBlog } from './endpoints';

describe('the calls whose fields are a few words', () => {
  it('asks a question, anonymously only when asked to', async () => {
    const { client, requests } = fakeApi({ 'POST /svc/ask': () => ({ response: { tumblelog: 'bob', anonymous: false } }) });
    await askBlog(client, 'bob', 'Why?', false);
    await askBlog(client, 'bob', 'Who?', true);
    expect(requests.map((r) => [r.form.get('tumblelog'), r.form.get('question'), r.form.get('anonymous')])).toEqual([
      ['bob', 'Why?', null],
      ['bob', 'Who?', '1'],
    ]);
  });

  it('blocks and unblocks a blog from one of yours', async () => {
    const { client, requests } = fakeApi({
      'POST /svc/block/add': () => ({ response: { blocked: true } }),
      'POST /svc/block/remove': () => ({ response: { blocked: false } }),
    });
    await blockBlog(client, 'alice', 'bob');
    await unblockBlog(client, 'alice', 'bob');
    expect(requests.map((r) => [r.path, r.form.get('tumblelog'), r.form.get('blocked_tumblelog')])).toEqual([
      ['/svc/block/add', 'alice', 'bob'],
      ['/svc/block/remove', 'alice', 'bob'],
    ]);
  });

  it('logs out with the form key, and sends a conversion as JSON in its log field', async () => {
    const { client, requests } = fakeApi({ 'POST /svc/log/conversion': () => ({ response: { accepted: 1 } }) });
    expect(logoutHref(client)).toBe('/logout?form_key=test-form-key');
    await sendConversion(client, { name: 'CONVERSION_ACTION_HTML5_VIDEO', extra: { id: 1 } });
    expect(JSON.parse(requests[0].form.get('log') ?? '')).toEqual({ name: 'CONVERSION_ACTION_HTML5_VIDEO', extra: { id: 1 } });
  });
});
