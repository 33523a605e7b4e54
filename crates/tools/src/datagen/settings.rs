//! The settings the games of `sumito datagen` are made with, and how the file's header names
//! them.

use super::error::DatagenError;
use std::str::FromStr;
use sumito_engine::search::Limits;

/// A number of plies or a range of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyRange {
    /// Fewest.
    pub min: u32,
    /// Most.
    pub max: u32,
}

impl FromStr for PlyRange {
    type Err = DatagenError;

    fn from_str(text: &str) -> Result<PlyRange, DatagenError> {
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| DatagenError::BadPlyRange(text.to_string()))
        };
        let (min, max) = match text.split_once('-') {
            Some((min, max)) => (number(min)?, number(max)?),
            None => (number(text)?, number(text)?),
        };
        if min > max || max > 100 {
            return Err(DatagenError::PlyRangeOutOfBounds(text.to_string()));
        }
        Ok(PlyRange { min, max })
    }
}

/// The settings that decide the games: two runs with equal settings write equal files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Seed of game 0.
    pub seed: u64,
    /// Players: 2, or 3 to 6 on the layout of their number.
    pub players: usize,
    /// Limits of every search.
    pub limits: Limits,
    /// Random plies before the search plays.
    pub opening_plies: PlyRange,
    /// Plies after the opening at which the move limit ends the game.
    pub plies_after_opening: u32,
    /// Root lines searched per move.
    pub lines: usize,
    /// Centi-marbles below the best line that a drawn move may score.
    pub margin: u32,
    /// Table size in MB.
    pub hash: usize,
}

impl Settings {
    /// The flags that make these settings, as written in the file's header.
    pub fn flags(&self) -> String {
        let limit = match (self.limits.depth, self.limits.nodes) {
            (_, Some(nodes)) => format!("--nodes {nodes}"),
            (depth, None) => format!("--depth {}", depth.unwrap_or(0)),
        };
        let PlyRange { min, max } = self.opening_plies;
        // Two-player headers name no players, as before the flag was.
        let players = match self.players {
            2 => String::new(),
            n => format!("--players {n} "),
        };
        format!(
            "{players}--seed {} {limit} --opening-plies {min}-{max} --plies-after-opening {} --multipv {} \
             --margin {} --hash {}",
            self.seed, self.plies_after_opening, self.lines, self.margin, self.hash
        )
    }

    /// The first line of a file made with these settings by the build whose bench node count
    /// is `bench`: the games depend on the search and the evaluation too. Its version is the
    /// lowest that holds the games (format.rs); an N-player file's header ends with
    /// `seats_bench`, the N-player search's signature, which the two-player bench does not see.
    pub fn header(&self, bench: u64, seats_bench: Option<u64>) -> String {
        use super::format::{
            BENCH_MARK, FORMAT_TAG, SEATS_BENCH_MARK, TWO_PLAYER_VERSION, VERSION,
        };
        let version = match self.players {
            2 => TWO_PLAYER_VERSION,
            _ => VERSION,
        };
        let seats = seats_bench.map_or(String::new(), |nodes| format!("{SEATS_BENCH_MARK}{nodes}"));
        let flags = self.flags();
        format!("{FORMAT_TAG} {version}: {flags}{BENCH_MARK}{bench}{seats}\n")
    }
}

/// A header line with the flags' current names: files written before `--plies-after-opening`
/// say `--max-plies` for it, and those before `--multipv` say `--lines`; they still resume.
pub fn with_current_names(header_line: &str) -> String {
    header_line
        .replace(" --max-plies ", " --plies-after-opening ")
        .replace(" --lines ", " --multipv ")
}

/// The default depth of every search. Measured on this project's 2-core machine, one thread
/// (positions kept per second of CPU): depth 3 with 2 lines 557, depth 4 with 1 line 150,
/// depth 4 with 2 lines 104. Depth 3 makes more than a million positions an hour on two cores
/// even beside other work; depth 4 does not.
pub const DEFAULT_DEPTH: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ply_ranges_read_and_bad_ones_say_why() {
        let range = |text: &str| text.parse::<PlyRange>().ok();
        assert_eq!(range("4-8"), Some(PlyRange { min: 4, max: 8 }));
        assert_eq!(range("6"), Some(PlyRange { min: 6, max: 6 }));
        let message = |text: &str| text.parse::<PlyRange>().unwrap_err().to_string();
        assert_eq!(
            message("x"),
            "'x' is not a ply count or a range such as 4-8"
        );
        assert_eq!(
            message("4-y"),
            "'4-y' is not a ply count or a range such as 4-8"
        );
        assert_eq!(
            message("8-4"),
            "'8-4': the range must run upwards, to 100 at most"
        );
        assert_eq!(
            message("101"),
            "'101': the range must run upwards, to 100 at most"
        );
    }
}
