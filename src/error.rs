//! One error type for every handler, answered in the spec's envelope:
//! `{"meta":{"status":N,"msg":"..."},"response":[],"errors":[{"code":"...","detail":"..."}]}`.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// What a handler can fail with. User mistakes carry their status and a clear detail;
/// everything else is `Internal`, logged in full and answered as a bare 500.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{detail}")]
    User {
        status: StatusCode,
        code: Code,
        detail: String,
    },
    /// 400 with one error per field that is wrong (a post's validation), each with its code.
    #[error("{}", .0.iter().map(|e| e.detail.as_str()).collect::<Vec<_>>().join(" "))]
    Invalid(Vec<ErrorDetail>),
    /// 403 for an upload of a protected recording (spec 001 §7 upload_audio): the answer's
    /// `response` carries what the composer needs to offer the track from a music service.
    #[error("{message}")]
    Copyright {
        message: String,
        search_string: String,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Every error code a call can answer with (docs/api.md says which call answers which).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(export_to = "api/types/", rename = "ApiErrorCode")
)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    AppNameTaken,
    AppNotAllowed,
    BadAppToken,
    BadConversationId,
    BadCursor,
    BadEnabled,
    BadForm,
    BadJson,
    BadFormKey,
    BadOrigin,
    BadQuery,
    BadReason,
    BadToken,
    BadType,
    BadUpload,
    Copyright,
    AsksOff,
    BadUrl,
    Blocked,
    BlogSuspended,
    BlogNameTaken,
    BodyTooLarge,
    EmailTaken,
    EmptyMessage,
    Internal,
    InvalidAppName,
    InvalidBlogName,
    InvalidCredentials,
    InvalidEmail,
    InvalidOrder,
    InvalidPost,
    InvalidReply,
    InvalidPassword,
    InvalidSize,
    InvalidTitle,
    InvalidTheme,
    InvalidDescription,
    MessageTooLong,
    MessagingDisabled,
    MissingChannelId,
    MissingConversation,
    MissingParticipant,
    MissingTag,
    MissingTumblelog,
    NoRecipient,
    NoSuchBlog,
    NotAWebsocket,
    NotAdmin,
    NotFound,
    NotLoggedIn,
    NotPremium,
    NotPublished,
    NotRebloggable,
    NotTagged,
    NotYourBlog,
    OwnBlog,
    OwnPost,
    RepliesOff,
    TooManyApps,
    TooManyAttempts,
    /// 503: the database cannot be reached for a moment; nothing was stored, try again
    /// (`Retry-After` says when).
    Unavailable,
    Unsupported,
    UploadRefused,
    AlreadyGroup,
    AlreadyInvited,
    AlreadyMember,
    BadRole,
    GroupOwner,
    LastAdmin,
    NoInvite,
    NotGroup,
    NotGroupAdmin,
    NotMember,
    PrimaryBlog,
    UseLeave,
}

/// What a request carrying a NUL character is told (the router's layer, `extract.rs`, and
/// PostgreSQL's refusal below).
pub(crate) const NUL_REFUSED: &str = "Text may not contain NUL characters.";

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        // PostgreSQL refuses a NUL character in text (SQLSTATE 22021). The router's layer
        // refuses it in paths, queries and forms first; this catches a text that came some
        // other way (a multipart field) as the user's mistake it is.
        if let sqlx::Error::Database(db) = &err
            && db.code().as_deref() == Some("22021")
        {
            return AppError::bad_request(Code::BadForm, NUL_REFUSED);
        }
        AppError::Internal(err.into())
    }
}

impl AppError {
    fn user(status: StatusCode, code: Code, detail: impl Into<String>) -> AppError {
        AppError::User {
            status,
            code,
            detail: detail.into(),
        }
    }
    /// 400: the input is wrong.
    pub(crate) fn bad_request(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::BAD_REQUEST, code, detail)
    }
    /// 401: the call needs a logged-in user.
    pub(crate) fn unauthorized(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::UNAUTHORIZED, code, detail)
    }
    /// 401 for calls made without a logged-in session.
    pub(crate) fn not_logged_in() -> AppError {
        Self::unauthorized(Code::NotLoggedIn, "You need to log in first.")
    }
    /// 403: not allowed, or the form key is missing or wrong.
    pub(crate) fn forbidden(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::FORBIDDEN, code, detail)
    }
    /// 404.
    pub(crate) fn not_found(detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::NOT_FOUND, Code::NotFound, detail)
    }
    /// 404 with its own code: for a caller that tells one missing thing from another (a blog
    /// that does not exist, beside a conversation not started yet).
    pub(crate) fn not_found_as(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::NOT_FOUND, code, detail)
    }
    /// 409: the name or address is already taken.
    pub(crate) fn conflict(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::CONFLICT, code, detail)
    }
    /// 413: the body is larger than the call takes.
    pub(crate) fn too_large(detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::PAYLOAD_TOO_LARGE, Code::BodyTooLarge, detail)
    }
    /// 429.
    pub(crate) fn too_many(code: Code, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::TOO_MANY_REQUESTS, code, detail)
    }

    /// 400 naming each wrong field: `(field, message)`, all with `code`.
    pub(crate) fn invalid(code: Code, errors: Vec<(String, String)>) -> AppError {
        AppError::Invalid(
            errors
                .into_iter()
                .map(|(field, detail)| ErrorDetail {
                    code,
                    detail,
                    field: Some(field),
                })
                .collect(),
        )
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::User { status, .. } => *status,
            AppError::Invalid(_) => StatusCode::BAD_REQUEST,
            AppError::Copyright { .. } => StatusCode::FORBIDDEN,
            AppError::Internal(err) if unavailable(err) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// Seconds a 503 `unavailable` asks the client to wait before trying again: a restarting
/// PostgreSQL or a failover is back within a few, and the pool reconnects at once.
pub(crate) const RETRY_AFTER_SECS: u64 = 2;

/// Whether an internal error is the database being out of reach (`store/health.rs`), told
/// to the client as 503 `unavailable` rather than 500: the change was not stored, and the
/// same request may simply be sent again. Found anywhere in the error's chain, so a database
/// error wrapped with context on its way up still counts.
fn unavailable(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|cause| cause.downcast_ref::<sqlx::Error>())
        .any(crate::store::health::unavailable)
}

/// The `meta` object of every answer.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Meta {
    pub status: u16,
    pub msg: String,
}

impl Meta {
    fn of(status: StatusCode) -> Meta {
        Meta {
            status: status.as_u16(),
            msg: status.canonical_reason().unwrap_or("").to_owned(),
        }
    }
}

/// One entry of an error answer's `errors`: with `field`, the errors of a form are the
/// spec's errors map (field to message).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct ErrorDetail {
    pub code: Code,
    pub detail: String,
    /// The form field the message is about, when it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub field: Option<String>,
}

/// An error answer: `response` is an empty list, `errors` says what went wrong.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct ErrorEnvelope {
    pub meta: Meta,
    #[cfg_attr(test, ts(type = "[]"))]
    pub response: [(); 0],
    pub errors: Vec<ErrorDetail>,
}

/// What a refused protected recording's answer carries in `response` (spec 001 §7).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct CopyrightRefusal {
    pub is_copyright: bool,
    /// The warning to show.
    pub message: String,
    /// What to search music services for instead (the recording's artist and title).
    pub search_string: String,
}

/// The 403 answer to a protected recording: the spec puts its details in `response`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct CopyrightEnvelope {
    pub meta: Meta,
    pub response: CopyrightRefusal,
    pub errors: Vec<ErrorDetail>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let errors = match self {
            AppError::Copyright {
                message,
                search_string,
            } => {
                let body = CopyrightEnvelope {
                    meta: Meta::of(status),
                    errors: vec![ErrorDetail {
                        code: Code::Copyright,
                        detail: message.clone(),
                        field: None,
                    }],
                    response: CopyrightRefusal {
                        is_copyright: true,
                        message,
                        search_string,
                    },
                };
                return (status, Json(body)).into_response();
            }
            AppError::User { code, detail, .. } => vec![ErrorDetail {
                code,
                detail,
                field: None,
            }],
            AppError::Invalid(errors) => errors,
            AppError::Internal(err) if status == StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(error = %err, "the database is out of reach; answered 503");
                let body = ErrorEnvelope {
                    meta: Meta::of(status),
                    response: [],
                    errors: vec![ErrorDetail {
                        code: Code::Unavailable,
                        detail: "The service is unavailable for a moment and nothing was \
                                 saved. Please try again."
                            .into(),
                        field: None,
                    }],
                };
                let retry_after = [(header::RETRY_AFTER, RETRY_AFTER_SECS.to_string())];
                return (status, retry_after, Json(body)).into_response();
            }
            AppError::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                vec![ErrorDetail {
                    code: Code::Internal,
                    detail: "Something went wrong on our side. Please try again.".into(),
                    field: None,
                }]
            }
        };
        let body = ErrorEnvelope {
            meta: Meta::of(status),
            response: [],
            errors,
        };
        (status, Json(body)).into_response()
    }
}

/// A successful answer: `{"meta":{"status":200,"msg":"OK"},"response":...}`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Envelope<T> {
    pub meta: Meta,
    pub response: T,
}

/// Wraps a handler's answer in the envelope.
pub(crate) fn ok<T>(response: T) -> Envelope<T> {
    Envelope {
        meta: Meta::of(StatusCode::OK),
        response,
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        Json(self).into_response()
    }
}

/// What handlers return.
pub(crate) type ApiResult<T> = Result<Envelope<T>, AppError>;
