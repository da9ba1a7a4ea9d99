//! A node's video workers: each claims a due job, runs ffmpeg on the upload (read from the
//! media store, so any node can take any job, local folder or S3), keeps what it made in the
//! media store, records it, and lets the posts held for that video go. A claim is renewed
//! while ffmpeg works; if another node took the job over (this one was too slow to renew),
//! the work is dropped and ffmpeg killed, so a job never runs twice at once.

use std::path::Path;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::io::AsyncWriteExt;

use super::ffmpeg::{Container, Failure, Made, Tools};
use super::jobs::{self, Claim};
use crate::posts::model::{Filmstrip, PostContent, ProcessedVideo};
use crate::posts::store as posts;
use crate::store::Store;
use crate::store::media::{MediaStore, media_url};

/// How long a claim holds, and how often it is renewed while the work goes on.
const LEASE_SECS: i64 = 60;
const RENEW: Duration = Duration::from_secs(20);
/// How often an idle worker looks for a job.
const POLL: Duration = Duration::from_secs(1);
/// How often held posts whose video is ready are looked for, in case a node stopped between
/// recording a job and letting its posts go.
const SWEEP: Duration = Duration::from_secs(30);

/// What a worker needs.
#[derive(Clone)]
pub(super) struct Worker {
    pub store: Store,
    pub media: MediaStore,
    pub tools: Tools,
    /// This node's name in claims.
    pub node: String,
    /// Seconds before a failed try is tried again (doubled for each further try).
    pub retry_after: i64,
}

impl Worker {
    /// Works until the task is stopped.
    pub(super) async fn run(self) {
        loop {
            match jobs::claim(&self.store, &self.node, LEASE_SECS).await {
                Ok(Some(claim)) => self.work(claim).await,
                Ok(None) => tokio::time::sleep(POLL).await,
                Err(err) => {
                    tracing::warn!(error = %err, "claiming a video job failed");
                    tokio::time::sleep(POLL).await;
                }
            }
        }
    }

    /// Lets held posts go whose video is ready, now and every [`SWEEP`].
    pub(super) async fn sweep(store: Store) {
        let mut tick = tokio::time::interval(SWEEP);
        loop {
            tick.tick().await;
            if let Err(err) = release_ready(&store, None).await {
                tracing::warn!(error = %err, "letting held video posts go failed");
            }
        }
    }

    async fn work(&self, claim: Claim) {
        let key = claim.media_key.clone();
        tracing::info!(media = %key, attempt = claim.attempts, node = %self.node, "processing a video");
        let renewing = async {
            loop {
                tokio::time::sleep(RENEW).await;
                match jobs::renew(&self.store, &claim, &self.node, LEASE_SECS).await {
                    Ok(true) => {}
                    Ok(false) => return,
                    Err(err) => tracing::warn!(error = %err, "renewing a video claim failed"),
                }
            }
        };
        // Dropping `made` (another node holds the job now) kills ffmpeg (kill_on_drop).
        let made = tokio::select! {
            made = self.make(&key) => made,
            () = renewing => {
                tracing::warn!(media = %key, "another node took this video over; stopped");
                return;
            }
        };
        let recorded = match made {
            Ok(video) => match jobs::finish(&self.store, &claim, &self.node, &video).await {
                Ok(true) => {
                    tracing::info!(media = %key, "video processed");
                    match release_ready(&self.store, Some(&key)).await {
                        Ok(_) => fill_unheld(&self.store, &key, &video).await.map(|_| ()),
                        Err(err) => Err(err),
                    }
                }
                other => other.map(|_| ()),
            },
            Err(Failure(error)) => {
                tracing::warn!(media = %key, attempt = claim.attempts, %error, "processing a video failed");
                jobs::fail(&self.store, &claim, &self.node, &error, self.retry_after)
                    .await
                    .map(|_| ())
            }
        };
        if let Err(err) = recorded {
            // The claim runs out and the job is tried again.
            tracing::warn!(media = %key, error = %err, "recording a video job failed");
        }
    }

    /// Processes the upload `key` in a folder of its own, keeping what ffmpeg made.
    async fn make(&self, key: &str) -> Result<ProcessedVideo, Failure> {
        let work = tempfile::tempdir().map_err(|e| Failure(format!("No room to work: {e}")))?;
        let extension = key.rsplit_once('.').map_or("", |(_, ext)| ext);
        let container = Container::of_extension(extension)
            .ok_or_else(|| Failure("This file is not a video that can be processed.".into()))?;
        let input = work.path().join(format!("upload.{extension}"));
        self.fetch(key, &input).await?;
        let made = self.tools.process(&input, container, work.path()).await?;
        self.keep(made).await
    }

    /// Copies the upload `key` from the media store to `to`, in parts.
    async fn fetch(&self, key: &str, to: &Path) -> Result<(), Failure> {
        let lost =
            |e: &dyn std::fmt::Display| Failure(format!("The upload could not be read: {e}"));
        let opened = self
            .media
            .open(key, None)
            .await
            .map_err(|e| lost(&e))?
            .ok_or_else(|| Failure("The uploaded video is gone.".into()))?;
        let mut file = tokio::fs::File::create(to).await.map_err(|e| lost(&e))?;
        let mut body = opened.body;
        while let Some(part) = body.next().await {
            let part = part.map_err(|e| lost(&e))?;
            file.write_all(&part).await.map_err(|e| lost(&e))?;
        }
        file.flush().await.map_err(|e| lost(&e))
    }

    /// Keeps what ffmpeg made in the media store.
    async fn keep(&self, made: Made) -> Result<ProcessedVideo, Failure> {
        let put = |path: std::path::PathBuf, extension: &'static str| async move {
            self.media
                .put_file(&path, extension)
                .await
                .map(|name| media_url(&name))
                .map_err(|e| Failure(format!("The processed video could not be kept: {e}")))
        };
        let (strip_width, strip_height) = image::image_dimensions(&made.filmstrip)
            .map_err(|e| Failure(format!("The filmstrip could not be read: {e}")))?;
        Ok(ProcessedVideo {
            hd_url: put(made.hd, "mp4").await?,
            sd_url: put(made.sd, "mp4").await?,
            poster_url: put(made.poster, "jpg").await?,
            filmstrip: Filmstrip {
                url: put(made.filmstrip, "jpg").await?,
                width: strip_width,
                height: strip_height,
            },
            width: made.width,
            height: made.height,
            duration_ms: u64::try_from(made.duration.as_millis()).unwrap_or(u64::MAX),
        })
    }
}

/// The upload a video post shows, when it is one of ours (`/media/{key}`).
pub(super) fn uploaded_video(content: &PostContent) -> Option<&str> {
    match content {
        PostContent::Video { url, .. } => url
            .strip_prefix("/media/")
            .filter(|key| crate::store::media::is_media_name(key)),
        _ => None,
    }
}

/// Gives what processing made of the upload `key` to the posts that show it without having
/// waited for it (an edit of a post already out is not held): a published one's readers hear
/// it changed. Answers how many. A node that stops between the job's end and this leaves them
/// showing the upload as it came until their next save, which finds the job done.
pub(super) async fn fill_unheld(
    store: &Store,
    key: &str,
    result: &ProcessedVideo,
) -> sqlx::Result<usize> {
    let mut filled = 0;
    for post in posts::unprocessed_showing(store, &media_url(key)).await? {
        let mut content = post.content.clone();
        if let PostContent::Video { processed, .. } = &mut content {
            *processed = Some(result.clone());
        }
        if posts::fill_processed(store, &post, &content).await? {
            filled += 1;
            tracing::info!(
                post = post.id,
                "a post's video is ready: it shows the processed video"
            );
        }
    }
    Ok(filled)
}

/// Lets every held post go whose video is processed (only those of `key` when given), each
/// with what processing made. Answers how many went.
pub(super) async fn release_ready(store: &Store, key: Option<&str>) -> sqlx::Result<usize> {
    let held: Vec<_> = posts::held_posts(store)
        .await?
        .into_iter()
        .filter(|post| {
            uploaded_video(&post.content).is_some_and(|k| key.is_none_or(|want| want == k))
        })
        .collect();
    let keys: Vec<String> = held
        .iter()
        .filter_map(|post| uploaded_video(&post.content).map(str::to_owned))
        .collect();
    let ready = jobs::of_media_keys(store, &keys).await?;
    let mut released = 0;
    for post in held {
        let key = uploaded_video(&post.content).unwrap_or_default();
        let Some(result) = ready
            .iter()
            .find(|job| job.media_key == key)
            .and_then(|job| job.result.clone())
        else {
            continue;
        };
        let mut content = post.content.clone();
        if let PostContent::Video { processed, .. } = &mut content {
            *processed = Some(result);
        }
        if posts::release_held(store, &post, &content).await? {
            released += 1;
            tracing::info!(
                post = post.id,
                blog = post.blog_id,
                "a post's video is ready: it goes on"
            );
        }
    }
    Ok(released)
}
