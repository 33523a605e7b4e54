//! `sumito match --merge` over records of three to six players: the table a live N-player match
//! prints, from the records' seat tags and results.

use super::tally::MultiTally;
use sumito_games::records::{PlayedGame, seat_tag, verified_multi};
use sumito_games::records::{Record, RecordsError};
use sumito_rules::multiplayer::MultiPosition;

/// One N-player game of the records.
pub struct MergedMulti {
    pub round: u64,
    /// The players' names in seat order.
    pub players: Vec<String>,
    pub start: MultiPosition,
    pub game: PlayedGame,
}

impl MergedMulti {
    /// The game a record holds, verified as `--verify` does (a result the final position does
    /// not give would count wrongly). One name in seats of two teams is refused: the table
    /// counts a player once a game, with its team's result.
    pub fn from_record(record: &Record, round: u64) -> Result<MergedMulti, RecordsError> {
        let replayed = verified_multi(record)?;
        let start = replayed.start;
        let game = PlayedGame::from_replayed(record, &replayed)?;
        let seating = start.seating();
        let players: Vec<String> = seating
            .all()
            .map(|seat| record.required_tag(seat_tag(seat)).map(str::to_string))
            .collect::<Result<_, _>>()?;
        for (a, b) in seating
            .all()
            .flat_map(|a| seating.all().map(move |b| (a, b)))
        {
            if players[a.index()] == players[b.index()] && seating.team(a) != seating.team(b) {
                return Err(RecordsError::OnePlayerTwoTeams {
                    name: players[a.index()].clone(),
                });
            }
        }
        Ok(MergedMulti {
            round,
            players,
            start,
            game,
        })
    }
}

/// The table of the games (sorted by round): engines in the order they first play, by round
/// and seat, as the live match lists them. `None` when the games have different numbers of
/// seats, or teams, and cannot share one table.
pub fn multi_table(games: &[MergedMulti]) -> Option<MultiTally> {
    let seating = games.first()?.start.seating();
    if games.iter().any(|g| g.start.seating() != seating) {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    for merged in games {
        for name in &merged.players {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    let mut tally = MultiTally::new(names.clone(), seating);
    for merged in games {
        let seats: Vec<usize> = merged
            .players
            .iter()
            .filter_map(|name| names.iter().position(|known| known == name))
            .collect();
        tally.add(&seats, &merged.game, seating);
    }
    Some(tally)
}
