//! The font catalogue for blog titles (spec 000 §3 Blog: about 33 named fonts, each with a
//! display name, a CSS family and an optional asset path and version). The machines dashwire
//! runs on may have no internet, so no font is fetched: each family is a stack of fonts that
//! ship with common systems, ending in a generic family, and no asset is needed.

use serde::Serialize;

/// A title font.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Font {
    /// The name a blog's theme stores (`title_font`) and the menu shows.
    pub name: &'static str,
    /// The CSS `font-family` it is drawn with.
    pub family: &'static str,
    /// A font file to load first, when one is served (none are: see above).
    pub asset: Option<&'static str>,
    pub version: Option<&'static str>,
}

const fn font(name: &'static str, family: &'static str) -> Font {
    Font {
        name,
        family,
        asset: None,
        version: None,
    }
}

/// Every title font, in the menu's order. `Gibson` is the default theme's.
pub(crate) const FONTS: &[Font] = &[
    font("Gibson", "\"Helvetica Neue\", Helvetica, Arial, sans-serif"),
    font(
        "Helvetica Neue",
        "\"Helvetica Neue\", Helvetica, Arial, sans-serif",
    ),
    font("Arial", "Arial, \"Liberation Sans\", Helvetica, sans-serif"),
    font("Verdana", "Verdana, \"DejaVu Sans\", Geneva, sans-serif"),
    font("Tahoma", "Tahoma, Verdana, \"DejaVu Sans\", sans-serif"),
    font(
        "Trebuchet",
        "\"Trebuchet MS\", \"Lucida Grande\", sans-serif",
    ),
    font(
        "Lucida Sans",
        "\"Lucida Sans Unicode\", \"Lucida Grande\", sans-serif",
    ),
    font(
        "Gill Sans",
        "\"Gill Sans\", \"Gill Sans MT\", Calibri, sans-serif",
    ),
    font(
        "Futura",
        "Futura, \"Century Gothic\", \"URW Gothic\", sans-serif",
    ),
    font("Avenir", "Avenir, \"Avenir Next\", Montserrat, sans-serif"),
    font("Optima", "Optima, Candara, \"Noto Sans\", sans-serif"),
    font("Segoe", "\"Segoe UI\", Roboto, \"Noto Sans\", sans-serif"),
    font("Roboto", "Roboto, \"Segoe UI\", \"Noto Sans\", sans-serif"),
    font("Ubuntu", "Ubuntu, \"Noto Sans\", sans-serif"),
    font("DejaVu Sans", "\"DejaVu Sans\", Verdana, sans-serif"),
    font("Georgia", "Georgia, \"DejaVu Serif\", serif"),
    font(
        "Times",
        "\"Times New Roman\", Times, \"Liberation Serif\", serif",
    ),
    font(
        "Baskerville",
        "Baskerville, \"Baskerville Old Face\", \"Libre Baskerville\", serif",
    ),
    font(
        "Garamond",
        "Garamond, \"EB Garamond\", \"Times New Roman\", serif",
    ),
    font(
        "Palatino",
        "Palatino, \"Palatino Linotype\", \"Book Antiqua\", serif",
    ),
    font(
        "Didot",
        "Didot, \"Bodoni MT\", \"Noto Serif Display\", serif",
    ),
    font("Bodoni", "\"Bodoni MT\", Didot, serif"),
    font("Cambria", "Cambria, Georgia, serif"),
    font(
        "Rockwell",
        "Rockwell, \"Roboto Slab\", \"Courier New\", serif",
    ),
    font("Constantia", "Constantia, Georgia, serif"),
    font("DejaVu Serif", "\"DejaVu Serif\", Georgia, serif"),
    font(
        "Courier",
        "\"Courier New\", Courier, \"Liberation Mono\", monospace",
    ),
    font("Consolas", "Consolas, \"DejaVu Sans Mono\", monospace"),
    font("Menlo", "Menlo, Monaco, \"DejaVu Sans Mono\", monospace"),
    font(
        "Lucida Typewriter",
        "\"Lucida Console\", \"Lucida Sans Typewriter\", monospace",
    ),
    font(
        "Brush Script",
        "\"Brush Script MT\", \"Brush Script Std\", cursive",
    ),
    font("Comic", "\"Comic Sans MS\", \"Comic Neue\", cursive"),
    font(
        "Impact",
        "Impact, Haettenschweiler, \"Arial Narrow Bold\", sans-serif",
    ),
];

/// The font named `name`.
pub(crate) fn font_named(name: &str) -> Option<&'static Font> {
    FONTS.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_33_fonts_each_named_once_and_the_default_among_them() {
        assert_eq!(FONTS.len(), 33);
        let mut names: Vec<&str> = FONTS.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FONTS.len());
        assert!(font_named(&crate::blogs::model::ThemeParams::default().title_font).is_some());
        for f in FONTS {
            let generic = ["serif", "sans-serif", "monospace", "cursive"];
            assert!(generic.iter().any(|g| f.family.ends_with(g)), "{}", f.name);
        }
    }
}
