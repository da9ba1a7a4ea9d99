//! Photos as they are kept: JPEG and PNG turned upright (their EXIF orientation) and scaled
//! to fit 1080 pixels a side (spec 001 §5); GIF and WebP kept as they are (an animation would
//! not survive re-encoding). Decoding is bounded, so a small file that claims huge
//! dimensions is refused rather than allowed to eat memory.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::limits::MAX_IMAGE_DIMENSION;

/// The largest image accepted to be read at all, a side.
const MAX_DECODE_SIDE: u32 = 16_000;
/// Memory a decode may take at most.
const MAX_DECODE_BYTES: u64 = 512 * 1024 * 1024;

/// An image ready to keep.
pub(super) struct Prepared {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// Its size as uploaded.
    pub raw_width: u32,
    pub raw_height: u32,
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODE_SIDE);
    limits.max_image_height = Some(MAX_DECODE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// Prepares an uploaded image whose bytes say it is `extension`. `None` when it cannot be
/// read as one. CPU-bound: call it off the async threads.
pub(super) fn prepare(bytes: Vec<u8>, extension: &str) -> Option<Prepared> {
    let format = ImageFormat::from_extension(extension)?;
    let mut reader = ImageReader::with_format(Cursor::new(&bytes[..]), format);
    reader.limits(limits());
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png) {
        let (width, height) = reader.into_dimensions().ok()?;
        return Some(Prepared {
            bytes,
            width,
            height,
            raw_width: width,
            raw_height: height,
        });
    }
    let mut decoder = reader.into_decoder().ok()?;
    let orientation = decoder.orientation().ok()?;
    let mut image = DynamicImage::from_decoder(decoder).ok()?;
    let (raw_width, raw_height) = (image.width(), image.height());
    image.apply_orientation(orientation);
    let upright = orientation == image::metadata::Orientation::NoTransforms;
    let fits = image.width() <= MAX_IMAGE_DIMENSION && image.height() <= MAX_IMAGE_DIMENSION;
    if fits && upright {
        let (width, height) = (image.width(), image.height());
        return Some(Prepared {
            bytes,
            width,
            height,
            raw_width,
            raw_height,
        });
    }
    if !fits {
        image = image.resize(
            MAX_IMAGE_DIMENSION,
            MAX_IMAGE_DIMENSION,
            image::imageops::FilterType::Triangle,
        );
    }
    let mut out = Cursor::new(Vec::new());
    let encoded = match format {
        // JPEG has no alpha; an RGBA source (rare in JPEG) is flattened first.
        ImageFormat::Jpeg => {
            DynamicImage::ImageRgb8(image.to_rgb8()).write_to(&mut out, ImageFormat::Jpeg)
        }
        _ => image.write_to(&mut out, format),
    };
    encoded.ok()?;
    Some(Prepared {
        bytes: out.into_inner(),
        width: image.width(),
        height: image.height(),
        raw_width,
        raw_height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = DynamicImage::new_rgb8(width, height);
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn large_photos_are_scaled_to_1080() {
        let prepared = prepare(png(2160, 1000), "png").unwrap();
        assert_eq!((prepared.width, prepared.height), (1080, 500));
        assert_eq!((prepared.raw_width, prepared.raw_height), (2160, 1000));
        let small = png(300, 200);
        let kept = prepare(small.clone(), "png").unwrap();
        assert_eq!(kept.bytes, small, "a photo that fits is kept byte for byte");
    }

    #[test]
    fn what_is_not_an_image_is_refused() {
        assert!(prepare(b"not an image at all".to_vec(), "png").is_none());
        assert!(prepare(png(10, 10), "exe").is_none());
    }
}
