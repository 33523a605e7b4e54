//! Groups of flags that several subcommands share, each checked in one place: where a tool
//! starts ([`StartArgs`]), and the threads and table of an in-process engine ([`EngineFlags`]);
//! and single flags that more than one subcommand reads, such as `--shard`.

use sumito_engine::search::{Engine, MAX_THREADS, TableSizeError};
use sumito_rules::board::Position;
use sumito_rules::game::{AnyLayout, AnyPosition, AnyPositionError};

/// What is wrong with the shared flags.
#[derive(Debug, thiserror::Error)]
pub enum FlagsError {
    /// `--fen` does not read.
    #[error("bad position string: {0}")]
    BadPosition(#[source] AnyPositionError),
    /// A start of three to six players given to a command that plays two.
    #[error("{0} is a start of three to six players; this command takes two-player positions")]
    NotTwoPlayer(String),
    /// `--threads` is out of range.
    #[error("--threads must be from 1 to {max}, not {0}", max = MAX_THREADS)]
    Threads(usize),
    /// The engine's table cannot be had (`--hash`).
    #[error(transparent)]
    Table(#[from] TableSizeError),
}

/// Where a tool starts: a layout or a position string.
#[derive(clap::Args, Debug)]
pub struct StartArgs {
    /// Starting layout: standard, belgian-daisy or german-daisy (or three-player,
    /// four-player, five-player, six-player where the command plays them).
    #[arg(long, conflicts_with = "fen")]
    layout: Option<AnyLayout>,
    /// A position string.
    #[arg(long)]
    fen: Option<String>,
}

impl StartArgs {
    /// The position of any number of players: the string's, else the layout's (standard by
    /// default).
    pub fn any_position(&self) -> Result<AnyPosition, FlagsError> {
        match (&self.fen, self.layout) {
            (Some(fen), _) => fen.parse().map_err(FlagsError::BadPosition),
            (None, Some(layout)) => Ok(layout.position()),
            (None, None) => Ok(AnyPosition::Two(Position::startpos())),
        }
    }

    /// The two-player position; a start of more players is refused.
    pub fn position(&self) -> Result<Position, FlagsError> {
        match self.any_position()? {
            AnyPosition::Two(position) => Ok(position),
            AnyPosition::Multi(_) => Err(FlagsError::NotTwoPlayer(match self.layout {
                Some(layout) => format!("--layout {layout}"),
                None => "the position string".to_string(),
            })),
        }
    }
}

/// Threads and table size for an in-process engine.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EngineFlags {
    /// Search threads [default: 1 for the engine loop and play, every core for analyse].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MB [default: 64].
    #[arg(long)]
    pub hash: Option<usize>,
}

/// The table size when none is given.
pub const DEFAULT_HASH_MB: usize = 64;

impl EngineFlags {
    /// The thread count (`default` when none is given), checked.
    pub fn threads(&self, default: usize) -> Result<usize, FlagsError> {
        let threads = self.threads.unwrap_or(default);
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(FlagsError::Threads(threads));
        }
        Ok(threads)
    }

    /// The table size in MB (the engine checks its range).
    pub fn hash_mb(&self) -> usize {
        self.hash.unwrap_or(DEFAULT_HASH_MB)
    }

    /// An engine with these settings, `default_threads` unless `--threads` says otherwise, its
    /// table already allocated: writing it takes tens of milliseconds, which must not count in
    /// the first search's time.
    pub fn engine(&self, default_threads: usize) -> Result<Engine, FlagsError> {
        let threads = self.threads(default_threads)?;
        let mut engine = Engine::new(self.hash_mb())?;
        engine.set_threads(threads);
        engine.prepare();
        Ok(engine)
    }
}

/// A `--tc` read by clap, whose message already names the flag and the value: only what is
/// wrong and what is expected (`the base time must be more than zero (expected …)`).
pub fn time_control(text: &str) -> Result<sumito_games::clock::TimeControl, String> {
    text.parse()
        .map_err(|error: sumito_games::clock::TimeControlError| error.reason())
}

/// `--patience` of compliance and timing: how long an answer that should come at once may
/// take, from 0.1 to 600 seconds.
pub fn patience(seconds: f64) -> Result<std::time::Duration, String> {
    if !(seconds.is_finite() && (0.1..=600.0).contains(&seconds)) {
        return Err("--patience must be from 0.1 to 600 seconds".into());
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// `--silence-timeout`, the seconds an engine may stay silent where no clock bounds it (match
/// and gui): more than 0, at most a day.
pub fn silence_timeout(seconds: f64) -> Result<std::time::Duration, String> {
    seconds_of("--silence-timeout", seconds)
}

/// A flag's seconds (`--request-timeout 0.5`), more than 0 and at most a day, as a duration.
pub fn seconds_of(flag: &str, seconds: f64) -> Result<std::time::Duration, String> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(format!(
            "{flag} must be more than 0 and at most 86400 seconds"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The worker pool of a batch tool: `--threads` threads (1 to [`MAX_THREADS`]), every core
/// when the flag is not given.
pub fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, super::Error> {
    if let Some(n) = threads.filter(|n| !(1..=MAX_THREADS).contains(n)) {
        return Err(FlagsError::Threads(n).into());
    }
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?)
}

/// Refuses a list flag (`--layout a,b`) that names a value twice: the tools use each value in
/// turn, so a repeat would silently weight it.
pub fn no_repeats<T: PartialEq + std::fmt::Display>(
    flag: &str,
    values: &[T],
) -> Result<(), String> {
    for (index, value) in values.iter().enumerate() {
        if values[..index].contains(value) {
            return Err(format!("{flag} names {value} twice"));
        }
    }
    Ok(())
}

/// Reads `--shard K/N` (1 <= K <= N) as (K − 1, N).
pub fn shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("bad --shard '{text}': expected K/N with 1 <= K <= N, as in 2/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_flags_say_why_word_for_word() {
        let start = StartArgs {
            layout: None,
            fen: Some("x".into()),
        };
        assert_eq!(
            start.position().unwrap_err().to_string(),
            "bad position string: expected 2 to 5 fields (board, side, lost black, lost white, \
             plies), found 1"
        );
        let flags = EngineFlags {
            threads: Some(0),
            hash: Some(0),
        };
        assert_eq!(
            flags.threads(1).unwrap_err().to_string(),
            format!("--threads must be from 1 to {MAX_THREADS}, not 0")
        );
        let hashless = EngineFlags {
            threads: None,
            hash: Some(0),
        };
        assert_eq!(
            hashless.engine(1).err().map(|e| e.to_string()),
            Some(format!(
                "the hash size must be from 1 to {} MB, not 0",
                sumito_engine::search::MAX_HASH_MB
            ))
        );
    }
}
