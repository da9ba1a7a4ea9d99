//! What an audio or video URL points at (spec 001 §5): the services the composer knows by
//! their URL patterns (spotify, soundcloud, bandcamp, youtube), files played directly, and
//! embed codes. Nothing here fetches anything: recognising a URL needs no network.

use crate::media::limits::MAX_URL_CHARS;

pub(crate) const NO_EMBED: &str = "No embed specified.";
pub(crate) const DIRECT_EMBED_MISSING: &str = "Direct embed missing.";

/// An http(s) URL under the length limit.
pub(crate) fn web_url(raw: &str) -> Option<url::Url> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().count() >= MAX_URL_CHARS {
        return None;
    }
    url::Url::parse(raw)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
}

/// Where an audio post's sound comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AudioSource {
    pub url: String,
    /// `spotify`, `soundcloud`, `apple_music`, `bandcamp` or `direct`.
    pub service: &'static str,
}

/// The source of an audio URL: one of our uploads, a known service's page, or an MP3.
pub(crate) fn audio_source(raw: &str) -> Option<AudioSource> {
    let raw = raw.trim();
    if is_our_media(raw) {
        return raw
            .to_ascii_lowercase()
            .ends_with(".mp3")
            .then(|| AudioSource {
                url: raw.to_owned(),
                service: "direct",
            });
    }
    let url = web_url(raw)?;
    let host = url.host_str()?.trim_start_matches("www.");
    let service =
        if host == "open.spotify.com" || host == "spotify.com" || host == "play.spotify.com" {
            "spotify"
        } else if host == "soundcloud.com" || host == "m.soundcloud.com" {
            "soundcloud"
        } else if host == "music.apple.com" {
            "apple_music"
        } else if host.ends_with(".bandcamp.com") || host == "bandcamp.com" {
            "bandcamp"
        } else if url.path().to_ascii_lowercase().ends_with(".mp3") {
            "direct"
        } else {
            return None;
        };
    Some(AudioSource {
        url: url.to_string(),
        service,
    })
}

/// The player of a track on services whose player's address follows from the track's
/// (spotify, soundcloud, apple_music); empty otherwise.
pub(crate) fn audio_player(service: &str, url: &str) -> String {
    match service {
        "spotify" => url.replacen("open.spotify.com/", "open.spotify.com/embed/", 1),
        "apple_music" => url.replacen("://music.apple.com/", "://embed.music.apple.com/", 1),
        "soundcloud" => format!(
            "https://w.soundcloud.com/player/?url={}",
            url::form_urlencoded::byte_serialize(url.as_bytes()).collect::<String>()
        ),
        _ => String::new(),
    }
}

/// Where a video post's video comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct VideoSource {
    pub url: String,
    /// `youtube`, `embed` (another site's player) or `direct` (a video file).
    pub service: &'static str,
    /// The player to show in an iframe; empty for a file, which plays in a video element.
    pub embed_url: String,
}

const VIDEO_FILES: [&str; 5] = [".mp4", ".mov", ".webm", ".ogv", ".m4v"];

/// The source of what the video field holds: an upload, a youtube page, a video file's URL,
/// or an embed code. Errors are the spec's messages.
pub(crate) fn video_source(raw: &str) -> Result<VideoSource, &'static str> {
    let raw = raw.trim();
    if raw.starts_with('<') {
        return embed_code(raw);
    }
    if is_our_media(raw) {
        return if is_video_file(raw) {
            Ok(direct(raw))
        } else {
            Err(DIRECT_EMBED_MISSING)
        };
    }
    let Some(url) = web_url(raw) else {
        return Err(NO_EMBED);
    };
    if let Some(id) = youtube_id(&url) {
        return Ok(VideoSource {
            url: url.to_string(),
            service: "youtube",
            embed_url: format!("https://www.youtube.com/embed/{id}"),
        });
    }
    if is_video_file(url.path()) {
        return Ok(direct(url.as_str()));
    }
    Err(DIRECT_EMBED_MISSING)
}

fn direct(url: &str) -> VideoSource {
    VideoSource {
        url: url.to_owned(),
        service: "direct",
        embed_url: String::new(),
    }
}

fn is_our_media(raw: &str) -> bool {
    raw.starts_with("/media/") && !raw.contains("..")
}

fn is_video_file(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    VIDEO_FILES.iter().any(|ext| lower.ends_with(ext))
}

/// The video id of a youtube page, short link or player URL.
fn youtube_id(url: &url::Url) -> Option<String> {
    let host = url
        .host_str()?
        .trim_start_matches("www.")
        .trim_start_matches("m.");
    let id = match host {
        "youtu.be" => url
            .path()
            .trim_start_matches('/')
            .split('/')
            .next()?
            .to_owned(),
        "youtube.com" | "youtube-nocookie.com" => {
            let path = url.path();
            if path == "/watch" {
                url.query_pairs().find(|(k, _)| k == "v")?.1.into_owned()
            } else {
                let rest = path
                    .strip_prefix("/embed/")
                    .or_else(|| path.strip_prefix("/shorts/"))
                    .or_else(|| path.strip_prefix("/v/"))?;
                rest.split('/').next()?.to_owned()
            }
        }
        _ => return None,
    };
    let valid = (6..=20).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    valid.then_some(id)
}

/// An embed code: the first `src` of an iframe, embed or video element in it.
fn embed_code(code: &str) -> Result<VideoSource, &'static str> {
    let lower = code.to_ascii_lowercase();
    let tag = ["<iframe", "<embed", "<video"]
        .iter()
        .filter_map(|t| lower.find(t))
        .min()
        .ok_or(NO_EMBED)?;
    let after = &code[tag..];
    let src_at = after.to_ascii_lowercase().find("src=").ok_or(NO_EMBED)?;
    let value = &after[src_at + 4..];
    let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'');
    let src = match quote {
        Some(q) => value[1..].split(q).next().unwrap_or(""),
        None => value.split([' ', '>']).next().unwrap_or(""),
    };
    let src = if src.starts_with("//") {
        format!("https:{src}")
    } else {
        src.to_owned()
    };
    let url = web_url(&src).ok_or(NO_EMBED)?;
    if let Some(id) = youtube_id(&url) {
        return Ok(VideoSource {
            url: format!("https://www.youtube.com/watch?v={id}"),
            service: "youtube",
            embed_url: format!("https://www.youtube.com/embed/{id}"),
        });
    }
    if is_video_file(url.path()) {
        return Ok(direct(url.as_str()));
    }
    Ok(VideoSource {
        url: url.to_string(),
        service: "embed",
        embed_url: url.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audio_services_are_known_by_their_urls() {
        let service = |u: &str| audio_source(u).map(|s| s.service);
        assert_eq!(
            service("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC"),
            Some("spotify")
        );
        assert_eq!(
            service("https://soundcloud.com/artist/track"),
            Some("soundcloud")
        );
        assert_eq!(
            service("https://artist.bandcamp.com/track/song"),
            Some("bandcamp")
        );
        assert_eq!(service("https://files.example/song.MP3"), Some("direct"));
        assert_eq!(service("/media/ab12.mp3"), Some("direct"));
        assert_eq!(service("https://example.com/song.ogg"), None);
        assert_eq!(service("ftp://files.example/song.mp3"), None);
    }

    #[test]
    fn youtube_urls_of_every_shape_give_one_player() {
        for url in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1",
            "https://youtu.be/dQw4w9WgXcQ",
            "https://m.youtube.com/shorts/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",
        ] {
            let source = video_source(url).unwrap();
            assert_eq!(
                source.embed_url, "https://www.youtube.com/embed/dQw4w9WgXcQ",
                "{url}"
            );
        }
    }

    #[test]
    fn embed_codes_give_their_player() {
        let code = r#"<iframe width="560" src="//www.youtube.com/embed/dQw4w9WgXcQ" frameborder=0></iframe>"#;
        assert_eq!(video_source(code).unwrap().service, "youtube");
        let other =
            video_source("<iframe src='https://player.vimeo.com/video/1'></iframe>").unwrap();
        assert_eq!(
            (other.service, other.embed_url.as_str()),
            ("embed", "https://player.vimeo.com/video/1")
        );
        assert_eq!(video_source("<div>nothing</div>"), Err(NO_EMBED));
        assert_eq!(
            video_source("<iframe src=\"javascript:alert(1)\"></iframe>"),
            Err(NO_EMBED)
        );
    }

    #[test]
    fn video_files_play_directly() {
        assert_eq!(
            video_source("https://cdn.example/clip.mp4")
                .unwrap()
                .service,
            "direct"
        );
        assert_eq!(video_source("/media/abc.webm").unwrap().service, "direct");
        assert_eq!(
            video_source("https://example.com/watch"),
            Err(DIRECT_EMBED_MISSING)
        );
        assert_eq!(video_source("not a url"), Err(NO_EMBED));
    }
}
