//! `dashwire-loadgen seed-posts`: many posts across the seeded load blogs, and one reader
//! (user 0) following some of them, for the dashboard benchmark (issue #10: 1,000,000 posts
//! across 10,000 blogs, a user following 500). Written in multi-row inserts, as the users
//! are; the posts are text posts with a title and a short body, published over the last
//! year in an order unrelated to their blogs, as a real dashboard's would be.

use dashwire::store::{Store, now_secs};
use dashwire::with_writer;

/// Rows per multi-row insert (18 columns: well under SQLite's 32,766 bound values).
const CHUNK: usize = 1000;
/// The posts' dates spread over this long, up to now.
const SPREAD_SECS: i64 = 365 * 86_400;

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
    let now = now_secs();
    let mut sequence = Sequence(0x9E37_79B9_7F4A_7C15);
    let mut written = 0;
    while written < plan.posts {
        let count = CHUNK.min(plan.posts - written);
        let rows: Vec<(i64, i64)> = (0..count)
            .map(|_| {
                let blog = blogs[(sequence.next() % blogs.len() as u64) as usize].0;
                let at = now - (sequence.next() % SPREAD_SECS as u64) as i64;
                (blog, at)
            })
            .collect();
        with_writer!(store, pool => {
            let mut q = sqlx::QueryBuilder::new(
                "INSERT INTO posts (blog_id, type, state, created_at, updated_at, published_at, content, source, reblog_key) ",
            );
            q.push_values(&rows, |mut row, (blog, at)| {
                row.push_bind(*blog)
                    .push_bind("text")
                    .push_bind("published")
                    .push_bind(*at)
                    .push_bind(*at)
                    .push_bind(*at)
                    .push_bind(r#"{"type":"text","title":"A load post","body":"<p>Words, and a few more words.</p>"}"#)
                    .push_bind("{}")
                    .push_bind("loadload");
            });
            q.build().execute(pool).await.map(drop)
        })?;
        written += count;
    }
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
        with_writer!(store, pool => {
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
