//! Axum's `Form` and `Query` with their rejections answered in the spec's envelope, so a
//! malformed body is a clear 400 rather than a plain-text 422.

use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::extract::rejection::{FormRejection, JsonRejection, QueryRejection};

use crate::error::{AppError, Code, NUL_REFUSED};

/// A form-encoded body (`application/x-www-form-urlencoded`).
#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub(crate) struct Form<T>(pub T);

/// A JSON body (`application/json`).
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub(crate) struct Json<T>(pub T);

/// The query string.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub(crate) struct Query<T>(pub T);

impl From<FormRejection> for AppError {
    fn from(rejection: FormRejection) -> Self {
        AppError::bad_request(Code::BadForm, rejection.body_text())
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        AppError::bad_request(Code::BadJson, rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request(Code::BadQuery, rejection.body_text())
    }
}

/// Reads a spec-style boolean flag (`1`, `true`, `yes`, `on`); anything else is false.
pub(crate) fn flag(value: &Option<String>) -> bool {
    matches!(
        value
            .as_deref()
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref(),
        Some("1" | "true" | "yes" | "on")
    )
}

/// A form-encoded body or query string read as its raw pairs, in order, for calls whose
/// fields repeat (`participants[]=a&participants[]=b`), which serde's form reader cannot
/// collect, and whose fields [`Pairs::read`] then reads into the call's typed struct.
pub(crate) struct Pairs(pub Vec<(String, String)>);

impl Pairs {
    /// Parses `a=1&b=2`.
    pub(crate) fn parse(raw: &[u8]) -> Pairs {
        Pairs(
            url::form_urlencoded::parse(raw)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }

    /// Reads the pairs into `T`, a request's typed fields: a field given twice is its first
    /// value, a list field (`Option<Vec<String>>`) gets every value, and `name[]` is the field
    /// `name`. Text and lists are all it reads, so it refuses nothing a form can say: the
    /// call's own checks do, with their own messages.
    pub(crate) fn read<T: serde::de::DeserializeOwned>(
        &self,
    ) -> Result<T, serde::de::value::Error> {
        let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let mut fields: Vec<(&str, Values<'_>)> = Vec::new();
        for (key, value) in &self.0 {
            let name = key.strip_suffix("[]").unwrap_or(key);
            match index.get(name) {
                Some(&at) => fields[at].1.0.push(value),
                None => {
                    index.insert(name, fields.len());
                    fields.push((name, Values(vec![value])));
                }
            }
        }
        T::deserialize(serde::de::value::MapDeserializer::new(fields.into_iter()))
    }
}

/// A list field's values (`participants`), each split at its commas (`a,b` is two), trimmed,
/// the empty ones dropped.
pub(crate) fn list(values: Option<Vec<String>>) -> Vec<String> {
    values
        .unwrap_or_default()
        .iter()
        .flat_map(|v| v.split(','))
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect()
}

/// Every value one field was given, in order (never none): the first for a text field, all
/// of them for a list.
struct Values<'a>(Vec<&'a str>);

impl<'de> serde::Deserializer<'de> for Values<'_> {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_str(self.0[0])
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_seq<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        serde::Deserializer::deserialize_any(
            serde::de::value::SeqDeserializer::new(self.0.into_iter()),
            visitor,
        )
    }

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> serde::de::IntoDeserializer<'de, serde::de::value::Error> for Values<'_> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// A form-encoded body read into `T` as [`Pairs::read`] reads it: for calls whose fields
/// repeat (`participants[]=a&participants[]=b`), which serde's form reader cannot collect,
/// and for the save form, whose rules must see every field before refusing any.
pub(crate) struct PairsForm<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S>
    for PairsForm<T>
{
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, AppError> {
        Pairs::from_request(req, state)
            .await?
            .read()
            .map(PairsForm)
            .map_err(|e| AppError::bad_request(Code::BadForm, e.to_string()))
    }
}

/// The query string read into `T` as [`Pairs::read`] reads it (see [`PairsForm`]).
pub(crate) struct PairsQuery<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequestParts<S> for PairsQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, AppError> {
        Pairs::parse(parts.uri.query().unwrap_or_default().as_bytes())
            .read()
            .map(PairsQuery)
            .map_err(|e| AppError::bad_request(Code::BadQuery, e.to_string()))
    }
}

impl<S: Send + Sync> axum::extract::FromRequest<S> for Pairs {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, AppError> {
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e| AppError::bad_request(Code::BadForm, e.body_text()))?;
        Ok(Pairs::parse(&bytes))
    }
}

/// Axum's default limit on a buffered body, kept for the forms this layer reads first.
const FORM_BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Refuses, as a 400, any request whose path, query, form fields or JSON strings carry a NUL
/// character, before a handler sees it. PostgreSQL cannot keep NUL in text (every such
/// query failed as a 500) while SQLite keeps it silently; no field of this API means it.
/// Form and JSON bodies are read here and handed on whole; multipart bodies (files, which
/// may hold any byte) pass untouched.
pub(crate) async fn refuse_nul_characters(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Result<axum::response::Response, AppError> {
    let has_encoded_nul = |text: &str| text.to_ascii_lowercase().contains("%00");
    let uri = req.uri();
    if has_encoded_nul(uri.path()) || uri.query().is_some_and(has_encoded_nul) {
        return Err(AppError::bad_request(Code::BadQuery, NUL_REFUSED));
    }
    let content_type = req
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.to_ascii_lowercase())
        .unwrap_or_default();
    let form = content_type.starts_with("application/x-www-form-urlencoded");
    let json = content_type.starts_with("application/json");
    if !form && !json {
        return Ok(next.run(req).await);
    }
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, FORM_BODY_LIMIT)
        .await
        .map_err(|_| {
            AppError::bad_request(
                Code::BadForm,
                "Failed to buffer the request body: length limit exceeded",
            )
        })?;
    if form
        && url::form_urlencoded::parse(&bytes).any(|(k, v)| k.contains('\0') || v.contains('\0'))
    {
        return Err(AppError::bad_request(Code::BadForm, NUL_REFUSED));
    }
    // A JSON string can say NUL only as the escape \u0000, so only then is it parsed to see
    // whether a string holds one (a body that is not JSON is left to the handler to refuse).
    if json
        && bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000"))
        && serde_json::from_slice::<serde_json::Value>(&bytes).is_ok_and(|v| holds_nul(&v))
    {
        return Err(AppError::bad_request(Code::BadJson, NUL_REFUSED));
    }
    let req = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
    Ok(next.run(req).await)
}

/// Whether any key or string in a JSON value holds a NUL character.
fn holds_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(s) => s.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(holds_nul),
        serde_json::Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_in_any_json_string_or_key() {
        let found = |text: &str| holds_nul(&serde_json::from_str(text).unwrap());
        assert!(found(r#"{"a":["x","y\u0000"]}"#));
        assert!(found(r#"{"a\u0000":1}"#));
        assert!(!found(r#"{"a":"\\u0000 is only text here"}"#));
    }

    /// A call's fields as [`Pairs::read`] reads them.
    #[derive(Debug, serde::Deserialize)]
    struct ListedForm {
        x: Option<String>,
        y: Option<String>,
        participants: Option<Vec<String>>,
        #[serde(rename = "post[type]")]
        post_type: Option<String>,
    }

    #[test]
    fn pairs_collect_repeated_and_comma_separated_fields() {
        let pairs = Pairs::parse(
            b"participants%5B%5D=a.host&participants[]=b.host&x=1&participants=c,d&x=2&post%5Btype%5D=text",
        );
        let form: ListedForm = pairs.read().unwrap();
        assert_eq!(list(form.participants), ["a.host", "b.host", "c", "d"]);
        assert_eq!(
            form.x.as_deref(),
            Some("1"),
            "a field given twice is its first value"
        );
        assert_eq!(form.y, None);
        assert_eq!(form.post_type.as_deref(), Some("text"));
        let none: ListedForm = Pairs::parse(b"").read().unwrap();
        assert!(list(none.participants).is_empty());
    }

    /// A form like the calls take: text, a number, a flag, an optional field.
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct AnyForm {
        #[serde(default)]
        tumblelog: String,
        post_id: Option<i64>,
        queue: Option<String>,
    }

    /// `bytes` as a form body and `query` as a query string, through the extractors the
    /// handlers use.
    fn extract(
        bytes: Vec<u8>,
        query: &str,
    ) -> (
        Result<Form<AnyForm>, AppError>,
        Result<Query<AnyForm>, AppError>,
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let form = axum::http::Request::builder()
                .method("POST")
                .uri("/")
                .header(
                    axum::http::header::CONTENT_TYPE,
                    "application/x-www-form-urlencoded",
                )
                .body(axum::body::Body::from(bytes))
                .unwrap();
            let form = Form::<AnyForm>::from_request(form, &()).await;
            let uri = format!("/?{}", query.replace(['#', ' '], ""));
            let query = match axum::http::Request::builder().uri(uri).body(()) {
                Ok(request) => {
                    let (mut parts, ()) = request.into_parts();
                    Query::<AnyForm>::from_request_parts(&mut parts, &()).await
                }
                // Not a URI at all: no request would reach the extractor.
                Err(_) => Err(AppError::bad_request(Code::BadQuery, "not a URI")),
            };
            (form, query)
        })
    }

    proptest::proptest! {
        #[test]
        fn any_body_or_query_is_a_form_or_a_400(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..256), query in ".{0,64}") {
            let (form, query) = extract(bytes.clone(), &query);
            for refused in [form.err(), query.err()].into_iter().flatten() {
                proptest::prop_assert_eq!(refused.status().as_u16(), 400, "{:?}", refused);
            }
            let _ = Pairs::parse(&bytes);
        }

        #[test]
        fn pairs_read_back_what_a_form_wrote(pairs in proptest::collection::vec(("[^\\x00]{0,12}", "[^\\x00]{0,12}"), 0..8)) {
            let mut form = url::form_urlencoded::Serializer::new(String::new());
            for (k, v) in &pairs {
                form.append_pair(k, v);
            }
            let read = Pairs::parse(form.finish().as_bytes());
            proptest::prop_assert_eq!(read.0, pairs);
        }
    }
}
