//! The chaos run's report: what was acknowledged, expected, delivered, lost, duplicated,
//! out of order, and the evidence of each failure.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::Ordering::Relaxed;

use hdrhistogram::Histogram;

use super::socket::{ReaderEnd, SUBSCRIBE_TIMEOUT};
use super::{EXAMPLES, Run};
use crate::seed::Seed;

/// Counts of a map as `k=v, k=v`.
fn counts<K: std::fmt::Display>(map: &BTreeMap<K, u64>) -> String {
    if map.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = map.iter().map(|(k, v)| format!("{k}={v}")).collect();
    parts.join(", ")
}

/// A socket's connections, for a loss's evidence.
fn history(run: &Run, end: &ReaderEnd) -> String {
    let mut out = String::new();
    for l in &end.history {
        let subscribed = if l.subscribed_us == 0 {
            "never subscribed".to_owned()
        } else {
            format!("subscribed {}", run.at(l.subscribed_us))
        };
        let closed = match l.closed_us {
            0 => "open at the end".to_owned(),
            at => format!("closed {} ({})", run.at(at), l.code),
        };
        let _ = write!(
            out,
            "[node {} {}, {subscribed}, {closed}] ",
            l.node,
            run.at(l.opened_us)
        );
    }
    out
}

/// What became of the messages: their answers, and their deliveries to the readers that
/// were subscribed from the start.
#[derive(Default)]
struct Tally {
    by_status: BTreeMap<u32, u64>,
    acked: u64,
    expected: u64,
    delivered: u64,
    duplicated: u64,
    /// Messages without an answer (status 0) that a reader got: committed all the same.
    unacked_delivered: u64,
    /// Messages refused with a status that a reader got: the answer was wrong.
    refused_delivered: u64,
    /// µs from the 200 to the first receipt, per delivery.
    latency: Vec<u64>,
    /// Lost deliveries by the node that acknowledged the message and the second it did.
    lost_by_second: BTreeMap<(u32, u64), u64>,
    lost_examples: Vec<String>,
    dup_examples: Vec<String>,
}

fn tally(run: &Run, seed: &Seed, ends: &[ReaderEnd]) -> Tally {
    let mut t = Tally::default();
    let sent = run.sent.load(Relaxed);
    for (n, slot) in run.messages[..sent].iter().enumerate() {
        let status = slot.status.load(Relaxed);
        let pair = &run.pairs[n % run.pairs.len()];
        let got = [0, 1].map(|s| slot.received[s].load(Relaxed));
        if status != 200 {
            *t.by_status.entry(status).or_default() += 1;
            if got.iter().any(|&g| g > 0) {
                if status == 0 {
                    t.unacked_delivered += 1;
                } else {
                    t.refused_delivered += 1;
                }
            }
            continue;
        }
        t.acked += 1;
        let acked_us = slot.acked_us.load(Relaxed);
        let node = slot.node.load(Relaxed);
        for (side, user) in [pair.a, pair.b].into_iter().enumerate() {
            let index = user - run.offset;
            if !run.reads_from_start(index) {
                continue;
            }
            t.expected += 1;
            let what = format!(
                "message cx:{n} in conversation {} sent to node {node}, acknowledged {}, for {}",
                pair.conversation_id,
                run.at(acked_us),
                seed.users[user].blog
            );
            match got[side] {
                0 => {
                    let second =
                        acked_us.saturating_sub(run.chat_started_us.load(Relaxed)) / 1_000_000;
                    *t.lost_by_second.entry((node, second)).or_default() += 1;
                    if t.lost_examples.len() < EXAMPLES {
                        let socket = ends.get(index).map(|e| history(run, e)).unwrap_or_default();
                        t.lost_examples.push(format!("{what}: socket {socket}"));
                    }
                }
                g => {
                    t.delivered += 1;
                    let first = slot.first_us[side].load(Relaxed);
                    t.latency.push(first.saturating_sub(acked_us));
                    if g > 1 {
                        t.duplicated += 1;
                        if t.dup_examples.len() < EXAMPLES {
                            t.dup_examples.push(format!("{what}: received {g} times"));
                        }
                    }
                }
            }
        }
    }
    t
}

pub(super) fn report(run: &Run, seed: &Seed, ends: &[ReaderEnd]) -> anyhow::Result<()> {
    let sent = run.sent.load(Relaxed);
    let t = tally(run, seed, ends);
    let mut latency = Histogram::<u64>::new_with_bounds(1, 3_600_000_000, 3)?;
    for &us in &t.latency {
        let _ = latency.record(us.max(1));
    }
    let mut closes = BTreeMap::new();
    let mut connect_failures = BTreeMap::new();
    let mut subscribe_errors = BTreeMap::new();
    let mut disorder_by_kind = BTreeMap::new();
    let mut gaps = Histogram::<u64>::new_with_bounds(1, 3_600_000_000, 3)?;
    let (mut longest, mut stray) = ((0u64, 0u64, 0usize), 0u64);
    for (index, end) in ends.iter().enumerate() {
        for (code, n) in &end.closes {
            let code = match *code {
                SUBSCRIBE_TIMEOUT => "subscribe-timeout".to_owned(),
                code => code.to_string(),
            };
            *closes.entry(code).or_default() += n;
        }
        for (why, n) in &end.connect_failures {
            *connect_failures.entry(*why).or_default() += n;
        }
        for (code, n) in &end.subscribe_errors {
            *subscribe_errors.entry(code.clone()).or_default() += n;
        }
        for (kind, n) in &end.disorder_by_kind {
            *disorder_by_kind.entry(kind.clone()).or_default() += n;
        }
        for &gap in &end.gaps {
            let _ = gaps.record(gap.max(1));
        }
        let (gap, since) = end.longest_gap;
        if gap > longest.0 {
            longest = (gap, since, index);
        }
        stray += end.stray;
    }
    let lost = t.expected - t.delivered;
    let out_of_order: u64 = disorder_by_kind.values().sum();
    let readers = (0..ends.len()).filter(|&i| run.reads_from_start(i)).count();
    let no_answer = run.no_answer.lock().expect("lock").clone();
    let ms = |us: u64| us as f64 / 1000.0;
    println!("--- chaos report ---");
    println!("messages sent: {sent}");
    println!("messages acknowledged: {}", t.acked);
    println!("messages refused: {}", sent as u64 - t.acked);
    println!("failed requests by status: {}", counts(&t.by_status));
    println!("no answer by cause: {}", counts(&no_answer));
    println!(
        "readers subscribed from the start: {readers}/{}",
        ends.len()
    );
    println!("deliveries expected: {}", t.expected);
    println!("delivered: {}", t.delivered);
    println!("lost: {lost}");
    println!("duplicated: {}", t.duplicated);
    println!("delivered unacknowledged: {}", t.unacked_delivered);
    println!("delivered though refused: {}", t.refused_delivered);
    println!("stray message events: {stray}");
    println!("out of order: {out_of_order}");
    println!("out of order by channel: {}", counts(&disorder_by_kind));
    println!("longest gap: {:.0} ms", ms(longest.0));
    if longest.0 > 0 {
        println!(
            "longest gap was {}'s socket, from {}: {}",
            seed.users[run.offset + longest.2].blog,
            run.at(longest.1),
            history(run, &ends[longest.2])
        );
        let q = |p: f64| ms(gaps.value_at_quantile(p));
        println!(
            "gaps (close → subscribed again): n={} p50={:.0} ms p99={:.0} ms",
            gaps.len(),
            q(0.5),
            q(0.99)
        );
    }
    if latency.is_empty() {
        println!("delivery latency p50/p99/max: no samples");
    } else {
        let q = |p: f64| ms(latency.value_at_quantile(p));
        println!(
            "delivery latency p50/p99/max: {:.1}/{:.1}/{:.1} ms",
            q(0.5),
            q(0.99),
            ms(latency.max())
        );
    }
    println!("reconnects by close code: {}", counts(&closes));
    if let Some(cpu) = crate::stats::cpu_secs(std::process::id()) {
        // The generator shares the machine with the nodes, PostgreSQL and Redis.
        println!("generator CPU: {cpu:.1}s");
    }
    println!("failed connects: {}", counts(&connect_failures));
    println!("subscribe errors by code: {}", counts(&subscribe_errors));
    if lost > 0 {
        let by: Vec<String> = t
            .lost_by_second
            .iter()
            .map(|((node, s), n)| format!("node{node}@+{s}s={n}"))
            .collect();
        println!("lost by acknowledging node and second: {}", by.join(", "));
    }
    for example in &t.lost_examples {
        println!("lost example: {example}");
    }
    for example in &t.dup_examples {
        println!("duplicated example: {example}");
    }
    let disordered = ends
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.disorder.is_empty());
    for (index, end) in disordered.take(EXAMPLES) {
        for d in end.disorder.iter().take(2) {
            println!(
                "out of order example: {}'s socket on node {} at {}: {} {} after {} on {}",
                seed.users[run.offset + index].blog,
                d.node,
                run.at(d.at_us),
                d.what,
                d.got,
                d.had,
                d.channel
            );
        }
    }
    anyhow::ensure!(
        lost == 0 && t.duplicated == 0 && out_of_order == 0,
        "chaos: {lost} lost, {} duplicated, {out_of_order} out of order",
        t.duplicated
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering::Relaxed;

    use super::{Run, tally};
    use crate::seed::{Pair, Seed, Star, User};

    /// The bookkeeping, apart from any server: what counts as lost, duplicated, delivered
    /// unacknowledged, and which readers are expected to have what.
    #[test]
    fn tallies_losses_repeats_and_unanswered_sends() {
        let user = |i: usize| User {
            blog: format!("load-{i}"),
            token: String::new(),
            form_key: String::new(),
        };
        let pairs = vec![
            Pair {
                a: 2,
                b: 3,
                conversation_id: 7,
            },
            Pair {
                a: 4,
                b: 5,
                conversation_id: 8,
            },
        ];
        let seed = Seed {
            users: (0..6).map(user).collect(),
            pairs: pairs.clone(),
            star: Star {
                blog: "load-0".into(),
                tokens: vec![],
                first_follower: 0,
                followers: 0,
            },
        };
        let run = Run::new(vec!["127.0.0.1:1".parse().unwrap()], pairs, 0..6, 8, 1);
        run.chat_started_us.store(100, Relaxed);
        // Users 2, 3 and 4 read from the start; user 5's socket came late: not expected.
        for index in [2, 3, 4] {
            run.first_subscribed[index].store(50, Relaxed);
        }
        run.first_subscribed[5].store(150, Relaxed);
        // (status, received by a, received by b); message n is in conversation n % 2.
        let outcomes = [
            (200, 1, 1),
            (200, 1, 0),
            (200, 2, 1),
            (0, 0, 1),
            (503, 0, 0),
            (200, 0, 0),
        ];
        for (n, (status, a, b)) in outcomes.into_iter().enumerate() {
            let slot = &run.messages[n];
            slot.status.store(status, Relaxed);
            slot.acked_us.store(200, Relaxed);
            slot.received[0].store(a, Relaxed);
            slot.received[1].store(b, Relaxed);
            slot.first_us[0].store(250, Relaxed);
            slot.first_us[1].store(150, Relaxed);
        }
        run.sent.store(outcomes.len(), Relaxed);
        let t = tally(&run, &seed, &[]);
        assert_eq!(t.acked, 4);
        assert_eq!(t.by_status.get(&0), Some(&1));
        assert_eq!(t.by_status.get(&503), Some(&1));
        // Messages 0 and 2 to users 2 and 3; messages 1 and 5 to user 4 only.
        assert_eq!(t.expected, 6);
        assert_eq!(t.delivered, 5, "message 5 never reached user 4");
        assert_eq!(t.lost_by_second.get(&(0, 0)), Some(&1));
        assert_eq!(t.duplicated, 1, "message 2 reached user 2 twice");
        assert_eq!(t.unacked_delivered, 1);
        assert_eq!(t.refused_delivered, 0);
        // A delivery before its acknowledgement counts as 0, not as a negative latency.
        assert!(t.latency.contains(&50) && t.latency.contains(&0));
    }
}
