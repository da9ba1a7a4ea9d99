//! Every blog has an avatar: generated from its name (a letter on a colour), served as SVG
//! in the sizes of spec 002 §5.

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;

use crate::error::{AppError, Code};

/// The sizes an avatar comes in (spec 002 §5).
pub(crate) const AVATAR_SIZES: [u32; 9] = [16, 24, 30, 40, 48, 64, 96, 128, 512];
/// The size when none is asked for.
pub(crate) const DEFAULT_AVATAR_SIZE: u32 = 128;

/// The avatar URL of a blog at a size.
pub(crate) fn avatar_url(name: &str, size: u32) -> String {
    format!("/avatar/{name}/{}", avatar_size(Some(size)))
}

/// The allowed size for a requested one: the default when none, the next allowed size up
/// otherwise, and 512 for anything larger.
pub(crate) fn avatar_size(requested: Option<u32>) -> u32 {
    match requested {
        None => DEFAULT_AVATAR_SIZE,
        Some(size) => AVATAR_SIZES
            .iter()
            .copied()
            .find(|&allowed| allowed >= size)
            .unwrap_or(512),
    }
}

const PALETTE: [&str; 8] = [
    "#529ECC", "#56BC8A", "#A77DC2", "#F2992E", "#D95E40", "#444444", "#E27FA8", "#2C8A9E",
];

/// The SVG for a blog name at a size.
pub(crate) fn avatar_svg(name: &str, size: u32) -> String {
    // FNV-1a: a stable colour per name across processes and versions.
    let hash = name.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    let colour = PALETTE[(hash % PALETTE.len() as u64) as usize];
    let letter = name
        .chars()
        .next()
        .map(|c| c.to_ascii_uppercase())
        .unwrap_or('?');
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 100 100\">\
         <rect width=\"100\" height=\"100\" fill=\"{colour}\"/>\
         <text x=\"50\" y=\"50\" dy=\".35em\" text-anchor=\"middle\" font-family=\"Helvetica, Arial, sans-serif\" \
         font-size=\"56\" font-weight=\"bold\" fill=\"#ffffff\">{letter}</text></svg>"
    )
}

/// `GET /avatar/{name}` and `GET /avatar/{name}/{size}`.
pub(crate) async fn avatar(
    Path(params): Path<Vec<(String, String)>>,
) -> Result<impl IntoResponse, AppError> {
    let name = params
        .iter()
        .find(|(k, _)| k == "name")
        .map(|(_, v)| v.as_str())
        .unwrap_or("");
    let requested = match params.iter().find(|(k, _)| k == "size") {
        None => None,
        Some((_, raw)) => Some(raw.parse::<u32>().map_err(|_| {
            AppError::bad_request(
                Code::InvalidSize,
                "Avatar size must be one of 16, 24, 30, 40, 48, 64, 96, 128 or 512.",
            )
        })?),
    };
    let name = crate::blogs::validate::blog_name(name)
        .map_err(|_| AppError::not_found("No such avatar."))?;
    Ok((
        [
            (CONTENT_TYPE, "image/svg+xml"),
            (CACHE_CONTROL, "public, max-age=86400"),
        ],
        avatar_svg(&name, avatar_size(requested)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_up_and_cap_at_512() {
        assert_eq!(avatar_size(None), 128);
        assert_eq!(avatar_size(Some(16)), 16);
        assert_eq!(avatar_size(Some(1)), 16);
        assert_eq!(avatar_size(Some(50)), 64);
        assert_eq!(avatar_size(Some(129)), 512);
        assert_eq!(avatar_size(Some(4000)), 512);
    }

    #[test]
    fn svg_has_the_size_and_a_letter() {
        let svg = avatar_svg("bob", 48);
        assert!(svg.contains("width=\"48\""));
        assert!(svg.contains(">B</text>"));
    }
}
