//! The bitboard generator against the slow coordinate reference in `tests/common/reference.rs`,
//! on random positions, plus the hash and text round trips on the same positions.

use crate::common::reference::RefPosition;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use std::collections::BTreeSet;
use sumito_rules::board::{Cell, Layout, Position};
use sumito_rules::movegen::{Move, MoveList};

/// A random game from a layout: each ply picks a move with the next choice number; a choice
/// divisible by three prefers a push (ejections first) when there is one, so that games reach
/// exchanges, thin boards and the end at six.
fn random_game(layout: usize, choices: &[u32], move_limit: u32) -> Vec<Position> {
    let mut position = Layout::ALL[layout].position().with_move_limit(move_limit);
    let mut line = vec![position];
    let mut list = MoveList::new();
    for &choice in choices {
        position.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let pushes: Vec<Move> = list.iter().copied().filter(|m| m.is_push()).collect();
        let mv = if choice % 3 == 0 && !pushes.is_empty() {
            // Generation lists ejections first.
            pushes[(choice as usize / 3) % pushes.len().min(2)]
        } else {
            list.as_slice()[choice as usize % list.len()]
        };
        position = position.play(mv);
        line.push(position);
    }
    line
}

/// A random board: each cell empty, black or white, at most 14 of a colour, random lost counts.
fn random_board(cells: &[u8], white_to_move: bool, lost: (u8, u8)) -> String {
    let mut counts = [0u8; 2];
    let mut rows = Vec::new();
    for row in (0..9).rev() {
        let mut text = String::new();
        for col in 0..9 {
            let Some(cell) = Cell::new(row, col) else {
                continue;
            };
            let mut pick = cells[cell.index() as usize] % 4;
            if pick > 0 && pick < 3 && counts[pick as usize - 1] == 14 {
                pick = 0;
            }
            text.push(match pick {
                1 | 2 => {
                    counts[pick as usize - 1] += 1;
                    ['b', 'w'][pick as usize - 1]
                }
                _ => '1',
            });
        }
        rows.push(text);
    }
    let lost_black = lost.0.min(14 - counts[0]).min(5);
    let lost_white = lost.1.min(14 - counts[1]).min(5);
    let side = if white_to_move { 'w' } else { 'b' };
    format!("{} {side} {lost_black} {lost_white} 0", rows.join("/"))
}

/// The moves as comparable facts: notation, flags and the position string they lead to.
fn bitboard_moves(position: &Position) -> BTreeSet<(String, bool, bool, String)> {
    position
        .moves()
        .iter()
        .map(|&mv| {
            let next = position.play(mv);
            (
                mv.to_string(),
                mv.is_push(),
                mv.is_eject(),
                next.to_string(),
            )
        })
        .collect()
}

fn reference_moves(position: &Position) -> BTreeSet<(String, bool, bool, String)> {
    let reference = RefPosition::from_fen(&position.to_string()).unwrap();
    let moves = reference.legal_moves();
    let set: BTreeSet<_> = moves
        .iter()
        .map(|m| (m.notation.clone(), m.pushes, m.ejects, m.result.to_fen()))
        .collect();
    assert_eq!(set.len(), moves.len(), "the reference lists a move twice");
    set
}

fn check_against_reference(position: &Position) {
    let ours = bitboard_moves(position);
    assert_eq!(
        ours.len(),
        position.moves().len(),
        "a move listed twice in {position}"
    );
    assert_eq!(
        ours.len(),
        position.count_moves() as usize,
        "count in {position}"
    );
    // The reference knows no move limit: whether the game is over is judged from its own
    // losses and ply count, and short of the limit the moves are the same.
    let reference = RefPosition::from_fen(&position.to_string()).unwrap();
    let limit = position.move_limit();
    let at_limit = limit != 0 && reference.plies >= limit;
    assert_eq!(
        position.is_over(),
        reference.is_over() || at_limit,
        "over in {position}"
    );
    if !at_limit {
        assert_eq!(ours, reference_moves(position), "moves of {position}");
    }
}

fn check_round_trips(position: &Position) {
    let text = position.to_string();
    let parsed: Position = text.parse().unwrap();
    assert_eq!(
        parsed.with_move_limit(position.move_limit()),
        *position,
        "{text}"
    );
    for &mv in position.moves().iter() {
        let name = mv.to_string();
        assert_eq!(position.parse_move(&name), Ok(mv), "{name} in {text}");
        assert_eq!(position.parse_move(&name.to_uppercase()), Ok(mv), "{name}");
        if name.len() == 6 {
            // The other end first, with the cell where that end lands.
            let other_end: Cell = name[2..4].parse().unwrap();
            let lands = sumito_rules::board::neighbour(other_end, mv.direction()).unwrap();
            let reversed = format!("{}{}{lands}", &name[2..4], &name[0..2]);
            assert_eq!(position.parse_move(&reversed), Ok(mv), "{reversed}");
        }
    }
}

fn check_hashes(position: &Position) {
    assert_eq!(position.hash(), position.compute_hash(), "{position}");
    for &mv in position.moves().iter() {
        let next = position.play(mv);
        assert_eq!(next.hash(), next.compute_hash(), "after {mv} in {position}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn games_from_every_layout_match_the_reference(
        layout in 0usize..3,
        choices in prop::collection::vec(any::<u32>(), 0..160),
        limit in prop_oneof![Just(0u32), 1u32..60],
    ) {
        for position in random_game(layout, &choices, limit) {
            check_against_reference(&position);
        }
    }

    #[test]
    fn random_boards_match_the_reference(
        cells in prop::collection::vec(any::<u8>(), 64),
        white in any::<bool>(),
        lost in (0u8..7, 0u8..7),
    ) {
        let text = random_board(&cells, white, lost);
        let position: Position = text.parse().unwrap();
        check_against_reference(&position);
        check_round_trips(&position);
        check_hashes(&position);
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch(
        layout in 0usize..3,
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        for position in random_game(layout, &choices, 0) {
            check_hashes(&position);
        }
    }

    #[test]
    fn moves_and_positions_round_trip_through_text(
        layout in 0usize..3,
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        for position in random_game(layout, &choices, 0) {
            check_round_trips(&position);
        }
    }
}

#[test]
fn random_games_reach_pushes_ejections_and_the_end() {
    // The generator of random games above must really produce the positions it claims to.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = (0usize..3, prop::collection::vec(any::<u32>(), 150..160));
    let (mut pushes, mut ejections, mut ended) = (0, 0, 0);
    for _ in 0..50 {
        let (layout, choices) = strategy.new_tree(&mut runner).unwrap().current();
        let line = random_game(layout, &choices, 0);
        ended += line.last().is_some_and(Position::is_over) as u32;
        for pair in line.windows(2) {
            let lost = |p: &Position| {
                p.lost(sumito_rules::board::Colour::Black)
                    + p.lost(sumito_rules::board::Colour::White)
            };
            ejections += (lost(&pair[1]) > lost(&pair[0])) as u32;
            pushes += (pair[0].them() != pair[1].us()) as u32;
        }
    }
    assert!(
        pushes > 100 && ejections > 50 && ended > 5,
        "{pushes} {ejections} {ended}"
    );
}
