//! A blog's activity: notifications (new followers now; likes, reblogs, mentions and replies
//! as those features land), the daily sparkline, and the `activity:{blog}` channel.

mod channels;
pub(crate) mod events;
mod http;
pub(crate) mod model;
pub(crate) mod store;

pub(crate) use channels::ActivityChannel;
pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
