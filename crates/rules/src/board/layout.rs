//! The three starting layouts of RULES.md (in the repository's root).

use super::cell::Cell;
use super::colour::Colour;
use super::position::Position;
use std::fmt;
use std::str::FromStr;

/// A starting layout. Black moves first in all of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layout {
    /// The layout of the rule texts.
    Standard,
    /// The tournament layout since 1999.
    BelgianDaisy,
    /// The other daisy layout.
    GermanDaisy,
}

impl Layout {
    /// All layouts.
    pub const ALL: [Layout; 3] = [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy];

    /// The name used on the command line and in the protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::BelgianDaisy => "belgian-daisy",
            Layout::GermanDaisy => "german-daisy",
        }
    }

    fn cells(self, colour: Colour) -> &'static str {
        match (self, colour) {
            (Layout::Standard, Colour::Black) => "a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6 c3 c4 c5",
            (Layout::Standard, Colour::White) => "i5 i6 i7 i8 i9 h4 h5 h6 h7 h8 h9 g5 g6 g7",
            (Layout::BelgianDaisy, Colour::Black) => "a1 a2 b1 b2 b3 c2 c3 g7 g8 h7 h8 h9 i8 i9",
            (Layout::BelgianDaisy, Colour::White) => "a4 a5 b4 b5 b6 c5 c6 g4 g5 h4 h5 h6 i5 i6",
            (Layout::GermanDaisy, Colour::Black) => "b1 b2 c1 c2 c3 d2 d3 f7 f8 g7 g8 g9 h8 h9",
            (Layout::GermanDaisy, Colour::White) => "b5 b6 c5 c6 c7 d6 d7 f3 f4 g3 g4 g5 h4 h5",
        }
    }

    /// The starting position.
    pub fn position(self) -> Position {
        let bits = |colour| {
            self.cells(colour)
                .split(' ')
                .filter_map(|name| name.parse::<Cell>().ok())
                .fold(0u64, |bits, cell| bits | cell.bit())
        };
        Position::from_parts(
            bits(Colour::Black),
            bits(Colour::White),
            Colour::Black,
            [0, 0],
            0,
        )
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of the three layouts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown layout '{0}' (expected standard or classic, belgian-daisy or german-daisy)")]
pub struct UnknownLayout(pub String);

impl FromStr for Layout {
    type Err = UnknownLayout;

    /// A layout's name, without regard to case; `classic` is another name of the standard
    /// layout (OpenSpiel and several sites call it so).
    fn from_str(s: &str) -> Result<Layout, UnknownLayout> {
        if s.eq_ignore_ascii_case("classic") {
            return Ok(Layout::Standard);
        }
        Layout::ALL
            .into_iter()
            .find(|layout| layout.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLayout(s.to_string()))
    }
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Layout::Standard.position()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_has_fourteen_of_each_on_distinct_cells() {
        for layout in Layout::ALL {
            let position = layout.position();
            assert_eq!(position.stones(Colour::Black).count_ones(), 14, "{layout}");
            assert_eq!(position.stones(Colour::White).count_ones(), 14, "{layout}");
            assert_eq!(layout.name().parse::<Layout>(), Ok(layout));
        }
    }

    #[test]
    fn the_standard_layout_has_the_documented_position_string() {
        assert_eq!(
            Position::startpos().to_string(),
            "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0"
        );
    }

    #[test]
    fn names_read_back_and_classic_is_the_standard_layout() {
        for layout in Layout::ALL {
            assert_eq!(layout.name().parse::<Layout>(), Ok(layout));
            assert_eq!(layout.name().to_uppercase().parse::<Layout>(), Ok(layout));
        }
        assert_eq!("classic".parse::<Layout>(), Ok(Layout::Standard));
        assert_eq!("Classic".parse::<Layout>(), Ok(Layout::Standard));
        assert!("daisy".parse::<Layout>().is_err());
    }

    #[test]
    fn layouts_have_the_symmetry_of_the_rule_book() {
        // A half turn maps (row, col) to (8 - row, 8 - col). It swaps the colours of the standard
        // layout and maps each colour of a daisy layout onto itself.
        for layout in Layout::ALL {
            let position = layout.position();
            for colour in Colour::BOTH {
                let image = if layout == Layout::Standard {
                    colour.opponent()
                } else {
                    colour
                };
                for cell in Cell::all() {
                    let turned = Cell::from_coords(8 - cell.row(), 8 - cell.col());
                    assert_eq!(
                        position.stones(colour) & cell.bit() != 0,
                        position.stones(image) & turned.bit() != 0,
                        "{layout} {cell}"
                    );
                }
            }
        }
    }
}
