//! Properties of both frame codecs and of channel names, over generated values: whatever bytes
//! a client sends, decoding answers (an error, never a panic), and every frame the server or
//! a client can build comes back from each codec as it went in.

use dashwire_protocol::{
    Channel, ClientFrame, Codec, ErrorCode, Event, EventFrame, NoteCount, PostAction, PostChange,
    ServerFrame,
};
use proptest::prelude::*;

const CODECS: [Codec; 2] = [Codec::Json, Codec::MsgPack];

fn client_frame() -> impl Strategy<Value = ClientFrame> {
    prop_oneof![
        (any::<String>(), proptest::option::of(any::<i64>()))
            .prop_map(|(channel, since)| ClientFrame::Subscribe { channel, since }),
        any::<String>().prop_map(|channel| ClientFrame::Unsubscribe { channel }),
        any::<u64>().prop_map(|id| ClientFrame::Ping { id }),
    ]
}

fn error_code() -> impl Strategy<Value = ErrorCode> {
    prop_oneof![
        Just(ErrorCode::Forbidden),
        Just(ErrorCode::UnknownChannel),
        Just(ErrorCode::BadFrame),
        Just(ErrorCode::ResumeTooOld),
        Just(ErrorCode::Internal),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let action = prop_oneof![
        Just(PostAction::Created),
        Just(PostAction::Updated),
        Just(PostAction::Deleted)
    ];
    prop_oneof![
        (any::<i64>(), any::<i64>()).prop_map(|(root_id, note_count)| Event::Notes(NoteCount {
            root_id,
            note_count
        })),
        (any::<String>(), any::<i64>(), action)
            .prop_map(|(blog, id, action)| Event::Post(PostChange { blog, id, action })),
    ]
}

fn server_frame() -> impl Strategy<Value = ServerFrame> {
    prop_oneof![
        (any::<String>(), any::<i64>())
            .prop_map(|(channel, seq)| ServerFrame::Subscribed { channel, seq }),
        any::<String>().prop_map(|channel| ServerFrame::Unsubscribed { channel }),
        (any::<String>(), any::<i64>(), event()).prop_map(|(channel, seq, event)| {
            ServerFrame::Event(EventFrame {
                channel,
                seq,
                event,
            })
        }),
        (
            proptest::option::of(any::<String>()),
            error_code(),
            any::<String>()
        )
            .prop_map(|(channel, code, message)| ServerFrame::Error {
                channel,
                code,
                message
            }),
        any::<u64>().prop_map(|id| ServerFrame::Pong { id }),
    ]
}

fn channel() -> impl Strategy<Value = Channel> {
    let blog = "[a-z0-9-]{1,32}";
    prop_oneof![
        blog.prop_map(Channel::Inbox),
        blog.prop_map(Channel::Activity),
        blog.prop_map(Channel::Posts),
        (1..i64::MAX).prop_map(Channel::Conversation),
        (1..i64::MAX).prop_map(Channel::Notes),
        Just(Channel::Unread),
        Just(Channel::Dashboard),
    ]
}

proptest! {
    #[test]
    fn any_text_or_bytes_decode_to_a_frame_or_an_error(text in any::<String>(), bytes in any::<Vec<u8>>()) {
        for codec in CODECS {
            let _ = codec.decode_text::<ClientFrame>(&text);
            let _ = codec.decode_binary::<ClientFrame>(&bytes);
            let _ = codec.decode_text::<ServerFrame>(&text);
            let _ = codec.decode_binary::<ServerFrame>(&bytes);
        }
        let _ = text.parse::<Channel>();
    }

    #[test]
    fn json_shaped_text_decodes_without_panicking(
        kind in "(subscribe|unsubscribe|ping|dance)",
        channel in any::<String>(),
        since in any::<i64>(),
    ) {
        let text = serde_json::json!({"type": kind, "channel": channel, "since": since, "id": since}).to_string();
        let _ = Codec::Json.decode_text::<ClientFrame>(&text);
    }

    #[test]
    fn client_frames_round_trip_in_both_codecs(frame in client_frame()) {
        for codec in CODECS {
            let encoded = codec.encode(&frame).unwrap();
            prop_assert_eq!(codec.decode::<ClientFrame>(&encoded).unwrap(), frame.clone());
        }
    }

    #[test]
    fn server_frames_round_trip_in_both_codecs(frame in server_frame()) {
        for codec in CODECS {
            let encoded = codec.encode(&frame).unwrap();
            prop_assert_eq!(codec.decode::<ServerFrame>(&encoded).unwrap(), frame.clone());
        }
    }

    #[test]
    fn channels_read_back_as_written(channel in channel()) {
        prop_assert_eq!(channel.to_string().parse::<Channel>().unwrap(), channel);
    }
}
