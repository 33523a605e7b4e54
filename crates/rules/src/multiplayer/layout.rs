//! The starting layouts of three to six players (RULES.md, "Three to six players").

use super::position::MultiPosition;
use crate::board::Cell;
use crate::board::{Seat, Seating};
use std::fmt;
use std::str::FromStr;

/// A starting layout for three to six players. Seat 1 moves first in all of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MultiLayout {
    /// Three players of 11 marbles on alternate sides: the boxed set's "official" rule.
    ThreePlayer,
    /// Two teams of two, 9 marbles each in a 4-3-2 rhombus, partners facing.
    FourPlayer,
    /// Four players of 8 marbles and a fifth of 7 in the middle (gamerz.net's design).
    FivePlayer,
    /// Three teams of two, 6 marbles each in a triangle mid-side (gamerz.net's design).
    SixPlayer,
}

impl MultiLayout {
    /// All of them, by number of seats.
    pub const ALL: [MultiLayout; 4] = [
        MultiLayout::ThreePlayer,
        MultiLayout::FourPlayer,
        MultiLayout::FivePlayer,
        MultiLayout::SixPlayer,
    ];

    /// The name used on the command line and in the protocol.
    pub const fn name(self) -> &'static str {
        match self {
            MultiLayout::ThreePlayer => "three-player",
            MultiLayout::FourPlayer => "four-player",
            MultiLayout::FivePlayer => "five-player",
            MultiLayout::SixPlayer => "six-player",
        }
    }

    /// Its seats and teams.
    pub const fn seating(self) -> Seating {
        let seats = match self {
            MultiLayout::ThreePlayer => 3,
            MultiLayout::FourPlayer => 4,
            MultiLayout::FivePlayer => 5,
            MultiLayout::SixPlayer => 6,
        };
        match Seating::new(seats) {
            Some(seating) => seating,
            None => unreachable!(),
        }
    }

    /// The layout of a game of `seats` players.
    pub fn for_seats(seats: usize) -> Option<MultiLayout> {
        MultiLayout::ALL
            .into_iter()
            .find(|layout| layout.seating().seats() == seats)
    }

    /// The cells of every seat, as in RULES.md.
    const fn cells(self) -> &'static [&'static str] {
        match self {
            MultiLayout::ThreePlayer => &[
                "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6",
                "e9 f9 g9 h9 i9 d8 e8 f8 g8 h8 i8",
                "e1 f2 g3 h4 i5 d1 e2 f3 g4 h5 i6",
            ],
            MultiLayout::FourPlayer => &[
                "a2 a3 a4 a5 b3 b4 b5 c4 c5",
                "e9 f9 g9 h9 e8 f8 g8 e7 f7",
                "i5 i6 i7 i8 h5 h6 h7 g5 g6",
                "b1 c1 d1 e1 c2 d2 e2 d3 e3",
            ],
            MultiLayout::FivePlayer => &[
                "a2 a3 a4 a5 b3 b4 b5 b6",
                "d8 e8 e9 f8 f9 g8 g9 h9",
                "h4 h5 h6 h7 i5 i6 i7 i8",
                "b1 c1 c2 d1 d2 e1 e2 f2",
                "e5 d4 d5 e4 e6 f5 f6",
            ],
            MultiLayout::SixPlayer => &[
                "a2 a3 a4 b3 b4 c4",
                "d6 d7 d8 c6 c7 b6",
                "h9 g8 g9 f7 f8 f9",
                "i6 i7 i8 h6 h7 g6",
                "f2 f3 f4 g3 g4 h4",
                "d1 d2 d3 c1 c2 b1",
            ],
        }
    }

    /// The starting marbles of `seat` as a bitboard (none for a seat the layout does not have).
    pub fn seat_cells(self, seat: Seat) -> u64 {
        self.cells().get(seat.index()).map_or(0, |cells| {
            cells
                .split(' ')
                .filter_map(|name| name.parse::<Cell>().ok())
                .fold(0, |bits, cell| bits | cell.bit())
        })
    }

    /// The starting position.
    pub fn position(self) -> MultiPosition {
        let mut stones = [0; crate::board::MAX_SEATS];
        for seat in self.seating().all() {
            stones[seat.index()] = self.seat_cells(seat);
        }
        MultiPosition::from_parts(self.seating(), stones, Seat::default(), [0; 6], 0, 0)
    }
}

impl fmt::Display for MultiLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of the multi-player layouts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown layout '{0}' (expected three-player, four-player, five-player or six-player)")]
pub struct UnknownMultiLayout(pub String);

impl FromStr for MultiLayout {
    type Err = UnknownMultiLayout;

    fn from_str(s: &str) -> Result<MultiLayout, UnknownMultiLayout> {
        MultiLayout::ALL
            .into_iter()
            .find(|layout| layout.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownMultiLayout(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BOARD, Symmetry};

    #[test]
    fn seats_hold_their_marbles_apart() {
        for layout in MultiLayout::ALL {
            let mut all = 0;
            for seat in layout.seating().all() {
                let cells = layout.seat_cells(seat);
                assert_eq!(all & cells, 0, "{layout}: {seat} overlaps");
                assert_eq!(cells & !BOARD, 0);
                all |= cells;
            }
            let expected = match layout {
                MultiLayout::ThreePlayer => [11; 3].as_slice(),
                MultiLayout::FourPlayer => &[9; 4],
                MultiLayout::FivePlayer => &[8, 8, 8, 8, 7],
                MultiLayout::SixPlayer => &[6; 6],
            };
            let counts: Vec<u32> = layout
                .seating()
                .all()
                .map(|seat| layout.seat_cells(seat).count_ones())
                .collect();
            assert_eq!(
                counts,
                expected.iter().map(|&n| n as u32).collect::<Vec<_>>()
            );
        }
    }

    /// Every layout is fair: each seat's marbles are an image of seat 1's under a symmetry of
    /// the board (but the five-player centre seat, which every symmetry keeps in place).
    #[test]
    fn seats_start_alike() {
        for layout in MultiLayout::ALL {
            let first = layout.seat_cells(Seat::new(0).unwrap());
            let outer = match layout {
                MultiLayout::FivePlayer => 4,
                _ => layout.seating().seats(),
            };
            for i in 1..outer {
                let cells = layout.seat_cells(Seat::new(i).unwrap());
                assert!(
                    Symmetry::all().any(|symmetry| symmetry.bits(first) == cells),
                    "{layout}: seat {} is not an image of seat 1",
                    i + 1
                );
            }
        }
        let centre = MultiLayout::FivePlayer.seat_cells(Seat::new(4).unwrap());
        assert!(Symmetry::all().all(|symmetry| symmetry.bits(centre) == centre));
    }

    #[test]
    fn names_read_back() {
        for layout in MultiLayout::ALL {
            assert_eq!(layout.name().parse::<MultiLayout>(), Ok(layout));
        }
        assert!("standard".parse::<MultiLayout>().is_err());
    }
}
