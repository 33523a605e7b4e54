//! Seats and teams: who sits where in a game of three to six players, and who plays with whom.

use std::fmt;

/// Most seats a game has.
pub const MAX_SEATS: usize = 6;

/// The letters of seats 1 to 6 in position strings: black, white, red, green, yellow, blue.
pub const SEAT_LETTERS: [char; MAX_SEATS] = ['b', 'w', 'r', 'g', 'y', 'u'];

/// The colour names of seats 1 to 6, for people.
const SEAT_NAMES: [&str; MAX_SEATS] = ["black", "white", "red", "green", "yellow", "blue"];

/// A seat: 0 for seat 1 (the first to move) up to 5 for seat 6.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Seat(u8);

impl Seat {
    /// The seat with this index (0 for seat 1); `None` beyond seat 6.
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat of a position-string letter (`b w r g y u`, either case).
    pub fn from_letter(letter: char) -> Option<Seat> {
        let letter = letter.to_ascii_lowercase();
        SEAT_LETTERS
            .iter()
            .position(|&l| l == letter)
            .and_then(Seat::new)
    }

    /// The seat of a colour's name (`black` … `blue`, either case).
    pub fn from_name(name: &str) -> Option<Seat> {
        SEAT_NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .and_then(Seat::new)
    }

    /// 0 for seat 1.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's number as people count: 1 to 6.
    pub const fn number(self) -> usize {
        self.0 as usize + 1
    }

    /// Its letter in position strings.
    pub const fn letter(self) -> char {
        SEAT_LETTERS[self.0 as usize]
    }

    /// Its colour's name.
    pub const fn name(self) -> &'static str {
        SEAT_NAMES[self.0 as usize]
    }

    /// Bit `index` set: the seat in a set of seats.
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.0
    }
}

impl From<super::Colour> for Seat {
    /// A two-player game's colour as its seat: black is seat 1, white seat 2.
    fn from(colour: super::Colour) -> Seat {
        Seat(colour.index() as u8)
    }
}

impl fmt::Display for Seat {
    /// `seat 3 (red)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} ({})", self.number(), self.name())
    }
}

/// How many seats a game has and how they form teams (RULES.md, "Three to six players"): with
/// four seats, 1 and 3 against 2 and 4; with six, 1 and 4, 2 and 5, 3 and 6; with three or five,
/// every player for himself. Partners sit facing each other and the teams move in turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Seating {
    seats: u8,
    teams: u8,
}

impl Seating {
    /// The seating of a game of `seats` players, 3 to 6.
    pub const fn new(seats: usize) -> Option<Seating> {
        let teams = match seats {
            3 | 5 => seats,
            4 | 6 => seats / 2,
            _ => return None,
        };
        Some(Seating {
            seats: seats as u8,
            teams: teams as u8,
        })
    }

    /// Number of seats.
    #[inline]
    pub const fn seats(self) -> usize {
        self.seats as usize
    }

    /// Number of teams (as many as seats when every player plays for himself).
    #[inline]
    pub const fn teams(self) -> usize {
        self.teams as usize
    }

    /// Is this a team game?
    pub const fn has_teams(self) -> bool {
        self.teams < self.seats
    }

    /// All seats, in turn order.
    pub fn all(self) -> impl Iterator<Item = Seat> {
        (0..self.seats).map(Seat)
    }

    /// The team of `seat`, 0 to `teams - 1`: seats `t`, `t + teams`, ... play together.
    #[inline]
    pub const fn team(self, seat: Seat) -> usize {
        seat.0 as usize % self.teams as usize
    }

    /// The seats of `seat`'s team (itself included) as a set of seat bits.
    #[inline]
    pub const fn team_mask(self, seat: Seat) -> u8 {
        let mut mask = 0;
        let mut s = self.team(seat);
        while s < self.seats as usize {
            mask |= 1 << s;
            s += self.teams as usize;
        }
        mask
    }

    /// The seats of team `team` (0 to `teams - 1`), in turn order.
    pub fn team_seats(self, team: usize) -> impl Iterator<Item = Seat> {
        self.all().filter(move |seat| self.team(*seat) == team)
    }

    /// The seat after `seat` in turn order, wrapping round.
    #[inline]
    pub const fn next(self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_face_each_other_and_alternate() {
        let four = Seating::new(4).unwrap();
        let seat = |n: usize| Seat::new(n - 1).unwrap();
        assert_eq!(four.team_mask(seat(1)), 0b0101);
        assert_eq!(four.team_mask(seat(4)), 0b1010);
        let six = Seating::new(6).unwrap();
        assert_eq!(six.team_mask(seat(2)), 0b01_0010);
        assert_eq!(six.team(seat(6)), six.team(seat(3)));
        let three = Seating::new(3).unwrap();
        assert_eq!(three.team_mask(seat(2)), 0b010);
        assert!(!three.has_teams() && four.has_teams());
        assert_eq!(Seating::new(2), None);
        assert_eq!(Seating::new(7), None);
        assert_eq!(three.next(seat(3)), seat(1));
    }

    #[test]
    fn letters_name_seats() {
        for (index, letter) in SEAT_LETTERS.iter().enumerate() {
            let seat = Seat::from_letter(*letter).unwrap();
            assert_eq!(seat.index(), index);
            assert_eq!(seat.letter(), *letter);
        }
        assert_eq!(Seat::from_letter('R'), Seat::new(2));
        assert_eq!(Seat::from_letter('x'), None);
        assert_eq!(Seat::new(2).unwrap().to_string(), "seat 3 (red)");
    }
}
