//! Asks on SQLite and PostgreSQL: a blog takes questions only when its owner turns asks on
//! (anonymous ones only with anonymous asks); a question waits in the inbox, notifies the
//! blog, and is answered (it goes out as an answered note and notifies the asker) or denied;
//! only the owner answers, denies or approves. Submissions: another user's new post saved to
//! the blog in state '0 3' waits in the same inbox until approved (it goes out on the blog)
//! or denied.

mod common;

use common::{Answer, Client, on_each_backend};
use serde_json::Value;

async fn ask(client: &Client, blog: &str, question: &str, anonymous: bool) -> Answer {
    let mut fields = vec![("tumblelog", blog), ("question", question)];
    if anonymous {
        fields.push(("anonymous", "1"));
    }
    client.post("/svc/ask", &fields).await
}

/// The ids of the blog's inbox page, with each question's ask and asker.
async fn inbox(client: &Client, blog: &str) -> Vec<(i64, String, Value)> {
    let answer = client
        .get(&format!("/svc/post/inbox/after/0?blog={blog}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let posts = answer.response()["posts"].as_array().unwrap().clone();
    posts
        .iter()
        .map(|p| {
            let c = &p["content"];
            (
                p["id"].as_i64().unwrap(),
                c["ask"].as_str().unwrap().to_owned(),
                c["asking_name"].clone(),
            )
        })
        .collect()
}

async fn notifications(client: &Client, blog: &str, kind: &str) -> Vec<Value> {
    let path = format!("/svc/data/tumblelog?tumblelog={blog}&include_activity_notifications=1");
    let all = client.get(&path).await.response()["activity_notifications"]
        .as_array()
        .unwrap()
        .clone();
    all.into_iter().filter(|n| n["type"] == kind).collect()
}

#[tokio::test]
async fn questions_wait_in_the_inbox_until_answered_or_denied() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let visitor = Client::visitor(&base).await;

        let off = ask(&ben, "ann", "Hello?", false).await;
        assert_eq!(
            (off.status, off.code(), off.detail()),
            (403, "asks_off", "This blog isn't taking questions."),
            "{kind:?}"
        );
        let on = ann
            .post("/svc/blog/asks", &[("tumblelog", "ann"), ("asks", "1")])
            .await;
        assert_eq!(on.status, 200, "{kind:?}: {}", on.body);
        assert_eq!(
            (&on.response()["asks"], &on.response()["anonymous_asks"]),
            (&true.into(), &false.into()),
            "{kind:?}"
        );
        assert_eq!(
            ben.post("/svc/blog/asks", &[("tumblelog", "ann"), ("asks", "1")])
                .await
                .status,
            403,
            "{kind:?}"
        );

        // Anonymous questions need anonymous asks; a visitor can only ask anonymously.
        assert_eq!(
            ask(&ben, "ann", "Who am I?", true).await.code(),
            "asks_off",
            "{kind:?}"
        );
        assert_eq!(
            ask(&visitor, "ann", "Hi from nowhere", false).await.code(),
            "asks_off",
            "{kind:?}"
        );
        let empty = ask(&ben, "ann", "  ", false).await;
        assert_eq!(
            (empty.status, empty.detail()),
            (400, "Post question empty."),
            "{kind:?}"
        );
        assert_eq!(
            ask(&ann, "ann", "Me?", false).await.status,
            403,
            "{kind:?}: not her own blog"
        );

        let asked = ask(
            &ben,
            "ann",
            "What is <b>your</b> favourite lighthouse?",
            false,
        )
        .await;
        assert_eq!(asked.status, 200, "{kind:?}: {}", asked.body);
        ann.post(
            "/svc/blog/asks",
            &[("tumblelog", "ann"), ("anonymous_asks", "1")],
        )
        .await;
        assert_eq!(
            ask(&visitor, "ann", "Secret admirer here", false)
                .await
                .status,
            200,
            "{kind:?}"
        );

        let waiting = inbox(&ann, "ann").await;
        assert_eq!(waiting.len(), 2, "{kind:?}: {waiting:?}");
        assert_eq!(
            (waiting[0].1.as_str(), &waiting[0].2),
            // A question is text, kept as typed (the web shows it as text).
            (
                "What is <b>your</b> favourite lighthouse?",
                &Value::from("ben")
            ),
            "{kind:?}"
        );
        assert_eq!(
            (waiting[1].1.as_str(), &waiting[1].2),
            ("Secret admirer here", &Value::Null),
            "{kind:?}"
        );
        let asks = notifications(&ann, "ann", "ask").await;
        assert_eq!(asks.len(), 2, "{kind:?}");
        assert_eq!(asks[1]["from_tumblelog"]["name"], "ben", "{kind:?}");
        assert_eq!(
            (
                &asks[0]["post"]["summary"],
                &asks[0]["post"]["is_ask"],
                &asks[0]["post"]["is_answer"]
            ),
            (&"Secret admirer here".into(), &true.into(), &false.into()),
            "{kind:?}: the question in its words"
        );
        assert_eq!(
            (&asks[0]["from_tumblelog"], &asks[0]["message"]),
            (&Value::Null, &Value::from("asked you a question")),
            "{kind:?}"
        );
        // Nobody else sees the inbox or its questions.
        assert_eq!(
            ben.get("/svc/post/inbox/after/0?blog=ann").await.status,
            403,
            "{kind:?}"
        );
        let (question, anonymous) = (waiting[0].0, waiting[1].0);
        assert_eq!(
            ben.get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={question}"
            ))
            .await
            .status,
            404,
            "{kind:?}"
        );

        // Only the owner answers; an empty answer is refused.
        let q = question.to_string();
        assert_eq!(
            ben.post("/answer", &[("post_id", &q), ("answer_text", "Mine!")])
                .await
                .status,
            404,
            "{kind:?}"
        );
        let blank = ann
            .post("/answer", &[("post_id", &q), ("answer_text", "<p> </p>")])
            .await;
        assert_eq!(
            (blank.status, blank.detail()),
            (400, "Post body empty."),
            "{kind:?}"
        );
        let answered = ann
            .post(
                "/answer",
                &[
                    ("post_id", &q),
                    (
                        "answer_text",
                        "<p>The one at <b>Hook Head</b>.</p><script>x</script>",
                    ),
                ],
            )
            .await;
        assert_eq!(answered.status, 200, "{kind:?}: {}", answered.body);
        let post = &answered.response()["post"];
        assert_eq!(
            (&post["state"], &post["content"]["type"]),
            (&"published".into(), &"note".into()),
            "{kind:?}"
        );
        assert_eq!(
            post["content"]["answer"], "<p>The one at <b>Hook Head</b>.</p>",
            "{kind:?}"
        );
        // Edited, the answer opens with its question and answer in the form.
        let id = post["id"].as_i64().unwrap().to_string();
        let fetched = ann
            .post(
                "/svc/post/fetch",
                &[("post_id", id.as_str()), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(fetched.status, 200, "{kind:?}: {}", fetched.body);
        let source = &fetched.response()["post"]["source"];
        assert_eq!(
            (&source["one"], &source["two"]),
            (
                &post["content"]["ask"],
                &"<p>The one at <b>Hook Head</b>.</p>".into()
            ),
            "{kind:?}"
        );
        let answers = notifications(&ben, "ben", "answer").await;
        assert_eq!(answers.len(), 1, "{kind:?}");
        assert_eq!(
            answers[0]["note_meta"],
            serde_json::json!({"reply_text": "", "answer_text": "The one at Hook Head."}),
            "{kind:?}: the answer's words, as text"
        );
        assert_eq!(answers[0]["new_post"], Value::Null, "{kind:?}");
        assert_eq!(
            (
                &answers[0]["from_tumblelog"]["name"],
                &answers[0]["post"]["id"]
            ),
            (&"ann".into(), &question.into()),
            "{kind:?}"
        );
        assert_eq!(
            (
                &answers[0]["post"]["is_ask"],
                &answers[0]["post"]["is_answer"]
            ),
            (&false.into(), &true.into()),
            "{kind:?}"
        );
        let again = ann
            .post("/answer", &[("post_id", &q), ("answer_text", "Twice")])
            .await;
        assert_eq!(
            (again.status, again.detail()),
            (400, "That isn't waiting in your inbox."),
            "{kind:?}"
        );

        // An unanswered question cannot be approved; denying it removes it.
        let a = anonymous.to_string();
        assert_eq!(
            ann.post("/approve_submission", &[("id", &a)]).await.status,
            400,
            "{kind:?}"
        );
        assert_eq!(
            ben.post("/deny_submission", &[("pid", &a)]).await.status,
            404,
            "{kind:?}"
        );
        let denied = ann.post("/deny_submission", &[("pid", &a)]).await;
        assert_eq!(denied.status, 200, "{kind:?}: {}", denied.body);
        assert!(inbox(&ann, "ann").await.is_empty(), "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn a_blocked_blog_cannot_ask() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        ann.post("/svc/blog/asks", &[("tumblelog", "ann"), ("asks", "1")])
            .await;
        ann.post(
            "/svc/block/add",
            &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
        )
        .await;
        let refused = ask(&ben, "ann", "Hi?", false).await;
        assert_eq!(
            (refused.status, refused.code()),
            (403, "blocked"),
            "{kind:?}: {}",
            refused.body
        );
        assert!(inbox(&ann, "ann").await.is_empty(), "{kind:?}");
    })
    .await;
}

/// `client` saves a new text post to `blog` in state '0 3' (a submission), with `extra`.
async fn submit(client: &Client, blog: &str, title: &str, extra: &[(&str, &str)]) -> Answer {
    let mut fields = vec![
        ("channel_id", blog),
        ("post[type]", "text"),
        ("post[state]", "0 3"),
        ("post[one]", title),
        ("post[two]", "<p>Words <script>x</script>from afar.</p>"),
    ];
    fields.extend_from_slice(extra);
    client.post("/svc/post/update", &fields).await
}

/// The ids of the blog's inbox page with who submitted each.
async fn submissions(client: &Client, blog: &str) -> Vec<(i64, Value)> {
    let answer = client
        .get(&format!("/svc/post/inbox/after/0?blog={blog}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["submitted_by"].clone()))
        .collect()
}

/// The ids of the blog's published posts as `client` reads them.
async fn blog_posts(client: &Client, blog: &str) -> Vec<i64> {
    let answer = client
        .get(&format!(
            "/svc/indash_blog/posts?tumblelog_name_or_id={blog}"
        ))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn submitted_posts_wait_in_the_inbox_until_approved_or_denied() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;

        let off = submit(&ben, "ann", "Closed door", &[]).await;
        assert_eq!(
            (off.status, off.code(), off.detail()),
            (403, "asks_off", "This blog isn't taking submissions."),
            "{kind:?}"
        );
        ann.post("/svc/blog/asks", &[("tumblelog", "ann"), ("asks", "1")])
            .await;

        let sent = submit(&ben, "ann", "A story for you", &[]).await;
        assert_eq!(sent.status, 200, "{kind:?}: {}", sent.body);
        let answer = sent.response();
        let post = &answer["post"];
        assert_eq!(
            (&post["state"], &post["tumblelog"], &post["submitted_by"]),
            (&"unapproved".into(), &"ann".into(), &"ben".into()),
            "{kind:?}"
        );
        assert_eq!(
            post["content"]["body"], "<p>Words from afar.</p>",
            "{kind:?}: sanitised as any post"
        );
        assert_eq!(
            (
                &answer["message"],
                &answer["post_context_page"],
                &answer["context_tumblelog"]["name_or_id"]
            ),
            (&"Submitted to ann.".into(), &"inbox".into(), &"ben".into()),
            "{kind:?}: the counts shown are the submitter's own blog's"
        );
        let first = post["id"].as_i64().unwrap();
        assert_eq!(
            submissions(&ann, "ann").await,
            vec![(first, "ben".into())],
            "{kind:?}"
        );
        let notified = notifications(&ann, "ann", "submission").await;
        assert_eq!(notified.len(), 1, "{kind:?}");
        assert_eq!(
            (
                &notified[0]["from_tumblelog"]["name"],
                &notified[0]["post"]["id"],
                &notified[0]["message"]
            ),
            (&"ben".into(), &first.into(), &"submitted a post".into()),
            "{kind:?}"
        );
        assert!(
            blog_posts(&cat, "ann").await.is_empty(),
            "{kind:?}: nothing goes out before the owner approves"
        );

        // Only a new post, only to someone else's blog, never from a blocked blog.
        let own = submit(&ann, "ann", "Mine", &[]).await;
        assert_eq!(
            (own.status, own.code()),
            (400, "invalid_post"),
            "{kind:?}: {}",
            own.body
        );
        let f = first.to_string();
        let edit = submit(&ben, "ann", "Changed", &[("post_id", &f)]).await;
        assert_eq!(
            (edit.status, edit.detail()),
            (400, "Only a new post can be submitted."),
            "{kind:?}"
        );
        let note = ben
            .post(
                "/svc/post/update",
                &[
                    ("channel_id", "ann"),
                    ("post[type]", "note"),
                    ("post[state]", "0 3"),
                    ("post[one]", "Q?"),
                    ("post[two]", "A."),
                ],
            )
            .await;
        assert_eq!(
            (note.status, note.code()),
            (400, "invalid_post"),
            "{kind:?}: questions go through /svc/ask: {}",
            note.body
        );
        let nowhere = submit(&ben, "nobody-here", "Lost", &[]).await;
        assert_eq!(nowhere.status, 404, "{kind:?}");
        ann.post(
            "/svc/block/add",
            &[("tumblelog", "ann"), ("blocked_tumblelog", "cat")],
        )
        .await;
        let blocked = submit(&cat, "ann", "Let me in", &[]).await;
        assert_eq!(
            (blocked.status, blocked.code()),
            (403, "blocked"),
            "{kind:?}"
        );

        // Only the owner approves or denies; approving sends it out on the blog.
        assert_eq!(
            ben.post("/approve_submission", &[("id", &f)]).await.status,
            404,
            "{kind:?}"
        );
        let approved = ann.post("/approve_submission", &[("id", &f)]).await;
        assert_eq!(approved.status, 200, "{kind:?}: {}", approved.body);
        let post = &approved.response()["post"];
        assert_eq!(
            (&post["state"], &post["submitted_by"]),
            (&"published".into(), &"ben".into()),
            "{kind:?}"
        );
        assert_eq!(blog_posts(&cat, "ann").await, vec![first], "{kind:?}");
        assert!(submissions(&ann, "ann").await.is_empty(), "{kind:?}");

        let second = submit(&ben, "ann", "Another", &[]).await.response()["post"]["id"]
            .as_i64()
            .unwrap()
            .to_string();
        assert_eq!(
            ben.post("/deny_submission", &[("pid", &second)])
                .await
                .status,
            404,
            "{kind:?}: the submitter cannot take it back from the inbox"
        );
        let denied = ann.post("/deny_submission", &[("pid", &second)]).await;
        assert_eq!(denied.status, 200, "{kind:?}: {}", denied.body);
        assert!(submissions(&ann, "ann").await.is_empty(), "{kind:?}");
        assert_eq!(blog_posts(&cat, "ann").await, vec![first], "{kind:?}");
    })
    .await;
}

/// The blog header save (spec 000 §7): the owner sets asks through the blog model, a reader
/// saves `following`; anyone else's blog settings are refused.
#[tokio::test]
async fn the_blog_header_save_sets_asks_and_following() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let on = save_header(
            &ann,
            "ann",
            serde_json::json!({"asks": true, "anonymous_asks": true, "title": "ignored"}),
        )
        .await;
        assert_eq!(on.status, 200, "{kind:?}: {}", on.body);
        let blog = &on.response()["tumblelog"];
        assert_eq!(
            (&blog["asks"], &blog["anonymous_asks"]),
            (&true.into(), &true.into()),
            "{kind:?}"
        );
        assert_eq!(
            ask(&ben, "ann", "Why?", false).await.status,
            200,
            "{kind:?}: asks are on"
        );

        let off = save_header(&ann, "ann", serde_json::json!({"asks": false})).await;
        let blog = &off.response()["tumblelog"];
        assert_eq!(
            (&blog["asks"], &blog["anonymous_asks"]),
            (&false.into(), &false.into()),
            "{kind:?}: anonymous asks need asks"
        );

        let theirs = save_header(&ben, "ann", serde_json::json!({"asks": true})).await;
        assert_eq!(
            (theirs.status, theirs.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );

        let followed = save_header(
            &ben,
            "ann",
            serde_json::json!({"following": true, "asks": null}),
        )
        .await;
        assert_eq!(followed.status, 200, "{kind:?}: {}", followed.body);
        assert_eq!(
            followed.response()["tumblelog"]["following"],
            true,
            "{kind:?}"
        );
        assert_eq!(ben.info().await["friend_count"], 1, "{kind:?}");
        let unfollowed = save_header(&ben, "ann", serde_json::json!({"following": false})).await;
        assert_eq!(
            unfollowed.response()["tumblelog"]["following"],
            false,
            "{kind:?}"
        );
        let own = save_header(&ann, "ann", serde_json::json!({"following": true})).await;
        assert_eq!((own.status, own.code()), (400, "own_blog"), "{kind:?}");

        let not_json = ann
            .post(
                "/svc/indash_blog/header",
                &[("tumblelog_name_or_id", "ann")],
            )
            .await;
        assert_eq!(not_json.status, 400, "{kind:?}: {}", not_json.body);
        let anon = Client::visitor(&base).await;
        let refused = anon
            .post_json(
                "/svc/indash_blog/header",
                &serde_json::json!({"tumblelog_name_or_id": "ann"}),
            )
            .await;
        assert_eq!(refused.status, 401, "{kind:?}: a visitor saves nothing");
    })
    .await;
}

/// The blog header save of `fields` for `blog`, as `client`.
async fn save_header(client: &Client, blog: &str, fields: Value) -> Answer {
    let body = serde_json::json!({"tumblelog_name_or_id": blog, "tumblelog": fields});
    client.post_json("/svc/indash_blog/header", &body).await
}
