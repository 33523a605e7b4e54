//! The rules of RULES.md, one case per test, on small positions written as position strings.

use sumito_rules::board::{Cell, Colour, Outcome, Position, WinReason};
use sumito_rules::movegen::{Move, MoveError, perft};

/// A position with only row `e` filled in (`e1` to `e9`), Black to move, nothing lost.
fn row_e(row: &str) -> Position {
    format!("5/6/7/8/{row}/8/7/6/5 b 0 0 0").parse().unwrap()
}

fn cell(name: &str) -> u64 {
    name.parse::<Cell>().unwrap().bit()
}

/// The marbles of each colour as sorted cell names.
fn marbles(position: &Position, colour: Colour) -> Vec<String> {
    sumito_rules::board::Cells(position.stones(colour))
        .map(|c| c.to_string())
        .collect()
}

fn legal(position: &Position, text: &str) -> Move {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(
        position.moves().contains(mv),
        "{text} parsed but not generated"
    );
    mv
}

#[test]
fn sumito_two_push_one() {
    let position = row_e("1bbw5");
    let mv = legal(&position, "e2e3");
    assert!(mv.is_push() && !mv.is_eject());
    let next = position.play(mv);
    assert_eq!(marbles(&next, Colour::Black), ["e3", "e4"]);
    assert_eq!(marbles(&next, Colour::White), ["e5"]);
}

#[test]
fn sumito_three_push_one() {
    let position = row_e("1bbbw4");
    let next = position.play(legal(&position, "e2e3"));
    assert_eq!(marbles(&next, Colour::Black), ["e3", "e4", "e5"]);
    assert_eq!(marbles(&next, Colour::White), ["e6"]);
}

#[test]
fn sumito_three_push_two() {
    let position = row_e("1bbbww3");
    let mv = legal(&position, "e2e3");
    assert_eq!(mv.pushed(), 2);
    let next = position.play(mv);
    assert_eq!(marbles(&next, Colour::Black), ["e3", "e4", "e5"]);
    assert_eq!(marbles(&next, Colour::White), ["e6", "e7"]);
}

#[test]
fn pac_one_against_one() {
    assert_eq!(row_e("1bw6").parse_move("e2e3"), Err(MoveError::Pac(1)));
}

#[test]
fn pac_two_against_two() {
    assert_eq!(row_e("1bbww4").parse_move("e2e3"), Err(MoveError::Pac(2)));
}

#[test]
fn pac_three_against_three() {
    assert_eq!(row_e("1bbbwww2").parse_move("e2e3"), Err(MoveError::Pac(3)));
}

#[test]
fn fewer_cannot_push_more() {
    let blocked = MoveError::Blocked {
        own: 1,
        opponent: 2,
    };
    assert_eq!(row_e("1bww5").parse_move("e2e3"), Err(blocked));
}

#[test]
fn four_in_line_count_as_three() {
    let position = row_e("bbbbwww2");
    // All four cannot move together, and the front three only reach a pac.
    assert_eq!(position.parse_move("e1e2"), Err(MoveError::TooLong));
    assert_eq!(position.parse_move("e2e3"), Err(MoveError::Pac(3)));
    assert!(position.moves().iter().all(|m| !m.is_push()));
    // Against two, the front three push.
    let position = row_e("bbbbww3");
    let next = position.play(legal(&position, "e2e3"));
    assert_eq!(marbles(&next, Colour::Black), ["e1", "e3", "e4", "e5"]);
    assert_eq!(marbles(&next, Colour::White), ["e6", "e7"]);
}

#[test]
fn sandwich_blocks_a_push() {
    assert_eq!(row_e("1bbwb4").parse_move("e2e3"), Err(MoveError::Sandwich));
    assert_eq!(
        row_e("bbbwwb3").parse_move("e1e2"),
        Err(MoveError::Sandwich)
    );
}

#[test]
fn no_push_across_a_gap() {
    let position = row_e("1bb1w4");
    let mv = legal(&position, "e2e3");
    assert!(!mv.is_push());
    let next = position.play(mv);
    assert_eq!(marbles(&next, Colour::Black), ["e3", "e4"]);
    assert_eq!(marbles(&next, Colour::White), ["e5"]);
}

#[test]
fn broadside_cannot_push() {
    // Black e3, e4; White f3, the cell north-west of e3.
    let position: Position = "5/6/7/1w6/2bb5/8/7/6/5 b 0 0 0".parse().unwrap();
    let f3 = "f3".parse().unwrap();
    assert_eq!(
        position.parse_move("e3e4f3"),
        Err(MoveError::BroadsideOccupied(f3))
    );
    assert_eq!(
        position.parse_move("e4e3f4"),
        Err(MoveError::BroadsideOccupied(f3))
    );
    assert!(position.moves().iter().all(|m| !m.is_push()));
}

#[test]
fn own_marble_cannot_leave_the_board() {
    // A lone corner marble has three moves.
    let corner: Position = "5/6/7/8/9/8/7/6/b4 b 0 0 0".parse().unwrap();
    assert_eq!(corner.count_moves(), 3);
    let position = row_e("7bb");
    assert_eq!(
        position.parse_move("e8e9"),
        Err(MoveError::OwnMarbleOffBoard)
    );
    // e9 would land north-east of the board.
    assert_eq!(
        position.parse_move("e8e9f9"),
        Err(MoveError::OwnMarbleOffBoard)
    );
}

#[test]
fn ejection_counts_a_lost_marble() {
    let position = row_e("5bbbw");
    let mv = legal(&position, "e6e7");
    assert!(mv.is_eject());
    let next = position.play(mv);
    assert_eq!(next.lost(Colour::White), 1);
    assert_eq!(next.lost(Colour::Black), 0);
    assert_eq!(next.stones(Colour::White), 0);
    assert_eq!(
        next.stones(Colour::Black),
        cell("e7") | cell("e8") | cell("e9")
    );
    // Three push two: only the outer marble leaves.
    let position = row_e("4bbbww");
    let next = position.play(legal(&position, "e5e6"));
    assert_eq!(next.lost(Colour::White), 1);
    assert_eq!(marbles(&next, Colour::White), ["e9"]);
}

#[test]
fn the_sixth_ejection_ends_the_game() {
    let position: Position = "5/6/7/8/5bbbw/8/7/6/5 b 0 5 10".parse().unwrap();
    assert!(!position.is_over());
    let next = position.play(legal(&position, "e6e7"));
    assert_eq!(next.lost(Colour::White), 6);
    assert!(next.is_over());
    let winner = Colour::Black;
    let reason = WinReason::SixEjected;
    assert_eq!(next.outcome(), Some(Outcome::Win { winner, reason }));
    assert!(next.moves().is_empty());
    assert_eq!(next.count_moves(), 0);
    assert_eq!(perft(&next, 1), 0);
    assert_eq!(next.parse_move("e7e8"), Err(MoveError::GameOver));
}

#[test]
fn move_limit_decides_by_marbles_ejected() {
    let base: Position = "5/6/7/8/5bbbw/8/7/6/4w b 0 0 9".parse().unwrap();
    assert!(!base.is_over(), "the rule is off by default");
    let limited = base.with_move_limit(10);
    assert!(!limited.is_over());
    // Ejecting on the last ply wins; any other move draws.
    let eject = limited.play(legal(&limited, "e6e7"));
    let winner = Colour::Black;
    let reason = WinReason::MoveLimit;
    assert_eq!(eject.outcome(), Some(Outcome::Win { winner, reason }));
    assert!(eject.moves().is_empty());
    let quiet = limited.play(legal(&limited, "e6f6"));
    assert_eq!(quiet.outcome(), Some(Outcome::Draw));
    assert!(quiet.moves().is_empty());
    // Without the limit the game goes on.
    assert_eq!(base.play(legal(&base, "e6f6")).outcome(), None);
}

#[test]
fn notation_examples_of_the_rule_book() {
    // Each example on a board holding just the marbles it moves.
    let g5: Position = "5/6/2b4/8/9/8/7/6/5 b 0 0 0".parse().unwrap();
    assert_eq!(legal(&g5, "g5g6").to_string(), "g5g6");
    let column: Position = "2b2/3b2/4b2/8/9/8/7/6/5 b 0 0 0".parse().unwrap();
    let three = legal(&column, "i7h7");
    assert_eq!(three.size(), 3);
    let next = column.play(three);
    assert_eq!(marbles(&next, Colour::Black), ["f7", "g7", "h7"]);
    assert_eq!(legal(&column, "h7g7").size(), 2);
    let line: Position = "1b3/2b3/3b3/8/9/8/7/6/5 b 0 0 0".parse().unwrap();
    let mv = legal(&line, "i6g6i7");
    assert_eq!(mv.to_string(), "g6i6g7");
    let next = line.play(mv);
    assert_eq!(marbles(&next, Colour::Black), ["g7", "h7", "i7"]);
    let pair: Position = "5/2b3/3b3/8/9/8/7/6/5 b 0 0 0".parse().unwrap();
    assert_eq!(legal(&pair, "h6g6h7"), legal(&pair, "g6h6g7"));
    assert_eq!(legal(&pair, "H6G6H7").to_string(), "g6h6g7");
}

#[test]
fn malformed_moves_say_why() {
    let start = Position::startpos();
    let a1 = "a1".parse().unwrap();
    let c1 = "c1".parse().unwrap();
    let cases = [
        ("", MoveError::Syntax(String::new())),
        ("a1b", MoveError::Syntax("a1b".into())),
        ("a1b2c3d4", MoveError::Syntax("a1b2c3d4".into())),
        ("a1j1", MoveError::UnknownCell("j1".into())),
        ("a1c1", MoveError::NotAdjacent { from: a1, to: c1 }),
        ("e5e6", MoveError::NotOwnMarble("e5".parse().unwrap())),
        ("i5i6", MoveError::NotOwnMarble("i5".parse().unwrap())),
        (
            "a1b3a2",
            MoveError::NotInLine {
                first: a1,
                second: "b3".parse().unwrap(),
            },
        ),
        ("a1a4b1", MoveError::TooLong),
        ("a1a3a2", MoveError::NotBroadside),
        (
            "a1a2b1",
            MoveError::BroadsideOccupied("b1".parse().unwrap()),
        ),
        ("c2c4d2", MoveError::NotOwnMarble("c2".parse().unwrap())),
    ];
    for (text, expected) in cases {
        assert_eq!(start.parse_move(text), Err(expected), "{text}");
    }
}
