//! Frame encode and decode in both codecs: the per-frame cost every socket pays.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dashwire_protocol::{ClientFrame, Codec, Event, EventFrame, MessageData, ServerFrame};

fn message_event() -> ServerFrame {
    ServerFrame::Event(EventFrame {
        channel: "conversation:123456".into(),
        seq: 4242,
        event: Event::Message(MessageData {
            conversation_id: 123456,
            id: 987654,
            ts: 1_795_000_000_123,
            participant: "alice-sketches".into(),
            message: "Are we still on for the train to Lyon tomorrow morning?".into(),
            r#type: "TEXT".into(),
        }),
    })
}

fn codecs(c: &mut Criterion) {
    let event = message_event();
    let subscribe = ClientFrame::Subscribe {
        channel: "conversation:123456".into(),
        since: Some(4200),
    };
    for codec in [Codec::Json, Codec::MsgPack] {
        let name = codec.subprotocol();
        c.bench_function(&format!("{name}/encode event frame"), |b| {
            b.iter(|| black_box(codec.encode(black_box(&event)).unwrap()))
        });
        let encoded_event = codec.encode(&event).unwrap();
        c.bench_function(&format!("{name}/decode event frame"), |b| {
            b.iter(|| {
                black_box(
                    codec
                        .decode::<ServerFrame>(black_box(&encoded_event))
                        .unwrap(),
                )
            })
        });
        let encoded_subscribe = codec.encode(&subscribe).unwrap();
        c.bench_function(&format!("{name}/decode subscribe frame"), |b| {
            b.iter(|| {
                black_box(
                    codec
                        .decode::<ClientFrame>(black_box(&encoded_subscribe))
                        .unwrap(),
                )
            })
        });
    }
}

criterion_group!(benches, codecs);
criterion_main!(benches);
