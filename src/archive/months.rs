//! Calendar months (UTC) for the archive: which month a post falls in, where a month starts,
//! and how a page of posts is cut so that no month is split between pages.

use chrono::{DateTime, Datelike, NaiveDate};

/// A calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Month {
    pub year: i32,
    /// 1 to 12.
    pub month: u32,
}

impl Month {
    /// The month `at` (unix seconds) falls in.
    pub(crate) fn of(at: i64) -> Month {
        let date = DateTime::from_timestamp(at, 0).unwrap_or_default();
        Month {
            year: date.year(),
            month: date.month(),
        }
    }

    /// The month `year`-`month`, if it is one.
    pub(crate) fn new(year: i32, month: u32) -> Option<Month> {
        NaiveDate::from_ymd_opt(year, month, 1)?;
        Some(Month { year, month })
    }

    /// Reads `YYYY-MM`.
    pub(crate) fn parse(text: &str) -> Option<Month> {
        let (year, month) = text.trim().split_once('-')?;
        Month::new(year.parse().ok()?, month.parse().ok()?)
    }

    /// Its first second (unix seconds).
    pub(crate) fn start(self) -> i64 {
        NaiveDate::from_ymd_opt(self.year, self.month, 1)
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map_or(0, |t| t.and_utc().timestamp())
    }

    /// The first second after it.
    pub(crate) fn end(self) -> i64 {
        let (year, month) = if self.month == 12 {
            (self.year + 1, 1)
        } else {
            (self.year, self.month + 1)
        };
        Month { year, month }.start()
    }

    /// As `YYYY-MM`.
    pub(crate) fn label(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }
}

/// Splits `dates` (newest first) into runs of one month each: (month, how many). When
/// `complete` is false the oldest run may be cut short by the read's limit; it is dropped,
/// unless it is the only one (a month longer than a page is shown as far as it goes).
pub(crate) fn runs(dates: &[i64], complete: bool) -> Vec<(Month, usize)> {
    let mut out: Vec<(Month, usize)> = Vec::new();
    for &at in dates {
        let month = Month::of(at);
        match out.last_mut() {
            Some((last, n)) if *last == month => *n += 1,
            _ => out.push((month, 1)),
        }
    }
    if !complete && out.len() > 1 {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_parse_start_and_end() {
        let march = Month::parse("2026-03").unwrap();
        assert_eq!(march.label(), "2026-03");
        assert_eq!(march.start(), 1_772_323_200);
        assert_eq!(Month::of(march.end() - 1), march);
        assert_eq!(Month::of(march.end()), Month::new(2026, 4).unwrap());
        assert_eq!(
            Month::parse("2026-12").unwrap().end(),
            Month::parse("2027-01").unwrap().start()
        );
        for bad in ["2026-13", "2026", "x-01", "2026-00", ""] {
            assert_eq!(Month::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_page_never_splits_a_month() {
        let march = Month::parse("2026-03").unwrap();
        let feb = Month::parse("2026-02").unwrap();
        let dates = [march.start() + 10, march.start() + 5, feb.start() + 3];
        assert_eq!(runs(&dates, true), vec![(march, 2), (feb, 1)]);
        assert_eq!(runs(&dates, false), vec![(march, 2)], "February may go on");
        assert_eq!(runs(&dates[..2], false), vec![(march, 2)], "one long month");
        assert!(runs(&[], true).is_empty());
    }
}
