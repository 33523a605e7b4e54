//! Skill levels: a weaker Sumito for people. A lower level searches fewer nodes and chooses,
//! with controlled randomness, among the best few root moves, so that it plays plausible moves and
//! misses deeper ideas instead of blundering at random: a move is chosen only if it is at most
//! [`Skill::tolerance`] worse than the best one, and never one that loses by force when another
//! does not.

use super::score::is_decisive;
use sumito_rules::random::Random;

/// The strongest level: the full engine, with no node cap and no randomness.
pub const MAX_SKILL: u32 = 20;

/// The node budget of every move at levels 1 to 19. A node budget, unlike a depth cap, keeps
/// the levels apart at the top (a depth of 10 plies, level 19's old cap, is reached in
/// milliseconds since the prunings) and does not depend on the machine or the clock. The
/// budgets come from measurement (docs/engine.md): a ladder of 550 nodes growing 1.42 times a level
/// gave steps of about +34 Elo a level up to 1,600 nodes and +113 near 100,000 (60 games a
/// step), so these grow 2.3 times from level 1 to 2, then about 1.41 times a level to level
/// 10 and 1.32 above, up to the same 300,000 at level 19. Measured: +51 to +61 a level up to
/// level 13, +104 to +113 a level above it (each 1.32 times more nodes is worth more there).
const NODES: [u64; 19] = [
    550, 1_250, 1_850, 2_600, 3_700, 5_200, 7_400, 10_500, 15_000, 21_000, 30_000, 40_000, 53_000,
    70_000, 93_000, 122_000, 161_000, 220_000, 300_000,
];

/// How strongly Sumito plays, from 1 (weakest) to [`MAX_SKILL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill(u32);

impl Skill {
    /// Full strength.
    pub const FULL: Skill = Skill(MAX_SKILL);

    /// Level `level`, clamped to 1..=[`MAX_SKILL`].
    pub fn new(level: u32) -> Skill {
        Skill(level.clamp(1, MAX_SKILL))
    }

    /// The level number.
    pub fn level(self) -> u32 {
        self.0
    }

    /// Whether this is full strength.
    pub fn is_full(self) -> bool {
        self.0 == MAX_SKILL
    }

    /// The node budget of every move (`NODES`: 550 at level 1, 300,000 at level 19); none
    /// at full strength.
    pub fn max_nodes(self) -> Option<u64> {
        NODES.get(self.0 as usize - 1).copied()
    }

    /// Root lines searched to choose among (MultiPV asked for may be more).
    pub fn lines(self) -> usize {
        if self.is_full() { 1 } else { 4 }
    }

    /// How much worse than the best move, in centi-marbles, a chosen move may be: 13 at level
    /// 19, up to 247 (two and a half marbles) at level 1.
    pub fn tolerance(self) -> i32 {
        (MAX_SKILL - self.0) as i32 * 13
    }

    /// The index of the line to play among `scores` (best first): each line's score plus a
    /// random bonus of up to [`Skill::tolerance`], the highest wins. A decisive result (a
    /// forced win, or a forced loss when something else does not lose) is never gambled.
    pub fn choose(self, scores: &[i32], random: &mut Random) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        let tolerance = self.tolerance();
        if tolerance == 0 || (is_decisive(best) && best > 0) {
            return 0;
        }
        let mut chosen = 0;
        let mut chosen_value = i32::MIN;
        for (index, &score) in scores.iter().enumerate() {
            let forced_loss = is_decisive(score) && score < 0 && !(is_decisive(best) && best < 0);
            if forced_loss || best.saturating_sub(score) > tolerance {
                continue;
            }
            let value = score.saturating_add(random.below(tolerance as usize + 1) as i32);
            if value > chosen_value {
                (chosen, chosen_value) = (index, value);
            }
        }
        chosen
    }
}

/// The measured ladder: (level, Elo over level 1), from `scripts/skill-ladder 60 nodes=600000
/// 1 4 7 10 13 16 19 20` (60 games a step, chained) with the node budgets of [`NODES`], on
/// 2026-12-06 with the fifth network (docs/engine.md). Measure again when the search or the
/// evaluation changes the engine's strength.
const LADDER: [(u32, i32); 8] = [
    (1, 0),
    (4, 215),
    (7, 540),
    (10, 701),
    (13, 877),
    (16, 1100),
    (19, 1350),
    (20, 1470),
];

impl Skill {
    /// The level's Elo over level 1: measured for the levels of `LADDER`, interpolated
    /// linearly between them for the others.
    pub fn elo(self) -> i32 {
        let level = self.0;
        let above = LADDER
            .iter()
            .position(|&(measured, _)| measured >= level)
            .unwrap_or(LADDER.len() - 1);
        let (high_level, high_elo) = LADDER[above];
        if high_level == level || above == 0 {
            return high_elo;
        }
        let (low_level, low_elo) = LADDER[above - 1];
        let share = (level - low_level) as f64 / (high_level - low_level) as f64;
        low_elo + (share * f64::from(high_elo - low_elo)).round() as i32
    }
}

/// Level 1's Elo over the uniformly random mover, the zero of the scale that `LimitStrength`
/// and `Elo` use: a chain of 15 steps from the random mover through movers that play a random
/// move with probability p and the greedy one-ply move otherwise (p = 0.97 … 0), each 300
/// games, then level 1 against the greedy mover (200 games, −121): 2290, within about ±160
/// (`cargo test --release --test integration skill_anchor -- --ignored --nocapture`; the greedy
/// move is the built-in network's, 2026-12-06).
pub const LEVEL_ONE_OVER_RANDOM: i32 = 2290;

/// Full strength (level 20) on the same scale.
pub const FULL_STRENGTH_ELO: i32 = LEVEL_ONE_OVER_RANDOM + LADDER[LADDER.len() - 1].1;

impl Skill {
    /// The level's Elo on the scale whose zero is the random mover.
    pub fn absolute_elo(self) -> i32 {
        LEVEL_ONE_OVER_RANDOM + self.elo()
    }

    /// The strongest level whose Elo (random mover 0) is at most `elo`; level 1 below its own.
    pub fn for_elo(elo: i32) -> Skill {
        (1..=MAX_SKILL)
            .rev()
            .map(Skill::new)
            .find(|skill| skill.absolute_elo() <= elo)
            .unwrap_or(Skill::new(1))
    }
}

impl Default for Skill {
    fn default() -> Skill {
        Skill::FULL
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{loss_in, win_in};

    #[test]
    fn full_strength_always_plays_the_best_line() {
        let mut random = Random(1);
        for _ in 0..100 {
            assert_eq!(Skill::FULL.choose(&[10, 9, 8, 7], &mut random), 0);
        }
        assert_eq!(Skill::FULL.max_nodes(), None);
    }

    #[test]
    fn lower_levels_vary_among_near_best_moves_only() {
        let mut random = Random(7);
        let skill = Skill::new(10);
        let mut seen = [0; 4];
        for _ in 0..1000 {
            seen[skill.choose(&[20, 15, 10, 20 - 1000], &mut random)] += 1;
        }
        assert!(seen[0] > seen[2], "{seen:?}");
        assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
        assert_eq!(
            seen[3], 0,
            "a move ten marbles worse is never chosen: {seen:?}"
        );
    }

    #[test]
    fn forced_results_are_never_gambled() {
        let mut random = Random(3);
        let weakest = Skill::new(1);
        for _ in 0..200 {
            assert_eq!(weakest.choose(&[win_in(3), 50, 40], &mut random), 0);
            assert_ne!(weakest.choose(&[0, loss_in(4)], &mut random), 1);
        }
    }

    #[test]
    fn the_ladder_rises_with_the_level_and_holds_its_measured_points() {
        for &(level, elo) in &LADDER {
            assert_eq!(Skill::new(level).elo(), elo);
        }
        for level in 1..MAX_SKILL {
            assert!(
                Skill::new(level).elo() < Skill::new(level + 1).elo(),
                "{level}"
            );
        }
        assert_eq!(Skill::new(1).elo(), 0);
    }

    #[test]
    fn an_elo_picks_the_strongest_level_at_or_below_it() {
        let lowest = Skill::new(1).absolute_elo();
        assert_eq!(lowest, LEVEL_ONE_OVER_RANDOM);
        assert_eq!(Skill::for_elo(0).level(), 1);
        assert_eq!(Skill::for_elo(lowest).level(), 1);
        assert_eq!(
            Skill::for_elo(Skill::FULL.absolute_elo()).level(),
            MAX_SKILL
        );
        for level in 1..=MAX_SKILL {
            let skill = Skill::new(level);
            assert_eq!(Skill::for_elo(skill.absolute_elo()).level(), level);
            if level > 1 {
                let below = skill.absolute_elo() - 1;
                assert_eq!(Skill::for_elo(below).level(), level - 1, "{level}");
            }
        }
    }

    #[test]
    fn levels_search_less_and_choose_more_loosely_downwards() {
        for level in 1..MAX_SKILL - 1 {
            let (lower, higher) = (Skill::new(level), Skill::new(level + 1));
            assert!(lower.max_nodes() < higher.max_nodes());
            assert!(lower.tolerance() > higher.tolerance());
        }
        assert_eq!(Skill::new(0), Skill::new(1));
        assert_eq!(Skill::new(99), Skill::FULL);
    }
}
