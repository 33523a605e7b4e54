//! The text format of the data files `sumito datagen` writes and `sumito tune` reads
//! (docs/datagen.md): a header line, then per game its kept positions and a closing line.
//!
//! ```text
//! # sumito datagen 1: --seed 1 --depth 4 …; bench 336966
//! <position string> <result> <score>
//! …
//! game <index> <layout> <result> <plies> <positions>
//! ```

use super::error::LineError;
use std::fmt::Write as _;
use sumito_rules::board::{Colour, Layout, Position};

/// The start of every data file's first line; the number is the format's version.
pub const FORMAT_TAG: &str = "# sumito datagen 1";

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

/// The closing line of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game's number, from 0: game `i` is made from seed + `i`.
    pub index: u64,
    /// The layout it started from.
    pub layout: Layout,
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
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
    /// A kept position.
    Sample(Sample),
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
    let result = sumito_rules::ending::result_token(game.winner);
    let _ = writeln!(
        line,
        "game {} {} {result} {} {}",
        game.index, game.layout, game.plies, game.positions
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
            let winner = match *result {
                "1-0" => Some(Colour::Black),
                "0-1" => Some(Colour::White),
                "1/2-1/2" => None,
                other => return Err(LineError::BadGameResult(other.to_string())),
            };
            Ok(Line::Game(GameLine {
                index: number(index, "game index")?,
                layout: layout.parse()?,
                winner,
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
            let score = score
                .parse()
                .map_err(|_| LineError::BadScore(score.to_string()))?;
            Ok(Line::Sample(Sample {
                position,
                result,
                score,
            }))
        }
        _ => Err(LineError::Unknown(text.to_string())),
    }
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
            layout: Layout::GermanDaisy,
            winner: Some(Colour::White),
            plies: 117,
            positions: 80,
        };
        let line = game_line(&game);
        assert_eq!(line, "game 41 german-daisy 0-1 117 80\n");
        assert_eq!(parse_line(line.trim_end()), Ok(Line::Game(game)));
        assert_eq!(parse_line("# anything"), Ok(Line::Comment));
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
