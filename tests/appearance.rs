//! Edit appearance over HTTP on SQLite and PostgreSQL: a blog's owner saves its theme, title
//! and description; every field is checked; everyone who reads the blog (its header, the blog
//! viewer) sees the new look.

mod common;

use common::{Client, on_each_backend};
use serde_json::json;

#[tokio::test]
async fn an_owner_saves_the_look_and_readers_see_it() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let saved = ann
            .post_json(
                "/svc/blog/appearance",
                &json!({
                    "tumblelog": "ann",
                    "title": "  Ann's corner ",
                    "description": "Tides and lanterns.",
                    "global_theme_params": {
                        "title_color": "#a0b",
                        "background_color": "#101010",
                        "title_font": "Georgia",
                        "title_font_weight": "regular",
                        "avatar_shape": "circle",
                        "show_description": false,
                        "header_image": "/media/header123.png",
                        "header_image_focused": "/media/header123.png",
                        "header_image_dimens": {"width": 1280, "height": 400},
                        "header_stretch": false
                    }
                }),
            )
            .await;
        assert_eq!(saved.status, 200, "{kind:?}: {}", saved.body);
        assert_eq!(saved.response()["title"], "Ann's corner", "{kind:?}");
        let header = ben
            .get("/svc/indash_blog/header?tumblelog_name_or_id=ann")
            .await;
        let theme = &header.response()["tumblelog"]["global_theme_params"];
        assert_eq!(
            (
                &theme["title_color"],
                &theme["background_color"],
                &theme["title_font"],
                &theme["avatar_shape"]
            ),
            (
                &json!("#AA00BB"),
                &json!("#101010"),
                &json!("Georgia"),
                &json!("circle")
            ),
            "{kind:?}: the blog viewer's header follows: {theme}"
        );
        assert_eq!(theme["show_description"], false, "{kind:?}");
        assert_eq!(theme["header_image"], "/media/header123.png", "{kind:?}");
        assert_eq!(
            theme["header_image_dimens"],
            json!({"width": 1280, "height": 400}),
            "{kind:?}"
        );
        assert_eq!(
            theme["link_color"], "#529ECC",
            "{kind:?}: what was not sent keeps its value"
        );

        // A second save changes only what it sends.
        let again = ann
            .post_json(
                "/svc/blog/appearance",
                &json!({"tumblelog": "ann", "global_theme_params": {"title_font": "Courier"}}),
            )
            .await;
        assert_eq!(again.status, 200, "{kind:?}: {}", again.body);
        let theme = &again.response()["global_theme_params"];
        assert_eq!(
            (&theme["title_font"], &theme["title_color"]),
            (&json!("Courier"), &json!("#AA00BB")),
            "{kind:?}"
        );
        assert_eq!(again.response()["title"], "Ann's corner", "{kind:?}");

        for (field, value) in [
            ("title_color", json!("red")),
            ("title_font", json!("Wingdings")),
            ("header_image", json!("https://tracker.example/pixel.png")),
            ("show_avatar", json!("yes")),
            ("unknown_field", json!(1)),
        ] {
            let refused = ann
                .post_json(
                    "/svc/blog/appearance",
                    &json!({"tumblelog": "ann", "global_theme_params": {field: value}}),
                )
                .await;
            assert_eq!(
                (refused.status, refused.code()),
                (400, "invalid_theme"),
                "{kind:?} {field}: {}",
                refused.body
            );
            assert_eq!(
                refused.body["errors"][0]["field"],
                format!("global_theme_params.{field}"),
                "{kind:?}"
            );
        }
        let long = ann
            .post_json(
                "/svc/blog/appearance",
                &json!({"tumblelog": "ann", "description": "d".repeat(1001)}),
            )
            .await;
        assert_eq!(
            (long.status, long.code()),
            (400, "invalid_description"),
            "{kind:?}"
        );
        let theirs = ben
            .post_json(
                "/svc/blog/appearance",
                &json!({"tumblelog": "ann", "global_theme_params": {"title_color": "#000000"}}),
            )
            .await;
        assert_eq!(
            (theirs.status, theirs.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let not_json = ann
            .post("/svc/blog/appearance", &[("tumblelog", "ann")])
            .await;
        assert_eq!(not_json.status, 400, "{kind:?}: {}", not_json.body);
    })
    .await;
}
