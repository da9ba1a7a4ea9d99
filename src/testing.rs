//! What the library shows outside itself beyond the command line: the parts that the
//! black-box tests in `tests/`, the benches and the load generator (`loadtest/`) drive
//! directly, each named here once. Everything else is `pub(crate)` or narrower (the crate
//! warns on a `pub` item nothing outside can reach), so a feature changes without asking who
//! outside uses it, and the event log's writer and the publisher's `publish` stay inside
//! `store/`.
//!
//! The paths mirror the crate's own (`testing::posts::store::create_post` is
//! `posts::store::create_post`), so a test reads as the code it exercises. Who uses what:
//! - the store tests (`tests/store_*.rs`, on both databases): each feature's store functions
//!   and rows, the store's handle, and [`store::Publish`] to hear what commits publish;
//! - the router-level tests (`tests/dropped_requests.rs`) and the load generator's own
//!   server (`loadtest/tests/seed.rs`): the app's state, router and `serve`;
//! - the fan-out bench (`benches/fanout.rs`): the realtime core's routing;
//! - the load generator's seeders: the store, password hashing and a few keys.

pub mod accounts {
    pub mod store {
        pub use crate::accounts::store::create_user_with_blog;
    }
}

pub mod activity {
    pub mod store {
        pub use crate::activity::store::{notifications, sparkline};
    }
}

pub mod app {
    pub use crate::app::{Services, channel_kinds, router, serve};
}

pub mod archive {
    pub mod store {
        pub use crate::archive::store::{ArchiveFilter, posts_before};
    }
}

pub mod auth {
    pub use crate::auth::password;
    pub mod session {
        pub use crate::auth::session::COOKIE_NAME;
    }
    pub mod store {
        pub use crate::auth::store::{
            create_session, delete_session, hash_token, session_by_token, sweep_sessions,
            user_by_email,
        };
    }
}

pub mod blocks {
    pub mod store {
        pub use crate::blocks::store::block;
    }
}

pub mod blogs {
    pub mod store {
        pub use crate::blogs::store::{
            BlogRow, blog_by_name, blog_name_taken, blog_ref, blogs_of_user, create_blog,
            explore_blogs, owns_each, reorder_blogs, set_blog_can_message,
        };
    }
    pub mod validate {
        pub use crate::blogs::validate::RESERVED;
    }
}

pub mod config {
    pub use crate::config::{Config, MediaLocation};
}

pub mod error {
    pub use crate::error::AppError;
}

pub mod feed {
    pub use crate::feed::{dashboard_blogs, posts_topic};
}

pub mod follows {
    pub mod rules {
        pub use crate::follows::rules::{follow, unfollow};
    }
    pub mod store {
        pub use crate::follows::store::{
            FollowChange, follow, followed_blogs, friend_count, unfollow,
        };
    }
}

pub mod likes {
    pub mod rules {
        pub use crate::likes::rules::{like, unlike};
    }
}

pub mod messaging {
    pub mod model {
        pub use crate::messaging::model::{MessageRow, ParticipantRow};
    }
    pub mod send {
        pub use crate::messaging::send::{Batching, NewMessage, SendError, Sender, Sends, Target};
    }
    pub mod store {
        pub use crate::messaging::store::{
            ConversationRow, conversation_as, conversation_of_blogs, conversations_of,
            last_messages, mark_read, messages, participants_key, participants_of_many,
        };
    }
}

pub mod outbound {
    pub use crate::outbound::Fetcher;
}

pub mod posts {
    pub mod model {
        pub use crate::posts::model::{PostContent, PostState};
    }
    pub mod search_text {
        pub use crate::posts::search_text::{search_tags, search_text};
    }
    pub mod store {
        pub use crate::posts::store::{
            Cursor, Page, PostWrite, UNPROCESSED_SHOWING, create_post, delete_post, next_due, page,
            post_row, publish_due, publish_post, publish_queues, update_post,
        };
    }
    pub mod tags {
        pub use crate::posts::tags::tag_key;
    }
}

pub mod rate_limit {
    pub use crate::rate_limit::LoginLimiter;
}

pub mod realtime {
    pub use crate::realtime::{CurrentState, Realtime, Settings};
    pub mod metrics {
        pub use crate::realtime::metrics::Metrics;
    }
    pub mod routing {
        pub use crate::realtime::routing::queue;
        pub mod delivery {
            pub use crate::realtime::routing::delivery::{Delivery, Outbound};
        }
        pub mod registry {
            pub use crate::realtime::routing::registry::{
                CloseSignal, Registry, SocketHandle, TopicKind,
            };
        }
    }
}

pub mod search {
    pub mod backfill {
        pub use crate::search::backfill::backfill;
    }
    pub mod store {
        pub use crate::search::store::{Filters, Order, Window, blog_search};
    }
    pub mod terms {
        pub use crate::search::terms::Terms;
    }
}

pub mod state {
    pub use crate::state::AppState;
}

pub mod store {
    pub use crate::store::{
        Backend, Committed, DbPool, EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL, Publish,
        Published, Store, Topic, TxConn, now_secs, unique_violation,
    };
    pub mod log {
        pub use crate::store::log::FEED;
    }
    pub mod media {
        pub use crate::store::media::MediaStore;
    }
}

pub mod unread {
    pub use crate::unread::{UnreadChannel, unread_counts};
}
