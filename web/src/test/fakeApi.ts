// A fake server for component tests: an ApiClient whose fetch answers from a route table.
import { ApiClient } from '../api/client';
import type { Envelope } from '../api/types/Envelope';
import type { ErrorDetail } from '../api/types/ErrorDetail';
import type { ErrorEnvelope } from '../api/types/ErrorEnvelope';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  /** The body of a JSON call (ApiClient.postJson), parsed; undefined for the others. */
  json: unknown;
  /** The call's abort signal, if its caller gave one. */
  signal: AbortSignal | null;
}

export type FakeAnswer =
  | { status?: 200; response: unknown }
  | { status: number; errors: ErrorDetail[] };

export type FakeRoute = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Routes are keyed 'METHOD /path'; a `*` segment matches any one segment ('GET /svc/* /x'
 * without the space), used only when no key matches exactly. Every request is recorded in
 * `requests`.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const isJson = (init?.headers as Record<string, string> | undefined)?.['Content-Type'] === 'application/json';
    const req: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(init?.body && !isJson ? String(init.body) : ''),
      json: isJson ? JSON.parse(String(init?.body)) : undefined,
      signal: init?.signal ?? null,
    };
    requests.push(req);
    const route = routes[`${req.method} ${req.path}`] ?? wildcardRoute(routes, `${req.method} ${req.path}`);
    if (!route) {
      return json(404, { meta: { status: 404, msg: 'Not Found' }, response: [], errors: [{ code: 'not_found', detail: `No route ${req.method} ${req.path}` }] } satisfies ErrorEnvelope);
    }
    const answer = await untilAborted(Promise.resolve(route(req)), req.signal);
    if ('errors' in answer) {
      return json(answer.status, { meta: { status: answer.status, msg: 'Error' }, response: [], errors: answer.errors } satisfies ErrorEnvelope);
    }
    return json(200, { meta: { status: 200, msg: 'OK' }, response: answer.response } satisfies Envelope<unknown>);
  };
  const client = new ApiClient(fetchImpl as typeof fetch);
  client.setFormKey('test-form-key');
  return { client, requests };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** `answer`, unless `signal` aborts first: then the abort's reason, as a browser's fetch rejects. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | null): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A promise with its resolve handle, to hold a fake answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The route whose key, with `*` for any one path segment, matches `key`. */
function wildcardRoute(routes: Record<string, FakeRoute>, key: string): FakeRoute | undefined {
  const parts = key.split('/');
  const found = Object.keys(routes).find((pattern) => {
    const want = pattern.split('/');
    return pattern.includes('*') && want.length === parts.length && want.every((p, i) => p === '*' || p === parts[i]);
  });
  return found === undefined ? undefined : routes[found];
}
