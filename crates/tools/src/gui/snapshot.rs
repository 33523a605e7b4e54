//! The snapshot the page draws, as typed data: what the server sends after every change, the
//! same shape for two players and for three to six ([`super::view`] fills it); the pieces
//! every kind of game uses (a move, a score, the engines, the thinking) are made here. The
//! page computes no rule itself.

use super::game::Kind;
use super::info::EngineScore;
use super::session::Session;
use super::table::Table;
use serde::Serialize;
use std::collections::BTreeMap;
use sumito_engine::search::{MAX_SKILL, Skill};
use sumito_rules::board::{Cells, neighbour};
use sumito_rules::movegen::Move;

/// Everything the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Bumped at every change: lets the pages skip snapshots they have.
    pub version: u64,
    /// This server's name: another one means the server was started again, and its version
    /// counts afresh.
    pub server: String,
    /// `play`, `watch` or `analyse`.
    pub mode: &'static str,
    /// The person's colour in a two-player game against the engine.
    pub human: Option<&'static str>,
    /// An analysis is running.
    pub analysing: bool,
    /// The analysis began in a game being played, which it may go back to (`/api/analysis`
    /// with `"resume": true`).
    pub can_resume: bool,
    /// Lines of analysis asked for (UAP `MultiPV`).
    pub multipv: u32,
    /// The level sent as `Skill`.
    pub skill: u32,
    /// The time control of a new game.
    pub tc: String,
    pub engines: Vec<EngineView>,
    /// The two engine slots of a two-player game (empty with more players: see `multi`).
    pub seats: Vec<EngineSeatView>,
    /// The players' names by colour (`black`, `white`) in a two-player game.
    pub players: BTreeMap<&'static str, String>,
    /// The start as the `position` command names it.
    pub start: String,
    /// The turns played, in notation.
    pub moves: Vec<String>,
    /// The colour to move at the start.
    pub first_side: &'static str,
    /// The move number of the first move.
    pub first_number: u32,
    /// The ply shown.
    pub cursor: usize,
    pub board: BoardView,
    /// The move that led to the shown position.
    pub last_move: Option<MoveView>,
    /// The moves a click may play on the shown position.
    pub legal: Vec<MoveView>,
    pub result: Option<ResultView>,
    pub thinking: Option<ThinkingView>,
    /// The engine's score after every ply (Black's view with two players), where it has one.
    pub scores: Vec<Option<ScoreView>>,
    /// Two players: the material after every ply, Black's view.
    pub material: Vec<i32>,
    pub clocks: Option<ClocksView>,
    pub ending: EndingView,
    /// The last thing that went wrong.
    pub message: Option<String>,
    /// The seats and teams of a game of three to six players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multi: Option<SeatsView>,
}

/// The shown board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The colour of each occupied cell, by cell name.
    pub marbles: BTreeMap<String, &'static str>,
    pub to_move: &'static str,
    /// Two players: the marbles each colour has lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost: Option<BTreeMap<&'static str, u8>>,
    /// The position string.
    pub fen: String,
    /// The result in words when the shown position ends the game.
    pub over: Option<String>,
}

/// A move as the page plays and draws it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The notation.
    pub m: String,
    /// The cells of the group that moves.
    pub g: Vec<String>,
    /// The cell a click on which plays the move.
    pub t: String,
    /// The cells the group lands on.
    pub l: Vec<String>,
}

impl MoveView {
    /// The move's notation, group, target and landing cells: the target is the cell in front
    /// of an inline group, or where the first-named end of a broadside lands.
    pub fn of(mv: Move) -> MoveView {
        let cells = |bits: u64| Cells(bits).map(|c| c.to_string()).collect::<Vec<_>>();
        let d = mv.direction();
        let lands = Cells(mv.group())
            .filter_map(|c| neighbour(c, d))
            .map(|c| c.to_string())
            .collect();
        let target = match mv.broadside_axis() {
            Some(_) => neighbour(mv.tail(), d),
            None => neighbour(mv.head(), d),
        };
        MoveView {
            m: mv.to_string(),
            g: cells(mv.group()),
            t: target.map_or_else(|| mv.head().to_string(), |c| c.to_string()),
            l: lands,
        }
    }
}

/// Makes the click target of each of `moves` mean that move alone among the moves of its
/// group: a broadside's first-named end may land where another broadside of the same marbles
/// lands too (c3c4 to d3 d4, or to d4 d5: both land on d4), so a move whose target another of
/// its group lands on takes the first of its landing cells that no other lands on.
pub fn unique_targets(moves: &mut [MoveView]) {
    let sorted = |cells: &[String]| {
        let mut cells = cells.to_vec();
        cells.sort();
        cells
    };
    let groups: Vec<Vec<String>> = moves.iter().map(|m| sorted(&m.g)).collect();
    for index in 0..moves.len() {
        // The cells the other moves of the same marbles land on.
        let taken: Vec<&String> = (0..moves.len())
            .filter(|&other| other != index && groups[other] == groups[index])
            .flat_map(|other| &moves[other].l)
            .collect();
        if !taken.contains(&&moves[index].t) {
            continue;
        }
        let free = moves[index].l.iter().find(|c| !taken.contains(c)).cloned();
        if let Some(cell) = free {
            moves[index].t = cell;
        }
    }
}

/// A score: centi-marbles or moves to the sixth marble, and as players read it.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    pub text: String,
}

impl ScoreView {
    /// The view of a score, if there is one.
    pub fn of(score: Option<EngineScore>) -> Option<ScoreView> {
        let score = score?;
        let (cp, mate) = match score {
            EngineScore::Cp(cp) => (Some(cp), None),
            EngineScore::Mate(n) => (None, Some(n)),
        };
        Some(ScoreView {
            cp,
            mate,
            text: score.text(),
        })
    }
}

/// An engine the page may choose.
#[derive(Clone, Debug, Serialize)]
pub struct EngineView {
    pub name: String,
    /// Whether it has a `Skill` option (`null` until it has started).
    pub skill: Option<bool>,
    /// Why it did not start, if it did not.
    pub failed: Option<String>,
    /// Why it cannot play three to six players, in its own words, if it said so.
    pub no_seats: Option<String>,
    /// For this build's own engine, the measured Elo of each level, on the scale whose zero is
    /// the random mover (that of the `Elo` option and of `d`).
    pub levels_elo: Option<Vec<i32>>,
}

/// The engines the page may choose, in the order of the command line.
pub fn engines(table: &Table) -> Vec<EngineView> {
    let this_build = sumito_engine::identity::name();
    let ladder: Vec<i32> = (1..=MAX_SKILL)
        .map(|level| Skill::new(level).absolute_elo())
        .collect();
    (0..table.engines.names.len())
        .zip(&table.engines.options)
        .zip(&table.engines.failures)
        .map(|((index, options), failed)| EngineView {
            name: table.engines.name(index),
            skill: options
                .as_ref()
                .map(|names| names.iter().any(|n| n.eq_ignore_ascii_case("Skill"))),
            failed: failed.clone(),
            no_seats: table.engines.no_seats.get(index).cloned().flatten(),
            levels_elo: (table.engines.names[index] == this_build).then(|| ladder.clone()),
        })
        .collect()
}

/// An engine slot of a two-player game.
#[derive(Clone, Debug, Serialize)]
pub struct EngineSeatView {
    /// The number of the engine chosen for it, from 1 as on the command line.
    pub engine: usize,
    /// It has answered its handshake.
    pub ready: bool,
    /// Whether it has a `Skill` option, once it runs.
    pub skill: Option<bool>,
    pub failed: Option<String>,
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// The record's result token.
    pub token: String,
    /// Who won and why.
    pub text: String,
    /// An adjudicated game's scores that decided it.
    pub evidence: Option<String>,
}

/// The engine's latest thinking.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkingView {
    pub running: bool,
    /// The colour the scores belong to (the searched position's side to move).
    pub side: &'static str,
    pub ply: usize,
    /// The move the search ended with, once played.
    pub played: Option<String>,
    /// The lines belong to the shown position (or to the one before it, once played).
    pub current: bool,
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub lines: Vec<LineView>,
    /// The first line's move, on the shown position only.
    pub arrow: Option<MoveView>,
}

impl ThinkingView {
    /// The session's thinking about the game shown at `cursor`: `side` is whose the scores are,
    /// `score` turns a score into the view the page draws it from, and `arrow` reads the first
    /// line's first move on the searched position.
    pub fn of<K: Kind>(
        session: &Session<K>,
        side: &'static str,
        cursor: usize,
        score: impl Fn(EngineScore) -> EngineScore,
        arrow: impl FnOnce(&str) -> Option<Move>,
    ) -> ThinkingView {
        let thinking = &session.thinking;
        let first = thinking.lines.first();
        // The arrow only makes sense on the position the page shows.
        let arrow = (first.and_then(|line| line.pv.first()))
            .filter(|_| thinking.ply == cursor)
            .and_then(|text| arrow(text))
            .map(MoveView::of);
        let lines = (thinking.lines.iter())
            .filter(|line| !line.pv.is_empty())
            .map(|line| LineView {
                multipv: line.multipv,
                depth: line.depth,
                score: ScoreView::of(line.score.map(&score)),
                pv: line.pv.clone(),
            })
            .collect();
        // The lines are of the shown position, or (once their move is played) of the one
        // before it; of any other, the page does not show them.
        let current =
            thinking.ply == cursor || (thinking.played.is_some() && thinking.ply + 1 == cursor);
        ThinkingView {
            running: session.search.is_some(),
            side,
            ply: thinking.ply,
            played: thinking.played.clone(),
            current,
            depth: first.map_or(0, |l| l.depth),
            nodes: first.map_or(0, |l| l.nodes),
            nps: first.map_or(0, |l| l.nps),
            lines,
            arrow,
        }
    }
}

/// One line of analysis.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    pub multipv: u32,
    pub depth: u32,
    pub score: Option<ScoreView>,
    pub pv: Vec<String>,
}

/// The time left on each colour's clock, in ms, and whose clock runs.
#[derive(Clone, Debug, Serialize)]
pub struct ClocksView {
    #[serde(flatten)]
    pub left: BTreeMap<&'static str, u64>,
    pub running: Option<&'static str>,
}

/// How the game may end besides the rules.
#[derive(Clone, Debug, Serialize)]
pub struct EndingView {
    pub can_offer_draw: bool,
    pub can_resign: bool,
    pub engine_resigns: bool,
    /// The engine's answer to a draw offer, or why it resigned.
    pub engine_says: Option<String>,
    /// A watched game's adjudication rules.
    pub adjudication: Option<AdjudicationView>,
}

/// The adjudication rules of a watched game.
#[derive(Clone, Debug, Serialize)]
pub struct AdjudicationView {
    pub draw: Option<String>,
    pub resign: Option<String>,
}

/// What a game of three to six players adds: its seats and teams.
#[derive(Clone, Debug, Serialize)]
pub struct SeatsView {
    /// The number of players.
    pub players: usize,
    pub seats: Vec<SeatView>,
    /// The colours of each team, in a team game.
    pub teams: Option<Vec<Vec<&'static str>>>,
    /// The colour that moved at each ply.
    pub movers: Vec<&'static str>,
    /// The colour to move at the end of the game.
    pub turn: &'static str,
}

/// One seat of a game of three to six players.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub number: usize,
    pub letter: String,
    pub colour: &'static str,
    pub name: Option<String>,
    /// `engine` or `person`.
    pub sitter: &'static str,
    pub engine: Option<String>,
    pub tc: Option<String>,
    pub team: Option<usize>,
    pub ejected: u8,
    pub left: bool,
    pub why: Option<String>,
    pub won: Option<bool>,
    pub rank: Option<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::{Layout, Position};

    /// The moves of `position` as the page gets them.
    fn views(position: &Position) -> Vec<MoveView> {
        let mut moves: Vec<MoveView> = position
            .moves()
            .iter()
            .map(|&mv| MoveView::of(mv))
            .collect();
        unique_targets(&mut moves);
        moves
    }

    #[test]
    fn every_target_means_one_move_of_its_marbles() {
        let mut broadsides = 0;
        for layout in [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy] {
            let start = layout.position();
            for position in [
                start,
                start.play(start.moves().iter().copied().next().unwrap()),
            ] {
                let moves = views(&position);
                for (index, mv) in moves.iter().enumerate() {
                    let same_group = |other: &&MoveView| {
                        let (mut a, mut b) = (mv.g.clone(), other.g.clone());
                        a.sort();
                        b.sort();
                        a == b
                    };
                    let others: Vec<&MoveView> = (moves.iter().enumerate())
                        .filter(|&(o, other)| o != index && same_group(&other))
                        .map(|(_, other)| other)
                        .collect();
                    // The target is where the move lands, and no other move of the same
                    // marbles lands there or is clicked there.
                    assert!(mv.l.contains(&mv.t), "{} targets {}", mv.m, mv.t);
                    for other in others {
                        assert!(
                            !other.l.contains(&mv.t),
                            "{} and {} at {}",
                            mv.m,
                            other.m,
                            mv.t
                        );
                    }
                    broadsides += usize::from(mv.m.len() == 6);
                }
            }
        }
        assert!(broadsides > 0);
    }

    #[test]
    fn the_sideways_moves_of_c3_c4_are_told_apart() {
        let moves = views(&Layout::Standard.position());
        let mut targets: Vec<(String, String)> = (moves.iter())
            .filter(|m| {
                let mut g = m.g.clone();
                g.sort();
                g == ["c3", "c4"]
            })
            .map(|m| (m.m.clone(), m.t.clone()))
            .collect();
        targets.sort();
        // Towards row d: one lands on d3 and d4, the other on d4 and d5; d4 is neither's.
        let d_targets: Vec<&str> = (targets.iter())
            .filter(|(_, t)| t.starts_with('d'))
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(d_targets.len(), 2, "{targets:?}");
        assert!(!d_targets.contains(&"d4"), "{targets:?}");
    }
}
