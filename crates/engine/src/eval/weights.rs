//! The weights of the evaluation terms: one opening and one endgame weight per term of
//! [`TERMS`], in milli-marbles, blended by the game phase. Code reads a given term's weight by
//! its [`Term`] (`weights[Term::Pushable]`); names are for what comes from outside.

use super::phase::Phased;
use super::terms::{TERM_COUNT, TERMS, Term};
use super::tuned::TUNED;
use std::ops::{Index, IndexMut};

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

    /// The weights fitted by `sumito tune` (`crates/engine/src/eval/tuned.rs`), which the engine plays with
    /// (`TunedEval` in the protocol, on by default). A term the file does not name keeps its
    /// default weight, so that a new term can be tried before it is tuned; the tests ask the
    /// checked-in file to name every term, so a new term lands with a refit.
    pub fn tuned() -> Weights {
        let mut weights = Weights::DEFAULT;
        for (name, weight) in TUNED {
            if let Some(slot) = weights.get_mut(name) {
                *slot = *weight;
            }
        }
        weights
    }

    /// The weight of the term called `name`, to change it.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Phased> {
        let index = TERMS.iter().position(|term| term.name == name)?;
        Some(&mut self.terms[index])
    }
}

impl Index<Term> for Weights {
    type Output = Phased;

    #[inline(always)]
    fn index(&self, term: Term) -> &Phased {
        &self.terms[term.index()]
    }
}

impl IndexMut<Term> for Weights {
    #[inline(always)]
    fn index_mut(&mut self, term: Term) -> &mut Phased {
        &mut self.terms[term.index()]
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
    fn the_tuned_weights_name_every_term_in_order() {
        // Weights::tuned() would give an unnamed term its default weight: the checked-in file
        // must name them all, as `sumito tune` writes them, in the order of TERMS.
        let tuned: Vec<&str> = TUNED.iter().map(|(name, _)| *name).collect();
        let terms: Vec<&str> = TERMS.iter().map(|term| term.name).collect();
        assert_eq!(tuned, terms);
    }

    #[test]
    fn the_default_weights_are_the_same_in_both_phases() {
        for (term, weight) in TERMS.iter().zip(Weights::DEFAULT.terms) {
            assert_eq!(weight.opening, weight.endgame, "{}", term.name);
            assert_eq!(weight.opening % crate::eval::phase::MILLI_PER_CENTI, 0);
        }
        assert_eq!(Weights::DEFAULT[Term::Lost], Phased::centi(-100));
        let mut weights = Weights::DEFAULT;
        assert_eq!(weights.get_mut("lost").copied(), Some(Phased::centi(-100)));
        assert_eq!(weights.get_mut("nonsense"), None);
    }
}
