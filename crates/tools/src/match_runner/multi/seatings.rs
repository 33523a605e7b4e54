//! Who sits where in an N-player match: the units that play (an engine alone, an engine in both
//! seats of a team, or a listed pair of partners), every combination of as many units as the
//! game has players or teams, and every seating of each combination.
//!
//! Every seating of a combination is played from the same opening, so that every unit plays
//! every place in the turn order from it:
//! - without teams (three and five players), every order of the engines over the seats: 3! = 6
//!   seatings for three players, 5! = 120 for five;
//! - with teams (four and six players), every order of the teams' units over the teams (team A
//!   moves first, then B, …), and for a listed pair each of its two orders within the team:
//!   four players with one engine per team 2 seatings, with listed pairs 2 × 2 × 2 = 8; six
//!   players 3! = 6 and 6 × 2³ = 48.

use sumito_rules::board::Seating;

/// A unit of play: what fills one player's seat, or one team's seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// One engine: a free-for-all player, or both seats of a team.
    Engine(usize),
    /// Two engines playing as partners, in the order they were listed.
    Pair(usize, usize),
}

impl Unit {
    /// The engines of the unit.
    pub fn engines(&self) -> Vec<usize> {
        match *self {
            Unit::Engine(engine) => vec![engine],
            Unit::Pair(first, second) => vec![first, second],
        }
    }
}

/// Every combination of `size` items of `0..count`, in lexicographic order.
pub fn combinations(count: usize, size: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current = Vec::with_capacity(size);
    fn extend(
        start: usize,
        count: usize,
        size: usize,
        current: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == size {
            all.push(current.clone());
            return;
        }
        for next in start..count {
            current.push(next);
            extend(next + 1, count, size, current, all);
            current.pop();
        }
    }
    extend(0, count, size, &mut current, &mut all);
    all
}

/// Every order of `items`, in lexicographic order of positions (the given order first).
pub fn permutations<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (index, first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(index);
        for mut tail in permutations(&rest) {
            tail.insert(0, first.clone());
            all.push(tail);
        }
    }
    all
}

/// Every seating of `units` (one per team, or per player without teams) at `seating`'s table:
/// the engine in each seat, in seat order.
pub fn seatings(units: &[Unit], seating: Seating) -> Vec<Vec<usize>> {
    let teams = seating.teams();
    let mut all = Vec::new();
    for order in permutations(units) {
        // The orders of partners within each pair: bit t set swaps team t's pair.
        let pairs = order.iter().filter(|u| matches!(u, Unit::Pair(..))).count();
        for swaps in 0..1u32 << pairs {
            let mut seats = vec![0; seating.seats()];
            let mut pair = 0;
            for (team, unit) in order.iter().enumerate() {
                let (first, second) = match *unit {
                    Unit::Engine(engine) => (engine, engine),
                    Unit::Pair(a, b) => {
                        let swapped = swaps >> pair & 1 == 1;
                        pair += 1;
                        if swapped { (b, a) } else { (a, b) }
                    }
                };
                seats[team] = first;
                if team + teams < seats.len() {
                    seats[team + teams] = second;
                }
            }
            all.push(seats);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seating(seats: usize) -> Seating {
        Seating::new(seats).unwrap()
    }

    #[test]
    fn every_engine_plays_every_seat_and_every_place_in_the_turn_order() {
        let units: Vec<Unit> = (0..3).map(Unit::Engine).collect();
        let three = seatings(&units, seating(3));
        assert_eq!(three.len(), 6);
        for engine in 0..3 {
            for seat in 0..3 {
                let times = three.iter().filter(|s| s[seat] == engine).count();
                assert_eq!(times, 2, "engine {engine} in seat {seat}");
            }
        }
        let five: Vec<Unit> = (0..5).map(Unit::Engine).collect();
        assert_eq!(seatings(&five, seating(5)).len(), 120);
    }

    #[test]
    fn teams_rotate_over_the_teams_and_pairs_within_them() {
        let two = [Unit::Engine(0), Unit::Engine(1)];
        assert_eq!(
            seatings(&two, seating(4)),
            [vec![0, 1, 0, 1], vec![1, 0, 1, 0]]
        );
        let pairs = [Unit::Pair(0, 2), Unit::Pair(1, 3)];
        let four = seatings(&pairs, seating(4));
        assert_eq!(four.len(), 8);
        for engine in 0..4 {
            for seat in 0..4 {
                assert_eq!(four.iter().filter(|s| s[seat] == engine).count(), 2);
            }
        }
        // Partners always sit in the same team: seats t and t + 2.
        for s in &four {
            assert!(
                [s[0], s[2]] == [0, 2]
                    || [s[0], s[2]] == [2, 0]
                    || [s[0], s[2]] == [1, 3]
                    || [s[0], s[2]] == [3, 1]
            );
        }
        let three: Vec<Unit> = (0..3).map(Unit::Engine).collect();
        let six = seatings(&three, seating(6));
        assert_eq!(six.len(), 6);
        assert!(
            six.iter()
                .all(|s| s[0] == s[3] && s[1] == s[4] && s[2] == s[5])
        );
    }

    #[test]
    fn combinations_of_units() {
        assert_eq!(
            combinations(4, 3),
            [vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        assert_eq!(combinations(3, 3).len(), 1);
        assert_eq!(combinations(6, 3).len(), 20);
    }
}
