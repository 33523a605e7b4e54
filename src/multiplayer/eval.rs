//! The static evaluation of three to six players: a linear score per team, and the root team's
//! lead over its strongest rival.
//!
//! A team's value adds, over its seats, the marbles ejected (the score that wins), the marbles
//! on the board, their nearness to the centre and their cohesion, and the opponent marbles its
//! columns could eject at once. From one team's view the position is worth its value less the
//! best value among the other teams still in play: in a game every player plays for himself,
//! the leader is the one to catch. The weights are hand-set in centi-marbles and checked by play
//! (STRENGTH.md, "Three to six players"); the two-player network and fitted weights do not apply,
//! as no N-player data exists yet.

use super::position::MultiPosition;
use crate::board::{MAX_SEATS, Seat};
use crate::board::{RINGS, shift};
use crate::eval::ejectable;

/// A marble ejected: a point of the score that wins the game.
const EJECTED: i32 = 100;
/// A marble on the board.
const MARBLE: i32 = 40;
/// A marble's distance from the centre, per ring.
const CENTRE: i32 = 6;
/// A pair of adjacent marbles of one seat.
const COHESION: i32 = 4;
/// An opponent marble the team could push off with its next move.
const THREAT: i32 = 30;

/// The value of every team, indexed by team (0 to teams - 1).
pub fn team_values(position: &MultiPosition) -> [i32; MAX_SEATS] {
    let seating = position.seating();
    let mut values = [0; MAX_SEATS];
    for seat in seating.all() {
        values[seating.team(seat)] += seat_value(position, seat);
    }
    let occupied = position.occupied();
    for seat in seating.all().take(seating.teams()) {
        let team = position.team_stones(seat);
        let threats = ejectable(team, occupied & !team).count_ones() as i32;
        values[seating.team(seat)] += THREAT * threats;
    }
    values
}

/// What one seat adds to its team's value.
fn seat_value(position: &MultiPosition, seat: Seat) -> i32 {
    let own = position.stones(seat);
    let distance: u32 = (1..RINGS.len())
        .map(|ring| ring as u32 * (own & RINGS[ring]).count_ones())
        .sum();
    let pairs = (own & shift::<0>(own)).count_ones()
        + (own & shift::<1>(own)).count_ones()
        + (own & shift::<2>(own)).count_ones();
    EJECTED * position.ejected(seat) as i32 + MARBLE * own.count_ones() as i32
        - CENTRE * distance as i32
        + COHESION * pairs as i32
}

/// The position's worth to `seat`'s team: its value less the best of the other teams still in
/// play.
pub fn evaluate(position: &MultiPosition, seat: Seat) -> i32 {
    let seating = position.seating();
    let values = team_values(position);
    let ours = seating.team(seat);
    let rival = seating
        .all()
        .filter(|s| seating.team(*s) != ours && !position.has_left(*s))
        .map(|s| values[seating.team(s)])
        .max()
        .unwrap_or(0);
    values[ours] - rival
}

/// The evaluation in words, for the protocol's `eval`: each team's value, and the result for
/// the seat to move.
pub fn report(position: &MultiPosition) -> String {
    let seating = position.seating();
    let values = team_values(position);
    let mut text = String::new();
    for seat in seating.all().take(seating.teams()) {
        let members: Vec<String> = seating
            .all()
            .filter(|s| seating.team(*s) == seating.team(seat))
            .map(|s| s.letter().to_string())
            .collect();
        text += &format!(
            "team {} value {}\n",
            members.join("+"),
            values[seating.team(seat)]
        );
    }
    let mover = position.side_to_move();
    text += &format!("total {} (for {mover})\n", evaluate(position, mover));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::multiplayer::MultiLayout;

    #[test]
    fn starts_are_even_and_ejections_count() {
        for layout in [
            MultiLayout::ThreePlayer,
            MultiLayout::FourPlayer,
            MultiLayout::SixPlayer,
        ] {
            let start = layout.position();
            for seat in layout.seating().all() {
                assert_eq!(evaluate(&start, seat), 0, "{layout} {seat}");
            }
        }
        // Seat 1 has ejected a marble of seat 2.
        let start = MultiLayout::ThreePlayer.position();
        let (first, second) = (Seat::new(0).unwrap(), Seat::new(1).unwrap());
        let mut stones = [0; MAX_SEATS];
        for seat in start.seating().all() {
            stones[seat.index()] = start.stones(seat);
        }
        stones[1] &= stones[1] - 1;
        let mut ejected = [0; MAX_SEATS];
        ejected[0] = 1;
        let position = MultiPosition::from_parts(start.seating(), stones, first, ejected, 0, 1);
        assert!(evaluate(&position, first) > 0);
        assert!(evaluate(&position, second) < 0);
    }
}
