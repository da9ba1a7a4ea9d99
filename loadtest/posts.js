// posts: a popular blog posts to its followers' dashboards. FOLLOWERS sockets (distinct
// seeded users who follow the star blog) subscribe to their `dashboard`; then the star's
// owner publishes POSTS text posts, one after the other. One event per post reaches them all
// (the server writes no row per follower). Reports delivery latency (post sent → follower's
// socket) and deliveries/s.
//   dashwire-loadgen seed --users 2000 --star-sessions 1 --star-followers 1000
//   k6 run --no-usage-report -e FOLLOWERS=500 -e POSTS=20 loadtest/posts.js
import http from 'k6/http';
import { WebSocket } from 'k6/experimental/websockets';
import { clearTimeout, setTimeout } from 'k6/timers';
import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, WS_URL, form, int, postParams, star, users } from './lib.js';

const FOLLOWERS = int('FOLLOWERS', 200);
const POSTS = int('POSTS', 20);
const INTERVAL_MS = int('INTERVAL_MS', 200);
const CONNECT_SECONDS = int('CONNECT_SECONDS', 10);
// User 0 owns the star blog and posts; the seed's last `star.followers` users follow it.
const FIRST_FOLLOWER = star.first_follower;

const deliveryMs = new Trend('dashwire_post_delivery_ms', true);
const deliveries = new Counter('dashwire_post_deliveries');
// When each delivery came, from the first post's send: the last one ends the series.
const deliveredAt = new Trend('dashwire_post_delivered_at_ms', true);

export const options = {
  scenarios: {
    followers: { executor: 'per-vu-iterations', vus: FOLLOWERS, iterations: 1, maxDuration: `${CONNECT_SECONDS + 90}s` },
    poster: { executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: 'poster', startTime: `${CONNECT_SECONDS}s`, maxDuration: '80s' },
  },
  thresholds: { dashwire_post_deliveries: ['count>0'] },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  if (!(star.followers >= FOLLOWERS)) throw new Error(`dashwire-loadgen seed --star-followers ${FOLLOWERS} (have ${star.followers})`);
  // Post k is sent at postAt + k × INTERVAL_MS: every VU measures against that schedule.
  return { postAt: Date.now() + CONNECT_SECONDS * 1000 };
}

export default function (data) {
  const user = users[FIRST_FOLLOWER + exec.vu.idInTest - 1];
  const ws = new WebSocket(`${WS_URL}?token=${user.token}`);
  let seen = 0;
  // A VU lasts until its timers end: the fallback close must not outlive the last post.
  const giveUp = setTimeout(() => ws.close(), (CONNECT_SECONDS + 80) * 1000);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', channel: 'dashboard' }));
  ws.onmessage = (e) => {
    const frame = JSON.parse(e.data);
    if (frame.type !== 'event' || frame.event !== 'post') return;
    deliveries.add(1);
    // One channel delivers in order, and only the star posts: the k-th event is the k-th post.
    deliveryMs.add(Date.now() - (data.postAt + seen * INTERVAL_MS));
    deliveredAt.add(Date.now() - data.postAt);
    if (++seen === POSTS) {
      clearTimeout(giveUp);
      ws.close();
    }
  };
}

export function poster(data) {
  const owner = users[0];
  for (let k = 0; k < POSTS; k++) {
    const wait = data.postAt + k * INTERVAL_MS - Date.now();
    if (wait > 0) sleep(wait / 1000);
    http.post(
      `${BASE_URL}/svc/post/update`,
      form({ channel_id: star.blog, 'post[type]': 'text', 'post[state]': '0', 'post[one]': `Load post ${k}`, form_key: owner.form_key }),
      postParams(owner),
    );
  }
}

export function handleSummary(data) {
  const count = data.metrics.dashwire_post_deliveries ? data.metrics.dashwire_post_deliveries.values.count : 0;
  const trend = data.metrics.dashwire_post_delivery_ms ? data.metrics.dashwire_post_delivery_ms.values : null;
  const span = data.metrics.dashwire_post_delivered_at_ms ? data.metrics.dashwire_post_delivered_at_ms.values.max : 0;
  const rate = span > 0 ? ` in ${(span / 1000).toFixed(2)} s = ${Math.round(count / (span / 1000))} deliveries/s` : '';
  const latency = trend
    ? `p50 ${trend.med.toFixed(1)} p95 ${trend['p(95)'].toFixed(1)} p99 ${trend['p(99)'].toFixed(1)} max ${trend.max.toFixed(1)}`
    : 'n/a';
  const line = `posts: ${POSTS} posts x ${FOLLOWERS} followers: ${count}/${POSTS * FOLLOWERS} deliveries${rate}; latency ms ${latency}\n`;
  return { stdout: line + JSON.stringify({ deliveries: count, delivery_ms: trend }, null, 1) + '\n' };
}
