//! The weights of the evaluation terms: one opening and one endgame weight per term of
//! [`TERMS`], in milli-marbles, blended by the game phase.

use super::terms::{TERM_COUNT, TERMS};
use super::tuned::TUNED;

/// A term's weight in the opening and in the endgame, in milli-marbles (1000 = one marble),
/// signed so that a positive score is good for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    /// The weight with every marble on the board.
    pub opening: i32,
    /// The weight with ten marbles gone (see [`PHASE_SPAN`](super::PHASE_SPAN)).
    pub endgame: i32,
}

impl Phased {
    /// A weight from its opening and endgame values in milli-marbles.
    pub const fn new(opening: i32, endgame: i32) -> Phased {
        Phased { opening, endgame }
    }

    /// The same weight in both phases, given in centi-marbles.
    pub const fn centi(centi: i32) -> Phased {
        let milli = centi * super::MILLI_PER_CENTI;
        Phased::new(milli, milli)
    }
}

/// The weight of every term, in the order of [`TERMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The weights, indexed like [`TERMS`].
    pub terms: [Phased; TERM_COUNT],
}

impl Weights {
    /// The hand-set weights, each term's `default`: where `sumito tune` starts from, and what
    /// Sumito plays with when `TunedEval` is off.
    pub const DEFAULT: Weights = {
        let mut terms = [Phased::new(0, 0); TERM_COUNT];
        let mut index = 0;
        while index < TERM_COUNT {
            terms[index] = TERMS[index].default;
            index += 1;
        }
        Weights { terms }
    };

    /// The weights fitted by `sumito tune` (`src/eval/tuned.rs`), which the engine plays with
    /// (`TunedEval` in the protocol, on by default). A term the file does not name
    /// keeps its default weight, so that a new term can be added before it is tuned.
    pub fn tuned() -> Weights {
        let mut weights = Weights::DEFAULT;
        for (name, weight) in TUNED {
            if let Some(slot) = weights.get_mut(name) {
                *slot = *weight;
            }
        }
        weights
    }

    /// The weight of the term called `name`.
    pub fn get(&self, name: &str) -> Option<Phased> {
        let index = TERMS.iter().position(|term| term.name == name)?;
        Some(self.terms[index])
    }

    /// The weight of the term called `name`, to change it.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Phased> {
        let index = TERMS.iter().position(|term| term.name == name)?;
        Some(&mut self.terms[index])
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tuned_file_names_known_terms_once() {
        let mut names: Vec<&str> = TUNED.iter().map(|(name, _)| *name).collect();
        for name in &names {
            assert!(Weights::DEFAULT.get(name).is_some(), "unknown term {name}");
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNED.len(), "a term named twice");
    }

    #[test]
    fn the_default_weights_are_the_same_in_both_phases() {
        for (term, weight) in TERMS.iter().zip(Weights::DEFAULT.terms) {
            assert_eq!(weight.opening, weight.endgame, "{}", term.name);
            assert_eq!(weight.opening % super::super::MILLI_PER_CENTI, 0);
        }
        assert_eq!(Weights::DEFAULT.get("lost"), Some(Phased::centi(-100)));
        assert_eq!(Weights::DEFAULT.get("nonsense"), None);
    }
}
