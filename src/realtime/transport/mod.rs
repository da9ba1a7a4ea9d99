//! Transport: the `/ws` route and its upgrade (`http.rs`, `upgrade.rs`), each socket's task,
//! which reads the client's frames and writes what is queued for it (`socket.rs`), and its
//! outbound queue (`queue.rs`).

pub(crate) mod http;
mod socket;
mod upgrade;
