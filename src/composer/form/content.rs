//! The type-specific part of the save form: each post type's fields read into its content
//! (the table in `form`'s doc), with the messages of spec 001 §5.

use std::collections::BTreeMap;

use super::fields::{
    FieldError, MAX_PHOTO_CAPTION, MAX_PHOTOS, NEED_PERMISSION, NO_AUDIO, NO_CHAT, NO_PHOTOS,
    NO_QUOTE, NO_URL, NO_VIDEO, NOT_A_VALID_URL, PHOTOSET_LAYOUTS, POST_BODY_EMPTY, QUESTION_EMPTY,
    SaveFields, TOO_MANY_PHOTOS, UPLOADS_IN_PROGRESS, field_error, flag, flag_value, given,
    invalid_value,
};
use crate::composer::media_urls::{
    AudioSource, VideoSource, audio_player, audio_source, video_source, web_url,
};
use crate::posts::model::{EditorType, Photo, PostContent, PostSource, PostType, Selfie};
use crate::posts::sanitize;

/// The type-specific part of the form.
pub(super) struct TypeFields<'a> {
    pub(super) source: &'a PostSource,
    pub(super) editor: EditorType,
    pub(super) confirm_tos: bool,
    pub(super) form: &'a SaveFields,
}

impl TypeFields<'_> {
    fn html(&self, raw: &str) -> String {
        sanitize::post_html(raw, self.editor)
    }

    pub(super) fn content(&self, post_type: PostType) -> Result<PostContent, Vec<FieldError>> {
        let one = self.source.one.trim();
        let two = self.source.two.trim();
        let three = self.source.three.trim();
        let fail = |field: &str, message: &str| Err(vec![field_error(field, message)]);
        match post_type {
            PostType::Text => {
                let title = sanitize::plain_text(one);
                let body = self.html(two);
                if title.is_empty() && body.trim().is_empty() {
                    return fail("post[two]", POST_BODY_EMPTY);
                }
                Ok(PostContent::Text { title, body })
            }
            PostType::Photo => self.photo(two, three),
            PostType::Quote => {
                let quote = sanitize::quote_text(one);
                if quote.is_empty() {
                    return fail("post[one]", NO_QUOTE);
                }
                let source = sanitize::quote_source(two, self.editor);
                Ok(PostContent::Quote { quote, source })
            }
            PostType::Link => {
                if two.is_empty() {
                    return fail("post[two]", NO_URL);
                }
                let with_scheme = if two.contains("://") {
                    two.to_owned()
                } else {
                    format!("http://{two}")
                };
                let Some(url) = web_url(&with_scheme) else {
                    return fail("post[two]", NOT_A_VALID_URL);
                };
                let thumbnail = if flag_value(&self.form.remove_thumbnail) {
                    None
                } else {
                    self.form
                        .thumbnail
                        .as_deref()
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .and_then(|t| media_or_web_url(t).map(|_| t.to_owned()))
                };
                Ok(PostContent::Link {
                    publisher: url
                        .host_str()
                        .unwrap_or("")
                        .trim_start_matches("www.")
                        .to_owned(),
                    url: url.to_string(),
                    title: sanitize::plain_text(one),
                    excerpt: sanitize::plain_text(given(&self.form.excerpt)),
                    author: sanitize::plain_text(given(&self.form.author)),
                    thumbnail,
                    caption: self.html(three),
                })
            }
            PostType::Chat => {
                let lines = sanitize::chat_lines(two);
                if lines.is_empty() {
                    return fail("post[two]", NO_CHAT);
                }
                Ok(PostContent::Chat {
                    title: sanitize::plain_text(one),
                    lines,
                })
            }
            PostType::Audio => self.audio(two, three),
            PostType::Video => self.video(one, two),
            PostType::Note => {
                let ask = sanitize::plain_text(one);
                if ask.is_empty() {
                    return fail("post[one]", QUESTION_EMPTY);
                }
                Ok(PostContent::Note {
                    ask,
                    asking_name: None,
                    answer: self.html(two),
                    caption: self.html(three),
                })
            }
        }
    }

    /// Photos come as `images[{id}]` (the uploaded URL) with `caption[{id}]`, in the order of
    /// `post[photoset_order]` (ids joined by commas) or else as given.
    fn photo(&self, caption: &str, linkthrough: &str) -> Result<PostContent, Vec<FieldError>> {
        let mut urls: BTreeMap<&str, &str> = BTreeMap::new();
        let mut in_order: Vec<&str> = Vec::new();
        for (id, url) in self.form.photos.urls() {
            urls.insert(id, url);
            in_order.push(id);
        }
        let order: Vec<&str> = match self
            .form
            .photoset_order
            .as_deref()
            .filter(|o| !o.is_empty())
        {
            Some(order) => order
                .split(',')
                .map(str::trim)
                .filter(|id| urls.contains_key(id))
                .collect(),
            None => in_order,
        };
        if order.is_empty() {
            return Err(vec![field_error("images", NO_PHOTOS)]);
        }
        if order.len() > MAX_PHOTOS {
            return Err(vec![field_error("images", TOO_MANY_PHOTOS)]);
        }
        let mut photos = Vec::with_capacity(order.len());
        for id in &order {
            let url = urls[id].trim();
            if url.is_empty() {
                return Err(vec![field_error(
                    &format!("images[{id}]"),
                    UPLOADS_IN_PROGRESS,
                )]);
            }
            if media_or_web_url(url).is_none() {
                return Err(vec![field_error(&format!("images[{id}]"), NOT_A_VALID_URL)]);
            }
            let caption: String = self
                .form
                .photos
                .caption(id)
                .map(sanitize::plain_text)
                .unwrap_or_default()
                .chars()
                .take(MAX_PHOTO_CAPTION)
                .collect();
            photos.push(Photo {
                url: url.to_owned(),
                width: 0,
                height: 0,
                caption,
            });
        }
        let layout = given(&self.form.photoset_layout).trim().to_owned();
        if !PHOTOSET_LAYOUTS.contains(&layout.as_str()) {
            return Err(vec![invalid_value("photoset_layout")]);
        }
        // An allowed layout is digits only: photos per row.
        let laid_out: usize = layout.bytes().map(|b| usize::from(b - b'0')).sum();
        if !layout.is_empty() && laid_out != photos.len() {
            return Err(vec![invalid_value("photoset_layout")]);
        }
        // A click-through URL is for a single photo (spec 001 §4 Photo form).
        let linkthrough = if photos.len() == 1 {
            web_url(linkthrough)
                .map(|u| u.to_string())
                .unwrap_or_default()
        } else {
            String::new()
        };
        Ok(PostContent::Photo {
            photos,
            layout,
            linkthrough,
            caption: self.html(caption),
            selfie: self.selfie()?,
        })
    }

    /// Spec 001 §7's `is_selfie` and `is_selfie_gif`. The webcam's GIF may come with both
    /// flags set (it is a selfie too); the GIF is the more particular answer.
    fn selfie(&self) -> Result<Option<Selfie>, Vec<FieldError>> {
        let mut errors = Vec::new();
        let snapshot = flag(&self.form.is_selfie, "is_selfie", &mut errors);
        let gif = flag(&self.form.is_selfie_gif, "is_selfie_gif", &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(if gif {
            Some(Selfie::Gif)
        } else if snapshot {
            Some(Selfie::Photo)
        } else {
            None
        })
    }

    /// An audio post plays a service's track or an MP3: a URL (`post[three]`) or an upload
    /// (`preuploaded_url`), which needs the permission confirmed.
    fn audio(&self, caption: &str, url: &str) -> Result<PostContent, Vec<FieldError>> {
        let uploaded = self
            .form
            .preuploaded_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty());
        let source = match uploaded {
            Some(upload) => {
                if !self.confirm_tos {
                    return Err(vec![field_error("confirm_tos", NEED_PERMISSION)]);
                }
                audio_source(upload)
            }
            None => audio_source(url),
        };
        let Some(AudioSource { url, service }) = source else {
            return Err(vec![field_error("post[three]", NO_AUDIO)]);
        };
        let album_art = if flag_value(&self.form.remove_album_art) {
            None
        } else {
            self.form
                .album_art
                .as_deref()
                .map(str::trim)
                .filter(|a| !a.is_empty() && media_or_web_url(a).is_some())
                .map(str::to_owned)
        };
        Ok(PostContent::Audio {
            embed_url: audio_player(service, &url),
            url,
            service: service.to_owned(),
            track_title: sanitize::plain_text(given(&self.form.track_title)),
            track_artist: sanitize::plain_text(given(&self.form.track_artist)),
            track_album: sanitize::plain_text(given(&self.form.track_album)),
            album_art,
            caption: self.html(caption),
        })
    }

    /// A video is an upload (`preuploaded_url`, which needs the permission confirmed) or what
    /// `post[one]` names: a provider's page, a video file's URL, or an embed code.
    fn video(&self, embed: &str, caption: &str) -> Result<PostContent, Vec<FieldError>> {
        let uploaded = self
            .form
            .preuploaded_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty());
        let source = match uploaded {
            Some(upload) => {
                if !self.confirm_tos {
                    return Err(vec![field_error("confirm_tos", NEED_PERMISSION)]);
                }
                video_source(upload)
            }
            None if embed.is_empty() => return Err(vec![field_error("post[one]", NO_VIDEO)]),
            None => video_source(embed),
        };
        let source = match source {
            Ok(source) => source,
            Err(message) => return Err(vec![field_error("post[one]", message)]),
        };
        let VideoSource {
            url,
            service,
            embed_url,
        } = source;
        Ok(PostContent::Video {
            url,
            service: service.to_owned(),
            embed_url,
            caption: self.html(caption),
            processed: None,
        })
    }
}

/// One of our own media addresses (`/media/...`), or an http(s) URL.
pub(crate) fn media_or_web_url(raw: &str) -> Option<()> {
    let ours = raw.starts_with("/media/") && !raw.contains("..");
    (ours || web_url(raw).is_some()).then_some(())
}
