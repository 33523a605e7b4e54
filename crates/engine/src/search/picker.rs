//! Staged move picking: the table's move before anything is generated, then the pushes
//! (ejections first), then the quiet moves (killers, the counter-move, then by history).
//!
//! Most nodes that fail high do so on the table's move, and many of the rest on a push: they
//! never generate or score the quiet moves. The order is the one scoring the whole list would
//! give, since every push scores above every quiet move.

use super::ordering::{Heuristics, OrderedMoves, TABLE_MOVE};
use sumito_rules::board::{Colour, Position};
use sumito_rules::movegen::Move;

/// Where the picker is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Table,
    GeneratePushes,
    Pushes,
    GenerateQuiets,
    Quiets,
    Done,
}

/// Hands out a node's moves best first, generating each kind only when it is reached.
pub struct MovePicker {
    stage: Stage,
    table_move: Move,
    /// The quiet move that last refuted the opponent's move before this node.
    counter: Move,
    ply: usize,
    side: Colour,
    /// Picks made from the current stage's list.
    picked: usize,
}

impl MovePicker {
    /// A picker for the node at `ply`, `side` to move, with the table's move and the counter-move.
    pub fn new(table_move: Move, counter: Move, ply: usize, side: Colour) -> MovePicker {
        MovePicker {
            stage: Stage::Table,
            table_move,
            counter,
            ply,
            side,
            picked: 0,
        }
    }

    /// The next move and its ordering score, or `None` once every move has been handed out.
    /// `moves` is the node's own list, which each stage fills in turn.
    #[inline]
    pub fn next(
        &mut self,
        position: &Position,
        moves: &mut OrderedMoves,
        heuristics: &Heuristics,
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = Stage::GeneratePushes;
                    let mv = self.table_move;
                    if mv.is_some() && position.is_legal(mv) {
                        return Some((mv, TABLE_MOVE));
                    }
                }
                Stage::GeneratePushes => {
                    position.push_moves(&mut moves.list);
                    self.score(moves, heuristics, Stage::Pushes);
                }
                Stage::GenerateQuiets => {
                    position.quiet_moves(&mut moves.list);
                    self.score(moves, heuristics, Stage::Quiets);
                }
                Stage::Pushes | Stage::Quiets if self.picked == moves.list.len() => {
                    self.stage = match self.stage {
                        Stage::Pushes => Stage::GenerateQuiets,
                        _ => Stage::Done,
                    };
                }
                Stage::Pushes | Stage::Quiets => {
                    let pick = moves.pick(self.picked);
                    self.picked += 1;
                    // The table's move scores above all others: it was handed out already.
                    if pick.0 != self.table_move {
                        return Some(pick);
                    }
                }
                Stage::Done => return None,
            }
        }
    }

    /// Scores the moves just generated and starts handing them out as `stage`.
    fn score(&mut self, moves: &mut OrderedMoves, heuristics: &Heuristics, stage: Stage) {
        let (table_move, counter) = (self.table_move, self.counter);
        moves.score(heuristics, table_move, counter, self.ply, self.side);
        self.stage = stage;
        self.picked = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stages_hand_out_every_legal_move_once_in_the_order_of_the_whole_list() {
        // Black can eject at e9 (e7e8) and push at e4 (e2e3).
        let position: Position = "5/6/7/8/1bbw2bbw/8/7/6/5 b 0 0 0".parse().unwrap();
        let all = position.moves();
        let quiet: Vec<Move> = all.iter().copied().filter(|m| !m.is_push()).collect();
        let mut heuristics = Heuristics::default();
        heuristics.reward(quiet[9], &[], 4, 3, Colour::Black, Move::NONE);
        heuristics.reward(quiet[1], &quiet[2..5], 6, 9, Colour::Black, Move::NONE);
        let illegal = Move::from_bits(0xFFFF);
        for table_move in [Move::NONE, quiet[5], all.as_slice()[0], illegal] {
            let mut whole = OrderedMoves::default();
            position.legal_moves(&mut whole.list);
            whole.score(&heuristics, table_move, quiet[7], 3, Colour::Black);
            let expected: Vec<(Move, i32)> = (0..all.len()).map(|i| whole.pick(i)).collect();
            let mut staged = OrderedMoves::default();
            let mut picker = MovePicker::new(table_move, quiet[7], 3, Colour::Black);
            let mut got = Vec::new();
            while let Some(pick) = picker.next(&position, &mut staged, &heuristics) {
                got.push(pick);
            }
            assert_eq!(got, expected, "table move {table_move:?}");
        }
    }
}
