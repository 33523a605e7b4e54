//! Reading records of three to six players back: the start, every turn checked by the rules
//! core, the seats that left, and the result and termination checked against the final
//! position (`sumito match --verify`).

use super::checks::{check_ply_count, checked_result, max_plies};
use super::write::{seat_tag, teams_text};
use super::{LeftSeat, MultiStart, Record, RecordsError};
use sumito_rules::board::Seat;
use sumito_rules::ending::{Termination, multi_ranks, rank_token};
use sumito_rules::game::Turn;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

/// Is this a record of three to six players (its `Layout` an N-player layout, or its `FEN` a
/// position string of three to six seats)?
pub fn is_multi_record(record: &Record) -> bool {
    match record.tag("FEN") {
        Some(fen) => fen
            .split_whitespace()
            .nth(2)
            .is_some_and(|f| f.contains('/')),
        None => record
            .tag("Layout")
            .is_some_and(|name| name.parse::<MultiLayout>().is_ok()),
    }
}

/// The record's start, from its `FEN` or `Layout` tag.
pub fn multi_start(record: &Record) -> Result<MultiStart, RecordsError> {
    if let Some(fen) = record.tag("FEN") {
        return fen
            .parse::<MultiPosition>()
            .map(MultiStart::Fen)
            .map_err(|source| RecordsError::BadMultiFen {
                fen: fen.to_string(),
                source,
            });
    }
    let layout = record.tag("Layout").ok_or(RecordsError::NoStart)?;
    layout
        .parse::<MultiLayout>()
        .map(MultiStart::Layout)
        .map_err(|_| RecordsError::BadTag {
            tag: "Layout",
            value: layout.to_string(),
        })
}

/// A record of three to six players replayed by the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiReplayed {
    /// Where it starts.
    pub origin: MultiStart,
    /// The start position, with the record's move limit (its `MaxPlies` tag) set.
    pub start: MultiPosition,
    /// The turns, each legal in its turn.
    pub turns: Vec<Turn>,
    /// The seats that left, from the `Left` tag, matched to the `leave` turns.
    pub left: Vec<LeftSeat>,
    /// The position after the last turn.
    pub end: MultiPosition,
}

/// Replays a record's turns from its start under its move limit; an error names the first
/// turn that does not parse or is not legal, or a `Left` tag that does not fit the `leave`s.
pub fn replay_multi(record: &Record) -> Result<MultiReplayed, RecordsError> {
    let max_plies = max_plies(record)?;
    let origin = multi_start(record)?;
    let start = origin.position().with_move_limit(max_plies);
    let reasons = left_tag(record)?;
    let (mut end, mut turns, mut left) = (start, Vec::new(), Vec::new());
    for (index, text) in record.moves.iter().enumerate() {
        let turn = Turn::parse(&end, text).map_err(|source| RecordsError::IllegalTurn {
            number: index + 1,
            text: text.clone(),
            source,
        })?;
        if turn == Turn::Leave {
            let seat = end.side_to_move();
            match reasons.get(left.len()) {
                Some(entry) if entry.seat == seat => left.push(entry.clone()),
                _ => {
                    return Err(RecordsError::LeftMismatch {
                        turn: index + 1,
                        seat,
                    });
                }
            }
        }
        end = turn.apply(&end);
        turns.push(turn);
    }
    if left.len() != reasons.len() {
        return Err(RecordsError::LeftUnused {
            named: reasons.len(),
            leaves: left.len(),
        });
    }
    Ok(MultiReplayed {
        origin,
        start,
        turns,
        left,
        end,
    })
}

/// The `Left` tag: `green: time forfeit; red: crash`, each reason a seat's own.
fn left_tag(record: &Record) -> Result<Vec<LeftSeat>, RecordsError> {
    let Some(value) = record.tag("Left") else {
        return Ok(Vec::new());
    };
    let bad = || RecordsError::BadTag {
        tag: "Left",
        value: value.to_string(),
    };
    value
        .split(';')
        .map(|entry| {
            let (colour, why) = entry.split_once(':').ok_or_else(bad)?;
            let seat = Seat::from_name(colour.trim()).ok_or_else(bad)?;
            let why: Termination = why.parse()?;
            match why.is_seat_leaving() {
                true => Ok(LeftSeat { seat, why }),
                false => Err(bad()),
            }
        })
        .collect()
}

/// Replays a record of three to six players and checks its tags against the play: the
/// result and termination the final position gives, the ejected counts, the teams and the
/// ply count. On success returns the number of turns.
pub fn verify_multi_record(record: &Record) -> Result<usize, RecordsError> {
    verified_multi(record).map(|_| record.moves.len())
}

/// The replay of a record that [`verify_multi_record`] accepts.
pub fn verified_multi(record: &Record) -> Result<MultiReplayed, RecordsError> {
    let replayed = replay_multi(record)?;
    let result = checked_result(record)?;
    check_ply_count(record)?;
    check_tags(record, &replayed.end)?;
    let expected = expected_result(record, &replayed.end)?;
    if result != expected {
        return Err(RecordsError::WrongRanks {
            result: result.to_string(),
            expected,
        });
    }
    Ok(replayed)
}

/// The tags every N-player record carries: a name per seat, the ejected counts of `end`, and
/// the teams exactly when there are teams.
fn check_tags(record: &Record, end: &MultiPosition) -> Result<(), RecordsError> {
    let seating = end.seating();
    for seat in seating.all() {
        record.required_tag(seat_tag(seat))?;
    }
    let ejected: Vec<String> = seating.all().map(|s| end.ejected(s).to_string()).collect();
    exact_tag(record, "Ejected", Some(ejected.join("/")))?;
    exact_tag(
        record,
        "Teams",
        seating.has_teams().then(|| teams_text(seating)),
    )
}

/// The result token the final position `end` gives under the record's termination: the
/// rules' ranks (with the rules' termination) when the game is over, the marbles' after
/// `game time`, `*` when abandoned.
fn expected_result(record: &Record, end: &MultiPosition) -> Result<String, RecordsError> {
    let termination: Termination = record.required_tag("Termination")?.parse()?;
    match (end.outcome(), termination) {
        (Some(outcome), termination) => {
            let by_rules = Termination::from_multi_reason(outcome.reason);
            if termination != by_rules {
                return Err(RecordsError::WrongTermination {
                    termination,
                    expected: by_rules,
                });
            }
            Ok(rank_token(&multi_ranks(end)))
        }
        (None, Termination::GameTime) => Ok(rank_token(&multi_ranks(end))),
        (None, Termination::Abandoned) => Ok("*".to_string()),
        (None, termination) => Err(RecordsError::NotOver { termination }),
    }
}

/// `tag` must say `expected`, or be absent when `expected` is `None`.
fn exact_tag(
    record: &Record,
    tag: &'static str,
    expected: Option<String>,
) -> Result<(), RecordsError> {
    let value = record.tag(tag);
    if value == expected.as_deref() {
        return Ok(());
    }
    Err(RecordsError::TagMismatch {
        tag,
        value: value.unwrap_or("(none)").to_string(),
        expected: expected.unwrap_or_else(|| "(none)".to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::records::{GameInfo, PlayedGame, format_record, parse_records, verify_record};
    use sumito_rules::movegen::MoveList;
    use sumito_rules::random::splitmix64;

    /// A game of `layout` with pseudo-random moves from `seed`; the seat to move at turn
    /// `leave_at` leaves. Played to its end under a move limit of 120.
    fn random_game(layout: MultiLayout, seed: u64, leave_at: usize) -> (PlayedGame, String) {
        let mut position = layout.position().with_move_limit(120);
        let (mut turns, mut left, mut state) = (Vec::new(), Vec::new(), seed);
        let mut list = MoveList::default();
        while !position.is_over() {
            let turn = if turns.len() == leave_at {
                left.push(LeftSeat {
                    seat: position.side_to_move(),
                    why: Termination::TimeForfeit,
                });
                Turn::Leave
            } else {
                position.legal_moves(&mut list);
                let (next, number) = splitmix64(state);
                state = next;
                match list.len() {
                    0 => Turn::Pass,
                    n => Turn::Move(list.as_slice()[(number % n as u64) as usize]),
                }
            };
            position = turn.apply(&position);
            turns.push(turn);
        }
        let reason = position.outcome().unwrap().reason;
        let ranks = Some(multi_ranks(&position));
        let game = PlayedGame::of_seats(turns, left, Termination::from_multi_reason(reason), ranks);
        let info = GameInfo {
            event: "test",
            date: "2026.12.04",
            round: 3,
            players: vec!["a", "b", "c", "d", "e", "f"],
            start: MultiStart::Layout(layout).any(),
            opening_plies: 0,
            controls: vec![TimeControl::MoveTime { ms: 40 }; layout.seating().seats()],
            max_plies: 120,
            game_time_ms: None,
            game: &game,
        };
        let text = format_record(&info);
        (game, text)
    }

    #[test]
    fn records_of_every_layout_read_back_and_verify() {
        for (index, layout) in MultiLayout::ALL.into_iter().enumerate() {
            let (game, text) = random_game(layout, index as u64 + 7, 5);
            let records = parse_records(&text).unwrap();
            assert_eq!(records.len(), 1, "{text}");
            assert!(is_multi_record(&records[0]));
            assert_eq!(
                verify_record(&records[0]).unwrap(),
                game.turns.len(),
                "{text}"
            );
            let read = PlayedGame::from_record(&records[0]).unwrap();
            assert_eq!(read, game, "{text}");
            assert!(text.contains("[Left \""), "{text}");
            assert_eq!(
                records[0].tag("Teams").is_some(),
                layout.seating().has_teams()
            );
        }
    }

    #[test]
    fn wrong_records_are_refused_with_the_reason() {
        let (game, text) = random_game(MultiLayout::ThreePlayer, 11, 4);
        let result = game.result();
        let ranks = game.ranks.clone().unwrap();
        let other = rank_token(&ranks.iter().map(|r| 4 - r).collect::<Vec<_>>());
        let cases = [
            (result.clone(), other, "wrong result"),
            ("time forfeit".into(), "move limit".into(), "Left"),
            ("[PlyCount \"".into(), "[PlyCount \"9".into(), "PlyCount"),
            (
                "[Termination \"".into(),
                "[Termination \"x".into(),
                "termination",
            ),
            ("[Ejected \"".into(), "[Ejected \"5".into(), "Ejected"),
            (" leave ".into(), " pass ".into(), "turn"),
        ];
        for (from, to, why) in cases {
            assert!(text.contains(&from), "{from} not in {text}");
            let changed = match why {
                "wrong result" => text.replace(&from, &to),
                _ => text.replacen(&from, &to, 1),
            };
            let record = &parse_records(&changed).unwrap()[0];
            let error = verify_record(record).unwrap_err().to_string();
            assert!(error.contains(why), "{why}: {error}\n{changed}");
        }
        // Two-player records are still two-player records.
        let two = "[Layout \"standard\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n\n*\n";
        assert!(!is_multi_record(&parse_records(two).unwrap()[0]));
    }
}
