//! The settings of the parts of `serve` that run beside the routes (mail, video processing,
//! the GIF and audio services) and where uploads are kept, as `Config` holds them once checked.

/// The From of the server's mail unless `--mail-from` says otherwise.
pub(crate) const DEFAULT_MAIL_FROM: &str = "dashwire <no-reply@dashwire.localhost>";

/// How the server sends mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// The SMTP server's URL; none keeps mail in the outbox.
    pub smtp_url: Option<String>,
    /// The From address (a mailbox: `Name <address>` or `address`).
    pub from: String,
}

impl Default for MailSettings {
    fn default() -> MailSettings {
        MailSettings {
            smtp_url: None,
            from: DEFAULT_MAIL_FROM.into(),
        }
    }
}

/// How uploaded videos are processed (`video/`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VideoSettings {
    /// The ffmpeg to run; `None` when processing is off (`--ffmpeg off`, or, once `serve`
    /// has looked, when ffmpeg or ffprobe cannot be run).
    pub ffmpeg: Option<std::path::PathBuf>,
    /// Its ffprobe, found by `serve` when it looked.
    pub ffprobe: Option<std::path::PathBuf>,
    pub workers: usize,
    pub timeout: std::time::Duration,
    /// The address space cap in bytes (0: none).
    pub memory_bytes: u64,
    pub retry_after: std::time::Duration,
}

impl Default for VideoSettings {
    fn default() -> VideoSettings {
        VideoSettings {
            ffmpeg: None,
            ffprobe: None,
            workers: 1,
            timeout: std::time::Duration::from_secs(900),
            memory_bytes: 3072 << 20,
            retry_after: std::time::Duration::from_secs(60),
        }
    }
}

/// The audio services the composer may ask (`composer/providers/`); a service without its
/// key is known by its URLs only.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AudioSettings {
    pub spotify_client_id: Option<String>,
    pub spotify_client_secret: Option<String>,
    pub spotify_api_url: String,
    pub spotify_accounts_url: String,
    pub soundcloud_client_id: Option<String>,
    pub soundcloud_api_url: String,
    /// Search Apple Music through the iTunes Search API (it needs no key).
    pub itunes_search: bool,
    pub itunes_api_url: String,
    /// Search YouTube's videos through its Data API with this key.
    pub youtube_api_key: Option<String>,
    pub youtube_api_url: String,
}

/// Where the GIF panel finds GIFs besides the ones posted here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GifSettings {
    /// GIPHY's key; none: only the GIFs posted here.
    pub giphy_key: Option<String>,
    pub giphy_url: String,
}

/// Where uploads are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaLocation {
    Dir(std::path::PathBuf),
    S3(String),
}
