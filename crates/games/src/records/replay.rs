//! Replaying records: the start position, every move checked by the rules core, and the result
//! and termination checked against the final position (`sumito match --verify`).

use super::checks::{check_ply_count, checked_result, max_plies};
use super::seats_replay::{is_multi_record, replay_multi, verify_multi_record};
use super::{Record, RecordsError, read_records};
use std::path::Path;
use sumito_rules::board::{Colour, Layout, Outcome, Position};
use sumito_rules::ending::{Termination, result_token};
use sumito_rules::game::{AnyPosition, Turn};
use sumito_rules::movegen::Move;

/// The record's start position, from its `FEN` or `Layout` tag.
pub fn start_position(record: &Record) -> Result<Position, RecordsError> {
    if let Some(fen) = record.tag("FEN") {
        return fen
            .parse::<Position>()
            .map_err(|source| RecordsError::BadFen {
                fen: fen.to_string(),
                source,
            });
    }
    let layout = record.tag("Layout").ok_or(RecordsError::NoStart)?;
    Ok(layout.parse::<Layout>()?.position())
}

/// A record replayed by the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The start position, with the record's move limit (its `MaxPlies` tag) set.
    pub start: Position,
    /// The moves, each legal in its turn.
    pub moves: Vec<Move>,
    /// The position after the last move.
    pub end: Position,
}

/// Replays a record's moves from its start position under its move limit; an error names the
/// first move that does not parse or is not legal.
pub fn replay(record: &Record) -> Result<Replayed, RecordsError> {
    let max_plies = max_plies(record)?;
    // MaxPlies is the limit on the ply count, which a position string carries (GAMES.md).
    let start = start_position(record)?.with_move_limit(max_plies);
    let mut end = start;
    let mut moves = Vec::with_capacity(record.moves.len());
    for (index, text) in record.moves.iter().enumerate() {
        let mv = end
            .parse_move(text)
            .map_err(|source| RecordsError::IllegalMove {
                number: index + 1,
                text: text.clone(),
                source,
            })?;
        end = end.play(mv);
        moves.push(mv);
    }
    Ok(Replayed { start, moves, end })
}

/// Replays a record of any number of seats (see [`replay`] and
/// [`super::multi::replay_multi`]): its start position, with the record's move limit, and its
/// turns.
pub fn replay_any(record: &Record) -> Result<(AnyPosition, Vec<Turn>), RecordsError> {
    if is_multi_record(record) {
        let replayed = replay_multi(record)?;
        return Ok((AnyPosition::Multi(replayed.start), replayed.turns));
    }
    let replayed = replay(record)?;
    let turns = replayed.moves.into_iter().map(Turn::Move).collect();
    Ok((AnyPosition::Two(replayed.start), turns))
}

/// Replays a record and checks that every move is legal and that the result and termination
/// fit the final position. On success returns the number of plies.
pub fn verify_record(record: &Record) -> Result<usize, RecordsError> {
    if is_multi_record(record) {
        return verify_multi_record(record);
    }
    verified(record).map(|_| record.moves.len())
}

/// A two-player record replayed and checked as [`verify_record`] checks it: the replay, for a
/// caller that goes on with the game (the twin of `verified_multi`).
pub fn verified(record: &Record) -> Result<Replayed, RecordsError> {
    let replayed = replay(record)?;
    let position = replayed.end;
    let result = checked_result(record)?;
    check_ply_count(record)?;
    let termination: Termination = record.required_tag("Termination")?.parse()?;
    match position.outcome() {
        Some(outcome) => check_finished(outcome, result, &termination)?,
        None => check_unfinished(&position, result, &termination)?,
    }
    Ok(replayed)
}

/// A game the rules ended: the result and termination must be the rules' own.
fn check_finished(
    outcome: Outcome,
    result: &str,
    termination: &Termination,
) -> Result<(), RecordsError> {
    let expected = result_token(outcome.winner());
    if result != expected {
        return Err(RecordsError::WrongResult {
            result: result.to_string(),
            expected,
            outcome,
        });
    }
    let expected = Termination::from_outcome(&outcome);
    if *termination != expected {
        return Err(RecordsError::WrongTermination {
            termination: termination.clone(),
            expected,
        });
    }
    Ok(())
}

/// A game that ended before the rules ended it: by the game time, a fault, a resignation or an
/// abandoned game, and the result must fit it.
fn check_unfinished(
    position: &Position,
    result: &str,
    termination: &Termination,
) -> Result<(), RecordsError> {
    if *termination == Termination::GameTime {
        let expected = result_token(position.marble_leader());
        if result != expected {
            return Err(RecordsError::WrongGameTimeResult {
                result: result.to_string(),
                expected,
            });
        }
        return Ok(());
    }
    if matches!(
        termination,
        Termination::AdjudicatedDraw | Termination::Agreement
    ) {
        // A game one marble up is won at the move limit, whatever the scores say; players
        // may agree any draw.
        let equal = position.marble_leader().is_none() || *termination == Termination::Agreement;
        if result != "1/2-1/2" || !equal {
            return Err(RecordsError::WrongDraw {
                result: result.to_string(),
                termination: termination.clone(),
            });
        }
        return Ok(());
    }
    if !termination.is_fault() {
        return Err(RecordsError::NotOver {
            termination: termination.clone(),
        });
    }
    match (result, termination) {
        ("*", Termination::Abandoned) => return Ok(()),
        ("*", _) => {
            return Err(RecordsError::UnfinishedNotAbandoned {
                termination: termination.clone(),
            });
        }
        // Abandoned is no result: GAMES.md takes it only with `*`.
        (_, Termination::Abandoned) => {
            return Err(RecordsError::AbandonedWithResult {
                result: result.to_string(),
            });
        }
        _ => {}
    }
    let winner = match result {
        "1-0" => Colour::Black,
        "0-1" => Colour::White,
        other => {
            return Err(RecordsError::FaultNotLost {
                result: other.to_string(),
                termination: termination.clone(),
            });
        }
    };
    // Only the side to move can answer late or illegally.
    let mover = position.side_to_move();
    let mover_only = matches!(
        termination,
        Termination::TimeForfeit | Termination::IllegalMove(_)
    );
    if mover_only && winner == mover {
        return Err(RecordsError::MoverWon {
            result: result.to_string(),
            termination: termination.clone(),
            mover,
        });
    }
    Ok(())
}

/// Verifies every record of the file at `path`: a summary, or the list of problems.
pub fn verify_file(path: &Path) -> Result<String, RecordsError> {
    let records = read_records(path)?;
    if records.is_empty() {
        return Err(RecordsError::NoRecords {
            path: path.to_path_buf(),
        });
    }
    let mut problems = Vec::new();
    let mut plies = 0;
    for (index, record) in records.iter().enumerate() {
        match verify_record(record) {
            Ok(n) => plies += n,
            Err(problem) => problems.push(RecordsError::InGame {
                game: index + 1,
                line: record.line_of(&problem),
                source: Box::new(problem),
            }),
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{}: {} games, {plies} moves, every move legal and every result right",
            path.display(),
            records.len()
        ))
    } else {
        Err(RecordsError::WrongGames {
            path: path.to_path_buf(),
            games: records.len(),
            problems,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::records::{GameInfo, PlayedGame, Start, format_record, parse_records};
    use sumito_rules::board::{Colour, Layout, Position};
    use sumito_rules::ending::Termination;

    fn sample(winner: Option<Colour>, termination: Termination, moves: &[&str]) -> String {
        let mut position = Position::startpos();
        let moves = moves
            .iter()
            .map(|text| {
                let mv = position.parse_move(text).unwrap();
                position = position.play(mv);
                mv
            })
            .collect();
        let game = PlayedGame::two_player(moves, winner, termination);
        let tc: TimeControl = "depth=2".parse().unwrap();
        format_record(&GameInfo {
            event: "test \"quoted\"",
            date: "2024.01.01",
            round: 1,
            players: vec!["A", "B"],
            start: Start::Layout(Layout::Standard).any(),
            opening_plies: 0,
            controls: vec![tc, tc],
            max_plies: 200,
            game_time_ms: None,
            game: &game,
        })
    }

    #[test]
    fn a_record_reads_back_and_verifies() {
        let text = sample(
            Some(Colour::Black),
            Termination::IllegalMove("zz".into()),
            &["a1b1", "i9h9", "a2b2"],
        );
        assert!(text.contains("1. a1b1 i9h9 2. a2b2 1-0\n\n"), "{text}");
        let records = parse_records(&text).unwrap();
        assert_eq!(records.len(), 1);
        let record = &records[0];
        assert_eq!(record.tag("Event"), Some("test \"quoted\""));
        assert_eq!(record.moves, ["a1b1", "i9h9", "a2b2"]);
        assert_eq!(record.result.as_deref(), Some("1-0"));
        assert_eq!(verify_record(record).unwrap(), 3);
    }

    #[test]
    fn wrong_records_are_caught() {
        // White is to move after three plies, so a time forfeit there is White's and Black
        // wins; with the result flipped the record must fail.
        let good = sample(
            Some(Colour::Black),
            Termination::TimeForfeit,
            &["a1b1", "i9h9", "a2b2"],
        );
        let flipped = good.replace("1-0", "0-1");
        let problem = verify_record(&parse_records(&flipped).unwrap()[0]).unwrap_err();
        assert!(
            problem.to_string().contains("white was to move"),
            "{problem}"
        );
        let illegal = good.replace("a2b2", "a2a3");
        let problem = verify_record(&parse_records(&illegal).unwrap()[0]).unwrap_err();
        assert!(
            problem.to_string().contains("illegal move 3 'a2a3'"),
            "{problem}"
        );
        let natural = good.replace("time forfeit", "six marbles ejected");
        let problem = verify_record(&parse_records(&natural).unwrap()[0]).unwrap_err();
        assert!(problem.to_string().contains("not over"), "{problem}");
        let draw = good.replace("1-0", "1/2-1/2");
        assert!(verify_record(&parse_records(&draw).unwrap()[0]).is_err());
        let count = good.replace("[PlyCount \"3\"]", "[PlyCount \"4\"]");
        assert!(verify_record(&parse_records(&count).unwrap()[0]).is_err());
    }

    #[test]
    fn a_game_at_the_move_limit_must_have_the_limit_result() {
        let mut position = Position::startpos().with_move_limit(4);
        let mut moves = Vec::new();
        for _ in 0..4 {
            let mv = position.moves().as_slice()[0];
            moves.push(mv.to_string());
            position = position.play(mv);
        }
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let text = sample(None, Termination::MoveLimit, &moves).replace("200", "4");
        assert_eq!(verify_record(&parse_records(&text).unwrap()[0]).unwrap(), 4);
        let wrong = text.replace("1/2-1/2", "1-0");
        let problem = verify_record(&parse_records(&wrong).unwrap()[0]).unwrap_err();
        assert!(problem.to_string().contains("wrong result"), "{problem}");
    }

    #[test]
    fn max_plies_is_the_limit_on_a_fen_starts_own_ply_count() {
        // A standard start written as a position string at ply 40, one marble of White's
        // ejected by then: with MaxPlies 42, two plies end the game, won by Black.
        let fen = "wwwww/wwwww1/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1 40";
        let text = format!(
            "[FEN \"{fen}\"]\n[MaxPlies \"42\"]\n[Result \"1-0\"]\n\
             [Termination \"move limit\"]\n\n1. a1b1 i9h9 1-0\n"
        );
        assert_eq!(verify_record(&parse_records(&text).unwrap()[0]).unwrap(), 2);
        // Counted from the start's own 40 the game would not be over.
        let longer = text.replace("\"42\"", "\"2\"");
        assert!(verify_record(&parse_records(&longer).unwrap()[0]).is_err());
    }

    #[test]
    fn a_game_ended_by_the_game_time_goes_to_the_side_with_more_marbles_ejected() {
        // White has lost five marbles, Black none: Black leads when the game time runs out.
        let text = "[FEN \"5/6/7/8/5bbbw/8/7/6/5 b 0 5 0\"]\n[Result \"1-0\"]\n\
                    [Termination \"game time\"]\n\n1-0\n";
        assert_eq!(verify_record(&parse_records(text).unwrap()[0]).unwrap(), 0);
        for wrong in ["0-1", "1/2-1/2"] {
            let text = text.replace("1-0", wrong);
            let problem = verify_record(&parse_records(&text).unwrap()[0]).unwrap_err();
            assert!(
                problem.to_string().contains("marbles ejected say 1-0"),
                "{problem}"
            );
        }
        // Equal counts draw.
        let text = sample(None, Termination::GameTime, &["a1b1", "i9h9"]);
        assert_eq!(verify_record(&parse_records(&text).unwrap()[0]).unwrap(), 2);
    }

    #[test]
    fn an_adjudicated_draw_needs_equal_marbles_and_a_loss_either_winner() {
        let draw = sample(None, Termination::AdjudicatedDraw, &["a1b1", "i9h9"]);
        assert_eq!(verify_record(&parse_records(&draw).unwrap()[0]).unwrap(), 2);
        let won = draw.replace("1/2-1/2", "1-0");
        let problem = verify_record(&parse_records(&won).unwrap()[0]).unwrap_err();
        assert!(
            problem.to_string().contains("adjudicated draw"),
            "{problem}"
        );
        // One marble up: the move limit would give it to Black, so no draw by the scores.
        let ahead = "[FEN \"5/6/7/8/5bbbw/8/7/6/5 b 0 1 0\"]\n[Result \"1/2-1/2\"]\n\
                     [Termination \"adjudicated draw\"]\n\n1/2-1/2\n";
        assert!(verify_record(&parse_records(ahead).unwrap()[0]).is_err());
        for result in ["1-0", "0-1"] {
            let loss = sample(None, Termination::AdjudicatedLoss, &["a1b1", "i9h9"])
                .replace("1/2-1/2", result);
            assert_eq!(verify_record(&parse_records(&loss).unwrap()[0]).unwrap(), 2);
        }
        let drawn_loss = sample(None, Termination::AdjudicatedLoss, &["a1b1"]);
        assert!(verify_record(&parse_records(&drawn_loss).unwrap()[0]).is_err());
    }

    #[test]
    fn verify_points_at_the_move_that_does_not_play() {
        let dir = std::env::temp_dir().join(format!("sumito-verify-line-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.txt");
        let good = sample(None, Termination::Abandoned, &["a1b1", "i9h9"]).replace("1/2-1/2", "*");
        let bad = "[Layout \"standard\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n\n\
                   1. a1b1 i9h9\n2. a2a4 *\n";
        std::fs::write(&path, format!("{good}{bad}")).unwrap();
        let error = verify_file(&path).unwrap_err().to_string();
        let _ = std::fs::remove_dir_all(&dir);
        let bad_line = good.lines().count() + 6;
        assert!(
            error.contains(&format!("game 2 (line {bad_line}): illegal move 3 'a2a4'")),
            "{error}"
        );
    }

    #[test]
    fn bad_files_give_messages_with_lines() {
        for (text, expected) in [
            ("a1b1 1-0\n", "line 1"),
            ("[Event \"x\"]\n[Bad\n", "line 2"),
            ("[Event \"x]\n", "line 1"),
            ("[Event \"x\"]\n\n1. a1b1 {open\n", "not closed"),
            (
                "[Event \"x\"]\n[Round \"1\"]\n\n[Event \"x\"]\n[Round \"2\"]\n\n1. a1b1 *\n",
                "line 4: a second Event tag",
            ),
            ("[Event \"x\"]\n\n1-0 a1b1\n", "after the result"),
            (
                "[Layout \"standard\"]\n[FEN \"5/6/7/8/9/8/7/6/5 b 0 0\"]\n\n*\n",
                "line 2: a record starts from a Layout or a FEN tag, not both",
            ),
        ] {
            let error = parse_records(text).unwrap_err();
            assert!(error.to_string().contains(expected), "{text:?}: {error}");
        }
        // A byte-order mark before the first tag is read past.
        let marked = parse_records("\u{feff}[Layout \"standard\"]\n\n1. a1b1 *\n").unwrap();
        assert_eq!(marked[0].tag("Layout"), Some("standard"));
        let record = &parse_records("[Event \"x\"]\n\n1. a1b1 1-0\n").unwrap()[0];
        assert!(
            verify_record(record)
                .unwrap_err()
                .to_string()
                .contains("no Layout or FEN")
        );
        let text = "[Layout \"standard\"]\n[Result \"*\"]\n[Termination \"crash\"]\n\n*\n";
        let record = &parse_records(text).unwrap()[0];
        assert!(
            verify_record(record)
                .unwrap_err()
                .to_string()
                .contains("only an abandoned game")
        );
        let text = text.replace("crash", "abandoned");
        assert_eq!(verify_record(&parse_records(&text).unwrap()[0]).unwrap(), 0);
        // Abandoned is no result, whoever the result names.
        let won = text.replace('*', "1-0");
        assert!(
            verify_record(&parse_records(&won).unwrap()[0])
                .unwrap_err()
                .to_string()
                .contains("an abandoned game has none")
        );
        let text = "[Layout \"standard\"]\n[Result \"1-0\"]\n[Termination \"crash\"]\n\n0-1\n";
        let record = &parse_records(text).unwrap()[0];
        assert!(
            verify_record(record)
                .unwrap_err()
                .to_string()
                .contains("Result tag says")
        );
    }

    #[test]
    fn numbers_glued_to_moves_and_comments_are_read() {
        let text = "[Layout \"standard\"]\n[Result \"1-0\"]\n[Termination \"crash\"]\n\n\
                    1.a1b1 {thinking} i9h9\n2. a2b2 1-0\n";
        let record = &parse_records(text).unwrap()[0];
        assert_eq!(record.moves, ["a1b1", "i9h9", "a2b2"]);
        assert_eq!(verify_record(record).unwrap(), 3);
    }
}
