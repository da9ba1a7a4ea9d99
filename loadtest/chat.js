// chat: PAIRS pairs of seeded users chat over the real HTTP send call while subscribed to
// their conversation. Every message carries its send time; the receiver records end-to-end
// delivery latency. Reports messages/s and p50/p95/p99 latency.
//   k6 run --no-usage-report -e PAIRS=50 -e RATE_PER_PAIR=2 -e DURATION_SECONDS=20 loadtest/chat.js
import http from 'k6/http';
import { WebSocket } from 'k6/experimental/websockets';
import { setInterval, setTimeout, clearInterval } from 'k6/timers';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, WS_URL, form, int, pairs, postParams, sentAt, users } from './lib.js';

const PAIRS = int('PAIRS', 50);
const RATE = int('RATE_PER_PAIR', 2); // messages per second from each pair's sender
const DURATION = int('DURATION_SECONDS', 20);

const latency = new Trend('dashwire_delivery_ms', true);
const sent = new Counter('dashwire_messages_sent');
const received = new Counter('dashwire_messages_received');
const sendFailures = new Counter('dashwire_send_failures');

export const options = {
  scenarios: {
    chat: { executor: 'per-vu-iterations', vus: PAIRS, iterations: 1, maxDuration: `${DURATION + 30}s` },
  },
  thresholds: { dashwire_send_failures: ['count==0'], dashwire_messages_received: ['count>0'] },
};

export default function () {
  const pair = pairs[(exec.vu.idInTest - 1) % pairs.length];
  const sender = users[pair.a];
  const receiver = users[pair.b];
  const channel = `conversation:${pair.conversation_id}`;
  const ws = new WebSocket(`${WS_URL}?token=${receiver.token}`);
  let ticker = null;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', channel }));
  ws.onmessage = (e) => {
    const frame = JSON.parse(e.data);
    if (frame.type === 'subscribed' && ticker === null) {
      ticker = setInterval(() => {
        const body = form({
          conversation_id: pair.conversation_id,
          participant: sender.blog,
          message: `lt:${Date.now()} hello`,
          form_key: sender.form_key,
        });
        // asyncRequest keeps the socket's event loop free while the send is in flight.
        http.asyncRequest('POST', `${BASE_URL}/svc/conversations/messages`, body, postParams(sender)).then((r) => {
          if (r.status === 200) sent.add(1);
          else { sendFailures.add(1); if (__ENV.DEBUG) console.log(`send ${r.status} ${r.body}`); }
        });
      }, 1000 / RATE);
      setTimeout(() => {
        clearInterval(ticker);
        setTimeout(() => ws.close(), 2000); // let the last messages arrive
      }, DURATION * 1000);
    } else if (frame.type === 'event' && frame.event === 'message') {
      const at = sentAt(frame.data.message);
      if (at !== null) {
        latency.add(Date.now() - at);
        received.add(1);
      }
    }
  };
}
