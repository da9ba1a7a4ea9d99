// Shared by the k6 scenarios: configuration from the environment, the seed file, and the
// guard that keeps load on this machine.
import { SharedArray } from 'k6/data';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
export const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const SEED_PATH = __ENV.SEED || './data/seed.json';

// Load only ever targets 127.0.0.0/8.
const host = BASE_URL.replace(/^https?:\/\//, '').split(/[:/]/)[0];
if (!(host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
  throw new Error(`BASE_URL ${BASE_URL}: load tests only target 127.0.0.0/8`);
}

export function int(name, fallback) {
  const v = __ENV[name];
  return v === undefined || v === '' ? fallback : parseInt(v, 10);
}

// The seed file is parsed once and shared read-only by every VU.
export const users = new SharedArray('users', () => JSON.parse(open(SEED_PATH)).users);
export const pairs = new SharedArray('pairs', () => JSON.parse(open(SEED_PATH)).pairs);
export const star = new SharedArray('star', () => {
  const s = JSON.parse(open(SEED_PATH)).star;
  return [{ blog: s.blog, tokens: s.tokens, first_follower: s.first_follower, followers: s.followers }];
})[0];

export function cookie(user) {
  return { Cookie: `dashwire_session=${user.token}` };
}

export function form(fields) {
  return Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export function postParams(user) {
  return { headers: { ...cookie(user), 'Content-Type': 'application/x-www-form-urlencoded' } };
}

// Chat messages carry their send time: `lt:{ms since epoch}`.
export function sentAt(text) {
  const m = /lt:(\d+)/.exec(text || '');
  return m ? parseInt(m[1], 10) : null;
}
