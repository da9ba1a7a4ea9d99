// polling: the chat of chat.js done the spec's fallback way: no socket; each user polls its
// open conversation every 2 s and its inbox every 30 s. Reports the requests/s the server
// must answer and the delivery latency polling gives.
//   k6 run --no-usage-report -e PAIRS=50 -e RATE_PER_PAIR=1 -e DURATION_SECONDS=30 loadtest/polling.js
import http from 'k6/http';
import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, cookie, form, int, pairs, postParams, sentAt, users } from './lib.js';

const PAIRS = int('PAIRS', 50);
const RATE = int('RATE_PER_PAIR', 1);
const DURATION = int('DURATION_SECONDS', 30);
const CONVERSATION_POLL_MS = 2000; // spec 000 §9
const INBOX_POLL_MS = 30000;

const latency = new Trend('dashwire_delivery_ms', true);
const delivered = new Counter('dashwire_messages_received');

export const options = {
  scenarios: {
    // Per pair: one sender and two pollers (both participants have the conversation open).
    senders: { executor: 'per-vu-iterations', vus: PAIRS, iterations: 1, exec: 'sender', maxDuration: `${DURATION + 10}s` },
    pollers: { executor: 'per-vu-iterations', vus: PAIRS * 2, iterations: 1, exec: 'poller', maxDuration: `${DURATION + 10}s` },
  },
  thresholds: { dashwire_messages_received: ['count>0'] },
};

export function sender() {
  const pair = pairs[(exec.vu.idInTest - 1) % PAIRS];
  const user = users[pair.a];
  const end = Date.now() + DURATION * 1000;
  while (Date.now() < end) {
    const body = form({ conversation_id: pair.conversation_id, participant: user.blog, message: `lt:${Date.now()} hi`, form_key: user.form_key });
    http.post(`${BASE_URL}/svc/conversations/messages`, body, postParams(user));
    sleep(1 / RATE);
  }
}

export function poller() {
  const n = exec.vu.idInTest - PAIRS - 1;
  const pair = pairs[Math.floor(n / 2) % PAIRS];
  const user = users[n % 2 === 0 ? pair.b : pair.a];
  const end = Date.now() + DURATION * 1000;
  let lastSeen = 0;
  let nextInbox = Date.now() + Math.random() * INBOX_POLL_MS;
  sleep(Math.random() * (CONVERSATION_POLL_MS / 1000)); // real clients poll out of phase
  while (Date.now() < end) {
    const r = http.get(`${BASE_URL}/svc/conversations/messages?conversation_id=${pair.conversation_id}&participant=${user.blog}`, { headers: cookie(user) });
    const now = Date.now();
    if (r.status === 200) {
      // The first answer is the baseline: only messages that arrive after it count.
      const baseline = lastSeen === 0;
      for (const m of r.json('response.messages.data') || []) {
        if (m.id > lastSeen) {
          const at = sentAt(m.message);
          if (!baseline && at !== null && m.participant !== user.blog) {
            latency.add(now - at);
            delivered.add(1);
          }
          lastSeen = m.id;
        }
      }
      if (lastSeen === 0) lastSeen = 1;
    }
    if (Date.now() >= nextInbox) {
      http.get(`${BASE_URL}/svc/conversations?participant=${user.blog}`, { headers: cookie(user) });
      nextInbox += INBOX_POLL_MS;
    }
    sleep(CONVERSATION_POLL_MS / 1000);
  }
}
