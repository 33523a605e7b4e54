//! Self-checks of the reference move generator in `tests/common/reference.rs`
//! against `/work/shared/RULES.md` and `/work/shared/PERFT.md`.

use crate::common::reference::{RefMove, RefPosition, cell_name, perft};

/// PERFT.md rule cases: (position, moves, ejecting, pushing but not ejecting).
const RULE_CASES: [(&str, usize, usize, usize); 20] = [
    ("5/6/7/8/bbbww4/8/7/6/5 b 0 0 0", 19, 0, 1),
    ("5/6/7/8/4bbbww/8/7/6/5 b 0 0 0", 28, 1, 0),
    ("5/6/7/8/9/8/7/6/2bbw b 0 0 0", 9, 1, 0),
    ("5/6/7/8/2bbbwb2/8/7/6/5 b 0 0 0", 32, 0, 0),
    ("5/6/7/8/1bbbwwb2/8/7/6/5 b 0 0 0", 32, 0, 0),
    ("5/6/7/8/bbbwww3/8/7/6/5 b 0 0 0", 18, 0, 0),
    ("5/6/7/8/bbww5/8/7/6/5 b 0 0 0", 8, 0, 0),
    ("5/6/7/8/bbbbw4/8/7/6/5 b 0 0 0", 32, 0, 2),
    ("5/6/7/8/bbbbbw3/8/7/6/5 b 0 0 0", 44, 0, 2),
    ("5/6/7/8/bbbw1w3/8/7/6/5 b 0 0 0", 20, 0, 2),
    ("5/6/7/8/bbbwww3/8/7/6/5 w 0 0 0", 27, 0, 0),
    ("5/6/7/8/9/8/7/w5/bbb2 b 0 0 0", 12, 0, 0),
    ("4w/6/7/8/9/8/7/6/b4 b 0 0 0", 3, 0, 0),
    ("3w1/3b2/3b3/3b4/9/8/7/6/5 b 0 0 0", 29, 2, 0),
    ("w4/1w4/2b4/3b4/4b4/8/7/6/5 b 0 0 0", 28, 1, 0),
    ("5/6/7/8/4b4/3b4/2b4/1w4/w4 b 0 0 0", 28, 1, 0),
    ("5/6/7/8/9/8/2b4/2b3/2w2 b 0 0 0", 15, 1, 0),
    ("5/6/7/8/b1w6/2w5/2w4/6/5 w 0 0 0", 30, 0, 0),
    ("w3b/6/7/8/w3b3w/8/7/6/b3w b 0 0 0", 12, 0, 0),
    ("5/6/7/8/4bb3/8/7/6/5 b 0 0 0", 16, 0, 0),
];

const LAYOUTS: [&str; 3] = ["standard", "belgian-daisy", "german-daisy"];

fn pos(fen: &str) -> RefPosition {
    RefPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn layout(name: &str) -> RefPosition {
    RefPosition::layout(name).unwrap()
}

/// Layouts, rule cases and every position one ply after them.
fn sample_positions() -> Vec<RefPosition> {
    let mut out: Vec<RefPosition> = LAYOUTS.iter().map(|n| layout(n)).collect();
    out.extend(RULE_CASES.iter().map(|c| pos(c.0)));
    let roots = out.clone();
    for p in &roots {
        out.extend(p.legal_moves().into_iter().map(|m| m.result));
    }
    out
}

#[test]
fn rule_cases() {
    for (i, &(fen, moves, ejecting, pushing)) in RULE_CASES.iter().enumerate() {
        let p = pos(fen);
        let ms = p.legal_moves();
        let ej = ms.iter().filter(|m| m.ejects).count();
        let pu = ms.iter().filter(|m| m.pushes && !m.ejects).count();
        let notations: Vec<&str> = ms.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(
            (ms.len(), ej, pu),
            (moves, ejecting, pushing),
            "case {}: {fen}: {notations:?}",
            i + 1
        );
        for m in &ms {
            assert!(!m.ejects || m.pushes, "an ejection is a push");
            let lost = |q: &RefPosition| q.lost_black + q.lost_white;
            assert_eq!(lost(&m.result), lost(&p) + m.ejects as u32);
            assert_eq!(m.result.to_move, if p.to_move == 'b' { 'w' } else { 'b' });
            assert_eq!(m.result.plies, p.plies + 1);
        }
    }
}

#[test]
fn perft_standard_1_to_3() {
    let p = layout("standard");
    assert_eq!(
        [perft(&p, 1), perft(&p, 2), perft(&p, 3)],
        [44, 1_936, 98_912]
    );
}

#[test]
fn perft_belgian_daisy_1_to_3() {
    let p = layout("belgian-daisy");
    assert_eq!(
        [perft(&p, 1), perft(&p, 2), perft(&p, 3)],
        [52, 2_692, 149_322]
    );
}

#[test]
fn perft_german_daisy_1_to_3() {
    let p = layout("german-daisy");
    assert_eq!(
        [perft(&p, 1), perft(&p, 2), perft(&p, 3)],
        [80, 6_244, 493_480]
    );
}

#[test]
#[ignore = "slow: cargo test --release --test integration reference_self_check:: -- --ignored"]
fn perft_standard_4() {
    assert_eq!(perft(&layout("standard"), 4), 5_045_110);
}

#[test]
#[ignore = "slow: cargo test --release --test integration reference_self_check:: -- --ignored"]
fn perft_belgian_daisy_4() {
    assert_eq!(perft(&layout("belgian-daisy"), 4), 8_270_666);
}

#[test]
#[ignore = "slow: cargo test --release --test integration reference_self_check:: -- --ignored"]
fn perft_german_daisy_4() {
    assert_eq!(perft(&layout("german-daisy"), 4), 38_240_570);
}

#[test]
fn layouts_and_cell_names() {
    assert_eq!(
        layout("standard").to_fen(),
        "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0"
    );
    for n in LAYOUTS {
        let p = layout(n);
        assert_eq!(p.cells.values().filter(|&&v| v == 'b').count(), 14);
        assert_eq!(p.cells.values().filter(|&&v| v == 'w').count(), 14);
        assert_eq!(
            (p.to_move, p.lost_black, p.lost_white, p.plies),
            ('b', 0, 0, 0)
        );
    }
    assert!(RefPosition::layout("nonsense").is_none());
    assert_eq!(cell_name(1, 1), "a1");
    assert_eq!(cell_name(5, 9), "e9");
    assert_eq!(cell_name(9, 5), "i5");
}

#[test]
fn position_strings_round_trip() {
    for p in sample_positions() {
        let fen = p.to_fen();
        let q = pos(&fen);
        assert_eq!(q, p, "{fen}");
        assert_eq!(q.to_fen(), fen);
    }
    for &(fen, ..) in &RULE_CASES {
        assert_eq!(
            pos(fen).to_fen(),
            fen,
            "canonical strings are written back unchanged"
        );
    }
}

#[test]
fn position_string_defaults() {
    let p = pos("5/6/7/8/bbbww4/8/7/6/5 b");
    assert_eq!((p.lost_black, p.lost_white, p.plies), (11, 12, 0));
    assert_eq!(p.to_fen(), "5/6/7/8/bbbww4/8/7/6/5 b 11 12 0");
    let p = pos("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w");
    assert_eq!(
        (p.to_move, p.lost_black, p.lost_white, p.plies),
        ('w', 0, 0, 0)
    );
    let p = pos("  5/6/7/8/bbbww4/8/7/6/5   w 1 2 17 ");
    assert_eq!(
        (p.to_move, p.lost_black, p.lost_white, p.plies),
        ('w', 1, 2, 17)
    );
    // Split runs of empties are accepted and merged on output.
    assert_eq!(
        pos("32/6/7/8/9/8/7/6/5 b 0 0 0").to_fen(),
        "5/6/7/8/9/8/7/6/5 b 0 0 0"
    );
}

#[test]
fn position_string_rejections() {
    let bad = [
        "",
        "b",
        "5/6/7/8/9/8/7/6 b 0 0 0",           // 8 rows
        "5/6/7/8/9/8/7/6/5/5 b 0 0 0",       // 10 rows
        "6/6/7/8/9/8/7/6/5 b 0 0 0",         // too many cells
        "4/6/7/8/9/8/7/6/5 b 0 0 0",         // too few cells
        "5/6/7/8/9/8/7/6/bbbbbb b 0 0 0",    // too many cells (marbles)
        "5/6/7/8/9/8/7/6/5x b 0 0 0",        // bad char
        "5/6/7/8/9/8/7/6/B4 b 0 0 0",        // bad char (upper case)
        "5/6/7/8/9/8/7/6/05 b 0 0 0",        // bad char (zero)
        "5/6/7/8/9/8/7/6/5 x 0 0 0",         // bad side
        "5/6/7/8/9/8/7/6/5 B 0 0 0",         // bad side
        "5/6/7/8/9/8/7/6/5 b x 0 0",         // bad number
        "5/6/7/8/9/8/7/6/5 b 0 0 0 0",       // too many fields
        "5/6/7/bbbbbbbb/bbbbbbb2/8/7/6/5 b", // 15 black
        "5/6/7/wwwwwwww/wwwwwww2/8/7/6/5 b", // 15 white
    ];
    for s in bad {
        assert!(RefPosition::from_fen(s).is_err(), "accepted {s:?}");
    }
    // 14 of a colour is fine.
    assert!(RefPosition::from_fen("5/6/7/bbbbbbbb/bbbbbb3/8/7/6/5 b").is_ok());
}

fn same_move(a: &RefMove, b: &RefMove) -> bool {
    a.group == b.group
        && a.direction == b.direction
        && a.notation == b.notation
        && a.result == b.result
}

#[test]
fn notation_round_trip() {
    let mut checked = 0;
    for p in sample_positions() {
        for m in p.legal_moves() {
            let n = &m.notation;
            assert_eq!(n, &n.to_lowercase());
            let mut forms = vec![n.clone(), n.to_uppercase(), format!(" {n} ")];
            match n.len() {
                4 => {
                    // Inline: the second cell is the next marble of the group or the destination.
                    assert_eq!(&n[0..2], m.group.iter().find(|c| **c == n[0..2]).unwrap());
                }
                6 => {
                    assert!(m.group.len() >= 2 && !m.pushes);
                    let (e1, e2) = (&n[0..2], &n[2..4]);
                    assert!(e1 < e2, "ends in ascending order: {n}");
                    assert_eq!(e1, m.group.first().unwrap());
                    assert_eq!(e2, m.group.last().unwrap());
                    // The same move named from the other end: e2, e1, where e2 lands.
                    let land2 = m
                        .result
                        .cells
                        .keys()
                        .map(|&(r, c)| cell_name(r, c))
                        .find(|cell| {
                            let r = |s: &str| (s.as_bytes()[0] as i32, s.as_bytes()[1] as i32);
                            let (a, b, l1, l2) = (r(e1), r(e2), r(&n[4..6]), r(cell));
                            (l1.0 - a.0, l1.1 - a.1) == (l2.0 - b.0, l2.1 - b.1)
                        })
                        .unwrap();
                    let rev = format!("{e2}{e1}{land2}");
                    forms.push(rev.clone());
                    forms.push(rev.to_uppercase());
                }
                _ => panic!("bad notation {n}"),
            }
            for f in forms {
                let found = p
                    .find_move(&f)
                    .unwrap_or_else(|| panic!("{f} not found in {}", p.to_fen()));
                assert!(
                    same_move(&found, &m),
                    "{f} gave {} in {}",
                    found.notation,
                    p.to_fen()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn find_move_rejects_nonsense() {
    let p = layout("standard");
    for s in [
        "", "a1", "a1a3", "z1z2", "a1b1c1d1", "a6b6", "c3c4c5", "a1a2b1", "c3d4x", "e5e6", "a1a0",
    ] {
        assert!(p.find_move(s).is_none(), "{s}");
    }
    // Inline three-cell form is not a broadside.
    assert!(p.find_move("c3c5c4").is_none());
    // A run of four cannot move inline; a run of three pushing into an own marble neither.
    let q = pos("5/6/7/8/bbbb5/8/7/6/5 b 0 0 0");
    assert!(q.find_move("e1e2").is_none());
    assert!(q.find_move("e2e3").is_some());
}

#[test]
fn rules_md_examples() {
    // Standard layout, White to move: g5,g6,g7 / h7,g7 / i7,h7,g7 inline.
    let p = pos("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w 0 0 0");
    let m = p.find_move("g5g6").unwrap();
    assert_eq!(
        (m.group.clone(), m.direction),
        (vec!["g5".into(), "g6".into(), "g7".into()], "E")
    );
    let m = p.find_move("h7g7").unwrap();
    assert_eq!(
        (m.group.clone(), m.direction),
        (vec!["g7".into(), "h7".into()], "SE")
    );
    let m = p.find_move("i7h7").unwrap();
    assert_eq!(
        (m.group.clone(), m.direction),
        (vec!["g7".into(), "h7".into(), "i7".into()], "SE")
    );
    for (cell, side) in [
        ((9, 7), None),
        ((8, 7), Some(&'w')),
        ((7, 7), Some(&'w')),
        ((6, 7), Some(&'w')),
    ] {
        assert_eq!(m.result.cells.get(&cell), side);
    }

    // Black marbles on g6,h6,i6 with room to the east.
    let p = pos("1b3/2b3/3b3/8/9/8/7/6/5 b 0 0 0");
    let m = p.find_move("i6g6i7").unwrap();
    assert_eq!(m.notation, "g6i6g7");
    assert_eq!(
        (m.group.clone(), m.direction),
        (vec!["g6".into(), "h6".into(), "i6".into()], "E")
    );
    for (r, c) in [(7, 7), (8, 7), (9, 7)] {
        assert_eq!(m.result.cells.get(&(r, c)), Some(&'b'));
    }
    let a = p.find_move("h6g6h7").unwrap();
    let b = p.find_move("g6h6g7").unwrap();
    assert!(same_move(&a, &b));
    assert_eq!(a.notation, "g6h6g7");
    assert_eq!(
        (a.group.clone(), a.direction),
        (vec!["g6".into(), "h6".into()], "E")
    );
    assert_eq!(a.result.cells.get(&(7, 6)), None);
    assert_eq!(a.result.cells.get(&(9, 6)), Some(&'b'));
}

#[test]
fn game_over_has_no_moves() {
    let p = pos("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 6 0 0");
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(perft(&p, 2), 0);
    assert!(!layout("standard").is_over());
    assert!(
        pos("5/6/7/8/9/8/7/6/2bbw b 5 5 0")
            .legal_moves()
            .iter()
            .any(|m| m.ejects && m.result.is_over())
    );
}
