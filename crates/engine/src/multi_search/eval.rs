//! The static evaluation of three to six players: a linear score per team, and the root team's
//! lead over its strongest rival.
//!
//! A team's value adds, over its seats, the marbles ejected (the score that wins), the marbles
//! on the board, their nearness to the centre and their cohesion, and the opponent marbles its
//! columns could eject at once. From one team's view the position is worth its value less the
//! best value among the other teams still in play: in a game every player plays for himself,
//! the leader is the one to catch. The weights, in centi-marbles, one set for games where every
//! player plays for himself and one for team games, were chosen by play, Sumito against Sumito
//! with the seats rotated (STRENGTH.md, "Three to six players"). A learned network takes their
//! place where one is built in or loaded for the game's number of players (`network`).

use super::evaluator::MultiEval;
use crate::eval::ejectable;
use sumito_rules::board::{MAX_SEATS, Seat, Seating};
use sumito_rules::board::{RINGS, shift};
use sumito_rules::multiplayer::MultiPosition;

/// The weights of the N-player evaluation, in centi-marbles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiWeights {
    /// A marble ejected: a point of the score that wins the game.
    pub ejected: i32,
    /// A marble on the board.
    pub marble: i32,
    /// A marble's distance from the centre, per ring (subtracted).
    pub centre: i32,
    /// A pair of adjacent marbles of one seat.
    pub cohesion: i32,
    /// An opponent marble the team could push off with its next move.
    pub threat: i32,
}

impl MultiWeights {
    /// The weights of games where every player plays for himself (three and five players).
    pub const FREE_FOR_ALL: MultiWeights = MultiWeights {
        ejected: 100,
        marble: 40,
        centre: 6,
        cohesion: 10,
        threat: 15,
    };

    /// The weights of team games (four and six players).
    pub const TEAMS: MultiWeights = MultiWeights {
        ejected: 100,
        marble: 40,
        centre: 12,
        cohesion: 4,
        threat: 15,
    };

    /// The weights the engine plays a seating with: each kind of game has its own, as
    /// measured (STRENGTH.md, "Three to six players": a larger `cohesion` won alone against
    /// two but lost in teams, a larger `centre` the other way round).
    pub const fn for_seating(seating: Seating) -> MultiWeights {
        match seating.has_teams() {
            true => MultiWeights::TEAMS,
            false => MultiWeights::FREE_FOR_ALL,
        }
    }

    /// These weights with some changed by `name=value` pairs separated by commas
    /// (`marble=10,threat=40`): the variants that experiments play.
    pub fn with(mut self, changes: &str) -> Result<MultiWeights, String> {
        for change in changes.split(',').filter(|c| !c.is_empty()) {
            let (name, value) = change
                .split_once('=')
                .ok_or_else(|| format!("'{change}' is not name=value"))?;
            let value: i32 = value
                .parse()
                .map_err(|_| format!("'{value}' is not a number"))?;
            let field = match name {
                "ejected" => &mut self.ejected,
                "marble" => &mut self.marble,
                "centre" => &mut self.centre,
                "cohesion" => &mut self.cohesion,
                "threat" => &mut self.threat,
                _ => return Err(format!("no weight '{name}'")),
            };
            *field = value;
        }
        Ok(self)
    }
}

/// The value of every team, indexed by team (0 to teams - 1).
pub fn team_values(position: &MultiPosition, weights: &MultiWeights) -> [i32; MAX_SEATS] {
    let seating = position.seating();
    let mut values = [0; MAX_SEATS];
    for seat in seating.all() {
        values[seating.team(seat)] += seat_value(position, seat, weights);
    }
    let occupied = position.occupied();
    for seat in seating.all().take(seating.teams()) {
        let team = position.team_stones(seat);
        let threats = ejectable(team, occupied & !team).count_ones() as i32;
        values[seating.team(seat)] += weights.threat * threats;
    }
    values
}

/// What one seat adds to its team's value.
fn seat_value(position: &MultiPosition, seat: Seat, weights: &MultiWeights) -> i32 {
    let own = position.stones(seat);
    let distance: u32 = (1..RINGS.len())
        .map(|ring| ring as u32 * (own & RINGS[ring]).count_ones())
        .sum();
    let pairs = (own & shift::<0>(own)).count_ones()
        + (own & shift::<1>(own)).count_ones()
        + (own & shift::<2>(own)).count_ones();
    weights.ejected * position.ejected(seat) as i32 + weights.marble * own.count_ones() as i32
        - weights.centre * distance as i32
        + weights.cohesion * pairs as i32
}

/// The position's worth to `seat`'s team: its value less the best of the other teams still in
/// play.
pub fn evaluate(position: &MultiPosition, seat: Seat, weights: &MultiWeights) -> i32 {
    let seating = position.seating();
    let values = team_values(position, weights);
    let ours = seating.team(seat);
    let rival = seating
        .all()
        .filter(|s| seating.team(*s) != ours && !position.has_left(*s))
        .map(|s| values[seating.team(s)])
        .max()
        .unwrap_or(0);
    values[ours] - rival
}

/// The evaluation in words, for the protocol's `eval`: each team's value by the hand-chosen
/// weights, each seat's by the network when one evaluates, and the result for the seat to
/// move by the evaluation in use.
pub fn report(position: &MultiPosition, eval: &MultiEval) -> String {
    let seating = position.seating();
    let weights = match eval {
        MultiEval::Hand(weights) => *weights,
        MultiEval::Network(_) => MultiWeights::for_seating(seating),
    };
    let values = team_values(position, &weights);
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
    if let MultiEval::Network(network) = eval {
        for seat in seating.all() {
            let value = network.evaluate(position, seat);
            text += &format!("seat {} network {value}\n", seat.letter());
        }
    }
    let mover = position.side_to_move();
    text += &format!("total {} (for {mover})\n", eval.evaluate(position, mover));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::multiplayer::MultiLayout;

    #[test]
    fn starts_are_even_and_ejections_count() {
        for layout in [
            MultiLayout::ThreePlayer,
            MultiLayout::FourPlayer,
            MultiLayout::SixPlayer,
        ] {
            let start = layout.position();
            for seat in layout.seating().all() {
                assert_eq!(
                    evaluate(&start, seat, &MultiWeights::for_seating(layout.seating())),
                    0,
                    "{layout} {seat}"
                );
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
        let weights = MultiWeights::FREE_FOR_ALL;
        assert!(evaluate(&position, first, &weights) > 0);
        assert!(evaluate(&position, second, &weights) < 0);
        let changed = weights.with("marble=10,threat=0");
        assert_eq!(
            changed.map(|w| (w.marble, w.threat, w.ejected)),
            Ok((10, 0, 100))
        );
        assert!(weights.with("marbles=1").is_err() && weights.with("marble").is_err());
    }
}
