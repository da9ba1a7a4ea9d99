//! Video processing: an uploaded video becomes H.264/AAC MP4s in HD and SD, a poster frame and
//! a filmstrip of ten frames (ffmpeg, `ffmpeg.rs`), so it plays in every browser and the
//! custom player (spec 002 §2, §4) has what it shows.
//!
//! The path of one video: the upload is kept as it came and gets a job (`jobs.rs`, one per
//! upload, in the database); a post saved with that upload while its job is not done is held
//! in `transcoding` (the processing page and `transcoding_count` show it) and remembers the
//! state it was saved for; a worker on any node claims the job (`worker.rs`), and once what
//! it made is recorded, the posts held for it go to their state with the video's renditions
//! (`posts::store::release_held`, in one transaction with what going out causes). A failed
//! try is tried again with back-off, and after the last one the job stays failed with its
//! reason, which the processing page shows with a way to try again (`http.rs`).
//!
//! Without ffmpeg (or with `--ffmpeg off`) nothing is held: videos are served as uploaded,
//! and the server says so once at start-up.

mod ffmpeg;
mod http;
mod jobs;
mod worker;

pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;

use crate::config::VideoSettings;
use crate::posts::model::{PostContent, PostState};
use crate::posts::store::PostWrite;
use crate::store::Store;
use crate::store::media::MediaStore;
use jobs::JobState;
use worker::Worker;

/// Finds ffmpeg for `serve`: the settings with the tools filled in, or processing off (said
/// in the log) when they cannot be run.
pub(crate) async fn find_tools(mut settings: VideoSettings) -> VideoSettings {
    match ffmpeg::find(&settings).await {
        Some(tools) => {
            tracing::info!(ffmpeg = %tools.ffmpeg.display(), workers = settings.workers, "video processing is on");
            settings.ffmpeg = Some(tools.ffmpeg);
            settings.ffprobe = Some(tools.ffprobe);
        }
        None => {
            settings.ffmpeg = None;
            settings.ffprobe = None;
        }
    }
    settings
}

/// The node's video workers and the sweep that lets ready posts go; none when processing is
/// off.
pub(crate) struct Processing {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Processing {
    /// Starts `settings.workers` workers on `store` and `media`.
    pub(crate) async fn start(
        store: &Store,
        media: &MediaStore,
        settings: &VideoSettings,
    ) -> Processing {
        let Some(tools) = ffmpeg::find(settings).await else {
            return Processing { tasks: Vec::new() };
        };
        let worker = Worker {
            store: store.clone(),
            media: media.clone(),
            tools,
            node: format!("{}-{:08x}", std::process::id(), rand::random::<u32>()),
            retry_after: i64::try_from(settings.retry_after.as_secs()).unwrap_or(i64::MAX),
        };
        let mut tasks = vec![tokio::spawn(Worker::sweep(store.clone()))];
        tasks.extend((0..settings.workers).map(|_| tokio::spawn(worker.clone().run())));
        Processing { tasks }
    }

    /// Stops the workers; a job one was on is tried again once its claim runs out.
    pub(crate) fn stop(self) {
        for task in self.tasks {
            task.abort();
        }
    }
}

/// Queues the processing of a video just uploaded as `key`, so it starts before the post is
/// saved. Nothing when processing is off.
pub(crate) async fn queue_upload(
    store: &Store,
    settings: &VideoSettings,
    key: &str,
) -> sqlx::Result<()> {
    if settings.ffmpeg.is_some() {
        jobs::ensure(store, key).await?;
    }
    Ok(())
}

/// Readies a post about to be saved: a video uploaded here gets what processing made, or,
/// while that is not done, the post is held in `transcoding` and will go to the state it was
/// saved for. A post already out (`was_out`: an edit of a published or private post) is not
/// taken back, and a submission is not held: they keep the video as uploaded until saved
/// after processing. Answers the upload the post waits for.
pub(crate) async fn hold_until_processed(
    store: &Store,
    settings: &VideoSettings,
    write: &mut PostWrite,
    was_out: bool,
) -> sqlx::Result<Option<String>> {
    let Some(key) = worker::uploaded_video(&write.content).map(str::to_owned) else {
        return Ok(None);
    };
    if settings.ffmpeg.is_none() {
        return Ok(None);
    }
    let job = jobs::ensure(store, &key).await?;
    if let (JobState::Done, Some(result)) = (job.state, job.result) {
        if let PostContent::Video { processed, .. } = &mut write.content {
            *processed = Some(result);
        }
        return Ok(None);
    }
    if let PostContent::Video { processed, .. } = &mut write.content {
        *processed = None;
    }
    // A submission goes to the other blog's inbox as it is (its notice is sent as it is
    // saved; holding it would hide it from its submitter and its blog alike).
    if was_out || write.state == PostState::Unapproved {
        return Ok(None);
    }
    let saved_for = match write.state {
        PostState::Transcoding => write.pending_state.unwrap_or(PostState::Draft),
        state => state,
    };
    write.pending_state = Some(saved_for);
    write.state = PostState::Transcoding;
    Ok(Some(key))
}

/// After a held post is saved: if its video became ready meanwhile (the job finished between
/// the check and the save), lets it go now rather than at the next sweep.
pub(crate) async fn after_hold(store: &Store, key: &str) -> sqlx::Result<()> {
    worker::release_ready(store, Some(key)).await.map(|_| ())
}
