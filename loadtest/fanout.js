// fanout: SUBSCRIBERS sockets (sessions of the star blog's owner; a blog's activity is only
// its owner's to read) subscribe to the star blog's activity; then EVENTS distinct users
// follow it at once. Reports deliveries/s and the time for the whole burst to arrive.
//   dashwire-loadgen seed --users 2000 --star-sessions 1000
//   k6 run --no-usage-report -e SUBSCRIBERS=500 -e EVENTS=50 loadtest/fanout.js
import http from 'k6/http';
import { WebSocket } from 'k6/experimental/websockets';
import { clearTimeout, setTimeout } from 'k6/timers';
import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, WS_URL, form, int, postParams, star, users } from './lib.js';

const SUBSCRIBERS = int('SUBSCRIBERS', 200);
const EVENTS = int('EVENTS', 50);
const CONNECT_SECONDS = int('CONNECT_SECONDS', 10);
const FIRST_FOLLOWER = 1; // user 0 owns the star blog

const burstMs = new Trend('dashwire_burst_delivery_ms', true);
const deliveries = new Counter('dashwire_deliveries');

export const options = {
  scenarios: {
    subscribers: { executor: 'per-vu-iterations', vus: SUBSCRIBERS, iterations: 1, maxDuration: `${CONNECT_SECONDS + 60}s` },
    burst: { executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: 'burst', startTime: `${CONNECT_SECONDS}s`, maxDuration: '60s' },
  },
  thresholds: { dashwire_deliveries: ['count>0'] },
};

export function setup() {
  if (star.tokens.length < SUBSCRIBERS) throw new Error(`dashwire-loadgen seed --star-sessions ${SUBSCRIBERS} (have ${star.tokens.length})`);
  // Every VU measures against the same instant: when the burst starts.
  return { burstAt: Date.now() + CONNECT_SECONDS * 1000 };
}

export default function (data) {
  const token = star.tokens[exec.vu.idInTest - 1];
  const ws = new WebSocket(`${WS_URL}?token=${token}`);
  let seen = 0;
  // A VU lasts until its timers end: the fallback close must not outlive the last event.
  const giveUp = setTimeout(() => ws.close(), (CONNECT_SECONDS + 40) * 1000);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', channel: `activity:${star.blog}` }));
  ws.onmessage = (e) => {
    const frame = JSON.parse(e.data);
    if (frame.type === 'event' && frame.event === 'notification') {
      deliveries.add(1);
      burstMs.add(Date.now() - data.burstAt);
      if (++seen === EVENTS) {
        clearTimeout(giveUp);
        ws.close();
      }
    }
  };
}

export function burst() {
  const requests = [];
  for (let i = 0; i < EVENTS; i++) {
    const user = users[FIRST_FOLLOWER + i];
    requests.push(['POST', `${BASE_URL}/svc/follow`, form({ tumblelog: star.blog, form_key: user.form_key }), postParams(user)]);
  }
  http.batch(requests);
}

export function teardown() {
  // Undo the follows so the same seed runs again.
  for (let i = 0; i < EVENTS; i++) {
    const user = users[FIRST_FOLLOWER + i];
    http.post(`${BASE_URL}/svc/unfollow`, form({ tumblelog: star.blog, form_key: user.form_key }), postParams(user));
  }
  sleep(0);
}

export function handleSummary(data) {
  const count = data.metrics.dashwire_deliveries ? data.metrics.dashwire_deliveries.values.count : 0;
  const max = data.metrics.dashwire_burst_delivery_ms ? data.metrics.dashwire_burst_delivery_ms.values.max : 0;
  const line = `fanout: ${EVENTS} events x ${SUBSCRIBERS} subscribers: ${count} deliveries, whole burst in ${max.toFixed(0)} ms = ${max > 0 ? Math.round((count * 1000) / max) : 0} deliveries/s\n`;
  return { stdout: line + JSON.stringify({ deliveries: count, burst_ms: data.metrics.dashwire_burst_delivery_ms ? data.metrics.dashwire_burst_delivery_ms.values : null }, null, 1) + '\n' };
}
