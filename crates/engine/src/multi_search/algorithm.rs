//! The searches of three to six players, as the `MultiSearch` option names them, and which is
//! the default for a seating.

use std::fmt;
use std::str::FromStr;
use sumito_rules::board::Seating;

/// Which search plays N-player positions (the `MultiSearch` option).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Paranoid search: every opponent against the root team.
    Paranoid,
    /// Best-Reply Search: only the strongest opponent reply at each opponent layer.
    BestReply,
}

impl Algorithm {
    /// Both, in the order of their names in the protocol.
    pub const ALL: [Algorithm; 2] = [Algorithm::Paranoid, Algorithm::BestReply];

    /// The stronger search for a seating, as measured (STRENGTH.md, "Three to six players"):
    /// Best-Reply Search when every player plays for himself, paranoid search in team games,
    /// where the opponents do play together.
    pub const fn for_seating(seating: Seating) -> Algorithm {
        match seating.has_teams() {
            true => Algorithm::Paranoid,
            false => Algorithm::BestReply,
        }
    }

    /// The option value: `paranoid` or `brs`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Paranoid => "paranoid",
            Algorithm::BestReply => "brs",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is neither `paranoid` nor `brs`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown multi-player search '{0}' (expected paranoid or brs)")]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}
