use super::*;
use crate::composer::media_urls::{DIRECT_EMBED_MISSING, NO_EMBED};
use crate::posts::model::Selfie;

/// The save form of these fields, read as the call reads its body.
fn form(fields: &[(&str, &str)]) -> SaveFields {
    crate::extract::Pairs(
        fields
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
    .read()
    .unwrap()
}

fn errors(fields: &[(&str, &str)]) -> Vec<String> {
    read(&form(fields))
        .unwrap_err()
        .into_iter()
        .map(|(_, m)| m)
        .collect()
}

fn content(fields: &[(&str, &str)]) -> PostContent {
    read(&form(fields)).unwrap().content.unwrap()
}

const BLOG: (&str, &str) = ("channel_id", "alice");

#[test]
fn every_type_refuses_an_empty_post_with_its_message() {
    let empty = |t: &str| errors(&[BLOG, ("post[type]", t)]);
    assert_eq!(empty("text"), [POST_BODY_EMPTY]);
    assert_eq!(empty("photo"), [NO_PHOTOS]);
    assert_eq!(empty("quote"), [NO_QUOTE]);
    assert_eq!(empty("link"), [NO_URL]);
    assert_eq!(empty("chat"), [NO_CHAT]);
    assert_eq!(empty("note"), [QUESTION_EMPTY]);
    assert_eq!(empty("audio"), [NO_AUDIO]);
    assert_eq!(empty("video"), [NO_VIDEO]);
}

#[test]
fn is_private_is_read_as_it_is_checked() {
    for private in ["1", " 1 ", "true ", "on"] {
        let fields = [
            BLOG,
            ("post[type]", "text"),
            ("post[one]", "Hi"),
            ("is_private", private),
        ];
        assert_eq!(
            read(&form(&fields)).unwrap().state,
            PostState::Private,
            "is_private={private:?}"
        );
    }
}

#[test]
fn a_text_post_needs_a_title_or_a_body() {
    let post = content(&[BLOG, ("post[type]", "text"), ("post[one]", "Hi")]);
    assert_eq!(
        post,
        PostContent::Text {
            title: "Hi".into(),
            body: "".into()
        }
    );
    let markup_only = errors(&[
        BLOG,
        ("post[type]", "text"),
        ("post[two]", "<script>x</script>"),
    ]);
    assert_eq!(
        markup_only,
        [POST_BODY_EMPTY],
        "a body that sanitises to nothing is empty"
    );
}

#[test]
fn photos_need_urls_and_fit_in_a_set() {
    let uploading = errors(&[BLOG, ("post[type]", "photo"), ("images[o1]", "")]);
    assert_eq!(uploading, [UPLOADS_IN_PROGRESS]);
    let mut many = vec![BLOG, ("post[type]", "photo")];
    let keys: Vec<String> = (0..11).map(|i| format!("images[o{i}]")).collect();
    for key in &keys {
        many.push((key.as_str(), "/media/a.png"));
    }
    assert_eq!(errors(&many), [TOO_MANY_PHOTOS]);
    let long = "c".repeat(300);
    let post = content(&[
        BLOG,
        ("post[type]", "photo"),
        ("images[o2]", "/media/b.png"),
        ("images[o1]", "https://img.example/a.jpg"),
        ("caption[o1]", &long),
        ("post[photoset_order]", "o1,o2"),
        ("post[photoset_layout]", "11"),
        ("post[three]", "https://ignored.example/"),
    ]);
    let PostContent::Photo {
        photos,
        layout,
        linkthrough,
        ..
    } = post
    else {
        panic!()
    };
    assert_eq!(
        photos[0].url, "https://img.example/a.jpg",
        "in photoset_order"
    );
    assert_eq!(photos[0].caption.chars().count(), MAX_PHOTO_CAPTION);
    assert_eq!(
        (layout.as_str(), linkthrough.as_str()),
        ("11", ""),
        "no click-through with two photos"
    );
}

#[test]
fn a_webcam_photo_says_it_is_a_selfie() {
    let selfie = |flags: &[(&str, &str)]| {
        let mut fields = vec![
            BLOG,
            ("post[type]", "photo"),
            ("images[o1]", "/media/a.png"),
        ];
        fields.extend_from_slice(flags);
        match read(&form(&fields)) {
            Ok(saved) => match saved.content.unwrap() {
                PostContent::Photo { selfie, .. } => Ok(selfie),
                other => panic!("{other:?}"),
            },
            Err(errors) => Err(errors.into_iter().map(|(f, _)| f).collect::<Vec<_>>()),
        }
    };
    assert_eq!(selfie(&[]), Ok(None));
    assert_eq!(selfie(&[("is_selfie", "1")]), Ok(Some(Selfie::Photo)));
    assert_eq!(
        selfie(&[("is_selfie", "1"), ("is_selfie_gif", "true")]),
        Ok(Some(Selfie::Gif)),
        "the GIF is a selfie too"
    );
    assert_eq!(selfie(&[("is_selfie", "0")]), Ok(None));
    assert_eq!(
        selfie(&[("is_selfie_gif", "maybe")]),
        Err(vec!["is_selfie_gif".to_owned()]),
        "a user's mistake is named, not guessed"
    );
}

#[test]
fn photoset_layouts_come_from_the_list_and_fit_the_photos() {
    let with = |layout: &str| {
        read(&form(&[
            BLOG,
            ("post[type]", "photo"),
            ("images[o1]", "/media/a.png"),
            ("images[o2]", "/media/b.png"),
            ("images[o3]", "/media/c.png"),
            ("post[photoset_layout]", layout),
        ]))
    };
    assert!(with("12").is_ok());
    assert!(with("").is_ok());
    assert!(with("111").is_err(), "not an allowed layout");
    assert!(with("11").is_err(), "two rows of one for three photos");
}

#[test]
fn links_get_a_scheme_and_must_be_urls() {
    let post = content(&[
        BLOG,
        ("post[type]", "link"),
        ("post[two]", "www.example.com/a"),
    ]);
    let PostContent::Link { url, publisher, .. } = post else {
        panic!()
    };
    assert_eq!(
        (url.as_str(), publisher.as_str()),
        ("http://www.example.com/a", "example.com")
    );
    assert_eq!(
        errors(&[
            BLOG,
            ("post[type]", "link"),
            ("post[two]", "javascript:alert(1)")
        ]),
        [NOT_A_VALID_URL]
    );
    assert_eq!(
        errors(&[BLOG, ("post[type]", "link"), ("post[two]", "not a url")]),
        [NOT_A_VALID_URL]
    );
}

#[test]
fn uploads_need_permission() {
    let audio = errors(&[
        BLOG,
        ("post[type]", "audio"),
        ("preuploaded_url", "/media/a.mp3"),
    ]);
    assert_eq!(audio, [NEED_PERMISSION]);
    let video = errors(&[
        BLOG,
        ("post[type]", "video"),
        ("preuploaded_url", "/media/v.mp4"),
    ]);
    assert_eq!(video, [NEED_PERMISSION]);
    let ok = content(&[
        BLOG,
        ("post[type]", "audio"),
        ("preuploaded_url", "/media/a.mp3"),
        ("confirm_tos", "1"),
    ]);
    assert!(matches!(ok, PostContent::Audio { ref service, .. } if service == "direct"));
}

#[test]
fn audio_comes_from_a_known_service_or_an_mp3() {
    let spotify = content(&[
        BLOG,
        ("post[type]", "audio"),
        ("post[three]", "https://open.spotify.com/track/abc"),
    ]);
    assert!(matches!(spotify, PostContent::Audio { ref service, .. } if service == "spotify"));
    assert_eq!(
        errors(&[
            BLOG,
            ("post[type]", "audio"),
            ("post[three]", "https://example.com/song.wav")
        ]),
        [NO_AUDIO]
    );
}

#[test]
fn videos_name_a_provider_a_file_or_an_embed() {
    assert_eq!(
        errors(&[
            BLOG,
            ("post[type]", "video"),
            ("post[one]", "<p>no player</p>")
        ]),
        [NO_EMBED]
    );
    assert_eq!(
        errors(&[
            BLOG,
            ("post[type]", "video"),
            ("post[one]", "https://example.com/page")
        ]),
        [DIRECT_EMBED_MISSING]
    );
    let youtube = content(&[
        BLOG,
        ("post[type]", "video"),
        ("post[one]", "https://youtu.be/dQw4w9WgXcQ"),
    ]);
    let PostContent::Video {
        embed_url, service, ..
    } = youtube
    else {
        panic!()
    };
    assert_eq!(
        (service.as_str(), embed_url.as_str()),
        ("youtube", "https://www.youtube.com/embed/dQw4w9WgXcQ")
    );
}

#[test]
fn states_come_by_code_and_private_and_schedule_apply() {
    let state = |fields: &[(&str, &str)]| {
        let mut all = vec![BLOG, ("post[type]", "text"), ("post[one]", "t")];
        all.extend_from_slice(fields);
        read(&form(&all)).map(|f| f.state)
    };
    assert_eq!(state(&[]), Ok(PostState::Published));
    assert_eq!(state(&[("post[state]", "1")]), Ok(PostState::Draft));
    assert_eq!(state(&[("post[state]", "2")]), Ok(PostState::Queued));
    assert_eq!(
        state(&[("post[state]", "2"), ("post[publish_on]", "tomorrow 10am")]),
        Ok(PostState::Scheduled)
    );
    assert_eq!(
        state(&[("post[state]", "0"), ("is_private", "1")]),
        Ok(PostState::Private)
    );
    let bad = state(&[("post[state]", "5")]).unwrap_err();
    assert_eq!(
        bad,
        [(
            "post[state]".to_owned(),
            "Invalid \"state\" value".to_owned()
        )]
    );
    assert_eq!(
        state(&[("post[state]", "0 3")]),
        Ok(PostState::Unapproved),
        "'0 3' asks to submit the post"
    );
    assert!(
        state(&[("post[state]", "4")]).is_err(),
        "only the server puts a post in transcoding"
    );
    assert!(
        state(&[("post[state]", "on.2")]).is_err(),
        "a schedule needs its time"
    );
}

#[test]
fn fields_of_the_wrong_type_are_named() {
    let wrong = errors(&[
        BLOG,
        ("post[type]", "text"),
        ("post[one]", "t"),
        ("allow_answers", "maybe"),
        ("post_id", "x"),
    ]);
    assert_eq!(
        wrong,
        [
            "Invalid \"post_id\" type. Expected number, got string.",
            "Invalid \"allow_answers\" type. Expected boolean, got string."
        ]
    );
}

#[test]
fn a_reblog_needs_no_content_of_its_own() {
    let reblog = read(&form(&[BLOG, ("reblog_post_id", "7"), ("reblog_key", "k")])).unwrap();
    assert_eq!(reblog.reblog, Some((7, "k".to_owned())));
    assert_eq!(reblog.content, None);
}

#[test]
fn slugs_and_tweets_are_cut_to_size() {
    let f = read(&form(&[
        BLOG,
        ("post[type]", "text"),
        ("post[one]", "t"),
        ("post[slug]", "  My First Post!! "),
        ("send_to_twitter", "1"),
        (
            "custom_tweet",
            &format!("{} https://example.com/x", "a".repeat(120)),
        ),
    ]))
    .unwrap();
    assert_eq!(f.slug, "my-first-post");
    assert_eq!(f.custom_tweet, "a".repeat(120), "the link would pass 140");
}
