//! Analysis of games and positions of three to six players: every move of a game gets the
//! score its mover had before it and the score of the move played, both from the mover's view
//! (the seat to move of that position: in an N-player game the next position belongs to
//! another seat, so a score cannot be turned round as in two-player games).
//!
//! The score of the move played is a search of the same position restricted to that move
//! (`searchmoves`), with the same limits: a position and a move cost two searches unless the
//! move is the one Sumito prefers.

use super::{After, MoveAnnotation, loss, mark};
use sumito_engine::multi_search::{MultiRequest, search_multi};
use sumito_engine::search::{Control, Engine, Info, Limits, Reported, SearchResult};
use sumito_rules::game::Turn;
use sumito_rules::movegen::Move;
use sumito_rules::multiplayer::MultiPosition;

/// One search of an N-player position from its mover's view.
struct Searched {
    best: Option<Move>,
    /// The search's score, for losses and marks.
    score: i32,
    /// The score as reported (a forced result counted in the mover's own moves).
    reported: Reported,
    line: Vec<Move>,
}

/// Searches `position` within `limits`, only `searchmoves` if any, calling `report` with each
/// finished depth (scores from the view of the seat to move).
pub fn search_position(
    engine: &mut Engine,
    position: &MultiPosition,
    limits: &Limits,
    searchmoves: Vec<Move>,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let request = MultiRequest {
        searchmoves,
        ..MultiRequest::auto(position.seating(), limits.clone())
    };
    let control = Control::new();
    search_multi(engine, position, &request, &control, report, &mut |_| {})
}

/// [`search_position`] with its last report's score and line.
fn search(
    engine: &mut Engine,
    position: &MultiPosition,
    limits: &Limits,
    searchmoves: Vec<Move>,
) -> Searched {
    let mut last: Option<Info> = None;
    let result = search_position(engine, position, limits, searchmoves, &mut |info| {
        last = Some(info.clone())
    });
    let (reported, line) = match last {
        Some(info) => (info.score, info.pv),
        None => (Reported::from_score(result.score), result.pv),
    };
    Searched {
        best: result.best,
        score: result.score,
        reported,
        line,
    }
}

/// Annotates every move of a game of `turns` from `start` (passes and seats leaving have no
/// choice and get none). `progress(done, total)` is called after each move.
pub(super) fn analyse_multi_game(
    engine: &mut Engine,
    start: MultiPosition,
    turns: &[Turn],
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Vec<MoveAnnotation> {
    let total = turns.iter().filter(|t| matches!(t, Turn::Move(_))).count();
    let mut annotations = Vec::with_capacity(total);
    progress(0, total);
    let mut position = start;
    for (index, turn) in turns.iter().enumerate() {
        if let Turn::Move(played) = *turn {
            annotations.push(annotate(engine, &position, played, index + 1, limits));
            progress(annotations.len(), total);
        }
        position = turn.apply(&position);
    }
    annotations
}

/// The annotation of `played` in `position`, turn `ply`.
fn annotate(
    engine: &mut Engine,
    position: &MultiPosition,
    played: Move,
    ply: usize,
    limits: &Limits,
) -> MoveAnnotation {
    let seat = position.side_to_move();
    let before = search(engine, position, limits, Vec::new());
    let best = before.best.unwrap_or(played);
    let (after, loss, mark) = if best == played {
        (before.reported, 0, None)
    } else {
        let after = search(engine, position, limits, vec![played]);
        let cost = loss(before.score, after.score);
        (after.reported, cost, mark(before.score, after.score))
    };
    let after = match position.play(played).outcome() {
        Some(outcome) if outcome.won(seat) => After::Won,
        Some(_) => After::Lost,
        None => After::Score(after),
    };
    MoveAnnotation {
        ply,
        seat,
        seats: position.seating().seats(),
        played,
        before: before.reported,
        after,
        best,
        line: before.line,
        loss,
        mark,
    }
}
