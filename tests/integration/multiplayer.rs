//! Three to six players: the engine's move generator against the coordinate reference in
//! `tests/common/multi_reference.rs` (perft of every layout, random games and random boards),
//! and `sumito perft` on N-seat starts.
//!
//! Depth 4 of every layout: `cargo test --release --test integration multiplayer:: -- --ignored`.

use crate::common::engines::run_sumito;
use crate::common::multi_reference::{self, MultiRef};
use proptest::prelude::*;
use std::collections::BTreeSet;
use sumito::movegen::MoveList;
use sumito::multiplayer::{MultiLayout, MultiPosition, move_text, multi_perft, multi_root_moves};

/// The moves of a position as comparable facts: notation and the position string after it.
fn engine_moves(position: &MultiPosition) -> BTreeSet<(String, String)> {
    multi_root_moves(position)
        .into_iter()
        .map(|mv| (move_text(mv), position.play_or_pass(mv).to_string()))
        .collect()
}

fn reference_moves(text: &str) -> BTreeSet<(String, String)> {
    let position = MultiRef::from_fen(text).expect("the reference reads the engine's string");
    position
        .successors()
        .into_iter()
        .map(|(notation, next)| (notation, next.to_fen()))
        .collect()
}

/// Both generators agree on the moves of `position` and where they lead.
fn assert_same_moves(position: &MultiPosition) {
    let text = position.to_string();
    assert_eq!(engine_moves(position), reference_moves(&text), "{text}");
}

#[test]
fn perft_of_every_layout_equals_the_reference() {
    for layout in MultiLayout::ALL {
        let start = layout.position();
        let reference = MultiRef::from_fen(&start.to_string()).unwrap();
        assert_eq!(
            start.to_string(),
            multi_reference::start_fen(layout.seating().seats()),
            "{layout}: the start position"
        );
        for depth in 1..=3 {
            assert_eq!(
                multi_perft(&start, depth),
                multi_reference::perft(&reference, depth),
                "{layout} depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "deep: about 10 s"]
fn perft_four_of_every_layout_equals_the_reference() {
    for layout in MultiLayout::ALL {
        let start = layout.position();
        let reference = MultiRef::from_fen(&start.to_string()).unwrap();
        let (engine, slow) = (
            multi_perft(&start, 4),
            multi_reference::perft(&reference, 4),
        );
        println!("{layout}: perft 4 = {engine} (reference {slow})");
        assert_eq!(engine, slow, "{layout}");
    }
}

/// A random game: each choice picks a move (a choice divisible by three prefers a push, so
/// that games reach ejections and their end); a choice divisible by 31 makes the seat to move
/// leave instead, once a game (two teams or more stay in play).
fn random_game(layout: usize, choices: &[u32]) -> Vec<MultiPosition> {
    let mut position = MultiLayout::ALL[layout].position();
    let mut line = vec![position];
    let mut list = MoveList::default();
    for &choice in choices {
        if position.is_over() {
            break;
        }
        if choice % 31 == 30 && position.left_mask() == 0 {
            position = position.leave();
            line.push(position);
            continue;
        }
        position.legal_moves(&mut list);
        let pushes: Vec<_> = list.iter().copied().filter(|m| m.is_push()).collect();
        position = if list.is_empty() {
            position.pass()
        } else if choice % 3 == 0 && !pushes.is_empty() {
            position.play(pushes[(choice as usize / 3) % pushes.len().min(2)])
        } else {
            position.play(list.as_slice()[choice as usize % list.len()])
        };
        line.push(position);
    }
    line
}

/// A random board of `seats` seats: each cell empty or a seat's (no seat beyond its start
/// count), random ejected counts no larger than what is missing, a random seat to move.
fn random_board(seats: usize, cells: &[u8], side: usize, ejected: &[u8]) -> Option<MultiPosition> {
    let layout = MultiLayout::for_seats(seats)?;
    let start: Vec<u32> = layout
        .seating()
        .all()
        .map(|seat| layout.seat_cells(seat).count_ones())
        .collect();
    let mut counts = vec![0u32; seats];
    let mut rows = Vec::new();
    let mut index = 0;
    for row in (0..9).rev() {
        let mut text = String::new();
        for _ in 0..(9 - (row as i32 - 4).abs()) {
            let pick = cells[index] as usize % (seats * 2);
            index += 1;
            if pick < seats && counts[pick] < start[pick] {
                counts[pick] += 1;
                text.push(sumito::multiplayer::SEAT_LETTERS[pick]);
            } else {
                text.push('1');
            }
        }
        rows.push(text);
    }
    let mut missing: u32 = start.iter().zip(&counts).map(|(s, c)| s - c).sum();
    let scores: Vec<String> = (0..seats)
        .map(|i| {
            let n = (ejected[i] as u32 % 5).min(missing);
            missing -= n;
            n.to_string()
        })
        .collect();
    let side = sumito::multiplayer::SEAT_LETTERS[side % seats];
    format!("{} {side} {} 0", rows.join("/"), scores.join("/"))
        .parse()
        .ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Along random games of every layout, both generators list the same moves, leading to the
    /// same positions, and the engine's hash is the hash from scratch.
    #[test]
    fn random_games_agree_with_the_reference(
        layout in 0usize..4,
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        for position in random_game(layout, &choices) {
            prop_assert_eq!(position.hash(), position.compute_hash());
            assert_same_moves(&position);
        }
    }

    /// On random boards (thin, crowded, blocked), both generators list the same moves.
    #[test]
    fn random_boards_agree_with_the_reference(
        seats in 3usize..=6,
        cells in prop::collection::vec(any::<u8>(), 61),
        side in 0usize..6,
        ejected in prop::collection::vec(any::<u8>(), 6),
    ) {
        if let Some(position) = random_board(seats, &cells, side, &ejected) {
            assert_same_moves(&position);
        }
    }
}

#[test]
fn perft_on_the_command_line_counts_n_seat_starts() {
    let reference = MultiRef::from_fen(&multi_reference::start_fen(3)).unwrap();
    let run = run_sumito(&["perft", "--layout", "three-player", "3"]);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        format!("nodes {}", multi_reference::perft(&reference, 3))
    );
    let fen = multi_reference::start_fen(4);
    let run = run_sumito(&["perft", "--fen", &fen, "2", "--divide"]);
    assert!(run.success, "{}", run.stderr);
    let reference = MultiRef::from_fen(&fen).unwrap();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        reference.successors().len() + 1,
        "{}",
        run.stdout
    );
    assert_eq!(
        lines.last().copied(),
        Some(format!("nodes {}", multi_reference::perft(&reference, 2)).as_str())
    );
    // A two-player command refuses an N-seat start with one clear line.
    let run = run_sumito(&["eval", "--layout", "four-player"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("three to six players"),
        "{}",
        run.stderr
    );
}
