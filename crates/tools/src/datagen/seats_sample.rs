//! A kept position of a game of three to six players (format version 2, docs/datagen.md): the
//! position, every seat's finishing rank, and the search score from the view of the seat to
//! move. The ranks give each seat's points as the match table counts them (2 for each
//! opponent finished below, 1 for each level), so that a trainer can take the label of any
//! seat, not only the mover's.

use super::error::LineError;
use sumito_rules::board::{MAX_SEATS, Seat};
use sumito_rules::ending::{multi_points, parse_rank_token, rank_token};
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

/// One kept position of an N-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatsSample {
    /// The position.
    pub position: MultiPosition,
    /// Each seat's finishing rank, from 1, in seat order; 0 beyond the position's seats.
    pub ranks: [u8; MAX_SEATS],
    /// The search score of the seat to move's team, in centi-marbles.
    pub score: i32,
}

impl SeatsSample {
    /// The points `seat` took from the game: 2 for each opponent it finished above, 1 for
    /// each level.
    pub fn points(&self, seat: Seat) -> u32 {
        let seating = self.position.seating();
        let seats = seating.seats();
        multi_points(&self.ranks[..seats], seating)
            .get(seat.index())
            .copied()
            .unwrap_or(0)
    }

    /// The points of `seat` as a share of the most a seat can take (2 for each opponent), from
    /// 0 to 1: the label a fit matches, as a two-player game's 0, ½ or 1.
    pub fn result(&self, seat: Seat) -> f64 {
        let seating = self.position.seating();
        let opponents = seating
            .all()
            .filter(|other| seating.team(*other) != seating.team(seat))
            .count();
        f64::from(self.points(seat)) / (2 * opponents.max(1)) as f64
    }

    /// The text line of the sample, with its newline: the position string, the ranks
    /// (`2-1-3`) and the score.
    pub fn line(&self) -> String {
        let seats = self.position.seating().seats();
        let ranks = rank_token(&self.ranks[..seats]);
        format!("{} {ranks} {}\n", self.position, self.score)
    }

    /// A sample from its line's fields: the position string's four, the ranks and the score.
    pub fn parse(position: &str, ranks: &str, score: i32) -> Result<SeatsSample, LineError> {
        let position: MultiPosition =
            position
                .parse()
                .map_err(|source| LineError::BadSeatsPosition {
                    text: position.to_string(),
                    source,
                })?;
        let ranks = read_ranks(ranks, position.seating().seats())
            .ok_or_else(|| LineError::BadRanks(ranks.to_string()))?;
        Ok(SeatsSample {
            position,
            ranks,
            score,
        })
    }
}

/// The ranks of a result token of `seats` ranks, 0 beyond them; `None` for any other text.
pub fn read_ranks(token: &str, seats: usize) -> Option<[u8; MAX_SEATS]> {
    let read = parse_rank_token(token, seats)?;
    let mut ranks = [0; MAX_SEATS];
    ranks[..seats].copy_from_slice(&read);
    Some(ranks)
}

/// Ranks read from a binary record: each from 1 to the number of seats, 0 beyond them.
pub fn check_ranks(ranks: [u8; MAX_SEATS], seats: usize) -> Result<[u8; MAX_SEATS], LineError> {
    let (ours, beyond) = ranks.split_at(seats);
    let sound =
        ours.iter().all(|&r| r >= 1 && r as usize <= seats) && beyond.iter().all(|&r| r == 0);
    match sound {
        true => Ok(ranks),
        false => Err(LineError::BadRecord("no such ranks")),
    }
}

/// The layout of a record's layout byte: the index of [`MultiLayout::ALL`].
pub fn layout_of(byte: u8) -> Result<MultiLayout, LineError> {
    MultiLayout::ALL
        .get(byte as usize)
        .copied()
        .ok_or(LineError::BadRecord("no such layout"))
}

/// The layout byte of a record.
pub fn layout_byte(layout: MultiLayout) -> u8 {
    MultiLayout::ALL
        .iter()
        .position(|&l| l == layout)
        .unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SeatsSample {
        let position = MultiLayout::ThreePlayer.position();
        let mut ranks = [0; MAX_SEATS];
        ranks[..3].copy_from_slice(&[2, 1, 2]);
        SeatsSample {
            position,
            ranks,
            score: -40,
        }
    }

    #[test]
    fn points_are_the_match_tables() {
        let sample = sample();
        let seat = |n| Seat::new(n).unwrap();
        // Seat 2 finished above both others; seats 1 and 3 level, below seat 2.
        assert_eq!(sample.points(seat(1)), 4);
        assert_eq!(sample.points(seat(0)), 1);
        assert_eq!(sample.result(seat(1)), 1.0);
        assert_eq!(sample.result(seat(2)), 0.25);
    }

    #[test]
    fn a_line_reads_back_and_bad_ranks_are_refused() {
        let sample = sample();
        let line = sample.line();
        let fields: Vec<&str> = line.trim_end().split(' ').collect();
        assert_eq!(fields[4], "2-1-2");
        let position = fields[..4].join(" ");
        assert_eq!(SeatsSample::parse(&position, fields[4], -40), Ok(sample));
        for bad in ["2-1", "2-1-4", "0-1-2", "x"] {
            let error = SeatsSample::parse(&position, bad, 0).unwrap_err();
            assert_eq!(error.to_string(), format!("bad ranks '{bad}'"));
        }
        assert!(check_ranks(sample.ranks, 3).is_ok());
        assert!(check_ranks(sample.ranks, 4).is_err());
        assert!(layout_of(4).is_err());
        assert_eq!(
            layout_of(layout_byte(MultiLayout::SixPlayer)),
            Ok(MultiLayout::SixPlayer)
        );
    }
}
