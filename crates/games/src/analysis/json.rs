//! `sumito analyse --json`: one JSON object per line, one struct per kind of object. Every
//! field is listed in docs/analyse.md.

use super::{After, MoveAnnotation};
use serde::Serialize;
use sumito_engine::search::{Info, Reported};

/// A score: exactly one of its fields is present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centi-marbles (100 = one marble) from the view of the side the score belongs to.
    Cp(i32),
    /// A forced win in this many moves of the winner; negative when the side the score belongs
    /// to is the one that loses.
    Mate(i32),
    /// The game is over: `won` or `lost` for the side the score belongs to.
    End(&'static str),
}

impl Score {
    /// A protocol score.
    pub fn reported(score: Reported) -> Score {
        match score {
            Reported::Centi(cp) => Score::Cp(cp),
            Reported::Mate(n) => Score::Mate(n),
        }
    }

    /// The mover's score after a move: `end` when the move ended the game.
    pub fn after(after: After) -> Score {
        match after {
            After::Score(score) => Score::reported(score),
            After::Won => Score::End("won"),
            After::Lost => Score::End("lost"),
        }
    }
}

/// One move of a game. With three to six players both scores are from the view of the seat
/// that played it, and `seat` says which seat that is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveObject {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The move's ply, from 1 (with three to six players passes and seats leaving count, as in
    /// the movetext).
    pub ply: usize,
    /// Who played it: `black` or `white`, or with more players `red`, `green`, `yellow` or
    /// `blue`.
    pub side: &'static str,
    /// Three to six players: the mover's seat, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// The move played, in Aba-Pro notation.
    #[serde(rename = "move")]
    pub played: String,
    /// The best score the mover had before the move.
    pub before: Score,
    /// The mover's score after the move; `end` when it ended the game of more players.
    pub after: Score,
    /// The move Sumito prefers.
    pub best: String,
    /// The line Sumito expects, its preferred move first.
    pub line: Vec<String>,
    /// What the move costs the mover, in centi-marbles (0 for Sumito's own choice).
    pub loss: i32,
    /// `blunder`, `missed-win`, or null.
    pub mark: Option<&'static str>,
}

impl MoveObject {
    /// The object for one annotation of game `game`.
    pub fn new(game: usize, annotation: &MoveAnnotation) -> MoveObject {
        MoveObject {
            game,
            ply: annotation.ply,
            side: annotation.seat.name(),
            seat: (annotation.seats > 2).then(|| annotation.seat.number()),
            played: annotation.played.to_string(),
            before: Score::reported(annotation.before),
            after: Score::after(annotation.after),
            best: annotation.best.to_string(),
            line: annotation.line.iter().map(|m| m.to_string()).collect(),
            loss: annotation.loss,
            mark: annotation.mark.map(|m| m.word()),
        }
    }
}

/// One line of a position's analysis (`--fen`), at one depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineObject {
    /// The depth completed.
    pub depth: u32,
    /// The line's rank, from 1 (the best).
    pub multipv: usize,
    /// Its score, from the side to move's view.
    pub score: Score,
    /// In a position of three to six players, the colour of the seat to move, whose view the
    /// score is from; absent in two-player positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// The moves of the line.
    pub pv: Vec<String>,
}

impl LineObject {
    /// The object for one `info` of the search.
    pub fn new(info: &Info) -> LineObject {
        LineObject {
            depth: info.depth,
            multipv: info.multipv,
            score: Score::reported(info.score),
            side: None,
            nodes: info.nodes,
            nps: info.nps,
            time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
            pv: info.pv.iter().map(|m| m.to_string()).collect(),
        }
    }
}

/// `value` as one line of JSON.
pub fn line(value: &impl Serialize) -> String {
    // Serialising these plain structs cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::super::two_players::after_of;
    use super::*;
    use sumito_engine::search::MATE;

    #[test]
    fn scores_name_their_kind() {
        let before = |score| line(&Score::reported(Reported::from_score(score)));
        assert_eq!(before(25), r#"{"cp":25}"#);
        assert_eq!(before(MATE - 5), r#"{"mate":3}"#);
        let after = |score| line(&Score::after(after_of(score)));
        assert_eq!(after(-(MATE - 1)), r#"{"mate":-1}"#);
        assert_eq!(after(MATE), r#"{"end":"won"}"#);
        assert_eq!(after(-40), r#"{"cp":-40}"#);
    }
}
