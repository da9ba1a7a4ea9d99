//! Receiving one uploaded file and deciding what it is.
//!
//! A file is written to a temporary file as it arrives, checked against its limit on the way
//! (so a too-large upload is refused without being held), and its type is read from its first
//! bytes, never from its name or the browser's claim. The temporary file is deleted when it
//! is dropped: an upload that fails or is cut short leaves nothing behind.

use std::io::Write;
use std::path::Path;

use axum::extract::multipart::Field;
use tempfile::NamedTempFile;

/// A file received whole.
pub(super) struct Received {
    pub file: NamedTempFile,
    /// What its bytes say it is.
    pub kind: Option<infer::Type>,
}

/// Why a file was refused; the message is for the person uploading.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Refusal {
    #[error("{0}")]
    TooLarge(&'static str),
    #[error("{0}")]
    WrongType(&'static str),
    #[error("The upload did not arrive whole. Please try again.")]
    Interrupted,
    /// The server could not keep a file it received whole (its disk or the media store
    /// failed): not the uploader's doing, so a 500, not a refusal.
    #[error("The file could not be kept just now. Please try again later.")]
    NotKept,
    #[error("{0}")]
    Unreadable(&'static str),
}

/// Bytes read to know a file's type.
const SNIFF_BYTES: usize = 8192;

/// Receives a multipart field into a temporary file under `dir`, refusing it as soon as it
/// passes `limit` bytes with `too_large`.
pub(super) async fn receive(
    mut field: Field<'_>,
    dir: &Path,
    limit: u64,
    too_large: &'static str,
) -> Result<Received, Refusal> {
    let mut file = NamedTempFile::new_in(dir).map_err(|_| Refusal::NotKept)?;
    let mut size: u64 = 0;
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_BYTES);
    loop {
        let chunk = match field.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            Err(_) => return Err(Refusal::Interrupted),
        };
        size += chunk.len() as u64;
        if size > limit {
            return Err(Refusal::TooLarge(too_large));
        }
        if head.len() < SNIFF_BYTES {
            let take = (SNIFF_BYTES - head.len()).min(chunk.len());
            head.extend_from_slice(&chunk[..take]);
        }
        // Small writes into the kernel's page cache: not worth a blocking-pool hop each.
        file.write_all(&chunk).map_err(|_| Refusal::NotKept)?;
    }
    file.flush().map_err(|_| Refusal::NotKept)?;
    Ok(Received {
        file,
        kind: infer::get(&head),
    })
}

/// The extension a received kind is stored under, if it is one of `accepted` MIME types.
pub(super) fn extension_of(kind: Option<infer::Type>, accepted: &[&str]) -> Option<&'static str> {
    let kind = kind?;
    if !accepted.contains(&kind.mime_type()) {
        return None;
    }
    Some(match kind.extension() {
        "jpeg" => "jpg",
        ext => ext,
    })
}
