//! The terms of the evaluation in one table: each names a feature, its weight and how the two
//! sides' values make its score. [`evaluate`](super::evaluate) and
//! [`breakdown`](super::breakdown) both read it, so a new term is added here and nowhere else.

use super::features::SideFeatures;
use super::weights::Weights;

/// How a term's per-side values make its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The weight times the side to move's value minus the opponent's.
    Difference,
    /// The weight times the side to move's value alone: a threat only counts for the side that
    /// can carry it out now, so the two sides are not alike.
    ToMove,
}

/// The definition of one evaluation term.
pub struct TermDef {
    /// The name shown in the breakdown: one word, listed in PROTOCOL.md (`eval`).
    pub name: &'static str,
    /// The weight, signed so that a positive score is good for the side to move.
    pub weight: fn(&Weights) -> i32,
    /// One side's value, from its own features and the opponent's.
    pub value: fn(own: &SideFeatures, other: &SideFeatures) -> i32,
    /// How the values of the two sides make the score.
    pub scoring: Scoring,
}

impl TermDef {
    /// The term's score for the side with features `us`, to move, against `them`.
    #[inline(always)]
    pub fn score(&self, weights: &Weights, us: &SideFeatures, them: &SideFeatures) -> i32 {
        let weight = (self.weight)(weights);
        match self.scoring {
            Scoring::Difference => weight * ((self.value)(us, them) - (self.value)(them, us)),
            Scoring::ToMove => weight * (self.value)(us, them),
        }
    }
}

/// Every term of the evaluation, in the order the breakdown prints them.
pub const TERMS: [TermDef; 7] = [
    TermDef {
        name: "lost",
        weight: |w| -w.marble,
        value: |own, _| own.lost,
        scoring: Scoring::Difference,
    },
    TermDef {
        name: "centre",
        weight: |w| -w.centre,
        value: |own, _| own.centre_distance,
        scoring: Scoring::Difference,
    },
    TermDef {
        name: "mass",
        weight: |w| -w.mass,
        value: |own, _| own.mass_distance,
        scoring: Scoring::Difference,
    },
    TermDef {
        name: "cohesion",
        weight: |w| w.cohesion,
        value: |own, _| own.cohesion,
        scoring: Scoring::Difference,
    },
    TermDef {
        name: "wedges",
        weight: |w| w.wedge,
        value: |own, _| own.wedges,
        scoring: Scoring::Difference,
    },
    TermDef {
        name: "threats",
        weight: |w| w.threat,
        value: |own, _| own.threats,
        scoring: Scoring::ToMove,
    },
    // A side's exposure is what the opponent threatens; it counts against the side to move.
    TermDef {
        name: "exposure",
        weight: |w| -w.exposure,
        value: |_, other| other.threats,
        scoring: Scoring::ToMove,
    },
];
