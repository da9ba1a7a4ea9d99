//! The frames a subscription answers with beside its events: the `subscribed` ack, and its
//! errors.

use dashwire_protocol::{ErrorCode, ServerFrame};

use super::state::{Gone, Outlet};

pub(super) async fn ack(out: &mut impl Outlet, channel: String, seq: i64) -> Result<(), Gone> {
    out.send_frame(&ServerFrame::Subscribed { channel, seq })
        .await
}

pub(super) async fn too_old(
    out: &mut impl Outlet,
    raw: &str,
    since: Option<i64>,
) -> Result<(), Gone> {
    let since = since.unwrap_or_default();
    let message =
        format!("Events after {since} are no longer kept; reload, then subscribe without since.");
    error(out, Some(raw), ErrorCode::ResumeTooOld, message).await
}

pub(super) async fn error(
    out: &mut impl Outlet,
    channel: Option<&str>,
    code: ErrorCode,
    message: String,
) -> Result<(), Gone> {
    let frame = ServerFrame::Error {
        channel: channel.map(str::to_owned),
        code,
        message,
    };
    out.send_frame(&frame).await
}

pub(super) async fn internal(
    out: &mut impl Outlet,
    raw: &str,
    err: sqlx::Error,
) -> Result<(), Gone> {
    tracing::error!(error = %err, channel = raw, "subscription failed");
    let message = "Something went wrong on our side; subscribe again.".to_owned();
    error(out, Some(raw), ErrorCode::Internal, message).await
}
