//! Times written as people write them: the schedule's `Next Tuesday, 10am` and the post
//! date (spec 001 §2), read with the `interim` parser in the writer's own clock; and as
//! programs write them, RFC 3339 / ISO 8601 (`2026-12-01T08:30:00Z`).

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone};
use interim::{Dialect, parse_date_string};

/// The unix time `text` names, read at `now` (unix seconds) in a clock `utc_offset_minutes`
/// ahead of UTC; plain unix seconds are taken as they are. `None` when it names no time.
pub(crate) fn parse_when(text: &str, now: i64, utc_offset_minutes: i32) -> Option<i64> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<i64>() {
        return (secs > 0).then_some(secs);
    }
    let offset = FixedOffset::east_opt(utc_offset_minutes * 60)?;
    if let Some(at) = parse_iso(text, offset) {
        return Some(at.timestamp());
    }
    let now = DateTime::from_timestamp(now, 0)?.with_timezone(&offset);
    // "Next Tuesday, 10am": the parser reads words and times, not the comma between them.
    let words = text.replace(',', " ").to_lowercase();
    if words.trim() == "now" {
        return Some(now.timestamp());
    }
    // "in 5 minutes" and "Friday at 10am": the parser reads "5 minutes" and "friday 10am",
    // not the words around them.
    let words: Vec<&str> = words.split_whitespace().collect();
    let words = match words.as_slice() {
        ["in", rest @ ..] => rest,
        all => all,
    };
    let words: Vec<&str> = words.iter().copied().filter(|w| *w != "at").collect();
    parse_date_string(&words.join(" "), now, Dialect::Us)
        .ok()
        .map(|t| t.timestamp())
}

/// RFC 3339 and the ISO 8601 forms client libraries send: `2026-12-01T08:30:00Z`,
/// `2026-12-01T08:30:00.250+01:00`, `2026-12-01T08:30+01:00`; without an offset
/// (`2026-12-01T08:30`) the time is in the writer's clock, as the other forms are.
fn parse_iso(text: &str, writers_clock: FixedOffset) -> Option<DateTime<FixedOffset>> {
    // `%#z` takes `Z`, `+01:00`, `+0100` and `+01`; `%.f` an optional fraction.
    const WITH_OFFSET: [&str; 2] = ["%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M%#z"];
    const WITHOUT: [&str; 2] = ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"];
    // RFC 3339 lets a space or a lower-case `t` part the date from the time.
    let text = match text.as_bytes().get(10) {
        Some(b' ' | b't') => format!("{}T{}", &text[..10], &text[11..]),
        _ => text.to_owned(),
    };
    WITH_OFFSET
        .iter()
        .find_map(|format| DateTime::parse_from_str(&text, format).ok())
        .or_else(|| {
            let naive = WITHOUT
                .iter()
                .find_map(|format| NaiveDateTime::parse_from_str(&text, format).ok())?;
            writers_clock.from_local_datetime(&naive).single()
        })
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

    /// 2026-12-01 08:30:00 UTC.
    const DEC_1_0830_UTC: i64 = 1_796_113_800;

    #[test]
    fn reads_rfc_3339_with_its_own_offset() {
        for (text, at) in [
            ("2026-12-01T08:30:00Z", DEC_1_0830_UTC),
            ("2026-12-01T08:30:00z", DEC_1_0830_UTC),
            ("2026-12-01t08:30:00Z", DEC_1_0830_UTC),
            ("2026-12-01 08:30:00Z", DEC_1_0830_UTC),
            ("2026-12-01T08:30:00.250Z", DEC_1_0830_UTC),
            ("2026-12-01T08:30:00+00:00", DEC_1_0830_UTC),
            ("2026-12-01T08:30:00+01:00", DEC_1_0830_UTC - 3600),
            (
                "2026-12-01T08:30:00-05:30",
                DEC_1_0830_UTC + 5 * 3600 + 1800,
            ),
            ("2026-12-01T08:30:00.123456789+01:00", DEC_1_0830_UTC - 3600),
            // ISO 8601 without seconds, or with the offset written short.
            ("2026-12-01T08:30Z", DEC_1_0830_UTC),
            ("2026-12-01T08:30+01:00", DEC_1_0830_UTC - 3600),
            ("2026-12-01T08:30:00+0100", DEC_1_0830_UTC - 3600),
            ("2026-12-01T08:30:00+01", DEC_1_0830_UTC - 3600),
        ] {
            // The writer's clock does not matter when the text gives its offset.
            assert_eq!(parse_when(text, NOW, 0), Some(at), "{text}");
            assert_eq!(parse_when(text, NOW, 120), Some(at), "{text}");
        }
    }

    #[test]
    fn reads_iso_times_without_an_offset_in_the_writers_clock() {
        for text in [
            "2026-12-01T08:30",
            "2026-12-01T08:30:00",
            "2026-12-01T08:30:00.000",
            "2026-12-01 08:30:00",
        ] {
            assert_eq!(parse_when(text, NOW, 0), Some(DEC_1_0830_UTC), "{text}");
            assert_eq!(
                parse_when(text, NOW, 60),
                Some(DEC_1_0830_UTC - 3600),
                "{text}: 08:30 in UTC+1"
            );
        }
        assert_eq!(parse_when("2026-12-01T25:30", NOW, 0), None);
        assert_eq!(parse_when("2026-02-30T08:30:00Z", NOW, 0), None);
    }

    #[test]
    fn reads_times_from_now() {
        for (text, from_now) in [
            ("in 5 minutes", 300),
            ("in 1 minute", 60),
            ("In 90 seconds", 90),
            ("in 2 hours", 7200),
            ("in 3 days", 3 * 86_400),
            ("in 1 week", 7 * 86_400),
            ("5 minutes", 300),
            ("2 hours", 7200),
        ] {
            assert_eq!(
                parse_when(text, NOW, 0).map(|t| t - NOW),
                Some(from_now),
                "{text}"
            );
            assert_eq!(
                parse_when(text, NOW, 120).map(|t| t - NOW),
                Some(from_now),
                "{text}"
            );
        }
        // Saturday 13:27 to Sunday 09:00, with or without "at".
        assert_eq!(
            parse_when("tomorrow 9am", NOW, 0).map(|t| t - NOW),
            Some(70_380)
        );
        assert_eq!(
            parse_when("tomorrow at 9am", NOW, 0).map(|t| t - NOW),
            Some(70_380)
        );
        // Saturday 13:27 UTC is 15:27 in UTC+2: Sunday 09:00 there is 06:00 UTC.
        assert_eq!(
            parse_when("tomorrow 9am", NOW, 120).map(|t| t - NOW),
            Some(70_380 - 7200)
        );
        assert_eq!(parse_when("in", NOW, 0), None);
        assert_eq!(parse_when("in a while", NOW, 0), None);
    }

    #[test]
    fn nonsense_names_no_time() {
        assert_eq!(parse_when("whenever you like", NOW, 0), None);
        assert_eq!(parse_when("", NOW, 0), None);
    }
}
