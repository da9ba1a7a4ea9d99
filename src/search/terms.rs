//! What a person searches for, as both engines read it (spec 002 §5 Search: the term is
//! trimmed; an empty term does not search). The term is split into words the way a post's
//! text is (`posts::search_text::words`), so nothing a person types reaches an engine as
//! syntax: FTS5's operators and PostgreSQL's tsquery operators are not letters or digits.

use crate::posts::search_text::words;

/// Words of a term an engine is asked for at most; a longer term searches its first ones.
pub(crate) const MAX_TERM_WORDS: usize = 12;

/// Characters of a term the server reads at most (a term is a path segment: bounded
/// anyway, but an engine should not be handed a page of text).
pub(crate) const MAX_TERM_CHARS: usize = 200;

/// A search's words, every one of which a post must contain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terms {
    words: Vec<String>,
}

impl Terms {
    /// The words of `term`; `None` when it has none (empty, blank, or only punctuation).
    pub fn parse(term: &str) -> Option<Terms> {
        // Lower-cased before splitting: lower-casing can make a mark of a letter ('İ').
        let term: String = term.trim().chars().take(MAX_TERM_CHARS).collect();
        let words: Vec<String> = words(&term.to_lowercase())
            .split(' ')
            .filter(|w| !w.is_empty())
            .take(MAX_TERM_WORDS)
            .map(str::to_owned)
            .collect();
        (!words.is_empty()).then_some(Terms { words })
    }

    /// An FTS5 query: each word a quoted string (the tokenizer stems it as it stems the
    /// index), all of them required. Words hold only letters and digits, so no quote needs
    /// escaping; doubling them anyway keeps that true if `words` ever changes.
    pub(crate) fn fts5(&self) -> String {
        self.words
            .iter()
            .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The words, lower-cased.
    pub(crate) fn words(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(String::as_str)
    }

    /// The text for PostgreSQL's `plainto_tsquery`, which requires every word and reads no
    /// operators.
    pub(crate) fn plain(&self) -> String {
        self.words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn words_only_and_never_syntax() {
        assert_eq!(Terms::parse("   "), None);
        assert_eq!(
            Terms::parse("\"*) OR NEAR(:"),
            Some(Terms {
                words: vec!["or".into(), "near".into()]
            })
        );
        assert_eq!(Terms::parse("!!!"), None);
        let terms = Terms::parse(" Sea-Shells #beach ").unwrap();
        assert_eq!(terms.fts5(), "\"sea\" \"shells\" \"beach\"");
        assert_eq!(terms.plain(), "sea shells beach");
        let many = Terms::parse(&"a ".repeat(50)).unwrap();
        assert_eq!(many.words.len(), MAX_TERM_WORDS);
    }

    proptest! {
        #[test]
        fn any_input_gives_letters_and_digits_only(term in ".{0,300}") {
            if let Some(terms) = Terms::parse(&term) {
                prop_assert!(!terms.words.is_empty() && terms.words.len() <= MAX_TERM_WORDS);
                for word in &terms.words {
                    prop_assert!(!word.is_empty());
                    prop_assert!(word.chars().all(char::is_alphanumeric));
                }
            }
        }
    }
}
