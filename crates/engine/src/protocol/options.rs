//! The engine options a GUI can set, and how they are announced.

use super::error::{ErrorCode, ProtocolError, quote};
use crate::search::{
    DEFAULT_CONTEMPT, FULL_STRENGTH_ELO, LEVEL_ONE_OVER_RANDOM, MAX_CONTEMPT, MAX_HASH_MB,
    MAX_SKILL, MAX_THREADS,
};

/// An option's type and range, as announced after `uap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer in `min..=max`.
    Spin { default: i64, min: i64, max: i64 },
    /// `true` or `false`.
    Check { default: bool },
    /// An action without a value.
    Button,
    /// Free text of at most [`MAX_TEXT`] characters (`type string`).
    Text { default: &'static str },
    /// One of a few words (`type combo`).
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
}

/// The longest value a `string` option takes.
pub const MAX_TEXT: usize = 256;

/// Every option: name and kind.
pub const OPTIONS: [(&str, Kind); 17] = [
    (
        "Hash",
        Kind::Spin {
            default: 64,
            min: 1,
            max: MAX_HASH_MB as i64,
        },
    ),
    (
        "Threads",
        Kind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
        },
    ),
    (
        "MoveOverhead",
        Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
        },
    ),
    (
        "MultiPV",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 64,
        },
    ),
    (
        "MoveLimit",
        Kind::Spin {
            default: 0,
            min: 0,
            max: 100_000,
        },
    ),
    (
        "Skill",
        Kind::Spin {
            default: MAX_SKILL as i64,
            min: 1,
            max: MAX_SKILL as i64,
        },
    ),
    (
        "Contempt",
        Kind::Spin {
            default: DEFAULT_CONTEMPT as i64,
            min: -MAX_CONTEMPT as i64,
            max: MAX_CONTEMPT as i64,
        },
    ),
    (
        "Seed",
        Kind::Spin {
            default: 0,
            min: 0,
            max: i64::MAX,
        },
    ),
    ("Ponder", Kind::Check { default: false }),
    ("Clear Hash", Kind::Button),
    // UCI_LimitStrength and UCI_Elo: a strength by Elo (the random mover is 0), mapped onto
    // the Skill levels.
    ("LimitStrength", Kind::Check { default: false }),
    (
        "Elo",
        Kind::Spin {
            default: FULL_STRENGTH_ELO as i64,
            min: LEVEL_ONE_OVER_RANDOM as i64,
            max: FULL_STRENGTH_ELO as i64,
        },
    ),
    // UCI_ShowWDL: win/draw/loss chances in the info lines.
    ("ShowWDL", Kind::Check { default: false }),
    // Who Sumito plays, as UCI_Opponent tells it: remembered and shown by `d`, and nothing
    // else: Contempt is the GUI's to set from it.
    ("Opponent", Kind::Text { default: "" }),
    // A network file for the evaluation of two-player games; empty: the built-in network.
    ("EvalFile", Kind::Text { default: "" }),
    // A network file for games of three to six players, used for games of the number of
    // players it was trained on; empty: the built-in networks; `hand`: the hand-chosen weights.
    ("SeatsEvalFile", Kind::Text { default: "" }),
    // The search of games of three to six players: paranoid or Best-Reply Search, or the
    // one measured stronger for the game's seating.
    (
        "MultiSearch",
        Kind::Combo {
            default: "auto",
            values: &["auto", "paranoid", "brs"],
        },
    ),
];

/// The `option …` lines of an engine started with a table of `hash_mb` MB and `threads`
/// threads (`--hash`, `--threads`): those are the defaults of `Hash` and `Threads`.
pub fn announcements(hash_mb: usize, threads: usize) -> Vec<String> {
    let started = |name: &str, default: i64| match name {
        "Hash" => i64::try_from(hash_mb).unwrap_or(default),
        "Threads" => i64::try_from(threads).unwrap_or(default),
        _ => default,
    };
    OPTIONS
        .iter()
        .map(|&(name, kind)| match kind {
            Kind::Spin { default, min, max } => {
                let default = started(name, default);
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            Kind::Check { default } => format!("option name {name} type check default {default}"),
            Kind::Button => format!("option name {name} type button"),
            Kind::Text { default } => format!("option name {name} type string default {default}")
                .trim_end()
                .to_string(),
            Kind::Combo { default, values } => {
                let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                format!(
                    "option name {name} type combo default {default} {}",
                    vars.join(" ")
                )
            }
        })
        .collect()
}

/// A checked option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A number within the option's range.
    Number(i64),
    /// A flag.
    Flag(bool),
    /// A button press.
    Press,
    /// Text (empty when `setoption` gave no value: that clears it).
    Text(String),
}

/// Finds option `name` (any case) and checks `value` against its kind: the canonical name and
/// the value, or the reason it is refused.
pub fn check(name: &str, value: Option<&str>) -> Result<(&'static str, Value), ProtocolError> {
    let bad = |message: String| ProtocolError::new(ErrorCode::BadOption, message);
    let Some(&(canonical, kind)) = OPTIONS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))
    else {
        return Err(bad(format!("unknown option {}", quote(name))));
    };
    let value = match (kind, value) {
        (Kind::Button, None) => Value::Press,
        (Kind::Button, Some(_)) => return Err(bad(format!("{canonical} takes no value"))),
        (Kind::Text { .. }, None) => Value::Text(String::new()),
        (Kind::Text { .. }, Some(text)) if text.chars().count() > MAX_TEXT => {
            return Err(bad(format!(
                "{canonical} takes at most {MAX_TEXT} characters"
            )));
        }
        // `d` shows a text as it is, on a line of its own: a control byte (a carriage return,
        // an escape) would reach the GUI raw.
        (Kind::Text { .. }, Some(text)) if text.chars().any(char::is_control) => {
            return Err(bad(format!("{canonical} may not hold control characters")));
        }
        (Kind::Text { .. }, Some(text)) => Value::Text(text.to_string()),
        (_, None) => return Err(bad(format!("{canonical} needs a value"))),
        (Kind::Combo { values, .. }, Some(text)) => {
            match values.iter().find(|v| v.eq_ignore_ascii_case(text)) {
                Some(value) => Value::Text(value.to_string()),
                None => {
                    return Err(bad(format!(
                        "{canonical} must be one of {}, not {}",
                        values.join(", "),
                        quote(text)
                    )));
                }
            }
        }
        (Kind::Spin { min, max, .. }, Some(text)) => match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Value::Number(n),
            _ => {
                return Err(bad(format!(
                    "{canonical} must be a number from {min} to {max}, not {}",
                    quote(text)
                )));
            }
        },
        (Kind::Check { .. }, Some(text)) => match text.to_ascii_lowercase().as_str() {
            "true" => Value::Flag(true),
            "false" => Value::Flag(false),
            _ => {
                return Err(bad(format!(
                    "{canonical} must be true or false, not {}",
                    quote(text)
                )));
            }
        },
    };
    Ok((canonical, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_against_the_announced_ranges() {
        assert_eq!(check("hash", Some("128")), Ok(("Hash", Value::Number(128))));
        assert_eq!(
            check("PONDER", Some("True")),
            Ok(("Ponder", Value::Flag(true)))
        );
        assert_eq!(check("clear hash", None), Ok(("Clear Hash", Value::Press)));
        for (name, value) in [
            ("Hash", Some("0")),
            ("Hash", Some("99999999999999999999")),
            ("Threads", Some("100000")),
            ("Threads", Some("-1")),
            ("Ponder", Some("yes")),
            ("Hash", None),
            ("Clear Hash", Some("1")),
            ("Nonsense", Some("1")),
        ] {
            let err = check(name, value).unwrap_err();
            assert_eq!(err.code, ErrorCode::BadOption, "{name} {value:?}");
        }
        let announced = announcements(64, 1);
        assert!(
            announced.contains(&"option name Threads type spin default 1 min 1 max 256".into())
        );
        let started = announcements(16, 2);
        assert!(started.contains(&"option name Threads type spin default 2 min 1 max 256".into()));
        assert!(
            started
                .iter()
                .any(|l| l.starts_with("option name Hash type spin default 16 "))
        );
    }
}
