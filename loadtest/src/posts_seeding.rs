//! `dashwire-loadgen seed-posts`: many posts across the seeded load blogs, and one reader
//! (user 0) following some of them, for the dashboard benchmark (issue #10: 1,000,000 posts
//! across 10,000 blogs, a user following 500) and the search benchmark. Written in multi-row
//! inserts, as the users are; the posts are text posts with a title and a short body,
//! published over the last year in an order unrelated to their blogs, as a real dashboard's
//! would be.
//!
//! Their words are searchable like real ones: drawn from a vocabulary of [`WORDS`] made-up
//! words with a Zipf-like frequency (the word of rank r about 1/r as often as the first), so
//! some terms are in most posts and some in a few hundred; 0–3 tags each from [`TAGS`] tags,
//! also Zipf-like; a quarter of the posts have notes. Each post's `search_text` and
//! `search_tags` are written with it by the server's own functions, so the start-up backfill
//! has nothing to do. Everything follows from one xorshift seed: the same world every time.

use dashwire::testing::posts::model::PostContent;
use dashwire::testing::posts::search_text::{search_tags, search_text};
use dashwire::testing::posts::tags::tag_key;
use dashwire::testing::store::{Backend, Store, now_secs};

/// Posts per multi-row insert: 11 columns (11,000 bound values), their tags (at most 3,000
/// rows × 4) and notes, under SQLite's 32,766 bound values a statement.
const CHUNK: usize = 1000;
/// The posts' dates spread over this long, up to now.
const SPREAD_SECS: i64 = 365 * 86_400;
/// Words of the posts' vocabulary.
pub const WORDS: usize = 5000;
/// Tags of the tags' vocabulary (words of their own, none of them a body word).
pub const TAGS: usize = 300;

/// What to seed.
pub struct PostsPlan {
    /// The blogs' name prefix (as `seed --prefix`).
    pub prefix: String,
    pub posts: usize,
    /// Blogs user 0 follows (spread evenly over all of them).
    pub follows: usize,
}

/// A small, fast, repeatable sequence (xorshift): the same seed gives the same world.
struct Sequence(u64);

impl Sequence {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `low..=high`.
    fn between(&mut self, low: usize, high: usize) -> usize {
        low + (self.next() % (high - low + 1) as u64) as usize
    }
}

/// The word of rank `rank` (0 the most frequent) of the posts' vocabulary: three or four
/// consonant-vowel syllables, distinct for every rank. Vowels a, i, o, u only, so no word
/// ends in the -e, -es, -ed of English that the stemmers would cut.
pub fn word(rank: usize) -> String {
    made_up(rank, 3)
}

/// The tag of rank `rank` (0 the most used): four syllables, so never a body word.
pub fn tag(rank: usize) -> String {
    made_up(rank, 4)
}

fn made_up(rank: usize, syllables: u32) -> String {
    const CONSONANTS: &[u8] = b"bdfgklmnprtvz";
    const VOWELS: &[u8] = b"aiou";
    let space = 52u64.pow(syllables);
    // A bijection of 0..space (7919 is prime to 52), so near ranks do not look alike.
    let mut n = (rank as u64 * 7919 + 13) % space;
    let mut word = String::new();
    for _ in 0..syllables {
        let syllable = (n % 52) as usize;
        n /= 52;
        word.push(CONSONANTS[syllable / 4] as char);
        word.push(VOWELS[syllable % 4] as char);
    }
    word
}

/// Draws ranks 0..n with weight 1/(rank+1): Zipf's law with exponent 1.
struct Zipf(Vec<f64>);

impl Zipf {
    fn new(n: usize) -> Zipf {
        let mut total = 0.0;
        let mut cumulative: Vec<f64> = (0..n)
            .map(|r| {
                total += 1.0 / (r + 1) as f64;
                total
            })
            .collect();
        for c in &mut cumulative {
            *c /= total;
        }
        Zipf(cumulative)
    }

    fn draw(&self, sequence: &mut Sequence) -> usize {
        let u = sequence.unit();
        self.0.partition_point(|&c| c <= u).min(self.0.len() - 1)
    }
}

/// One post, ready to write.
struct Row {
    blog: i64,
    at: i64,
    content: String,
    search_text: String,
    search_tags: String,
    tags: Vec<String>,
    /// Notes over its chain, if any.
    notes: Option<i64>,
}

/// Makes the posts, chunk by chunk (on a thread of its own: the words cost CPU, the inserts
/// wait on the database).
struct Writer {
    sequence: Sequence,
    words: Zipf,
    tags: Zipf,
    vocabulary: Vec<String>,
    tag_names: Vec<String>,
}

impl Writer {
    fn new() -> Writer {
        Writer {
            sequence: Sequence(0x9E37_79B9_7F4A_7C15),
            words: Zipf::new(WORDS),
            tags: Zipf::new(TAGS),
            vocabulary: (0..WORDS).map(word).collect(),
            tag_names: (0..TAGS).map(tag).collect(),
        }
    }

    fn words(&mut self, count: usize) -> Vec<&str> {
        (0..count)
            .map(|_| self.vocabulary[self.words.draw(&mut self.sequence)].as_str())
            .collect()
    }

    fn post(&mut self, blogs: &[(i64, i64)], now: i64) -> Row {
        let blog = blogs[(self.sequence.next() % blogs.len() as u64) as usize].0;
        let at = now - (self.sequence.next() % SPREAD_SECS as u64) as i64;
        let title_words = self.sequence.between(2, 6);
        let mut title = self.words(title_words).join(" ");
        if let Some(first) = title.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let paragraphs = self.sequence.between(1, 3);
        let mut body = String::new();
        for _ in 0..paragraphs {
            let count = self.sequence.between(5, 15);
            body.push_str(&format!("<p>{}.</p>", self.words(count).join(" ")));
        }
        let content = PostContent::Text { title, body };
        let mut tags: Vec<String> = Vec::new();
        for _ in 0..self.sequence.between(0, 3) {
            let tag = &self.tag_names[self.tags.draw(&mut self.sequence)];
            if !tags.iter().any(|t| tag_key(t) == tag_key(tag)) {
                tags.push(tag.clone());
            }
        }
        let notes = self.sequence.next().is_multiple_of(4).then(|| {
            // Most posts with notes have a few, some have thousands.
            let u = self.sequence.unit();
            1 + (u * u * u * u * 5000.0) as i64
        });
        Row {
            blog,
            at,
            search_text: search_text(&content, "", &[]),
            search_tags: search_tags(&tags),
            content: serde_json::to_string(&content).expect("a post's content is JSON"),
            tags,
            notes,
        }
    }
}

/// Seeds the posts and the follows; answers (posts, follows) written.
pub async fn seed_posts(store: &Store, plan: &PostsPlan) -> anyhow::Result<(usize, usize)> {
    const BLOGS: &str = "SELECT b.id, b.user_id FROM blogs b WHERE b.name LIKE $1 ORDER BY b.id";
    let pattern = format!("{}-%", plan.prefix);
    let blogs: Vec<(i64, i64)> = dashwire::with_pool!(store, pool => sqlx::query_as(BLOGS).bind(&pattern).fetch_all(pool).await)?;
    anyhow::ensure!(
        blogs.len() >= 2,
        "no load blogs named {pattern}: run `seed` first"
    );
    if store.backend() == Backend::Sqlite {
        // The inserts land all over the posts' indexes (dates in no order): a page cache of
        // 512 MiB on the one write connection keeps them in memory while seeding.
        write_in_tx!(store, pool => sqlx::query("PRAGMA cache_size = -524288").execute(pool).await.map(drop))?;
    }
    let now = now_secs();
    let (chunks, mut incoming) = tokio::sync::mpsc::channel::<Vec<Row>>(4);
    let total = plan.posts;
    let maker_blogs = blogs.clone();
    let maker = tokio::task::spawn_blocking(move || {
        let mut writer = Writer::new();
        let mut made = 0;
        while made < total {
            let count = CHUNK.min(total - made);
            let rows = (0..count).map(|_| writer.post(&maker_blogs, now)).collect();
            if chunks.blocking_send(rows).is_err() {
                return;
            }
            made += count;
        }
    });
    let mut written = 0;
    while let Some(rows) = incoming.recv().await {
        write_chunk(store, &rows).await?;
        written += rows.len();
    }
    maker.await?;
    let reader = blogs[0].1;
    let step = (blogs.len() / plan.follows.max(1)).max(1);
    let followed: Vec<i64> = blogs
        .iter()
        .skip(1)
        .step_by(step)
        .take(plan.follows)
        .map(|(id, _)| *id)
        .collect();
    for chunk in followed.chunks(CHUNK) {
        write_in_tx!(store, pool => {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO follows (user_id, blog_id, via_blog_id, created_at) ");
            q.push_values(chunk, |mut row, blog| {
                row.push_bind(reader).push_bind(*blog).push_bind(blogs[0].0).push_bind(now);
            });
            q.push(" ON CONFLICT (user_id, blog_id) DO NOTHING");
            q.build().execute(pool).await.map(drop)
        })?;
    }
    crate::seeding::analyze(store).await?;
    Ok((written, followed.len()))
}

/// One chunk of posts, their tags and their notes, in one transaction.
async fn write_chunk(store: &Store, rows: &[Row]) -> anyhow::Result<()> {
    write_in_tx!(store, conn => async {
        let mut q = sqlx::QueryBuilder::new(
            "INSERT INTO posts (blog_id, type, state, created_at, updated_at, published_at, content, source, reblog_key, search_text, search_tags) ",
        );
        q.push_values(rows, |mut row, post| {
            row.push_bind(post.blog)
                .push_bind("text")
                .push_bind("published")
                .push_bind(post.at)
                .push_bind(post.at)
                .push_bind(post.at)
                .push_bind(post.content.as_str())
                .push_bind("{}")
                .push_bind("loadload")
                .push_bind(post.search_text.as_str())
                .push_bind(post.search_tags.as_str());
        });
        q.push(" RETURNING id");
        let mut ids: Vec<i64> = q.build_query_scalar().fetch_all(&mut *conn).await?;
        // Ids are given in the order of the rows; RETURNING's own order is not promised.
        ids.sort_unstable();
        let tags: Vec<(i64, i64, &str)> = ids
            .iter()
            .zip(rows)
            .flat_map(|(id, post)| {
                post.tags.iter().enumerate().map(move |(position, tag)| (*id, position as i64, tag.as_str()))
            })
            .collect();
        if !tags.is_empty() {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO post_tags (post_id, position, tag, tag_key) ");
            q.push_values(&tags, |mut row, (id, position, tag)| {
                row.push_bind(*id).push_bind(*position).push_bind(*tag).push_bind(tag_key(tag));
            });
            q.build().execute(&mut *conn).await?;
        }
        let notes: Vec<(i64, i64)> = ids
            .iter()
            .zip(rows)
            .filter_map(|(id, post)| post.notes.map(|n| (*id, n)))
            .collect();
        if !notes.is_empty() {
            let mut q = sqlx::QueryBuilder::new("INSERT INTO chains (root_id, note_count) ");
            q.push_values(&notes, |mut row, (id, n)| {
                row.push_bind(*id).push_bind(*n);
            });
            q.build().execute(&mut *conn).await?;
        }
        Ok::<(), sqlx::Error>(())
    }
    .await)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_tags_are_distinct() {
        let mut all: Vec<String> = (0..WORDS).map(word).chain((0..TAGS).map(tag)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), WORDS + TAGS);
    }

    #[test]
    fn zipf_favours_the_first_ranks() {
        let zipf = Zipf::new(WORDS);
        let mut sequence = Sequence(1);
        let draws: Vec<usize> = (0..100_000).map(|_| zipf.draw(&mut sequence)).collect();
        let first = draws.iter().filter(|&&r| r == 0).count();
        let hundredth = draws.iter().filter(|&&r| r == 99).count();
        assert!(
            first > 50 * hundredth.max(1) / 2,
            "{first} against {hundredth}"
        );
        assert!(draws.iter().all(|&r| r < WORDS));
    }
}
