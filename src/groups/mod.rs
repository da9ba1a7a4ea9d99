//! Group blogs: blogs several users write (docs/api.md, Group blogs). A member is a user,
//! known in the group by one of their own blogs; its admins invite, remove and promote; its
//! owner (`blogs.user_id`) is always an admin. What a member may do as the group is checked
//! where it is done: `blogs::lookup::writable_blog` (posting, drafts, queue, asks) and
//! `posts::reblog::own_post` (a group's posts); its members list and changes are here, each
//! heard on `members:{blog}`.

mod channels;
mod http;
pub(crate) mod store;

pub(crate) use channels::MembersChannel;

/// The group routes.
pub(crate) fn router() -> axum::Router<crate::state::AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
