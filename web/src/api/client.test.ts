import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, errorDetails } from './client';
import type { OrderAnswer } from './types/OrderAnswer';
import type { OrderForm } from './types/OrderForm';
import type { NewBlogForm } from './types/NewBlogForm';
import type { SendForm } from './types/SendForm';
import type { TumblelogQuery } from './types/TumblelogQuery';
import type { VideoDataQuery } from './types/VideoDataQuery';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('ApiClient', () => {
  it('sends the form key in form-encoded POST bodies and unwraps the envelope', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { meta: { status: 200, msg: 'OK' }, response: { saved: true } }),
    );
    const client = new ApiClient(fetchImpl as typeof fetch);
    client.setFormKey('fk-1');
    const answer = await client.post<OrderAnswer, OrderForm>('/order', {
      channel_names: JSON.stringify(['b', 'a']),
    });
    expect(answer).toEqual({ saved: true });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('/order');
    expect(init?.method).toBe('POST');
    const body = new URLSearchParams(String(init?.body));
    expect(body.get('form_key')).toBe('fk-1');
    expect(body.get('channel_names')).toBe('["b","a"]');
  });

  it('sends a JSON body with the form key in the X-Form-Key header', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { meta: { status: 200, msg: 'OK' }, response: { ok: 1 } }),
    );
    const client = new ApiClient(fetchImpl as typeof fetch);
    client.setFormKey('fk-2');
    expect(
      await client.postJson<unknown, VideoDataQuery>('/svc/post/get_video_data', { embed_url: 'u', embed_width: 540 }),
    ).toEqual({ ok: 1 });
    const init = fetchImpl.mock.calls[0][1]!;
    const headers = init.headers as Record<string, string>;
    expect([headers['Content-Type'], headers['X-Form-Key']]).toEqual(['application/json', 'fk-2']);
    expect(JSON.parse(String(init.body))).toEqual({ embed_url: 'u', embed_width: 540 });
  });

  it('builds GET query strings and leaves out undefined values', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(200, { meta: { status: 200, msg: 'OK' }, response: {} }),
    );
    const client = new ApiClient(fetchImpl as unknown as typeof fetch);
    await client.get<unknown, TumblelogQuery>('/svc/data/tumblelog', {
      tumblelog: 'bob',
      include_member_data: '1',
      include_activity_data: undefined,
    });
    expect((fetchImpl.mock.calls[0] as unknown[])[0]).toBe(
      '/svc/data/tumblelog?tumblelog=bob&include_member_data=1',
    );
  });

  it('repeats a list field once per value', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { meta: { status: 200, msg: 'OK' }, response: {} }),
    );
    const client = new ApiClient(fetchImpl as typeof fetch);
    await client.post<unknown, SendForm>('/svc/conversations/messages', { participants: ['a', 'b'], message: 'hi' });
    const body = new URLSearchParams(String(fetchImpl.mock.calls[0][1]?.body));
    expect(body.getAll('participants')).toEqual(['a', 'b']);
  });

  it('throws an ApiError with the status and the errors[].detail texts', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse(409, {
        meta: { status: 409, msg: 'Conflict' },
        response: [],
        errors: [{ code: 'blog_name_taken', detail: 'That blog name is taken.' }],
      }),
    );
    const client = new ApiClient(fetchImpl as unknown as typeof fetch);
    const err = await client.post<unknown, NewBlogForm>('/new/blog', { blog_name: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).codes).toEqual(['blog_name_taken']);
    expect(errorDetails(err)).toEqual(['That blog name is taken.']);
  });

  it('reports a network failure as status 0 with a readable text', async () => {
    const client = new ApiClient((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const err = (await client.get('/svc/user/info').catch((e: unknown) => e)) as ApiError;
    expect(err.isNetworkError).toBe(true);
    expect(err.details[0]).toMatch(/Could not reach the server/);
  });

  it("reads a 503's Retry-After, so a load waits what the server asked", async () => {
    const body = JSON.stringify({
      meta: { status: 503, msg: 'Service Unavailable' },
      response: [],
      errors: [{ code: 'unavailable', detail: 'The service is unavailable for a moment and nothing was saved. Please try again.' }],
    });
    const client = new ApiClient((async () =>
      new Response(body, { status: 503, headers: { 'Retry-After': '2' } })) as unknown as typeof fetch);
    const err = (await client.get('/svc/conversations').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(err.codes).toEqual(['unavailable']);
    expect(err.retryAfterMs).toBe(2000);
    expect(err.details[0]).toMatch(/nothing was saved/);
  });

  it('gives a fallback text for an error answer that is not JSON', async () => {
    const client = new ApiClient((async () => new Response('oops', { status: 502 })) as unknown as typeof fetch);
    const err = (await client.get('/svc/blogs/explore').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.details).toEqual(['Request failed (502)']);
  });

  it('hands a signal to fetch; an aborted call rejects with the abort, not as a network failure', async () => {
    // A fetch that never answers by itself, but honours its signal as browsers do.
    const fetchImpl = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = new ApiClient(fetchImpl as typeof fetch);
    const controller = new AbortController();
    const call = client.post<unknown, OrderForm>('/order', { channel_names: '[]' }, { signal: controller.signal });
    expect(fetchImpl.mock.calls[0][1]?.signal).toBe(controller.signal);
    controller.abort();
    const err = await call.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');

    // GET takes one too, beside noCache.
    const again = new AbortController();
    const get = client.get('/svc/user/info', {}, { noCache: true, signal: again.signal });
    expect(fetchImpl.mock.calls[1][1]).toMatchObject({ cache: 'no-store', signal: again.signal });
    again.abort();
    expect(((await get.catch((e: unknown) => e)) as DOMException).name).toBe('AbortError');
  });
});
