//! Notes (spec 002 §1, §3): the likes, reblogs and replies of a reblog chain. Each action
//! writes its note, the chain's count, the `notes:{root_id}` event and the notified blog's
//! notification in the transaction of the action itself; pages read the count and the
//! viewer's `liked` and `reblogged` in one query per page.

mod channels;
mod http;
pub(crate) mod store;

pub(crate) use channels::NotesChannel;
pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
