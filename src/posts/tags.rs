//! Tags (spec 001 §5): at most 140 characters each, commas and hash signs removed, angle
//! brackets escaped, quotes balanced, and no tag twice whatever its case.

/// The longest tag.
pub(crate) const MAX_TAG_CHARS: usize = 140;

/// The tags of a comma-joined list, cleaned by the spec's rules, in their order.
pub(crate) fn parse_tags(joined: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for raw in joined.split(',') {
        let tag = clean_tag(raw);
        if tag.is_empty() {
            continue;
        }
        let key = tag.to_lowercase();
        if !tags.iter().any(|t| t.to_lowercase() == key) {
            tags.push(tag);
        }
    }
    tags
}

/// One tag by the rules: `#` removed, quotes balanced, truncated to 140 characters, angle
/// brackets escaped (so `<3` is stored as `&lt;3`; clients show it decoded, as text).
///
/// A tag that comes escaped already (the composer shows and sends tags as they are kept, and
/// an edit sends a post's tags back) is read unescaped first, so it is the same tag and its
/// 140 characters are counted as typed: `&lt;` cut short would leave a stray `&`.
pub(crate) fn clean_tag(raw: &str) -> String {
    let raw = raw.replace("&lt;", "<").replace("&gt;", ">");
    let without_hash: String = raw.chars().filter(|c| *c != '#' && *c != ',').collect();
    let balanced = balance_quotes(without_hash.trim());
    let truncated: String = balanced.trim().chars().take(MAX_TAG_CHARS).collect();
    truncated.replace('<', "&lt;").replace('>', "&gt;")
}

/// An odd number of double quotes keeps only the last; an even number removes them all.
fn balance_quotes(tag: &str) -> String {
    let quotes = tag.matches('"').count();
    if quotes == 0 {
        return tag.to_owned();
    }
    let last = tag.rfind('"').unwrap_or(0);
    tag.char_indices()
        .filter(|&(i, c)| c != '"' || (quotes % 2 == 1 && i == last))
        .map(|(_, c)| c)
        .collect()
}

/// The key a tag is compared and looked up by.
pub fn tag_key(tag: &str) -> String {
    tag.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_split_and_hashes_go() {
        assert_eq!(parse_tags("#art, cats ,,  #dogs#"), ["art", "cats", "dogs"]);
    }

    #[test]
    fn duplicates_are_dropped_whatever_their_case() {
        assert_eq!(parse_tags("Cats,cats,CATS,dogs"), ["Cats", "dogs"]);
    }

    #[test]
    fn tags_stop_at_140_characters() {
        let long = "é".repeat(200);
        assert_eq!(parse_tags(&long)[0].chars().count(), MAX_TAG_CHARS);
    }

    #[test]
    fn angle_brackets_are_escaped() {
        assert_eq!(parse_tags("<3 <script>"), ["&lt;3 &lt;script&gt;"]);
    }

    #[test]
    fn a_tag_sent_escaped_is_the_same_tag_and_is_cut_as_typed() {
        assert_eq!(clean_tag("&lt;3"), "&lt;3");
        assert_eq!(clean_tag(&clean_tag("<3")), clean_tag("<3"));
        let typed = format!("{}<", "a".repeat(139));
        let kept = format!("{}&lt;", "a".repeat(139));
        assert_eq!(clean_tag(&typed), kept);
        assert_eq!(clean_tag(&kept), kept, "not {}&", "a".repeat(139));
    }

    #[test]
    fn quotes_are_balanced() {
        assert_eq!(clean_tag(r#""quoted""#), "quoted", "an even count goes");
        assert_eq!(
            clean_tag(r#"a "b" c""#),
            r#"a b c""#,
            "an odd count keeps the last"
        );
        assert_eq!(clean_tag(r#"12" vinyl"#), r#"12" vinyl"#);
    }
}
