//! The two sides.

use std::fmt;

/// A player's colour. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Colour {
    Black = 0,
    White = 1,
}

impl Colour {
    /// Both colours, Black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }

    /// The colour for `b` or `w` (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_lowercase() {
            'b' => Some(Colour::Black),
            'w' => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}
