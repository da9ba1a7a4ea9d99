//! A video's picture size, read from its container without decoding it: the first video
//! track's header (`tkhd`) in an MP4, MOV or M4V (ISO base media files), turned upright by
//! its rotation matrix. Other containers (WebM, MKV, AVI, WMV) are not read: their size stays
//! unknown (0 × 0), as the upload answer documents.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// The largest `moov` box read into memory (its track headers come first in it).
const MAX_MOOV_BYTES: u64 = 16 * 1024 * 1024;

/// A video's displayed width and height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct VideoSize {
    pub width: u32,
    pub height: u32,
}

impl VideoSize {
    /// 'landscape', 'portrait' or 'square', as the composer lays the player out.
    pub(super) fn orientation(self) -> &'static str {
        match self.width.cmp(&self.height) {
            std::cmp::Ordering::Greater => "landscape",
            std::cmp::Ordering::Less => "portrait",
            std::cmp::Ordering::Equal => "square",
        }
    }
}

/// The size of the video in the ISO base media file at `path`, if it has a video track.
pub(super) fn size_of(path: &Path) -> Option<VideoSize> {
    let mut file = std::fs::File::open(path).ok()?;
    let end = file.metadata().ok()?.len();
    let (start, size) = find_box(&mut file, 0, end, *b"moov")?;
    if size > MAX_MOOV_BYTES {
        return None;
    }
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut moov = vec![0u8; usize::try_from(size).ok()?];
    file.read_exact(&mut moov).ok()?;
    boxes(&moov)
        .filter(|(kind, _)| kind == b"trak")
        .find_map(|(_, trak)| {
            boxes(trak)
                .find(|(kind, _)| kind == b"tkhd")
                .and_then(|(_, tkhd)| track_size(tkhd))
        })
}

/// The payload (offset, length) of the first box of `kind` between `from` and `to` in a file.
fn find_box(file: &mut std::fs::File, mut at: u64, to: u64, kind: [u8; 4]) -> Option<(u64, u64)> {
    while at + 8 <= to {
        file.seek(SeekFrom::Start(at)).ok()?;
        let mut head = [0u8; 16];
        file.read_exact(&mut head[..8]).ok()?;
        let declared = u64::from(u32::from_be_bytes(head[..4].try_into().ok()?));
        let (header, total) = match declared {
            0 => (8, to - at),
            1 => {
                file.read_exact(&mut head[8..16]).ok()?;
                (16, u64::from_be_bytes(head[8..16].try_into().ok()?))
            }
            n => (8, n),
        };
        if total < header || at + total > to {
            return None;
        }
        if head[4..8] == kind {
            return Some((at + header, total - header));
        }
        at += total;
    }
    None
}

/// The boxes directly inside `data`, as (kind, payload); stops at the first malformed one.
fn boxes(data: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    let mut rest = data;
    std::iter::from_fn(move || {
        let declared = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let kind: [u8; 4] = rest.get(4..8)?.try_into().ok()?;
        let (header, total) = match declared {
            0 => (8, rest.len()),
            1 => (
                16,
                usize::try_from(u64::from_be_bytes(rest.get(8..16)?.try_into().ok()?)).ok()?,
            ),
            n => (8, n),
        };
        let payload = rest.get(header..total)?;
        rest = &rest[total..];
        Some((kind, payload))
    })
}

/// A track header's size, upright; `None` for a track with no picture (sound).
fn track_size(tkhd: &[u8]) -> Option<VideoSize> {
    // version and flags, then times, track id and duration: 4 + 20 bytes (v0) or 4 + 32 (v1).
    let fields = match tkhd.first()? {
        0 => 24,
        1 => 36,
        _ => return None,
    };
    // reserved (8), layer, alternate group, volume, reserved (2 each), the matrix (9 × 4).
    let matrix_at = fields + 16;
    let fixed = |at: usize| -> Option<i32> {
        Some(i32::from_be_bytes(tkhd.get(at..at + 4)?.try_into().ok()?))
    };
    let (a, d) = (fixed(matrix_at)?, fixed(matrix_at + 16)?);
    let width = (fixed(matrix_at + 36)? >> 16).unsigned_abs();
    let height = (fixed(matrix_at + 40)? >> 16).unsigned_abs();
    if width == 0 || height == 0 {
        return None;
    }
    // A quarter turn (a = d = 0) shows the picture on its side: swap the sides.
    Some(if a == 0 && d == 0 {
        VideoSize {
            width: height,
            height: width,
        }
    } else {
        VideoSize { width, height }
    })
}

/// An MP4's bytes with one sound track and one video track of `width` × `height`, turned a
/// quarter when `rotated` (for tests).
#[cfg(test)]
pub(crate) fn sample_mp4(width: u32, height: u32, rotated: bool) -> Vec<u8> {
    fn boxed(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut out = ((payload.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(payload);
        out
    }
    fn tkhd(width: u32, height: u32, rotated: bool) -> Vec<u8> {
        let mut t = vec![0u8; 24]; // version 0, flags, times, id, reserved, duration
        t.extend([0u8; 16]); // reserved, layer, group, volume, reserved
        let one = 0x0001_0000_i32;
        let (a, b, c, d) = if rotated {
            (0, one, -one, 0)
        } else {
            (one, 0, 0, one)
        };
        for v in [a, b, 0, c, d, 0, 0, 0, 0x4000_0000] {
            t.extend(v.to_be_bytes());
        }
        t.extend((width << 16).to_be_bytes());
        t.extend((height << 16).to_be_bytes());
        t
    }
    let mut moov = boxed(b"mvhd", &[0u8; 100]);
    moov.extend(boxed(b"trak", &boxed(b"tkhd", &tkhd(0, 0, false))));
    moov.extend(boxed(
        b"trak",
        &boxed(b"tkhd", &tkhd(width, height, rotated)),
    ));
    let mut file = boxed(b"ftyp", b"mp42\0\0\0\0mp42isom");
    file.extend(boxed(b"mdat", &[0u8; 64]));
    file.extend(boxed(b"moov", &moov));
    file
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(bytes: &[u8]) -> Option<VideoSize> {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), bytes).unwrap();
        size_of(file.path())
    }

    #[test]
    fn the_video_tracks_size_is_read_after_the_media_data() {
        assert_eq!(
            size(&sample_mp4(1280, 720, false)),
            Some(VideoSize {
                width: 1280,
                height: 720
            })
        );
        assert_eq!(
            size(&sample_mp4(1280, 720, false)).unwrap().orientation(),
            "landscape"
        );
    }

    #[test]
    fn a_quarter_turned_video_is_upright() {
        let upright = size(&sample_mp4(1920, 1080, true)).unwrap();
        assert_eq!((upright.width, upright.height), (1080, 1920));
        assert_eq!(upright.orientation(), "portrait");
    }

    #[test]
    fn what_is_not_an_mp4_has_no_size() {
        assert_eq!(size(b"\x1aE\xdf\xa3 a webm header"), None);
        assert_eq!(size(&[]), None);
        let mut cut = sample_mp4(640, 640, false);
        cut.truncate(cut.len() - 20);
        assert_eq!(size(&cut), None, "a moov cut short");
    }
}
