//! Routing one event to many local subscribers: the registry's fan-out (one `try_send` per
//! subscriber) plus taking each subscriber's pre-encoded frame, as socket tasks do.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dashwire::testing::realtime::metrics::Metrics;
use dashwire::testing::realtime::routing::delivery::{Delivery, Outbound};
use dashwire::testing::realtime::routing::queue;
use dashwire::testing::realtime::routing::registry::{
    CloseSignal, Registry, SocketHandle, TopicKind,
};
use dashwire::testing::store::{Published, Topic};
use dashwire_protocol::{Channel, Codec, Event, FromTumblelog, NotificationData};

fn notification(seq: i64) -> Published {
    Published {
        topic: Topic::shared(Channel::Activity("star".into())),
        seq,
        feed_seq: None,
        event: Event::Notification(Box::new(NotificationData {
            id: seq,
            blog: "star".into(),
            r#type: "follower".into(),
            timestamp: 1_795_000_000,
            message: "started following you".into(),
            is_friend: false,
            is_read: false,
            from_tumblelog: Some(FromTumblelog {
                name: "load-17".into(),
                avatar_url_48: "/avatar/load-17/48".into(),
                avatar_url_128: "/avatar/load-17/128".into(),
                url: "/blog/load-17".into(),
                is_friend: false,
            }),
            post: None,
            new_post: None,
            note_meta: None,
            group_invite: None,
        })),
    }
}

fn route(c: &mut Criterion) {
    let mut group = c.benchmark_group("route one event");
    for subscribers in [100usize, 1_000, 10_000] {
        let registry = Registry::default();
        let metrics = Metrics::default();
        let topic: Arc<str> = Arc::from("activity:star");
        let mut queues = Vec::with_capacity(subscribers);
        for id in 0..subscribers as u64 {
            let (queue, inbox) = queue::channel(16);
            let close = Arc::new(CloseSignal::default());
            registry.subscribe(
                &topic,
                TopicKind::Own,
                SocketHandle { id, queue, close },
                || {},
            );
            queues.push(inbox);
        }
        group.throughput(Throughput::Elements(subscribers as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(subscribers),
            &subscribers,
            |b, _| {
                b.iter_custom(|iterations| {
                    let mut total = Duration::ZERO;
                    for seq in 0..iterations {
                        let delivery = Arc::new(Delivery::new(notification(seq as i64)));
                        let started = Instant::now();
                        // Back to back, a big topic holds its events to go out together
                        // (coalesce.rs): flushed at once here, to time the queuing too.
                        for topic in registry.route(delivery, &metrics).flush {
                            registry.flush(&topic, &metrics);
                        }
                        // What each socket task then does with it: take the shared encoded frame.
                        for inbox in queues.iter_mut() {
                            if let Some(Outbound::Event(d)) = inbox.try_recv() {
                                std::hint::black_box(d.message(Codec::Json));
                            }
                        }
                        total += started.elapsed();
                    }
                    total
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, route);
criterion_main!(benches);
