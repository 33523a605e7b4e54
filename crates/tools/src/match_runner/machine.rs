//! Whether the machine can give a match's time controls what they promise: a warning before
//! the match when it cannot.
//!
//! Only the engine to move thinks, so a match wants `games at once × threads` cores, beside
//! whatever else runs (the load). With more threads than cores each engine thinks on a share
//! of one, and the scheduler holds answers up. Measured on two cores (docs/match.md, "Fast
//! time controls"): beside four and eight busy processes, two games at once of one-thread
//! engines at `movetime=50` gave answers late by at most 22 ms in 40,000, and by 34 ms in
//! 32,000 more while a build ran beside them too, with a median 6 ms early; none reached the
//! default margin of 50 ms. A control is too short for the machine when the thinking time an
//! engine truly gets is no longer than those delays.

use super::config::MatchConfig;
use sumito_games::clock::TimeControl;

/// The worst lateness measured on an oversubscribed machine, in ms (rounded up from 34).
pub const WORST_LATE_MS: f64 = 35.0;

/// The machine the match runs on, as it stands before the match.
#[derive(Clone, Copy, Debug)]
pub struct Machine {
    pub cores: usize,
    /// The threads that want a core beside the match (0 where the system does not tell).
    pub load: f64,
}

impl Machine {
    /// This machine, now: its cores, and on Linux its load: the threads running beside this
    /// one, the mean of ten looks 10 ms apart. (The load average lags a minute behind: it
    /// missed busy processes started just before a match, and saw load for a minute after a
    /// build had ended.)
    pub fn now() -> Machine {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let looks = 10;
        let mut running = 0.0;
        for look in 0..looks {
            if look > 0 {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
            running += running_beside(&text);
        }
        Machine {
            cores,
            load: running / f64::from(looks),
        }
    }
}

/// The threads running beside the one reading, from `/proc/loadavg`'s `text` ("2.46 2.84
/// 3.87 7/113 24206": the averages, then the threads running of those that exist): 0 when
/// it cannot be read.
fn running_beside(text: &str) -> f64 {
    let running = text
        .split_whitespace()
        .nth(3)
        .and_then(|f| f.split_once('/'));
    let running: f64 = running.and_then(|(n, _)| n.parse().ok()).unwrap_or(1.0);
    (running - 1.0).max(0.0)
}

/// The time an engine is given for a move under `control`, in ms: the move time, or a
/// clock's share of a move (its period over its moves, forty without a count, plus the
/// increment); `None` for a depth or a node count, which no machine can make too short.
fn per_move_ms(control: &TimeControl) -> Option<f64> {
    match *control {
        TimeControl::MoveTime { ms } => Some(ms as f64),
        TimeControl::Clock {
            base_ms,
            increment_ms,
            moves,
        } => Some(base_ms as f64 / f64::from(moves.unwrap_or(40)) + increment_ms as f64),
        TimeControl::Depth { .. } | TimeControl::Nodes { .. } => None,
    }
}

/// The threads an engine searches with: its `Threads` option, 1 without one.
fn threads(options: &[(String, Option<String>)]) -> f64 {
    options
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
        .and_then(|(_, value)| value.as_deref()?.trim().parse::<f64>().ok())
        .filter(|threads| *threads >= 1.0)
        .unwrap_or(1.0)
}

/// What to tell the user before `config`'s match, `games` games in all, on the machine
/// `machine` tells (asked only when a control is timed): `None` when the machine has a core
/// for every thinking engine, or when the shortest timed control still leaves each engine
/// more thinking than the delays it will meet.
pub fn warning(
    config: &MatchConfig,
    machine: impl FnOnce() -> Machine,
    games: usize,
) -> Option<String> {
    let (control, shortest) = config
        .controls
        .iter()
        .filter_map(|control| Some((control, per_move_ms(control)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    let machine = &machine();
    let at_once = config.concurrency.min(games).max(1) as f64;
    let most_threads = config
        .engines
        .iter()
        .map(|engine| threads(&engine.options))
        .fold(1.0, f64::max);
    let wanting = machine.load + at_once * most_threads;
    let cores = machine.cores.max(1) as f64;
    let per_core = wanting / cores;
    if per_core <= 1.0 {
        return None;
    }
    let thinking = shortest / per_core;
    let margin = config.margin.as_secs_f64() * 1000.0;
    let forfeits = margin < WORST_LATE_MS;
    if thinking > WORST_LATE_MS && !forfeits {
        return None;
    }
    let threads = match most_threads {
        1.0 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    let mut text = format!(
        "warning: {control} is too short for this machine: {wanting:.1} threads want its {} \
         cores (a load of {:.1} before the match, and {at_once} games at once of engines of up \
         to {threads}), so an engine thinks on about {:.2} of a core, some {thinking:.0} ms a \
         move, and answers come up to about {WORST_LATE_MS:.0} ms late (docs/match.md, \"Fast \
         time controls\")",
        machine.cores,
        machine.load,
        1.0 / per_core
    );
    if forfeits {
        text += &format!(
            "; with --time-margin {margin:.0} expect losses on time: keep it at {WORST_LATE_MS:.0} \
             or more"
        );
    }
    text += ". Lower --concurrency or the engines' threads, or play a longer control.";
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::config::{MatchKind, TwoPlayerMatch};
    use crate::match_runner::openings::Book;
    use crate::uap_client::EngineSpec;
    use std::time::Duration;
    use sumito_games::adjudication::Adjudication;
    use sumito_rules::board::Layout;

    fn config(controls: &[&str], concurrency: usize, margin_ms: u64) -> MatchConfig {
        let engine = EngineSpec::from_command_line("sumito").unwrap();
        MatchConfig {
            engines: vec![engine; controls.len()],
            controls: controls.iter().map(|c| c.parse().unwrap()).collect(),
            named: vec![false; controls.len()],
            games: 100,
            concurrency,
            max_plies: 200,
            seed: 1,
            records: None,
            margin: Duration::from_millis(margin_ms),
            silence: Duration::from_secs(60),
            event: String::new(),
            shard: (0, 1),
            game_time: None,
            kind: MatchKind::Two(TwoPlayerMatch {
                layouts: vec![Layout::Standard],
                book: Book::None,
                sprt: None,
                adjudication: Adjudication::default(),
            }),
        }
    }

    const IDLE: Machine = Machine {
        cores: 2,
        load: 0.0,
    };
    const BUSY: Machine = Machine {
        cores: 2,
        load: 4.0,
    };

    #[test]
    fn the_load_is_the_threads_running_beside_the_reader() {
        assert_eq!(running_beside("2.46 2.84 3.87 7/113 24206"), 6.0);
        assert_eq!(running_beside("4.50 2.84 3.87 2/113 24206"), 1.0);
        assert_eq!(running_beside("0.00 0.00 0.00 1/90 1"), 0.0);
        assert_eq!(running_beside(""), 0.0);
        assert_eq!(running_beside("garbage"), 0.0);
    }

    #[test]
    fn a_machine_with_a_core_for_each_game_says_nothing() {
        let fast = config(&["movetime=20", "movetime=20"], 2, 50);
        assert_eq!(warning(&fast, || IDLE, 100), None);
    }

    #[test]
    fn a_busy_machine_and_a_short_control_are_told() {
        let text = warning(
            &config(&["movetime=50", "movetime=50"], 2, 50),
            || BUSY,
            100,
        );
        let text = text.expect("a warning");
        assert!(
            text.starts_with("warning: movetime=50 is too short"),
            "{text}"
        );
        assert!(text.contains("6.0 threads want its 2 cores"), "{text}");
        assert!(text.contains("some 17 ms a move"), "{text}");
        assert!(!text.contains("losses on time"), "{text}");
    }

    #[test]
    fn the_shortest_control_is_judged_and_a_long_one_passes() {
        let long = config(&["movetime=1000", "10+0.1"], 2, 50);
        assert_eq!(warning(&long, || BUSY, 100), None);
        let mixed = config(&["movetime=1000", "movetime=40"], 2, 50);
        let text = warning(&mixed, || BUSY, 100).expect("a warning");
        assert!(text.starts_with("warning: movetime=40 "), "{text}");
        // Depths and node counts are no time control: nothing to warn of.
        let untimed = config(&["depth=3", "nodes=1000"], 8, 50);
        assert_eq!(warning(&untimed, || BUSY, 100), None);
    }

    #[test]
    fn threads_and_games_at_once_count_and_a_thin_margin_is_told() {
        let mut threaded = config(&["movetime=80", "movetime=80"], 1, 50);
        assert_eq!(warning(&threaded, || IDLE, 100), None);
        threaded.engines[1].options = vec![("Threads".into(), Some("8".into()))];
        let text = warning(&threaded, || IDLE, 100).expect("a warning");
        assert!(text.contains("8.0 threads want its 2 cores"), "{text}");
        // Fewer games than the concurrency: only as many play at once.
        let few = config(&["movetime=20", "movetime=20"], 16, 50);
        assert_eq!(warning(&few, || IDLE, 2), None);
        let thin = config(&["movetime=1000", "movetime=1000"], 2, 10);
        let text = warning(&thin, || BUSY, 100).expect("a warning");
        assert!(
            text.contains("--time-margin 10 expect losses on time"),
            "{text}"
        );
    }
}
