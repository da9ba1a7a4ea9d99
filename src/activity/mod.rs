//! A blog's activity: notifications (new followers now; likes, reblogs, mentions and replies
//! as those features land), the daily sparkline, and the `activity:{blog}` channel.

mod channels;
pub mod events;
mod http;
pub mod model;
pub mod store;

pub use channels::ActivityChannel;
pub use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
