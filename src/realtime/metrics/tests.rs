use super::*;

/// The value of the sample line that starts with `prefix ` (name and labels).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(prefix)?.strip_prefix(' '))
        .and_then(|value| value.parse().ok())
}

/// The sample names the hand-written text had, which the load tools and tests read.
const OLD_SAMPLES: &[&str] = &[
    "dashwire_sockets_open",
    "dashwire_sockets_total",
    "dashwire_subscriptions",
    "dashwire_events_published_total",
    "dashwire_events_delivered_total",
    "dashwire_socket_writes_total",
    "dashwire_events_held_total",
    "dashwire_events_replayed_total",
    "dashwire_slow_consumers_total",
    "dashwire_bus_messages_in_total",
    "dashwire_bus_messages_out_total",
    "dashwire_refused_subscriptions_total",
    "dashwire_bad_frames_total",
    "dashwire_db_pool_connections",
    "dashwire_db_pool_idle",
];

#[test]
fn every_old_sample_keeps_its_name_and_value() {
    let metrics = Metrics::new();
    metrics.sockets_open.inc();
    metrics.sockets_open.inc();
    metrics.sockets_open.dec();
    metrics.sockets_total.inc_by(7);
    metrics.events_delivered.inc_by(40);
    metrics.socket_writes.inc();
    let text = metrics.render(DbFigures {
        pool_size: 4,
        pool_idle: 3,
        ..DbFigures::default()
    });
    let values: Vec<(&str, Option<f64>)> =
        OLD_SAMPLES.iter().map(|n| (*n, sample(&text, n))).collect();
    assert!(
        values.iter().all(|(_, v)| v.is_some()),
        "missing samples in:\n{text}"
    );
    assert_eq!(sample(&text, "dashwire_sockets_open"), Some(1.0));
    assert_eq!(sample(&text, "dashwire_sockets_total"), Some(7.0));
    assert_eq!(sample(&text, "dashwire_events_delivered_total"), Some(40.0));
    assert_eq!(sample(&text, "dashwire_socket_writes_total"), Some(1.0));
    assert_eq!(sample(&text, "dashwire_db_pool_connections"), Some(4.0));
    assert_eq!(sample(&text, "dashwire_db_pool_idle"), Some(3.0));
    // Counters are integers, as the tests' parser (`u64`) reads them.
    assert!(
        text.contains("\ndashwire_socket_writes_total 1\n"),
        "{text}"
    );
    assert!(text.ends_with("# EOF\n"));
    assert!(
        !text.contains("_created"),
        "no _created samples to confuse old parsers"
    );
}

#[test]
fn latency_buckets_are_cumulative_and_le() {
    let metrics = Metrics::new();
    let h = &metrics.publish_to_delivery;
    h.observe(Duration::from_micros(500)); // exactly on the 0.0005 bound
    h.observe(Duration::from_millis(3));
    h.observe(Duration::from_secs(60)); // past every bound
    assert_eq!(h.count(), 3);
    let text = metrics.render(DbFigures::default());
    let name = "dashwire_publish_to_delivery_seconds";
    assert_eq!(sample(&text, &format!("{name}_count")), Some(3.0));
    assert_eq!(
        sample(&text, &format!("{name}_bucket{{le=\"0.0005\"}}")),
        Some(1.0)
    );
    assert_eq!(
        sample(&text, &format!("{name}_bucket{{le=\"0.005\"}}")),
        Some(2.0)
    );
    assert_eq!(
        sample(&text, &format!("{name}_bucket{{le=\"+Inf\"}}")),
        Some(3.0)
    );
    let sum = sample(&text, &format!("{name}_sum")).unwrap();
    assert!((sum - 60.0035).abs() < 1e-9, "{sum}");
    assert!(text.contains(&format!("# UNIT {name} seconds")), "{text}");
}

#[test]
fn labelled_histograms_appear_once_observed() {
    let metrics = Metrics::new();
    let text = metrics.render(DbFigures::default());
    assert_eq!(
        sample(&text, "dashwire_replay_events_count{reason=\"gap\"}"),
        Some(0.0),
        "every reason is there from the start\n{text}"
    );
    metrics.record_replay(ReplayReason::Resume, 3);
    let text = metrics.render(DbFigures::default());
    assert_eq!(
        sample(&text, "dashwire_replay_events_sum{reason=\"resume\"}"),
        Some(3.0),
        "{text}"
    );
    assert!(text.contains("# TYPE dashwire_bus_lag_seconds histogram"));
}
