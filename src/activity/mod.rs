//! A blog's activity: notifications (new followers now; likes, reblogs, mentions and replies
//! as those features land) and the daily sparkline.

pub mod model;
pub mod store;
