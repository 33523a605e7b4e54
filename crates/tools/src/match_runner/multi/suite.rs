//! Making the shipped opening suite of an N-player layout (`sumito openings --layout
//! three-player`): random turns from the layout, kept when no marble was ejected and every
//! seat's own evaluation of the position is near what it was in the layout.
//!
//! The two-player suite judges each candidate by a deep search from the mover's side. With more
//! players a single mover's score says little about the others, so every seat's static
//! evaluation (its team's value less the strongest rival's, [`sumito_engine::multi_search::evaluate`])
//! must be within the bound of its value in the layout: no seat gains or loses by the opening.
//! (The layouts of three, four and six players are symmetric, and every seat's value there is
//! 0; the five-player layout is not: its centre seat has one marble fewer and the centre.)

use rustc_hash::FxHashSet;
use sumito_engine::multi_search::{MultiWeights, evaluate};
use sumito_rules::game::Turn;
use sumito_rules::movegen::MoveList;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};
use sumito_rules::random::{Random, splitmix64};

/// What an N-player suite is made of.
#[derive(Clone, Copy, Debug)]
pub struct MultiRecipe {
    pub layout: MultiLayout,
    /// Openings to keep.
    pub count: usize,
    /// Random turns per opening, drawn from this range.
    pub min_plies: u32,
    pub max_plies: u32,
    /// Largest change of any seat's evaluation from the layout's kept, in centi-marbles.
    pub max_score: i32,
    pub seed: u64,
}

/// A made suite: its text (header and one line per opening), and how many candidates it took.
pub struct MultiSuite {
    pub text: String,
    pub kept: usize,
    pub tried: usize,
}

/// Most candidates tried per opening kept before giving up.
const TRIES_PER_OPENING: usize = 1000;

/// Makes the suite `recipe` describes; the command that made it goes in the header.
pub fn make_multi_suite(recipe: &MultiRecipe, command: &str) -> Result<MultiSuite, String> {
    let layout = recipe.layout;
    let weights = MultiWeights::for_seating(layout.seating());
    let mut random = Random(splitmix64(recipe.seed).1);
    let (mut seen, mut lines, mut tried) = (FxHashSet::default(), Vec::new(), 0);
    while lines.len() < recipe.count {
        if tried >= recipe.count.saturating_mul(TRIES_PER_OPENING) {
            return Err(format!(
                "only {} of {} openings found within {} centi-marbles of level in {tried} tries",
                lines.len(),
                recipe.count,
                recipe.max_score
            ));
        }
        tried += 1;
        let span = (recipe.max_plies - recipe.min_plies + 1) as usize;
        let plies = recipe.min_plies as usize + random.below(span);
        let Some((turns, end)) = candidate(layout, plies, &mut random) else {
            continue;
        };
        let start = layout.position();
        let level = end.seating().all().all(|seat| {
            let change = evaluate(&end, seat, &weights) - evaluate(&start, seat, &weights);
            change.abs() <= recipe.max_score
        });
        if level && seen.insert(end.hash()) {
            let turns: Vec<String> = turns.iter().map(Turn::to_string).collect();
            lines.push(format!("{} moves {}", layout.name(), turns.join(" ")));
        }
    }
    let text = format!(
        "# Sumito's opening suite for {}: {} openings, each {} to {} turns from the layout with no \
         marble ejected, every seat's evaluation within {} centi-marbles of its value in the \
         layout ({tried} candidates tried).\n# Made by: {command}\n{}\n",
        layout.name(),
        lines.len(),
        recipe.min_plies,
        recipe.max_plies,
        recipe.max_score,
        lines.join("\n")
    );
    Ok(MultiSuite {
        text,
        kept: lines.len(),
        tried,
    })
}

/// `plies` random moves from the layout, or `None` if one ejects a marble or a seat must pass.
fn candidate(
    layout: MultiLayout,
    plies: usize,
    random: &mut Random,
) -> Option<(Vec<Turn>, MultiPosition)> {
    let mut position = layout.position();
    let mut list = MoveList::default();
    let mut turns = Vec::with_capacity(plies);
    for _ in 0..plies {
        position.legal_moves(&mut list);
        if list.is_empty() {
            return None;
        }
        let turn = Turn::Move(list.as_slice()[random.below(list.len())]);
        let next = turn.apply(&position);
        let ejected = |p: &MultiPosition| p.seating().all().map(|s| p.ejected(s)).sum::<u8>();
        if ejected(&next) > ejected(&position) {
            return None;
        }
        position = next;
        turns.push(turn);
    }
    Some((turns, position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_keeps_level_openings_only_and_is_the_same_from_the_same_seed() {
        let recipe = MultiRecipe {
            layout: MultiLayout::FourPlayer,
            count: 10,
            min_plies: 4,
            max_plies: 8,
            max_score: 40,
            seed: 3,
        };
        let suite = make_multi_suite(&recipe, "test").unwrap();
        assert_eq!(suite.kept, 10);
        assert!(suite.tried >= 10);
        assert_eq!(suite.text, make_multi_suite(&recipe, "test").unwrap().text);
        let tight = MultiRecipe {
            max_score: -1,
            count: 1,
            ..recipe
        };
        assert!(make_multi_suite(&tight, "test").is_err());
    }
}
