//! The `info` lines of a UAP search, as the GUI shows them: depth, score, nodes per second and
//! the principal variation of each MultiPV line.

use sumito_engine::search::Reported;
use sumito_rules::board::Colour;

/// A score as the engine gives it, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centi-marbles.
    Cp(i32),
    /// The side to move ejects the sixth marble in n of its moves (negative: it loses).
    Mate(i32),
}

impl EngineScore {
    /// The score as players read it: `+0.25` marbles, or `#3` / `#-3`.
    pub fn text(self) -> String {
        match self {
            EngineScore::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            EngineScore::Mate(n) => format!("#{n}"),
        }
    }

    /// The same score from the other side's point of view.
    pub fn negated(self) -> EngineScore {
        match self {
            EngineScore::Cp(cp) => EngineScore::Cp(-cp),
            EngineScore::Mate(n) => EngineScore::Mate(-n),
        }
    }
}

/// The library's rules (draw offers, resignation, adjudication) take scores in its own type,
/// which has the same two cases.
impl From<EngineScore> for Reported {
    fn from(score: EngineScore) -> Reported {
        match score {
            EngineScore::Cp(cp) => Reported::Centi(cp),
            EngineScore::Mate(n) => Reported::Mate(n),
        }
    }
}

/// The score of a line from Black's point of view, given the side it belongs to.
pub fn black_view(score: EngineScore, side: Colour) -> EngineScore {
    match side {
        Colour::Black => score,
        Colour::White => score.negated(),
    }
}

/// One `info … pv …` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    pub depth: u32,
    /// The rank of this line, from 1.
    pub multipv: u32,
    pub score: Option<EngineScore>,
    /// The score is only a bound (`lowerbound`/`upperbound`): shown, but not what the engine
    /// thinks of the line, so never kept as the score of a move.
    pub bound: bool,
    pub nodes: u64,
    pub nps: u64,
    /// The moves of the line, as the engine wrote them.
    pub pv: Vec<String>,
}

/// Reads an `info` line; fields it does not know are skipped, and a malformed number leaves
/// its field at zero rather than failing, since the line is only shown.
pub fn parse_info(line: &str) -> InfoLine {
    let mut info = InfoLine {
        multipv: 1,
        ..InfoLine::default()
    };
    let mut words = line.split_whitespace().skip(1);
    while let Some(word) = words.next() {
        match word {
            "depth" => info.depth = number(words.next()),
            "multipv" => info.multipv = number::<u32>(words.next()).max(1),
            "nodes" => info.nodes = number(words.next()),
            "nps" => info.nps = number(words.next()),
            "lowerbound" | "upperbound" => info.bound = true,
            "score" => {
                info.score = match (words.next(), words.next().map(str::parse)) {
                    (Some("cp"), Some(Ok(cp))) => Some(EngineScore::Cp(cp)),
                    (Some("mate"), Some(Ok(n))) => Some(EngineScore::Mate(n)),
                    _ => None,
                }
            }
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            // `string` takes the rest of the line, which must not be read as fields.
            "string" => break,
            _ => {}
        }
    }
    info
}

fn number<T: std::str::FromStr + Default>(word: Option<&str>) -> T {
    word.and_then(|w| w.parse().ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_line_is_read() {
        let info = parse_info(
            "info depth 7 seldepth 11 multipv 2 score cp -10 nodes 52426 nps 8255501 time 6 \
             hashfull 0 pv i5h5 a2b3",
        );
        assert_eq!(info.depth, 7);
        assert_eq!(info.multipv, 2);
        assert_eq!(info.score, Some(EngineScore::Cp(-10)));
        assert_eq!(info.nps, 8255501);
        assert_eq!(info.pv, vec!["i5h5", "a2b3"]);
        assert_eq!(info.score.map(EngineScore::text), Some("-0.10".into()));
    }

    #[test]
    fn mate_scores_and_garbage_do_not_fail() {
        let info = parse_info("info depth x score mate -3 pv");
        assert_eq!(info.depth, 0);
        assert_eq!(info.score, Some(EngineScore::Mate(-3)));
        assert_eq!(
            info.score.map(EngineScore::negated),
            Some(EngineScore::Mate(3))
        );
        assert_eq!(parse_info("info score cp").score, None);
        assert!(parse_info("info depth 3 score cp 35 lowerbound pv a1b2").bound);
        assert!(!parse_info("info depth 3 score cp 35 pv a1b2").bound);
    }
}
