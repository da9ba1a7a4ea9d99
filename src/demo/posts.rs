//! The demo world's posts: one of every type, a read-more, a photo set in its layout, a
//! draft and a queued post, reblogs two deep, likes and a reply, so a new user's dashboard
//! and activity are alive.
//! The pictures are drawn here (the machines the demo runs on may have no internet).

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};

use crate::blogs;
use crate::likes;
use crate::notes;
use crate::notes::store::NotedPost;
use crate::posts;
use crate::posts::model::{ChatLine, Photo, PostContent, PostState};
use crate::posts::reblog::trail_after;
use crate::posts::store::{PostWrite, ReblogOf};
use crate::store::Store;
use crate::store::media::MediaStore;

/// Writes the demo posts unless the demo's first blog already has posts.
pub(super) async fn seed(store: &Store, media: &MediaStore) -> anyhow::Result<()> {
    let blog = |name: &'static str| async move {
        blogs::store::blog_ref(store, name)
            .await?
            .map(|b| b.id)
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))
    };
    let alice = blog("alice").await?;
    if !posts::store::blog_posts_at(store, alice, true, 0, 1, None)
        .await?
        .is_empty()
    {
        return Ok(());
    }
    // The back catalogue first: older than the posts below, which head the dashboard.
    super::journal::seed(store).await?;
    let mut hello = post(
        alice,
        PostContent::Text {
            title: "Hello from Alice".into(),
            body: "<p>This is my corner of dashwire: notes, photos and the odd rant.</p>\
                   <p>[[MORE]]</p><p>The rest is for those who click <b>Keep reading</b>. \
                   Thanks for stopping by!</p>"
                .into(),
        },
        &["hello", "first post"],
    );
    hello.allow_photo_replies = true;
    let welcome = posts::store::create_post(store, &hello).await?;
    let mut photos = Vec::new();
    for (i, colour) in [[230, 120, 90], [90, 160, 220], [120, 200, 140]]
        .into_iter()
        .enumerate()
    {
        let name = media.put(picture(colour, i).into(), "png").await?;
        photos.push(Photo {
            url: crate::media::media_url(&name),
            width: 540,
            height: 405,
            caption: format!("Sketch {}", i + 1),
        });
    }
    let sketches = posts::store::create_post(
        store,
        &post(
            blog("alice-sketches").await?,
            PostContent::Photo {
                photos,
                layout: "12".into(),
                linkthrough: String::new(),
                caption: "<p>Three sketches from the week.</p>".into(),
                selfie: None,
            },
            &["sketch", "art"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("bob-bakes").await?,
            PostContent::Quote {
                quote: "Bread is the warmest, kindest of all words.".into(),
                source: "<p>Someone hungry</p>".into(),
            },
            &["bread"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("bob").await?,
            PostContent::Link {
                url: "https://www.rust-lang.org/".into(),
                title: "Rust".into(),
                excerpt: "A language empowering everyone to build reliable and efficient software."
                    .into(),
                author: String::new(),
                publisher: "rust-lang.org".into(),
                thumbnail: None,
                caption: "<p>What carol keeps talking about.</p>".into(),
            },
            &["links"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("carol-codes").await?,
            PostContent::Chat {
                title: "Pairing".into(),
                lines: vec![
                    line("Carol", "Did you run the tests?"),
                    line("Dave", "Which ones?"),
                    line("Carol", "All of them."),
                ],
            },
            &["code"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("dave-plants").await?,
            PostContent::Audio {
                url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC".into(),
                service: "spotify".into(),
                embed_url: "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC".into(),
                track_title: "Songs for plants".into(),
                track_artist: "Dave".into(),
                track_album: String::new(),
                album_art: None,
                caption: "<p>Plants grow better with music. Allegedly.</p>".into(),
            },
            &["music"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("carol").await?,
            PostContent::Video {
                url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ".into(),
                service: "youtube".into(),
                embed_url: "https://www.youtube.com/embed/dQw4w9WgXcQ".into(),
                caption: "<p>A classic.</p>".into(),
                processed: None,
            },
            &["video"],
        ),
    )
    .await?;
    posts::store::create_post(
        store,
        &post(
            blog("dave").await?,
            PostContent::Note {
                ask: "How often should I water a monstera?".into(),
                asking_name: Some("bob".into()),
                answer: "<p>When the top few centimetres of soil are dry: about once a week.</p>"
                    .into(),
                caption: String::new(),
            },
            &["plants", "asks"],
        ),
    )
    .await?;

    // Reblogs: bob reblogs alice's hello with a comment, carol reblogs bob's reblog (a
    // trail two deep), dave reblogs the sketches.
    let bob_reblog = reblog(store, welcome, blog("bob").await?, "<p>Welcome, Alice!</p>").await?;
    reblog(store, bob_reblog, blog("carol").await?, "<p>Seconded.</p>").await?;
    reblog(store, sketches, blog("dave").await?, "").await?;

    // Notes: likes of alice's hello and sketches, and a reply, so her activity and the note
    // counts have something in them on first run.
    let owner = |name: &'static str| async move {
        blogs::store::blog_ref(store, name)
            .await?
            .map(|b| (b.user_id, b.id))
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))
    };
    for name in ["bob", "carol", "dave"] {
        let (user, via) = owner(name).await?;
        likes::store::like(store, user, via, NotedPost::of(welcome, None)).await?;
    }
    let (carol, carol_blog) = owner("carol").await?;
    likes::store::like(store, carol, carol_blog, NotedPost::of(sketches, None)).await?;
    let (dave, dave_blog) = owner("dave").await?;
    notes::store::reply(
        store,
        dave,
        dave_blog,
        NotedPost::of(welcome, None),
        "Glad you're here!",
    )
    .await?;

    let mut draft = post(
        alice,
        PostContent::Text {
            title: "Half a thought".into(),
            body: "<p>To be finished…</p>".into(),
        },
        &[],
    );
    draft.state = PostState::Draft;
    posts::store::create_post(store, &draft).await?;
    let mut queued = post(
        alice,
        PostContent::Text {
            title: "Coming up".into(),
            body: "<p>This one waits in the queue.</p>".into(),
        },
        &[],
    );
    queued.state = PostState::Queued;
    posts::store::create_post(store, &queued).await?;
    Ok(())
}

fn line(speaker: &str, text: &str) -> ChatLine {
    ChatLine {
        speaker: speaker.into(),
        text: text.into(),
    }
}

/// The group blog's post, written by the member blog `posted_by`.
pub(super) async fn seed_group_post(
    store: &Store,
    group_id: i64,
    posted_by: i64,
) -> anyhow::Result<()> {
    let mut write = post(
        group_id,
        PostContent::Text {
            title: "What we are reading".into(),
            body: "<p>This month: <i>The Left Hand of Darkness</i>. Post your notes here, \
                   any time after midnight.</p>"
                .into(),
        },
        &["books", "night owls"],
    );
    write.posted_by = Some(posted_by);
    posts::store::create_post(store, &write).await?;
    Ok(())
}

/// A published post of `content`'s type.
fn post(blog_id: i64, content: PostContent, tags: &[&str]) -> PostWrite {
    let mut write = PostWrite::new(blog_id, PostState::Published, content);
    write.tags = tags.iter().map(|t| (*t).to_owned()).collect();
    write
}

/// Reblogs `parent_id` to `blog_id` with `comment`, as the composer's save would.
async fn reblog(store: &Store, parent_id: i64, blog_id: i64, comment: &str) -> anyhow::Result<i64> {
    let parent = posts::store::post_row(store, parent_id, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo post {parent_id} missing"))?;
    let mut write = post(blog_id, parent.content().for_reblog(), &[]);
    write.post_type = parent.post_type();
    write.comment = comment.into();
    write.reblog = Some(ReblogOf {
        parent_id: parent.id,
        root_id: parent.root_post_id.unwrap_or(parent.id),
        trail: trail_after(&parent),
    });
    Ok(posts::store::create_post(store, &write).await?)
}

/// A 540×405 picture: a colour, with a lighter square whose place is the sketch's number.
fn picture(colour: [u8; 3], index: usize) -> Vec<u8> {
    let light = colour.map(|c| c.saturating_add(60));
    let corner = (60 + index as u32 * 140, 90);
    let image = RgbImage::from_fn(540, 405, |x, y| {
        let inside =
            (corner.0..corner.0 + 160).contains(&x) && (corner.1..corner.1 + 160).contains(&y);
        Rgb(if inside { light } else { colour })
    });
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Png)
        .expect("encoding a PNG in memory");
    out.into_inner()
}

/// Every type appears in the demo (checked by the test below, so a new type gets a post).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::posts::model::PostType;

    #[tokio::test]
    async fn the_demo_world_has_every_type_and_reblogs() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/demo.db", dir.path().display()), 2)
            .await
            .unwrap();
        let media = MediaStore::local(&dir.path().join("media")).unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        let mut types = Vec::new();
        let mut trails = Vec::new();
        for blog in [
            "alice",
            "alice-sketches",
            "bob",
            "bob-bakes",
            "bob-travels",
            "carol",
            "carol-codes",
            "dave",
            "dave-plants",
        ] {
            let id = blogs::store::blog_ref(&store, blog)
                .await
                .unwrap()
                .unwrap()
                .id;
            for row in posts::store::blog_posts_at(&store, id, false, 0, 50, None)
                .await
                .unwrap()
            {
                types.push(row.post_type());
                trails.push(row.trail().len());
            }
        }
        for t in PostType::ALL {
            assert!(types.contains(&t), "no demo {} post", t.name());
        }
        assert_eq!(
            types.len(),
            11 + crate::demo::journal::post_count(),
            "seeding twice writes the posts once"
        );
        assert!(trails.contains(&2), "a trail two deep");
    }
}
