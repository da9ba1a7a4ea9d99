// connect: ramp to SOCKETS authenticated sockets, each subscribed to its blog's inbox and
// activity and to its unread counts, then hold them idle. Reports connect and subscribe time
// and failures.
//   k6 run --no-usage-report -e SOCKETS=500 -e RAMP_SECONDS=10 -e HOLD_SECONDS=20 loadtest/connect.js
import { WebSocket } from 'k6/experimental/websockets';
import { setTimeout } from 'k6/timers';
import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { WS_URL, int, users } from './lib.js';

const SOCKETS = int('SOCKETS', 200);
const RAMP = int('RAMP_SECONDS', 10);
const HOLD = int('HOLD_SECONDS', 20);
const OFFSET = int('OFFSET', 0);

const connectTime = new Trend('dashwire_connect_ms', true);
const subscribeTime = new Trend('dashwire_subscribed_ms', true);
const failures = new Counter('dashwire_socket_failures');
const held = new Counter('dashwire_sockets_held');

export const options = {
  scenarios: {
    connect: { executor: 'per-vu-iterations', vus: SOCKETS, iterations: 1, maxDuration: `${RAMP + HOLD + 30}s` },
  },
  thresholds: { dashwire_socket_failures: ['count==0'], dashwire_sockets_held: [`count==${SOCKETS}`] },
};

export default function () {
  const i = exec.vu.idInTest - 1;
  sleep((RAMP * i) / SOCKETS); // an even ramp
  const user = users[(OFFSET + i) % users.length];
  const started = Date.now();
  const ws = new WebSocket(`${WS_URL}?token=${user.token}`);
  const channels = [`inbox:${user.blog}`, `activity:${user.blog}`, 'unread'];
  let pending = channels.length;
  ws.onopen = () => {
    connectTime.add(Date.now() - started);
    channels.forEach((channel) => ws.send(JSON.stringify({ type: 'subscribe', channel })));
  };
  ws.onmessage = (e) => {
    const frame = JSON.parse(e.data);
    if (frame.type === 'subscribed' && --pending === 0) {
      subscribeTime.add(Date.now() - started);
      held.add(1);
    } else if (frame.type === 'error') {
      failures.add(1);
    }
  };
  ws.onerror = () => failures.add(1);
  // Hold until everyone has ramped up and held for HOLD seconds.
  setTimeout(() => ws.close(), (RAMP - (RAMP * i) / SOCKETS + HOLD) * 1000);
}
