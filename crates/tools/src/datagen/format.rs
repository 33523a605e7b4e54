//! The text format of the data files `sumito datagen` writes and `sumito train` reads
//! (docs/datagen.md): a header line, then per game its kept positions and a closing line.
//!
//! ```text
//! # sumito datagen 1: --seed 1 --depth 4 …; bench 336966
//! <position string> <result> <score>
//! …
//! game <index> <layout> <result> <plies> <positions>
//! ```
//!
//! Version 2 added games of three to six players (`seats_sample.rs`): a position line of the
//! N-player position string, the seats' ranks and the score, and a game line of an N-player
//! layout and ranks. A file is written at the lowest version that holds its games, so that a
//! file of two-player games stays version 1, which builds before version 2 read too.

use super::error::LineError;
use super::seats_sample::{SeatsSample, read_ranks};
use std::fmt::Write as _;
use sumito_rules::board::{Colour, Layout, MAX_SEATS, Position};
use sumito_rules::ending::rank_token;
use sumito_rules::multiplayer::MultiLayout;

/// The start of every data file's first line; the format's version follows (`… 1: `).
pub const FORMAT_TAG: &str = "# sumito datagen";

/// The newest version of the format, which this build reads with every older one.
pub const VERSION: u32 = 2;

/// What follows the bench in an N-player file's header: the node count of
/// `seats_signature`, the N-player search's signature.
pub const SEATS_BENCH_MARK: &str = "; seats bench ";

/// The version of a file of two-player games: the first.
pub const TWO_PLAYER_VERSION: u32 = 1;

/// A header line's version and what follows it (`--seed 1 …`), if it is a data file's.
pub fn header_parts(header: &str) -> Option<(u32, &str)> {
    let rest = header.strip_prefix(FORMAT_TAG)?.strip_prefix(' ')?;
    let (version, settings) = rest.split_once(": ")?;
    Some((version.parse().ok()?, settings))
}

/// What separates the header's flags from the bench node count of the build that made the
/// file (files made before it was written have none).
pub const BENCH_MARK: &str = "; bench ";

/// A game's result from one side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// The side lost.
    Loss,
    /// The move limit came with equal marbles ejected.
    Draw,
    /// The side won.
    Win,
}

impl Wdl {
    /// The result for `side` of a game won by `winner` (`None`: a draw).
    pub fn for_side(winner: Option<Colour>, side: Colour) -> Wdl {
        match winner {
            None => Wdl::Draw,
            Some(colour) if colour == side => Wdl::Win,
            Some(_) => Wdl::Loss,
        }
    }

    /// 1, 0.5 or 0: the number the tuner fits.
    pub fn value(self) -> f64 {
        match self {
            Wdl::Loss => 0.0,
            Wdl::Draw => 0.5,
            Wdl::Win => 1.0,
        }
    }

    /// `1`, `0.5` or `0`, as written in a position line.
    pub fn token(self) -> &'static str {
        match self {
            Wdl::Loss => "0",
            Wdl::Draw => "0.5",
            Wdl::Win => "1",
        }
    }

    fn parse(token: &str) -> Option<Wdl> {
        [Wdl::Loss, Wdl::Draw, Wdl::Win]
            .into_iter()
            .find(|wdl| wdl.token() == token)
    }
}

/// One kept position, with its game's result and its search score, both from the view of the
/// side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// How the game ended for the side to move.
    pub result: Wdl,
    /// The shallow search's score, in centi-marbles.
    pub score: i32,
}

/// How a game ended, with its layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A two-player game: the winner, `None` for a draw.
    Two {
        /// The layout it started from.
        layout: Layout,
        /// The winner, `None` for a draw.
        winner: Option<Colour>,
    },
    /// A game of three to six players: each seat's finishing rank, from 1, in seat order
    /// (`multi_ranks`; 0 beyond the layout's seats).
    Seats {
        /// The layout it started from.
        layout: MultiLayout,
        /// The ranks.
        ranks: [u8; MAX_SEATS],
    },
}

impl Ending {
    /// The result token of the records: `1-0`, `0-1`, `1/2-1/2`, or ranks such as `2-1-3`.
    pub fn token(&self) -> String {
        match self {
            Ending::Two { winner, .. } => sumito_rules::ending::result_token(*winner).to_string(),
            Ending::Seats { layout, ranks } => rank_token(&ranks[..layout.seating().seats()]),
        }
    }

    /// The layout's name.
    pub fn layout_name(&self) -> &'static str {
        match self {
            Ending::Two { layout, .. } => layout.name(),
            Ending::Seats { layout, .. } => layout.name(),
        }
    }
}

/// The closing line of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game's number, from 0: game `i` is made from seed + `i`.
    pub index: u64,
    /// Its layout and how it ended.
    pub ending: Ending,
    /// Plies played, the random opening included.
    pub plies: u32,
    /// Positions kept from it: the lines just above.
    pub positions: u64,
}

/// One line of a data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A comment (the header).
    Comment,
    /// A kept position of a two-player game.
    Sample(Sample),
    /// A kept position of a game of three to six players.
    SeatsSample(SeatsSample),
    /// The end of a game.
    Game(GameLine),
}

/// The line of a kept position, with its newline.
pub fn sample_line(sample: &Sample) -> String {
    let (position, result, score) = (sample.position, sample.result.token(), sample.score);
    format!("{position} {result} {score}\n")
}

/// The closing line of a game, with its newline.
pub fn game_line(game: &GameLine) -> String {
    let mut line = String::new();
    let (layout, result) = (game.ending.layout_name(), game.ending.token());
    let _ = writeln!(
        line,
        "game {} {layout} {result} {} {}",
        game.index, game.plies, game.positions
    );
    line
}

/// Reads one line (without its newline).
pub fn parse_line(text: &str) -> Result<Line, LineError> {
    if text.starts_with('#') {
        return Ok(Line::Comment);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    match fields.as_slice() {
        ["game", index, layout, result, plies, positions] => {
            let number = |field: &str, what: &'static str| {
                field.parse::<u64>().map_err(|_| LineError::BadCount {
                    what,
                    field: field.to_string(),
                })
            };
            Ok(Line::Game(GameLine {
                index: number(index, "game index")?,
                ending: parse_ending(layout, result)?,
                plies: u32::try_from(number(plies, "ply count")?)
                    .map_err(LineError::PlyCountTooLarge)?,
                positions: number(positions, "position count")?,
            }))
        }
        [board, side, lost_black, lost_white, plies, result, score] => {
            let text = [*board, side, lost_black, lost_white, plies].join(" ");
            let position = text
                .parse()
                .map_err(|source| LineError::BadPosition { text, source })?;
            let result =
                Wdl::parse(result).ok_or_else(|| LineError::BadResult(result.to_string()))?;
            Ok(Line::Sample(Sample {
                position,
                result,
                score: parse_score(score)?,
            }))
        }
        [board, side, ejected, plies, ranks, score] if ejected.contains('/') => {
            let position = [*board, side, ejected, plies].join(" ");
            SeatsSample::parse(&position, ranks, parse_score(score)?).map(Line::SeatsSample)
        }
        _ => Err(LineError::Unknown(text.to_string())),
    }
}

/// A position line's score: centi-marbles, a whole number.
fn parse_score(text: &str) -> Result<i32, LineError> {
    text.parse()
        .map_err(|_| LineError::BadScore(text.to_string()))
}

/// A game line's layout and result: a two-player layout and `1-0`, `0-1` or `1/2-1/2`, or an
/// N-player layout and one rank per seat.
fn parse_ending(layout: &str, result: &str) -> Result<Ending, LineError> {
    if let Ok(layout) = layout.parse::<MultiLayout>() {
        let ranks = read_ranks(result, layout.seating().seats())
            .ok_or_else(|| LineError::BadGameResult(result.to_string()))?;
        return Ok(Ending::Seats { layout, ranks });
    }
    let layout = layout.parse::<Layout>()?;
    let winner = match result {
        "1-0" => Some(Colour::Black),
        "0-1" => Some(Colour::White),
        "1/2-1/2" => None,
        other => return Err(LineError::BadGameResult(other.to_string())),
    };
    Ok(Ending::Two { layout, winner })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back_as_written() {
        let sample = Sample {
            position: Layout::BelgianDaisy.position(),
            result: Wdl::Draw,
            score: -17,
        };
        let line = sample_line(&sample);
        assert_eq!(
            line,
            "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 0.5 -17\n"
        );
        assert_eq!(parse_line(line.trim_end()), Ok(Line::Sample(sample)));
        let game = GameLine {
            index: 41,
            ending: Ending::Two {
                layout: Layout::GermanDaisy,
                winner: Some(Colour::White),
            },
            plies: 117,
            positions: 80,
        };
        let line = game_line(&game);
        assert_eq!(line, "game 41 german-daisy 0-1 117 80\n");
        assert_eq!(parse_line(line.trim_end()), Ok(Line::Game(game)));
        assert_eq!(parse_line("# anything"), Ok(Line::Comment));
    }

    #[test]
    fn n_player_lines_read_back_as_written() {
        use sumito_rules::multiplayer::MultiLayout;
        let ranks = [1, 2, 1, 2, 0, 0];
        let sample = SeatsSample {
            position: MultiLayout::FourPlayer.position(),
            ranks,
            score: 25,
        };
        let line = sample.line();
        assert_eq!(
            line,
            "rrrr1/1rrr1w/2rr1ww/5www/ggg3www/ggg5/gg1bb2/g1bbb1/1bbbb b 0/0/0/0 0 1-2-1-2 25\n"
        );
        assert_eq!(parse_line(line.trim_end()), Ok(Line::SeatsSample(sample)));
        let game = GameLine {
            index: 3,
            ending: Ending::Seats {
                layout: MultiLayout::FourPlayer,
                ranks,
            },
            plies: 88,
            positions: 1,
        };
        let line = game_line(&game);
        assert_eq!(line, "game 3 four-player 1-2-1-2 88 1\n");
        assert_eq!(parse_line(line.trim_end()), Ok(Line::Game(game)));
        assert_eq!(
            parse_line("game 3 four-player 1-0 88 1")
                .unwrap_err()
                .to_string(),
            "bad game result '1-0'"
        );
        assert_eq!(
            parse_line("game 3 standard 1-2-1-2 88 1")
                .unwrap_err()
                .to_string(),
            "bad game result '1-2-1-2'"
        );
        let bad_board = "1bbbb/1bbb1w/2bb1ww/3b1www/gg5ww/ggg3rr/gggrrr/1gg1rr/5 b 0/0/0 0 1-2-1 5";
        assert!(
            parse_line(bad_board)
                .unwrap_err()
                .to_string()
                .starts_with("bad position")
        );
        assert_eq!(
            header_parts("# sumito datagen 2: --players 3"),
            Some((2, "--players 3"))
        );
        assert_eq!(
            header_parts("# sumito datagen 1: --seed 1"),
            Some((1, "--seed 1"))
        );
        assert_eq!(header_parts("# sumito datagen x: --seed 1"), None);
        assert_eq!(header_parts("# sumito datagenx 1: --seed 1"), None);
    }

    #[test]
    fn damaged_lines_are_refused() {
        for text in [
            "",
            "game 1 standard 1-0 10",
            "game x standard 1-0 10 3",
            "game 1 standard 2-0 10 3",
            "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 0.7 5",
            "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1w1w b 0 0 0 1 5",
            "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 1 5.5",
        ] {
            assert!(parse_line(text).is_err(), "{text}");
        }
        assert_eq!(Wdl::for_side(Some(Colour::Black), Colour::White), Wdl::Loss);
        assert_eq!(Wdl::for_side(None, Colour::White).value(), 0.5);
    }

    #[test]
    fn each_damaged_line_says_what_is_wrong() {
        let message = |text: &str| parse_line(text).unwrap_err().to_string();
        assert_eq!(message(""), "'' is neither a position line nor a game line");
        assert_eq!(message("game x standard 1-0 10 3"), "bad game index 'x'");
        assert_eq!(message("game 1 standard 1-0 y 3"), "bad ply count 'y'");
        assert_eq!(
            message("game 1 standard 1-0 10 z"),
            "bad position count 'z'"
        );
        assert_eq!(
            message("game 1 standard 1-0 99999999999 3"),
            "out of range integral type conversion attempted"
        );
        assert_eq!(message("game 1 standard 2-0 10 3"), "bad game result '2-0'");
        assert_eq!(
            message("game 1 square 1-0 10 3"),
            "unknown layout 'square' (expected standard or classic, belgian-daisy or german-daisy)"
        );
        assert_eq!(
            message("ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 0.7 5"),
            "bad result '0.7'"
        );
        assert_eq!(
            message("ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0 1 5.5"),
            "bad score '5.5'"
        );
        assert_eq!(
            message("ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww b x 0 0 1 5"),
            "bad position 'ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww b x 0 0': \
             expected 9 rows separated by '/', found 8"
        );
    }
}
