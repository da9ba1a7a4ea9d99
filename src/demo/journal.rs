//! The demo world's back catalogue: a few weeks of short posts on every demo blog, dated
//! over the last three months, with tags they share. Search, the typeahead's popular tags
//! and a blog's archive have something to find on a first run.

use crate::blogs;
use crate::likes;
use crate::notes::store::NotedPost;
use crate::posts;
use crate::posts::model::{PostContent, PostState};
use crate::posts::store::PostWrite;
use crate::store::{Store, now_secs};
use crate::with_tx;

/// One blog's back catalogue: its name and its posts, as (title, words, tags).
type Catalogue = (
    &'static str,
    &'static [(&'static str, &'static str, &'static [&'static str])],
);

const CATALOGUES: &[Catalogue] = &[
    (
        "alice",
        &[
            (
                "Rainy Sunday",
                "Rain on the window, tea on the desk, and a stack of library books to get through.",
                &["rain", "books", "tea"],
            ),
            (
                "A walk by the river",
                "The river was high after the storm; herons everywhere, and one very brave duck.",
                &["walks", "birds"],
            ),
            (
                "Reading list",
                "Finished two novels this week. The second one had the better ending by far.",
                &["books", "reading"],
            ),
            (
                "Coffee experiments",
                "Tried a new pour-over ratio. Stronger, brighter, and far too much caffeine for a Tuesday.",
                &["coffee"],
            ),
            (
                "Notes from the market",
                "Strawberries are back. So is the man who sells honey and tells terrible jokes.",
                &["market", "food"],
            ),
            (
                "Late night thoughts",
                "Why do the best ideas arrive just as the lights go out?",
                &["thoughts"],
            ),
        ],
    ),
    (
        "alice-sketches",
        &[
            (
                "Day 12: teacups",
                "Ink and watercolour, three teacups that never match.",
                &["sketch", "ink", "tea"],
            ),
            (
                "Day 19: the heron",
                "Drew the heron from the river walk from memory. Its legs are too long.",
                &["sketch", "birds"],
            ),
            (
                "Day 27: hands",
                "Hands are the hardest thing to draw. Twenty attempts, two good ones.",
                &["sketch", "practice"],
            ),
            (
                "Day 33: rooftops",
                "Rooftops from the attic window at dusk, mostly in blue.",
                &["sketch", "watercolour"],
            ),
        ],
    ),
    (
        "bob",
        &[
            (
                "Puncture number four",
                "Fourth flat tyre this month. The bike and I are no longer on speaking terms.",
                &["bikes", "puns"],
            ),
            (
                "Loaf of the week",
                "A rye loaf that finally rose properly. I may have shouted.",
                &["bread", "baking"],
            ),
            (
                "Terrible pun corner",
                "I used to hate facial hair, but then it grew on me.",
                &["puns"],
            ),
            (
                "Cycling to the coast",
                "Sixty kilometres, one headwind the whole way, and chips at the end.",
                &["bikes", "travel"],
            ),
            (
                "Market day",
                "Bought flour in bulk at the market. The cupboard is now mostly flour.",
                &["market", "bread"],
            ),
        ],
    ),
    (
        "bob-bakes",
        &[
            (
                "Starter diaries",
                "The sourdough starter is called Gerald and he is very hungry.",
                &["sourdough", "baking"],
            ),
            (
                "Crumb shot",
                "Open crumb at last: long proof in the fridge, hot oven, lid on for twenty minutes.",
                &["sourdough", "bread"],
            ),
            (
                "Focaccia Friday",
                "Olive oil, rosemary, flaky salt, and dimples pressed in by hand.",
                &["bread", "baking"],
            ),
            (
                "Rye and honey",
                "A dark rye loaf with honey from the market: dense, sweet, perfect with cheese.",
                &["bread", "market"],
            ),
        ],
    ),
    (
        "bob-travels",
        &[
            (
                "Night train to Vienna",
                "Sleeper cabin, six bunks, one snorer, and the Danube at sunrise.",
                &["trains", "travel"],
            ),
            (
                "Lisbon trams",
                "Tram 28 rattles up the hills like it has somewhere better to be.",
                &["travel", "trams"],
            ),
            (
                "Coffee in Trieste",
                "Ordered a capo in b and got exactly what the barista promised.",
                &["coffee", "travel"],
            ),
            (
                "Alpine line",
                "The train climbs through tunnels and snow; the coffee trolley never comes.",
                &["trains", "mountains"],
            ),
        ],
    ),
    (
        "carol",
        &[
            (
                "Dotfiles, again",
                "Rewrote my shell prompt for the third time this year. It is faster. Probably.",
                &["terminal", "tools"],
            ),
            (
                "Tea and tmux",
                "Two panes, one kettle, zero meetings. A good day.",
                &["terminal", "tea"],
            ),
            (
                "Keyboard build",
                "Soldered a small split keyboard; the switches are loud enough to wake the cat.",
                &["keyboards", "tools"],
            ),
        ],
    ),
    (
        "carol-codes",
        &[
            (
                "Backpressure",
                "A socket that cannot keep up should be told so, not buried in a queue that never ends.",
                &["rust", "sockets"],
            ),
            (
                "Small tools",
                "Wrote a tiny tool to tail logs over a socket. Forty lines of Rust.",
                &["rust", "tools"],
            ),
            (
                "Sequence numbers",
                "Every event gets the next number for its channel; a gap tells the client to ask again.",
                &["sockets", "design"],
            ),
            (
                "Benchmarks lie",
                "Medians, not means, and always measure before and after in the same sitting.",
                &["rust", "performance"],
            ),
        ],
    ),
    (
        "dave",
        &[
            (
                "Repotting day",
                "Three plants outgrew their pots. The kitchen floor is now mostly soil.",
                &["plants", "repotting"],
            ),
            (
                "Watering rota",
                "The fern wants water daily, the cactus once a month, and the orchid whatever it decides.",
                &["plants", "care"],
            ),
            (
                "Plant swap",
                "Swapped a spider plant for a tiny monstera cutting at the market.",
                &["plants", "market"],
            ),
        ],
    ),
    (
        "dave-plants",
        &[
            (
                "Monday: the monstera",
                "Fenestrations at last! The new leaf has three proper holes.",
                &["monstera", "plants"],
            ),
            (
                "Monday: pothos",
                "Pothos is the plant for people who forget plants. It forgives everything.",
                &["pothos", "plants"],
            ),
            (
                "Monday: the fern",
                "Boston fern in the bathroom: steam, shade and a very happy plant.",
                &["fern", "plants", "care"],
            ),
            (
                "Monday: calathea",
                "Its leaves fold up at night like it is praying for humidity.",
                &["calathea", "plants"],
            ),
        ],
    ),
];

/// The posts the catalogue holds.
#[cfg(test)]
pub(crate) fn post_count() -> usize {
    CATALOGUES.iter().map(|(_, posts)| posts.len()).sum()
}

/// Days the catalogue spreads over, oldest post first.
const DAYS: i64 = 90;

/// Writes every blog's back catalogue, dated over the last [`DAYS`] days, oldest first.
pub(crate) async fn seed(store: &Store) -> anyhow::Result<()> {
    let total: usize = CATALOGUES.iter().map(|(_, posts)| posts.len()).sum();
    let step = DAYS * 86_400 / total as i64;
    let start = now_secs() - DAYS * 86_400;
    // Interleave the blogs, so each one's posts spread across the months.
    let longest = CATALOGUES
        .iter()
        .map(|(_, posts)| posts.len())
        .max()
        .unwrap_or(0);
    let mut at = start;
    let mut written = Vec::new();
    for round in 0..longest {
        for (name, entries) in CATALOGUES {
            let Some((title, words, tags)) = entries.get(round) else {
                continue;
            };
            let blog = blogs::store::blog_ref(store, name)
                .await?
                .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))?;
            let content = PostContent::Text {
                title: (*title).into(),
                body: format!("<p>{words}</p>"),
            };
            let mut write = PostWrite::new(blog.id, PostState::Published, content);
            write.tags = tags.iter().map(|t| (*t).to_owned()).collect();
            write.date = Some(at);
            written.push((
                posts::store::create_post(store, &write).await?,
                blog.user_id,
            ));
            at += step;
        }
    }
    liked_over_time(store, &written).await
}

/// The demo's readers like the back catalogue, a few likes a post, and the likes and follows
/// are dated over the months the posts span: a blog's analytics have a past to chart.
async fn liked_over_time(store: &Store, written: &[(i64, i64)]) -> anyhow::Result<()> {
    let mut readers = Vec::new();
    for name in ["alice", "bob", "carol", "dave"] {
        let blog = blogs::store::blog_ref(store, name)
            .await?
            .ok_or_else(|| anyhow::anyhow!("demo blog {name} missing"))?;
        readers.push((blog.user_id, blog.id));
    }
    for (i, &(post, owner)) in written.iter().enumerate() {
        let likers = readers.iter().filter(|(user, _)| *user != owner);
        for &(user, via) in likers.take(1 + i % 3) {
            likes::store::like(store, user, via, NotedPost::of(post, None)).await?;
        }
    }
    // A like lands some hours after its post; a follow some days into the catalogue's months.
    const NOTES: &str = "UPDATE notes SET created_at = \
         (SELECT p.published_at FROM posts p WHERE p.id = notes.post_id) + 3600 * (1 + notes.id % 30) \
         WHERE type = 'like' AND post_id IN (SELECT id FROM posts WHERE published_at < $1)";
    const LIKES: &str = "UPDATE likes SET created_at = \
         (SELECT p.published_at FROM posts p WHERE p.id = likes.post_id) + 3600 * (1 + likes.user_id % 30) \
         WHERE post_id IN (SELECT id FROM posts WHERE published_at < $1)";
    const FOLLOWS: &str =
        "UPDATE follows SET created_at = created_at - 86400 * ((user_id * 7 + blog_id * 13) % 80)";
    let recent = now_secs() - 86_400;
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(NOTES).bind(recent).execute(conn).await.map(|r| r.rows_affected()))?;
    with_tx!(tx, conn => sqlx::query(LIKES).bind(recent).execute(conn).await.map(|r| r.rows_affected()))?;
    with_tx!(tx, conn => sqlx::query(FOLLOWS).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::search::store::{Filters, Order, Window, site_search};
    use crate::search::terms::Terms;
    use crate::store::Store;
    use crate::store::media::MediaStore;

    #[tokio::test]
    async fn a_first_run_has_posts_to_find() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/demo.db", dir.path().display());
        let store = Store::connect(&url, 2).await.unwrap();
        let media = MediaStore::local(&dir.path().join("media")).unwrap();
        crate::demo::seed(&store, &media).await.unwrap();
        let filters = Filters {
            post_type: None,
            original_only: false,
            safe: false,
        };
        let window = Window {
            offset: 0,
            limit: 50,
        };
        for (term, at_least) in [
            ("sourdough", 2),
            ("market", 4),
            ("plants", 7),
            ("coffee", 2),
        ] {
            let terms = Terms::parse(term).unwrap();
            let found = site_search(&store, None, &terms, filters, Order::Recent, window)
                .await
                .unwrap();
            assert!(found.len() >= at_least, "{term}: {}", found.len());
        }
        // Analytics have a past to chart: likes on many days of the last three months.
        let alice = crate::blogs::store::blog_ref(&store, "alice")
            .await
            .unwrap()
            .unwrap();
        let since = crate::store::now_secs() - 90 * 86_400;
        let days = crate::analytics::store::per_day(&store, alice.id, since)
            .await
            .unwrap();
        let liked_days = days.iter().filter(|(_, c)| c.likes > 0).count();
        assert!(liked_days >= 4, "likes on {liked_days} days: {days:?}");
    }
}
