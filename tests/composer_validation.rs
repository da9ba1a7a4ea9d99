//! The composer's validation over HTTP, on SQLite and PostgreSQL: every validation rule
//! answers 400 with its message and field, and a NUL character anywhere is a 400, not a 500.

mod common;

use common::posts::{field_errors, save_raw};
use common::{Client, on_each_backend};

/// A form that must be refused: its fields, the field named, the message.
type Case = (
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
);

#[tokio::test]
async fn every_validation_rule_answers_400_with_its_message_and_field() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let cases: [Case; 17] = [
            (&[("post[type]", "text")], "post[two]", "Post body empty."),
            (&[("post[type]", "photo")], "images", "No photos specified."),
            (
                &[("post[type]", "photo"), ("images[o1]", "")],
                "images[o1]",
                "Uploads in progress.",
            ),
            (&[("post[type]", "quote")], "post[one]", "No quote."),
            (&[("post[type]", "link")], "post[two]", "No url."),
            (
                &[("post[type]", "link"), ("post[two]", "http://")],
                "post[two]",
                "Not a valid URL",
            ),
            (
                &[("post[type]", "chat"), ("post[two]", "\u{200B}")],
                "post[two]",
                "No chat.",
            ),
            (
                &[("post[type]", "note")],
                "post[one]",
                "Post question empty.",
            ),
            (
                &[("post[type]", "audio")],
                "post[three]",
                "Please choose an audio source before continuing.",
            ),
            (
                &[("post[type]", "audio"), ("preuploaded_url", "/media/a.mp3")],
                "confirm_tos",
                "You must agree that you have permission to share this file.",
            ),
            (
                &[("post[type]", "video"), ("post[one]", "<p>x</p>")],
                "post[one]",
                "No embed specified.",
            ),
            (
                &[("post[type]", "video")],
                "post[one]",
                "No video specified.",
            ),
            (
                &[
                    ("post[type]", "video"),
                    ("post[one]", "https://example.com/x"),
                ],
                "post[one]",
                "Direct embed missing.",
            ),
            (
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("post[state]", "7"),
                ],
                "post[state]",
                "Invalid \"state\" value",
            ),
            (
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("send_to_twitter", "yes please"),
                ],
                "send_to_twitter",
                "Invalid \"send_to_twitter\" type. Expected boolean, got string.",
            ),
            (
                &[("post[type]", "sonnet"), ("post[one]", "t")],
                "post[type]",
                "Invalid \"type\" value",
            ),
            (
                // Not a layout, and not digits either: refused, never read as a number.
                &[
                    ("post[type]", "photo"),
                    ("images[o1]", "/media/a.png"),
                    ("post[photoset_layout]", "1,"),
                ],
                "post[photoset_layout]",
                "Invalid \"photoset_layout\" value",
            ),
        ];
        for (fields, field, message) in cases {
            let answer = save_raw(&ann, "ann", fields).await;
            assert_eq!(
                (answer.status, answer.code()),
                (400, "invalid_post"),
                "{kind:?} {fields:?}: {}",
                answer.body
            );
            assert_eq!(
                field_errors(&answer),
                [(field.to_owned(), message.to_owned())],
                "{kind:?} {fields:?}"
            );
        }
        let other = save_raw(&ann, "ben", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (other.status, other.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let none = save_raw(&ann, "", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (none.status, none.code()),
            (400, "missing_channel_id"),
            "{kind:?}"
        );
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: nothing was saved"
        );
    })
    .await;
}

#[tokio::test]
async fn a_nul_character_anywhere_is_a_400_not_a_500() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let tagged = save_raw(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[tags]", "a\0b"),
            ],
        )
        .await;
        assert_eq!(
            (tagged.status, tagged.code(), tagged.detail()),
            (400, "bad_form", "Text may not contain NUL characters."),
            "{kind:?}: a tag"
        );
        let channel = save_raw(&ann, "ann\0", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (channel.status, channel.code()),
            (400, "bad_form"),
            "{kind:?}: a channel id"
        );
        let mention = ann.post("/svc/mention", &[("q", "a\0")]).await;
        assert_eq!(
            (mention.status, mention.code()),
            (400, "bad_form"),
            "{kind:?}: a mention"
        );
        let blog_page = ann.get("/svc/post/blog/after/0?blog=ann%00").await;
        assert_eq!(
            (blog_page.status, blog_page.code()),
            (400, "bad_query"),
            "{kind:?}: a blog page's query"
        );
        let in_path = ann.get("/svc/post/blog%00/after/0?blog=ann").await;
        assert_eq!(in_path.status, 400, "{kind:?}: a path: {}", in_path.body);
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: nothing was saved"
        );
    })
    .await;
}
