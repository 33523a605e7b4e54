//! Perft of the bitboard generator against the data file `tests/perft.txt`, whose figures to
//! depth 4 come from the coordinate reference generator (and agree with ../shared/PERFT.md).
//! Depth 5 has no independent source: the bitboard generator's own counts, pinned once it
//! agreed with the reference at every lower depth, so that a change that alters them is seen.
//!
//! Depth 5 and the reference's own recount of every figure are slow:
//! `cargo test --release --test integration perft:: -- --ignored`.

use crate::common::reference::{self, RefPosition};
use sumito_rules::board::{Layout, Position};
use sumito_rules::movegen::{perft, perft_divide, perft_parallel};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in include_str!("../perft.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("perft ") {
            let mut numbers = rest.split_whitespace().map(|n| n.parse::<u64>().unwrap());
            let (depth, leaves) = (numbers.next().unwrap(), numbers.next().unwrap());
            cases
                .last_mut()
                .unwrap()
                .counts
                .push((depth as u32, leaves));
        } else {
            cases.push(Case {
                fen: line.to_string(),
                counts: Vec::new(),
            });
        }
    }
    cases
}

fn check(max_depth: u32, min_depth: u32) -> usize {
    let mut checked = 0;
    for case in cases() {
        let position: Position = case.fen.parse().unwrap();
        for &(depth, leaves) in &case.counts {
            if (min_depth..=max_depth).contains(&depth) {
                assert_eq!(
                    perft(&position, depth),
                    leaves,
                    "perft {depth} of {}",
                    case.fen
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn the_data_file_covers_the_three_layouts() {
    let cases = cases();
    for layout in Layout::ALL {
        let fen = layout.position().to_string();
        let case = cases
            .iter()
            .find(|c| c.fen == fen)
            .expect("layout in the data file");
        let depths: Vec<u32> = case.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5], "{layout}");
    }
}

#[test]
fn perft_to_depth_four_matches_the_data_file() {
    assert!(check(4, 1) >= 24);
}

#[test]
#[ignore = "slow: cargo test --release --test integration perft:: -- --ignored"]
fn perft_depth_five_matches_the_data_file() {
    assert!(check(5, 5) >= 3);
}

#[test]
fn the_reference_agrees_with_the_data_file_to_depth_two() {
    for case in cases() {
        let position = RefPosition::from_fen(&case.fen).unwrap();
        for &(depth, leaves) in case.counts.iter().filter(|&&(d, _)| d <= 2) {
            assert_eq!(reference::perft(&position, depth), leaves, "{}", case.fen);
        }
    }
}

#[test]
#[ignore = "slow: cargo test --release --test integration perft:: -- --ignored"]
fn the_reference_agrees_with_the_data_file_to_depth_four() {
    for case in cases() {
        let position = RefPosition::from_fen(&case.fen).unwrap();
        for &(depth, leaves) in case.counts.iter().filter(|&&(d, _)| d <= 4) {
            assert_eq!(reference::perft(&position, depth), leaves, "{}", case.fen);
        }
    }
}

#[test]
fn divide_and_parallel_perft_sum_to_perft() {
    for case in cases() {
        let position: Position = case.fen.parse().unwrap();
        let expected = perft(&position, 3);
        let divided = perft_divide(&position, 3);
        assert_eq!(divided.len(), position.count_moves() as usize);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), expected);
        assert_eq!(perft_parallel(&position, 3), expected);
    }
}
