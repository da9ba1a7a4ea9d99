//! Queries for group blogs: who is a member and in what role, the invitations waiting, and
//! each change of them in one transaction that tells `members:{blog}` as it commits.
//!
//! The rules every change keeps, under the group's row lock (PostgreSQL; SQLite writes one
//! transaction at a time anyway): the owner (`blogs.user_id`) is always one of the group's
//! admins, so a group always has one; no one but the owner can take that away, and the owner
//! leaves only by handing the blog to another admin.

use dashwire_protocol::{Channel, Event, MembersChange};

use crate::activity::events::{Notice, notify};
use crate::blogs::store::insert_blog;
pub(crate) use crate::blogs::writers::Role;
use crate::feed::dashboard_topic;
use crate::follows::store::follow_in;
use crate::store::{Dialects, Store, Topic, Tx, now_secs};
use crate::{with_pool, with_tx};

/// A member of a group, by the blog they are known by in it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct MemberRow {
    pub user_id: i64,
    pub name: String,
    pub title: String,
    pub role: String,
    pub joined_at: i64,
    /// The group's owner (its creator, or the admin it passed to).
    pub is_owner: bool,
}

impl MemberRow {
    pub(crate) fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or(Role::Member)
    }
}

/// An invitation waiting for its answer.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct InviteRow {
    pub name: String,
    pub title: String,
    /// The admin's blog that invited it.
    pub invited_by: String,
    pub invited_at: i64,
}

/// Why a change was not made: the caller's mistake, never the database's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The blog is a group already.
    AlreadyGroup,
    /// The blog's user is a member already (through any of their blogs).
    AlreadyMember,
    /// The blog is invited already.
    AlreadyInvited,
    /// The group has [`MAX_WAITING_INVITES`] invitations waiting already.
    TooManyInvites,
    /// There is no such invitation (answered, withdrawn, or never made).
    NoInvite,
    /// The caller (or the named blog) is not a member.
    NotMember,
    /// The caller is not an admin of the group.
    NotAdmin,
    /// The change would take the owner's admin role or membership.
    GroupOwner,
    /// An admin removing themselves: that is leaving.
    UseLeave,
    /// The owner leaving with no other admin to hand the group to.
    LastAdmin,
}

/// The invitations a group may have waiting at once: each is a notification in someone
/// else's activity, so an admin cannot fill the site's activity with them.
pub(crate) const MAX_WAITING_INVITES: i64 = 100;

/// What a change answers: made, or refused for a reason the caller is told.
pub(crate) type Change<T> = sqlx::Result<Result<T, Refused>>;

const MEMBERS: &str = "SELECT m.user_id, mb.name, mb.title, m.role, m.created_at AS joined_at, \
     (g.user_id = m.user_id) AS is_owner \
     FROM blog_members m JOIN blogs mb ON mb.id = m.member_blog_id JOIN blogs g ON g.id = m.blog_id \
     WHERE m.blog_id = $1 \
     ORDER BY CASE WHEN m.role = 'admin' THEN 0 ELSE 1 END, m.created_at, mb.name";

/// The group's members, admins first, then by when they joined.
pub(crate) async fn members(store: &Store, blog_id: i64) -> sqlx::Result<Vec<MemberRow>> {
    with_pool!(store, pool => sqlx::query_as(MEMBERS).bind(blog_id).fetch_all(pool).await)
}

/// The group's invitations waiting for an answer, oldest first.
pub(crate) async fn invites(store: &Store, blog_id: i64) -> sqlx::Result<Vec<InviteRow>> {
    const SQL: &str = "SELECT ib.name, ib.title, bb.name AS invited_by, gi.created_at AS invited_at \
         FROM group_invites gi JOIN blogs ib ON ib.id = gi.invited_blog_id \
         JOIN blogs bb ON bb.id = gi.invited_by \
         WHERE gi.blog_id = $1 ORDER BY gi.created_at, ib.name";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).fetch_all(pool).await)
}

/// Takes the group's row lock, so that two changes of one group's members never both read
/// the members as they were (two admins each leaving the other the only one).
const LOCK: Dialects = Dialects {
    // SQLite: a store transaction holds the write gate from its start.
    sqlite: "SELECT user_id FROM blogs WHERE id = $1",
    postgres: "SELECT user_id FROM blogs WHERE id = $1 FOR UPDATE",
};

/// Begins a change of the group `blog_id`: its lock taken, its owner and members read.
async fn begin(store: &Store, blog_id: i64) -> sqlx::Result<(Tx, i64, Vec<MemberRow>)> {
    let mut tx = store.begin().await?;
    let lock = store.dialect(LOCK);
    let (owner,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(lock).bind(blog_id).fetch_one(conn).await)?;
    let members: Vec<MemberRow> =
        with_tx!(tx, conn => sqlx::query_as(MEMBERS).bind(blog_id).fetch_all(conn).await)?;
    Ok((tx, owner, members))
}

/// Records the group's `members` event: its count after the change.
async fn members_changed(tx: &mut Tx, blog_id: i64, name: &str) -> sqlx::Result<()> {
    const COUNT: &str = "SELECT COUNT(*) FROM blog_members WHERE blog_id = $1";
    let (member_count,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(COUNT).bind(blog_id).fetch_one(conn).await)?;
    let event = Event::Members(MembersChange {
        blog: name.to_owned(),
        member_count,
    });
    tx.record(vec![(
        Topic::shared(Channel::Members(name.to_owned())),
        event,
    )])
    .await?;
    Ok(())
}

async fn add_member(
    tx: &mut Tx,
    blog_id: i64,
    user_id: i64,
    member_blog_id: i64,
    role: Role,
) -> sqlx::Result<u64> {
    // A user is a member once: a second invitation answered is no second membership.
    const SQL: &str = "INSERT INTO blog_members (blog_id, user_id, member_blog_id, role, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (blog_id, user_id) DO NOTHING";
    with_tx!(tx, conn => sqlx::query(SQL)
        .bind(blog_id).bind(user_id).bind(member_blog_id).bind(role.name()).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))
}

/// Makes `blog_id` a group of one, `user_id` (its owner) its admin known by `as_blog_id`.
async fn make_group(
    tx: &mut Tx,
    blog_id: i64,
    name: &str,
    user_id: i64,
    as_blog_id: i64,
) -> sqlx::Result<bool> {
    const MARK: &str = "UPDATE blogs SET is_group = TRUE WHERE id = $1 AND is_group = FALSE";
    let marked = with_tx!(tx, conn =>
        sqlx::query(MARK).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if marked == 0 {
        return Ok(false);
    }
    add_member(tx, blog_id, user_id, as_blog_id, Role::Admin).await?;
    members_changed(tx, blog_id, name).await?;
    Ok(true)
}

/// A new blog of `user_id`'s that is a group of one, the user its admin known in it by
/// `as_blog_id`. Returns its id.
pub(crate) async fn create(
    store: &Store,
    user_id: i64,
    name: &str,
    title: &str,
    as_blog_id: i64,
) -> sqlx::Result<i64> {
    let mut tx = store.begin().await?;
    let id = insert_blog(&mut tx, user_id, name, title, false).await?;
    make_group(&mut tx, id, name, user_id, as_blog_id).await?;
    // The user's dashboards read their own blogs, this one now too.
    tx.refresh(dashboard_topic(user_id));
    tx.commit().await?;
    Ok(id)
}

/// Makes the blog `blog_id` (of `user_id`'s) a group of one, as [`create`] makes a new one.
pub(crate) async fn convert(
    store: &Store,
    blog_id: i64,
    name: &str,
    user_id: i64,
    as_blog_id: i64,
) -> Change<()> {
    let mut tx = store.begin().await?;
    if !make_group(&mut tx, blog_id, name, user_id, as_blog_id).await? {
        return Ok(Err(Refused::AlreadyGroup));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Invites the blog `invited` (of `invited_user`) to the group, by the admin `actor` known
/// there by `by_blog_id`: the invited blog's activity hears it.
pub(crate) async fn invite(
    store: &Store,
    group: (i64, &str),
    actor: i64,
    invited: i64,
    invited_user: i64,
) -> Change<()> {
    const INVITE: &str = "INSERT INTO group_invites (blog_id, invited_blog_id, invited_by, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (blog_id, invited_blog_id) DO NOTHING";
    let (mut tx, _, members) = begin(store, group.0).await?;
    let by_blog_id = match admin(&members, actor) {
        Ok(_) => member_blog(&mut tx, group.0, actor).await?,
        Err(refused) => return Ok(Err(refused)),
    };
    if members.iter().any(|m| m.user_id == invited_user) {
        return Ok(Err(Refused::AlreadyMember));
    }
    const WAITING: &str = "SELECT COUNT(*) FROM group_invites WHERE blog_id = $1";
    let (waiting,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(WAITING).bind(group.0).fetch_one(conn).await)?;
    if waiting >= MAX_WAITING_INVITES {
        return Ok(Err(Refused::TooManyInvites));
    }
    let added = with_tx!(tx, conn => sqlx::query(INVITE)
        .bind(group.0).bind(invited).bind(by_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if added == 0 {
        return Ok(Err(Refused::AlreadyInvited));
    }
    let events = notify(
        &mut tx,
        Notice::about_blog(invited, "group_invite", group.0),
    )
    .await?;
    tx.record(events).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Withdraws the invitation of the blog `invited`, by the admin `actor`.
pub(crate) async fn uninvite(store: &Store, group_id: i64, actor: i64, invited: i64) -> Change<()> {
    const SQL: &str = "DELETE FROM group_invites WHERE blog_id = $1 AND invited_blog_id = $2";
    let (mut tx, _, members) = begin(store, group_id).await?;
    if let Err(refused) = admin(&members, actor) {
        return Ok(Err(refused));
    }
    let removed = with_tx!(tx, conn => sqlx::query(SQL).bind(group_id).bind(invited)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Ok(Err(Refused::NoInvite));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// The invited blog `invited` (of `user_id`) answers: accepting makes the user a member
/// known by it, and it follows the group; declining drops the invitation.
pub(crate) async fn respond(
    store: &Store,
    group: (i64, &str),
    invited: i64,
    user_id: i64,
    accept: bool,
) -> Change<()> {
    const TAKE: &str = "DELETE FROM group_invites WHERE blog_id = $1 AND invited_blog_id = $2";
    let (mut tx, _, _) = begin(store, group.0).await?;
    let taken = with_tx!(tx, conn => sqlx::query(TAKE).bind(group.0).bind(invited)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if taken == 0 {
        return Ok(Err(Refused::NoInvite));
    }
    if accept {
        add_member(&mut tx, group.0, user_id, invited, Role::Member).await?;
        follow_in(&mut tx, user_id, invited, group.0).await?;
        members_changed(&mut tx, group.0, group.1).await?;
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// `user_id` leaves the group. The owner hands it to the longest-standing other admin, and
/// may not leave without one.
pub(crate) async fn leave(store: &Store, group: (i64, &str), user_id: i64) -> Change<()> {
    let (mut tx, owner, members) = begin(store, group.0).await?;
    if !members.iter().any(|m| m.user_id == user_id) {
        return Ok(Err(Refused::NotMember));
    }
    if owner == user_id {
        // Admins come first, longest-standing first (MEMBERS' order).
        let heir = members
            .iter()
            .find(|m| m.user_id != user_id && m.role == Role::Admin.name());
        let Some(heir) = heir else {
            return Ok(Err(Refused::LastAdmin));
        };
        hand_over(&mut tx, group.0, user_id, heir.user_id).await?;
    }
    remove_member(&mut tx, group, user_id).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// The admin `actor` removes the member known by the blog `member_name`.
pub(crate) async fn remove(
    store: &Store,
    group: (i64, &str),
    actor: i64,
    member_name: &str,
) -> Change<()> {
    let (mut tx, owner, members) = begin(store, group.0).await?;
    if let Err(refused) = admin(&members, actor) {
        return Ok(Err(refused));
    }
    let Some(target) = members.iter().find(|m| m.name == member_name) else {
        return Ok(Err(Refused::NotMember));
    };
    if target.user_id == actor {
        return Ok(Err(Refused::UseLeave));
    }
    if target.user_id == owner {
        return Ok(Err(Refused::GroupOwner));
    }
    remove_member(&mut tx, group, target.user_id).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// The admin `actor` gives the member known by `member_name` the role `role`.
pub(crate) async fn set_role(
    store: &Store,
    group: (i64, &str),
    actor: i64,
    member_name: &str,
    role: Role,
) -> Change<()> {
    const SQL: &str = "UPDATE blog_members SET role = $1 WHERE blog_id = $2 AND user_id = $3";
    let (mut tx, owner, members) = begin(store, group.0).await?;
    if let Err(refused) = admin(&members, actor) {
        return Ok(Err(refused));
    }
    let Some(target) = members.iter().find(|m| m.name == member_name) else {
        return Ok(Err(Refused::NotMember));
    };
    if target.user_id == owner && role != Role::Admin {
        return Ok(Err(Refused::GroupOwner));
    }
    if target.role == role.name() {
        return Ok(Ok(()));
    }
    with_tx!(tx, conn => sqlx::query(SQL).bind(role.name()).bind(group.0).bind(target.user_id)
        .execute(conn).await.map(|_| ()))?;
    members_changed(&mut tx, group.0, group.1).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Whether `user_id` is one of `members`' admins.
fn admin(members: &[MemberRow], user_id: i64) -> Result<(), Refused> {
    match members.iter().find(|m| m.user_id == user_id) {
        Some(m) if m.role == Role::Admin.name() => Ok(()),
        Some(_) => Err(Refused::NotAdmin),
        None => Err(Refused::NotAdmin),
    }
}

async fn member_blog(tx: &mut Tx, blog_id: i64, user_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT member_blog_id FROM blog_members WHERE blog_id = $1 AND user_id = $2";
    let (id,): (i64,) = with_tx!(tx, conn =>
        sqlx::query_as(SQL).bind(blog_id).bind(user_id).fetch_one(conn).await)?;
    Ok(id)
}

async fn remove_member(tx: &mut Tx, group: (i64, &str), user_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "DELETE FROM blog_members WHERE blog_id = $1 AND user_id = $2";
    with_tx!(tx, conn => sqlx::query(SQL).bind(group.0).bind(user_id).execute(conn).await.map(|_| ()))?;
    members_changed(tx, group.0, group.1).await
}

/// The group becomes `heir`'s blog, last in their list: its settings, followers, activity
/// and messages are theirs from now on.
async fn hand_over(tx: &mut Tx, blog_id: i64, owner: i64, heir: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET user_id = $1, is_primary = FALSE, \
         position = (SELECT COALESCE(MAX(position), -1) + 1 FROM blogs WHERE user_id = $1) \
         WHERE id = $2";
    with_tx!(tx, conn => sqlx::query(SQL).bind(heir).bind(blog_id).execute(conn).await.map(|_| ()))?;
    // Each dashboard reads its user's own blogs.
    tx.refresh(dashboard_topic(owner));
    tx.refresh(dashboard_topic(heir));
    Ok(())
}
