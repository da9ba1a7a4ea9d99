//! A browser-like HTTP client: keeps the session cookie and sends the form key.

use serde_json::Value;

/// A browser-like client: keeps cookies and attaches the session's form key.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub form_key: String,
    jar: std::sync::Arc<reqwest::cookie::Jar>,
}

/// A decoded answer: status and the JSON envelope.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    /// The first error's code.
    pub fn code(&self) -> &str {
        self.body["errors"][0]["code"].as_str().unwrap_or("")
    }
    pub fn detail(&self) -> &str {
        self.body["errors"][0]["detail"].as_str().unwrap_or("")
    }
    pub fn response(&self) -> &Value {
        &self.body["response"]
    }
}

impl Client {
    /// A new visitor: fetches `/svc/user/info` to get a session and form key.
    pub async fn visitor(base: &str) -> Client {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let mut client = Client {
            http,
            base: base.to_owned(),
            form_key: String::new(),
            jar,
        };
        let info = client.get("/svc/user/info").await;
        client.form_key = info.response()["form_key"]
            .as_str()
            .expect("form key")
            .to_owned();
        client
    }

    /// Registers a new account and returns the logged-in client.
    pub async fn registered(base: &str, email: &str, blog: &str) -> Client {
        let mut client = Client::visitor(base).await;
        let answer = client
            .post(
                "/register",
                &[
                    ("email", email),
                    ("password", "correct horse"),
                    ("blog_name", blog),
                ],
            )
            .await;
        assert_eq!(answer.status, 200, "register {email}: {:?}", answer.body);
        client.form_key = answer.response()["form_key"].as_str().unwrap().to_owned();
        client
    }

    /// A new browser logged in to an existing account (a session of its own).
    pub async fn logged_in(base: &str, email: &str) -> Client {
        let mut client = Client::visitor(base).await;
        let answer = client
            .post("/login", &[("email", email), ("password", "correct horse")])
            .await;
        assert_eq!(answer.status, 200, "login {email}: {:?}", answer.body);
        client.form_key = answer.response()["form_key"].as_str().unwrap().to_owned();
        client
    }

    /// Logs this session out (`GET /logout`, as the account menu does); answers the status.
    pub async fn logout(&self) -> u16 {
        self.http
            .get(format!("{}/logout?form_key={}", self.base, self.form_key))
            .send()
            .await
            .expect("logout")
            .status()
            .as_u16()
    }

    /// The same browser (its cookies and form key) talking to another node at `base`.
    pub fn on(&self, base: &str) -> Client {
        Client {
            http: self.http.clone(),
            base: base.to_owned(),
            form_key: self.form_key.clone(),
            jar: self.jar.clone(),
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        let resp = self
            .http
            .get(format!("{}{}", self.base, path))
            .send()
            .await
            .expect("GET");
        decode(resp).await
    }

    /// POSTs a form with the form key added.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        form.push(("form_key", &self.form_key));
        self.post_raw(path, &form).await
    }

    /// Saves a post on `blog` through the composer's call (`/svc/post/update`) with
    /// `fields`, and answers the save answer's `response`; panics on an error answer.
    pub async fn save_post(&self, blog: &str, fields: &[(&str, &str)]) -> Value {
        let mut all = vec![("channel_id", blog)];
        all.extend_from_slice(fields);
        let answer = self.post("/svc/post/update", &all).await;
        assert_eq!(answer.status, 200, "save {fields:?}: {}", answer.body);
        answer.response().clone()
    }

    /// POSTs a JSON body with the form key in its header, as the app's JSON calls do.
    pub async fn post_json(&self, path: &str, body: &Value) -> Answer {
        let resp = self
            .http
            .post(format!("{}{}", self.base, path))
            .header("x-form-key", &self.form_key)
            .json(body)
            .send()
            .await
            .expect("POST JSON");
        decode(resp).await
    }

    /// POSTs a multipart form with the form key in its header, as the composer's uploads do.
    pub async fn upload(&self, path: &str, form: reqwest::multipart::Form) -> Answer {
        let resp = self
            .http
            .post(format!("{}{}", self.base, path))
            .header("x-form-key", &self.form_key)
            .multipart(form)
            .send()
            .await
            .expect("upload");
        decode(resp).await
    }

    /// POSTs a form exactly as given (no form key added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let resp = self
            .http
            .post(format!("{}{}", self.base, path))
            .form(fields)
            .send()
            .await
            .expect("POST");
        decode(resp).await
    }

    /// The `Cookie` header this client sends (its session), for a socket.
    pub fn cookie(&self) -> String {
        use reqwest::cookie::CookieStore;
        let url = self.base.parse().unwrap();
        self.jar
            .cookies(&url)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    }

    /// A socket token for this client's user.
    pub async fn socket_token(&self) -> String {
        let answer = self.post("/svc/user/socket_token", &[]).await;
        answer.response()["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    /// Sends a message as `from` (one of this client's blogs) to a new or existing conversation.
    pub async fn send_to(&self, from: &str, to: &str, text: &str) -> Answer {
        self.post(
            "/svc/conversations/messages",
            &[
                ("participant", from),
                ("participants[]", to),
                ("message", text),
                ("type", "TEXT"),
            ],
        )
        .await
    }

    /// Starts a conversation from this client's blog `from` to `to` with a "hello"; returns
    /// its id.
    pub async fn start_conversation(&self, from: &str, to: &str) -> i64 {
        let sent = self.send_to(from, to, "hello").await;
        assert_eq!(sent.status, 200, "{:?}", sent.body);
        sent.response()["conversation_id"].as_i64().unwrap()
    }

    /// The current user model.
    pub async fn info(&self) -> Value {
        self.get("/svc/user/info").await.body["response"].clone()
    }
}

/// Two users with a blog each, named `a` and `b`, registered on one server.
pub async fn pair(base: &str, a: &str, b: &str) -> (Client, Client) {
    let a = Client::registered(base, &format!("{a}@example.com"), a).await;
    let b = Client::registered(base, &format!("{b}@example.com"), b).await;
    (a, b)
}

async fn decode(resp: reqwest::Response) -> Answer {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer { status, body }
}
