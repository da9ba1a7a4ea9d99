//! Routing and order: every event that reaches this node goes, in its channel's seq order
//! (`order.rs` holds one that comes early until the missing ones come or are read from the
//! log), to the queue of every local socket subscribed to its topic (`registry/mod.rs`),
//! encoded once per codec for all of them (`delivery.rs`); a burst to many sockets goes out
//! in one coalesced write each (`coalesce.rs`).

pub(crate) mod coalesce;
pub(crate) mod delivery;
pub(crate) mod order;
pub mod queue;
pub(crate) mod registry;
