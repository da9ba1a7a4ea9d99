//! Group subscriptions (the dashboard): its members' events by feed position, live, on resume
//! and when its members change, against the same fixture as the topics' tests.

use super::*;

#[tokio::test]
async fn a_group_sends_its_members_events_by_feed_position() {
    let mut f = f_with_posts().await;
    f.subscribe("dashboard", None).await;
    assert_eq!(f.frames(), ["dashboard +3"], "acked at the feed's position");
    let ann = f.post("ann").await;
    let cid = f.post("cid").await;
    let bob = f.post("bob").await;
    f.deliver(&ann).await;
    f.deliver(&cid).await;
    f.deliver(&bob).await;
    f.deliver(&ann).await;
    assert_eq!(
        f.frames(),
        ["dashboard 4", "dashboard 6"],
        "ann's and bob's, once each; not cid's, whom it does not read"
    );
    // One subscription in the registry per member, and one for the group's own topic.
    assert_eq!(f.subscriptions(), 3);
}

#[tokio::test]
async fn a_group_resumes_from_a_feed_position_with_only_its_members_events() {
    let mut f = f_with_posts().await;
    f.subs.batch = 1;
    // Feed: 1 ann, 2 cid, 3 bob (from the fixture); then 4 cid, 5 ann.
    f.post("cid").await;
    let ann = f.post("ann").await;
    f.subscribe("dashboard", Some(1)).await;
    assert_eq!(
        f.frames(),
        ["dashboard 3"],
        "the first batch, with the subscribe"
    );
    assert!(f.subs.replaying());
    f.deliver(&ann).await;
    assert!(f.frames().is_empty(), "held back for the replay");
    f.step().await;
    assert_eq!(
        f.frames(),
        ["dashboard 5", "dashboard +5"],
        "caught up, then acked"
    );
    assert!(!f.subs.replaying());
}

#[tokio::test]
async fn a_refreshed_group_follows_its_new_members_from_where_the_client_is() {
    let mut f = f_with_posts().await;
    f.subscribe("dashboard", None).await;
    f.frames();
    // Cid posts before the group knows it reads cid; then it follows cid and unfollows ann.
    let early = f.post("cid").await;
    f.deliver(&early).await;
    f.dashboard.lock().unwrap().splice(.., ["bob", "cid"]);
    f.refresh().await;
    f.step().await;
    assert_eq!(
        f.frames(),
        ["dashboard 4"],
        "what the new member posted since the client's position"
    );
    let ann = f.post("ann").await;
    let cid = f.post("cid").await;
    f.deliver(&ann).await;
    f.deliver(&cid).await;
    assert_eq!(f.frames(), ["dashboard 6"], "not ann's any more");
    assert_eq!(f.subscriptions(), 3, "bob, cid and the group's topic");
}

#[tokio::test]
async fn a_topic_the_socket_reads_twice_is_let_go_only_when_neither_wants_it() {
    let mut f = f_with_posts().await;
    f.subscribe("dashboard", None).await;
    f.subscribe("posts:ann", None).await;
    f.frames();
    assert_eq!(
        f.subscriptions(),
        3,
        "posts:ann is one registration for both"
    );
    let ann = f.post("ann").await;
    f.deliver(&ann).await;
    assert_eq!(
        f.frames(),
        ["posts:ann 2", "dashboard 4"],
        "once on each channel"
    );
    let rt = f.rt.clone();
    f.subs
        .unsubscribe(&rt, "dashboard".to_owned(), &mut f.out)
        .await
        .unwrap();
    f.out.0.clear();
    assert_eq!(
        f.subscriptions(),
        1,
        "posts:ann stays for its own subscription"
    );
    let ann = f.post("ann").await;
    f.deliver(&ann).await;
    assert_eq!(f.frames(), ["posts:ann 3"]);
    f.subs.leave(&rt);
    assert_eq!(f.subscriptions(), 0);
}

/// A fixture whose feed already holds posts of ann, cid and bob (positions 1, 2, 3).
async fn f_with_posts() -> Fixture {
    let f = fixture().await;
    for blog in ["ann", "cid", "bob"] {
        f.post(blog).await;
    }
    f
}
