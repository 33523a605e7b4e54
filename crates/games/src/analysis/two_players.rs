//! The analysis of a two-player game: every position searched once, so each move gets the
//! score before it (the position's own score) and after it (minus the next position's).

use super::{After, MoveAnnotation, loss, mark};
use sumito_engine::search::{Control, Engine, Limits, MATE, Reported};
use sumito_rules::board::{Position, Seat};
use sumito_rules::movegen::Move;

/// The mover's [`After`] of a search score `after` from the mover's view: the opponent is to
/// move, so a forced result counts the opponent's moves, and a game the move ended says so.
pub(super) fn after_of(after: i32) -> After {
    if after >= MATE {
        return After::Won;
    }
    if after <= -MATE {
        return After::Lost;
    }
    After::Score(match Reported::from_score(-after) {
        Reported::Centi(cp) => Reported::Centi(-cp),
        Reported::Mate(n) => Reported::Mate(-n),
    })
}

/// Searches every position of a game once, so each move gets the score before it (the
/// position's own score) and after it (minus the next position's score). `progress(done,
/// total)` is called after each search.
pub(super) fn analyse_two_player_game(
    engine: &mut Engine,
    start: Position,
    moves: &[Move],
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Vec<MoveAnnotation> {
    let mut game = vec![start];
    for &mv in moves {
        let last = game[game.len() - 1];
        game.push(last.play(mv));
    }
    // One search per position: (score for its side to move, best move, line).
    let mut searched = Vec::with_capacity(game.len());
    progress(0, game.len());
    for end in 1..=game.len() {
        let position = game[end - 1];
        let result = if position.outcome().is_some() {
            None
        } else {
            let control = Control::new();
            Some(engine.search(&game[..end], limits, &[], &control, &mut |_| {}))
        };
        // A finished game: won or lost for its side to move as the rules say (the move limit
        // may give the win to either side), or drawn.
        let score = match (&result, position.outcome().map(|o| o.winner())) {
            (Some(result), _) => result.score,
            (None, Some(Some(winner))) if winner == position.side_to_move() => MATE,
            (None, Some(Some(_))) => -MATE,
            (None, _) => 0,
        };
        let best = result.as_ref().and_then(|r| r.best).unwrap_or(Move::NONE);
        let line = result.map(|r| r.pv).unwrap_or_default();
        searched.push((score, best, line));
        progress(end, game.len());
    }
    moves
        .iter()
        .enumerate()
        .map(|(index, &played)| {
            let (before, best, line) = searched[index].clone();
            let after = -searched[index + 1].0;
            let (loss, mark) = if played == best {
                (0, None)
            } else {
                (loss(before, after), mark(before, after))
            };
            MoveAnnotation {
                ply: index + 1,
                seat: Seat::from(game[index].side_to_move()),
                seats: 2,
                played,
                before: Reported::from_score(before),
                after: after_of(after),
                best,
                line,
                loss,
                mark,
            }
        })
        .collect()
}
