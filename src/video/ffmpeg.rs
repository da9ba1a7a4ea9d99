//! Running ffmpeg and ffprobe (Debian's packages) on one video: what it is (ffprobe), then its
//! HD and SD H.264/AAC MP4s in one decoding pass, a poster frame and a filmstrip of ten frames.
//! Each run is a child process with a time cap (killed when it passes) and, where util-linux's
//! `prlimit` is there, an address-space cap, so a hostile file can cost a try, not the node.
//!
//! The upload is the only file ffmpeg reads. A container names its demuxer, and some demuxers
//! open further files: a playlist (hls), a list of files (concat), a numbered sequence
//! (image2), and a container whose stream holds one of those (the public AVI + HLS technique)
//! gets ffmpeg to read any local file into the video it makes, which `-protocol_whitelist
//! file` alone allows. So each input is read with the demuxer of the container the upload
//! was detected as (`-f`), only the accepted containers' demuxers may open at all
//! (`-format_whitelist`, which nested demuxers inherit), and ffmpeg runs in the job's own
//! folder, where the upload and what it makes are the only files.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::process::Command;

use crate::config::VideoSettings;

/// The renditions' boxes, landscape (a video standing up gets them turned).
const HD_BOX: (u32, u32) = (1280, 720);
const SD_BOX: (u32, u32) = (640, 360);
/// Frames in the filmstrip (spec 002 §4 Video), and each one's width.
pub(super) const FILMSTRIP_FRAMES: u32 = 10;
const FILMSTRIP_FRAME_WIDTH: u32 = 200;
/// The most of ffmpeg's complaint kept for the post's owner.
const ERROR_CHARS: usize = 300;

/// The tools, found.
#[derive(Debug, Clone)]
pub(super) struct Tools {
    pub ffmpeg: PathBuf,
    pub ffprobe: PathBuf,
    /// util-linux's prlimit, to cap a run's address space.
    prlimit: Option<PathBuf>,
    memory_bytes: u64,
    timeout: Duration,
}

/// Looks for ffmpeg at `settings.ffmpeg` and its ffprobe (beside it, else on the PATH), and
/// runs each once. `None` when processing is off or either cannot be run.
pub(super) async fn find(settings: &VideoSettings) -> Option<Tools> {
    let ffmpeg = settings.ffmpeg.clone()?;
    let beside = ffmpeg
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join("ffprobe"));
    let ffprobe = match beside {
        Some(path) if path.exists() => path,
        _ => PathBuf::from("ffprobe"),
    };
    for tool in [&ffmpeg, &ffprobe] {
        let ran = Command::new(tool)
            .arg("-version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await;
        if !matches!(ran, Ok(status) if status.success()) {
            tracing::warn!(
                tool = %tool.display(),
                "video processing is off: this program cannot be run (install Debian's ffmpeg \
                 package, or point --ffmpeg at it); uploaded videos are served as they are"
            );
            return None;
        }
    }
    let prlimit = if settings.memory_bytes == 0 {
        None
    } else {
        let ran = Command::new("prlimit")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await;
        match ran {
            Ok(status) if status.success() => Some(PathBuf::from("prlimit")),
            _ => {
                tracing::warn!("prlimit (util-linux) is missing: ffmpeg runs without a memory cap");
                None
            }
        }
    };
    // What confines ffmpeg, said once: the demuxers above; no user or namespace of its own
    // (which needs privileges or a sandboxing tool the server does not assume).
    tracing::info!(
        demuxers = DEMUXERS,
        "video processing on: ffmpeg reads each upload by its container's demuxer only, in \
         the job's own folder, as this server's user"
    );
    Some(Tools {
        ffmpeg,
        ffprobe,
        prlimit,
        memory_bytes: settings.memory_bytes,
        timeout: settings.timeout,
    })
}

/// The containers an upload is accepted in (`media/`'s video types), each read by its own
/// demuxer and no other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Container {
    /// MP4 and QuickTime: ffmpeg's `mov` demuxer.
    Mov,
    /// WebM (and Matroska): ffmpeg's `matroska` demuxer.
    Matroska,
}

/// The demuxers ffmpeg may open, for the upload and anything inside it.
const DEMUXERS: &str = "mov,matroska";

impl Container {
    /// The container of a stored upload, by the extension its detected type gave it.
    pub(super) fn of_extension(extension: &str) -> Option<Container> {
        match extension {
            "mp4" | "mov" | "m4v" => Some(Container::Mov),
            "webm" | "mkv" => Some(Container::Matroska),
            _ => None,
        }
    }

    fn demuxer(self) -> &'static str {
        match self {
            Container::Mov => "mov",
            Container::Matroska => "matroska",
        }
    }
}

/// Why a run failed, in words for the post's owner.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(super) struct Failure(pub String);

/// What a video is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Probe {
    /// The picture as shown (turned upright).
    pub width: u32,
    pub height: u32,
    pub duration: Duration,
}

/// The files one processing made, in its work folder.
#[derive(Debug)]
pub(super) struct Made {
    pub hd: PathBuf,
    pub sd: PathBuf,
    pub poster: PathBuf,
    pub filmstrip: PathBuf,
    /// The HD rendition's picture size.
    pub width: u32,
    pub height: u32,
    pub duration: Duration,
}

impl Tools {
    /// Makes everything of `input`, read as `container`, in `work`: a folder of the caller's
    /// that holds `input` and nothing else, where ffmpeg runs.
    pub(super) async fn process(
        &self,
        input: &Path,
        container: Container,
        work: &Path,
    ) -> Result<Made, Failure> {
        let run = Run { tools: self, work };
        let probe = run.probe(input, container).await?;
        let upright = probe.height > probe.width;
        let hd_box = turned(HD_BOX, upright);
        let sd_box = turned(SD_BOX, upright);
        let (hd, sd) = (work.join("hd.mp4"), work.join("sd.mp4"));
        let mut args = input_args(input, container);
        for (out, (w, h), crf, audio) in [(&hd, hd_box, "23", "128k"), (&sd, sd_box, "26", "96k")] {
            args.extend(
                [
                    "-map",
                    "0:v:0",
                    "-map",
                    "0:a:0?",
                    "-vf",
                    &fit(w, h),
                    "-c:v",
                    "libx264",
                    "-preset",
                    "veryfast",
                    "-crf",
                    crf,
                    "-pix_fmt",
                    "yuv420p",
                    "-c:a",
                    "aac",
                    "-b:a",
                    audio,
                    "-ac",
                    "2",
                    "-movflags",
                    "+faststart",
                ]
                .map(String::from),
            );
            args.push(path_arg(out));
        }
        run.ffmpeg(&args).await?;
        let poster = work.join("poster.jpg");
        let at = poster_time(probe.duration);
        let mut args = vec!["-ss".into(), format!("{:.3}", at.as_secs_f64())];
        args.extend(input_args(input, container));
        args.extend([
            "-frames:v".into(),
            "1".into(),
            "-vf".into(),
            fit(hd_box.0, hd_box.1),
            "-q:v".into(),
            "3".into(),
            path_arg(&poster),
        ]);
        run.ffmpeg(&args).await?;
        let filmstrip = work.join("filmstrip.jpg");
        // Ten frames spread evenly: one every tenth of the video, side by side.
        let every = (probe.duration.as_secs_f64() / f64::from(FILMSTRIP_FRAMES)).max(0.04);
        let mut args = input_args(input, container);
        args.extend([
            "-vf".into(),
            format!("fps=1/{every:.3},scale={FILMSTRIP_FRAME_WIDTH}:-2,tile={FILMSTRIP_FRAMES}x1"),
            "-frames:v".into(),
            "1".into(),
            "-q:v".into(),
            "4".into(),
            path_arg(&filmstrip),
        ]);
        run.ffmpeg(&args).await?;
        let made = run.probe(&hd, Container::Mov).await?;
        Ok(Made {
            hd,
            sd,
            poster,
            filmstrip,
            width: made.width,
            height: made.height,
            duration: probe.duration,
        })
    }
}

/// The runs of one processing: the tools, in the job's folder.
struct Run<'a> {
    tools: &'a Tools,
    work: &'a Path,
}

impl Run<'_> {
    /// The size and length of `input`'s first video stream.
    async fn probe(&self, input: &Path, container: Container) -> Result<Probe, Failure> {
        let mut args: Vec<String> = [
            "-v",
            "error",
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=width,height:stream_side_data=rotation:format=duration",
            "-of",
            "json",
        ]
        .map(String::from)
        .into();
        // ffprobe names its input without `-i`.
        args.extend(reading(container));
        args.push(path_arg(input));
        let out = self.run(&self.tools.ffprobe, &args).await?;
        parse_probe(&out)
    }

    async fn ffmpeg(&self, args: &[String]) -> Result<String, Failure> {
        let mut all: Vec<String> = ["-nostdin", "-y", "-v", "error"].map(String::from).into();
        all.extend_from_slice(args);
        self.run(&self.tools.ffmpeg, &all).await
    }

    /// Runs `program` with `args` under the caps, in the job's folder; its standard output,
    /// or why it failed.
    async fn run(&self, program: &Path, args: &[String]) -> Result<String, Failure> {
        let tools = self.tools;
        let mut command = match &tools.prlimit {
            Some(prlimit) => {
                let mut c = Command::new(prlimit);
                c.arg(format!("--as={}", tools.memory_bytes))
                    .arg("--")
                    .arg(program);
                c
            }
            None => Command::new(program),
        };
        command
            .args(args)
            .current_dir(self.work)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = command
            .spawn()
            .map_err(|err| Failure(format!("ffmpeg could not be started: {err}")))?;
        let (mut stdout, mut stderr) = (child.stdout.take(), child.stderr.take());
        let work = async {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let read_out = async {
                if let Some(s) = stdout.as_mut() {
                    let _ = s.read_to_end(&mut out).await;
                }
            };
            let read_err = async {
                if let Some(s) = stderr.as_mut() {
                    let _ = s.read_to_end(&mut err).await;
                }
            };
            tokio::join!(read_out, read_err);
            (child.wait().await, out, err)
        };
        let (status, out, err) = tokio::time::timeout(tools.timeout, work)
            .await
            .map_err(|_| {
                Failure(format!(
                    "Processing took longer than {} s and was stopped.",
                    tools.timeout.as_secs()
                ))
            })?;
        match status {
            Ok(status) if status.success() => Ok(String::from_utf8_lossy(&out).into_owned()),
            Ok(status) => Err(Failure(complaint(&String::from_utf8_lossy(&err), status))),
            Err(err) => Err(Failure(format!("ffmpeg could not be waited for: {err}"))),
        }
    }
}

/// The box (w, h) standing up when `upright`.
fn turned((w, h): (u32, u32), upright: bool) -> (u32, u32) {
    if upright { (h, w) } else { (w, h) }
}

/// A filter that fits the picture in w × h, never larger than it was, in even sizes (H.264
/// in yuv420p needs them).
fn fit(w: u32, h: u32) -> String {
    format!(
        "scale=w='min({w},iw)':h='min({h},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"
    )
}

/// Where the poster is taken: a second in, or the middle of a shorter video.
fn poster_time(duration: Duration) -> Duration {
    Duration::from_secs(1).min(duration / 2)
}

/// The options that read an input as `container` and as nothing else: by that container's
/// demuxer, with only the accepted containers' demuxers allowed to open (so no playlist, file
/// list or image sequence inside it opens another file), and nothing but local files (no
/// URL). ffmpeg and ffprobe take them alike before the input.
fn reading(container: Container) -> Vec<String> {
    [
        "-protocol_whitelist",
        "file",
        "-format_whitelist",
        DEMUXERS,
        "-f",
        container.demuxer(),
    ]
    .map(String::from)
    .into()
}

/// ffmpeg's input `input`, read as `container` ([`reading`]).
fn input_args(input: &Path, container: Container) -> Vec<String> {
    let mut args = reading(container);
    args.extend(["-i".into(), path_arg(input)]);
    args
}

fn path_arg(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// ffmpeg's last words, short, or how it ended. They are shown to the video's owner, so the
/// server's own paths (ffmpeg names its input before the reason: `/tmp/…/upload.mp4: Invalid
/// data…`) are left out.
fn complaint(stderr: &str, status: std::process::ExitStatus) -> String {
    let last = stderr.lines().rev().map(str::trim).find(|l| !l.is_empty());
    match last {
        Some(line) => {
            let line: String = without_paths(line).chars().take(ERROR_CHARS).collect();
            format!("This video could not be processed: {line}")
        }
        None => format!("This video could not be processed (ffmpeg ended with {status})."),
    }
}

/// `line` without file paths: a `path: ` prefix goes, and a path inside it reads 'the file'.
fn without_paths(line: &str) -> String {
    let reason = match line.split_once(": ") {
        Some((before, after)) if before.contains('/') => after,
        _ => line,
    };
    reason
        .split(' ')
        .map(|word| {
            if word.starts_with('/') {
                "the file"
            } else {
                word
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// ffprobe's JSON: the first video stream's size (turned by a quarter rotation) and the
/// container's duration.
fn parse_probe(json: &str) -> Result<Probe, Failure> {
    let no_video = || Failure("This file has no video in it.".into());
    let value: serde_json::Value = serde_json::from_str(json).map_err(|_| no_video())?;
    let stream = value
        .get("streams")
        .and_then(|s| s.as_array())
        .and_then(|s| s.first())
        .ok_or_else(no_video)?;
    let size = |name: &str| {
        stream
            .get(name)
            .and_then(|v| v.as_u64())
            .and_then(|v| u32::try_from(v).ok())
            .filter(|v| *v > 0)
    };
    let (Some(width), Some(height)) = (size("width"), size("height")) else {
        return Err(no_video());
    };
    let rotation = stream
        .get("side_data_list")
        .and_then(|list| list.as_array())
        .and_then(|list| list.iter().find_map(|d| d.get("rotation")?.as_i64()))
        .unwrap_or(0);
    let seconds = value
        .get("format")
        .and_then(|f| f.get("duration"))
        .and_then(|d| d.as_str())
        .and_then(|d| d.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .ok_or_else(|| {
            Failure("This video does not say how long it is, so it could not be processed.".into())
        })?;
    let (width, height) = if rotation.rem_euclid(180) == 90 {
        (height, width)
    } else {
        (width, height)
    };
    Ok(Probe {
        width,
        height,
        duration: Duration::from_secs_f64(seconds),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_complaint_names_no_path_of_the_server() {
        assert_eq!(
            without_paths("/tmp/.tmpHQkygJ/upload.mp4: Invalid data found when processing input"),
            "Invalid data found when processing input"
        );
        assert_eq!(
            without_paths("Error opening input file /tmp/.tmpX/upload.mp4."),
            "Error opening input file the file"
        );
        assert_eq!(without_paths("Conversion failed!"), "Conversion failed!");
    }

    #[test]
    fn a_probe_is_read_upright() {
        let json = r#"{"streams":[{"width":1920,"height":1080,"side_data_list":[{"rotation":-90}]}],
                       "format":{"duration":"3.500000"}}"#;
        assert_eq!(
            parse_probe(json),
            Ok(Probe {
                width: 1080,
                height: 1920,
                duration: Duration::from_millis(3500)
            })
        );
        let no_video = Err(Failure("This file has no video in it.".into()));
        assert_eq!(
            parse_probe(r#"{"streams":[],"format":{"duration":"1"}}"#),
            no_video
        );
        assert_eq!(
            parse_probe(r#"{"streams":[{"width":0,"height":10}],"format":{"duration":"1"}}"#),
            no_video
        );
        let unknown_length = parse_probe(r#"{"streams":[{"width":320,"height":240}],"format":{}}"#);
        assert!(unknown_length.unwrap_err().0.contains("how long it is"));
    }

    /// A file that names another, stored as an upload: an HLS playlist whose one segment is a
    /// video elsewhere on the machine (red frames), as a crafted container would carry one.
    /// Read by content, ffmpeg would make the renditions of that other file.
    #[tokio::test]
    async fn a_file_that_names_another_file_is_not_read_past_itself() {
        let settings = VideoSettings {
            ffmpeg: Some(PathBuf::from("ffmpeg")),
            ..VideoSettings::default()
        };
        let tools = find(&settings)
            .await
            .expect("ffmpeg, to process videos: apt-get install ffmpeg");
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("secret.ts");
        let made = std::process::Command::new("ffmpeg")
            .args(["-v", "error", "-f", "lavfi", "-i", "color=red:s=64x64:d=2"])
            .args(["-c:v", "libx264"])
            .arg(&secret)
            .status()
            .unwrap();
        assert!(made.success(), "making the file outside the upload");
        let playlist = format!(
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n{}\n#EXT-X-ENDLIST\n",
            secret.display()
        );
        for (name, container) in [
            ("upload.mp4", Container::Mov),
            ("upload.webm", Container::Matroska),
        ] {
            let work = tempfile::tempdir().unwrap();
            let input = work.path().join(name);
            std::fs::write(&input, &playlist).unwrap();
            let processed = tools.process(&input, container, work.path()).await;
            assert!(processed.is_err(), "{name}: {processed:?}");
            let left: Vec<_> = std::fs::read_dir(work.path())
                .unwrap()
                .map(|entry| entry.unwrap().file_name())
                .collect();
            assert_eq!(left, [name], "{name}: nothing was made of the other file");
        }
        // The same playlist read by content is what the demuxer and whitelist stop: ffmpeg
        // follows it to the other file (so this test would see it if they went).
        let work = tempfile::tempdir().unwrap();
        let input = work.path().join("upload.mp4");
        std::fs::write(&input, &playlist).unwrap();
        let poster = work.path().join("poster.jpg");
        let followed = std::process::Command::new("ffmpeg")
            .args([
                "-nostdin",
                "-v",
                "error",
                "-protocol_whitelist",
                "file",
                "-i",
            ])
            .arg(&input)
            .args(["-frames:v", "1"])
            .arg(&poster)
            .status()
            .unwrap();
        assert!(followed.success() && poster.exists(), "ffmpeg followed it");
    }

    #[test]
    fn a_stored_upload_is_read_as_the_container_it_was_detected_as() {
        assert_eq!(Container::of_extension("mp4"), Some(Container::Mov));
        assert_eq!(Container::of_extension("mov"), Some(Container::Mov));
        assert_eq!(Container::of_extension("webm"), Some(Container::Matroska));
        assert_eq!(Container::of_extension("m3u8"), None);
        assert_eq!(Container::of_extension(""), None);
    }

    #[test]
    fn the_poster_comes_a_second_in_or_from_the_middle() {
        assert_eq!(poster_time(Duration::from_secs(30)), Duration::from_secs(1));
        assert_eq!(
            poster_time(Duration::from_millis(600)),
            Duration::from_millis(300)
        );
    }
}
