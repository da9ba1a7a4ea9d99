//! Times written as people write them: the schedule's `Next Tuesday, 10am` and the post
//! date (spec 001 §2), read with the `interim` parser in the writer's own clock.

use chrono::{DateTime, FixedOffset};
use interim::{Dialect, parse_date_string};

/// The unix time `text` names, read at `now` (unix seconds) in a clock `utc_offset_minutes`
/// ahead of UTC; plain unix seconds are taken as they are. `None` when it names no time.
pub fn parse_when(text: &str, now: i64, utc_offset_minutes: i32) -> Option<i64> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<i64>() {
        return (secs > 0).then_some(secs);
    }
    let offset = FixedOffset::east_opt(utc_offset_minutes * 60)?;
    let now = DateTime::from_timestamp(now, 0)?.with_timezone(&offset);
    // "Next Tuesday, 10am": the parser reads words and times, not the comma between them.
    let words = text.replace(',', " ").to_lowercase();
    if words.trim() == "now" {
        return Some(now.timestamp());
    }
    parse_date_string(&words, now, Dialect::Us)
        .ok()
        .map(|t| t.timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saturday 2022-09-17 13:27:00 UTC.
    const NOW: i64 = 1_663_421_220;

    #[test]
    fn reads_what_the_schedule_field_suggests() {
        let tuesday = parse_when("Next Tuesday, 10am", NOW, 0).unwrap();
        let at = DateTime::from_timestamp(tuesday, 0).unwrap();
        assert_eq!(at.format("%a %H:%M").to_string(), "Tue 10:00");
        assert!(tuesday > NOW && tuesday - NOW < 10 * 86_400);
    }

    #[test]
    fn reads_dates_times_and_unix_seconds() {
        assert_eq!(parse_when("2022-09-20 08:30", NOW, 0), Some(1_663_662_600));
        assert_eq!(parse_when("1700000000", NOW, 0), Some(1_700_000_000));
        assert_eq!(parse_when("now", NOW, 0), Some(NOW));
        // Saturday 13:27 to Sunday 10:00.
        assert_eq!(
            parse_when("tomorrow 10am", NOW, 0).map(|t| t - NOW),
            Some(73_980)
        );
    }

    #[test]
    fn reads_in_the_writers_clock() {
        let utc = parse_when("2022-09-20 08:30", NOW, 0).unwrap();
        let paris = parse_when("2022-09-20 08:30", NOW, 120).unwrap();
        assert_eq!(utc - paris, 7200, "08:30 in UTC+2 is two hours earlier");
    }

    #[test]
    fn nonsense_names_no_time() {
        assert_eq!(parse_when("whenever you like", NOW, 0), None);
        assert_eq!(parse_when("", NOW, 0), None);
    }
}
