//! The absolute zero of the Elo scale that `LimitStrength` and `Elo` use: Skill level 1 measured
//! against the uniformly random mover through a chain of movers that play a random move with
//! probability p and the greedy one-ply move otherwise. Slow, so ignored:
//! `cargo test --release --test integration skill_anchor -- --ignored --nocapture`.

use sumito_engine::search::{Engine, LEVEL_ONE_OVER_RANDOM, Limits, Skill};
use sumito_games::selfplay::{GreedyMover, Mover, RandomMover, SearchMover, play_game};
use sumito_rules::board::Layout;
use sumito_rules::movegen::Move;
use sumito_rules::random::Random;

/// Random with probability `p`, greedy otherwise.
struct Mixed {
    p: f64,
    random: RandomMover,
    coin: Random,
}

impl Mover for Mixed {
    fn choose(&mut self, game: &[sumito_rules::board::Position]) -> Move {
        if (self.coin.below(1_000_000) as f64) < self.p * 1_000_000.0 {
            self.random.choose(game)
        } else {
            GreedyMover.choose(game)
        }
    }
}

fn mixed(p: f64, seed: u64) -> Mixed {
    Mixed {
        p,
        random: RandomMover(Random(seed)),
        coin: Random(seed ^ 0x9e37_79b9),
    }
}

/// Score of `a` against `b` over `pairs` colour-swapped pairs on the three layouts: (W, D, L).
fn score(a: &mut dyn Mover, b: &mut dyn Mover, pairs: u32) -> (u32, u32, u32) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for pair in 0..pairs {
        let start = Layout::ALL[pair as usize % 3].position();
        for a_black in [true, false] {
            let result = if a_black {
                play_game(a, b, start, 200)
            } else {
                play_game(b, a, start, 200)
            };
            let a_colour = if a_black {
                sumito_rules::board::Colour::Black
            } else {
                sumito_rules::board::Colour::White
            };
            match result.winner {
                None => d += 1,
                Some(c) if c == a_colour => w += 1,
                Some(_) => l += 1,
            }
        }
    }
    (w, d, l)
}

fn elo(w: u32, d: u32, l: u32) -> f64 {
    let n = f64::from(w + d + l);
    let s = (f64::from(w) + 0.5 * f64::from(d)) / n;
    let s = s.clamp(0.5 / n, 1.0 - 0.5 / n);
    -400.0 * (1.0 / s - 1.0).log10()
}

#[test]
#[ignore = "slow: cargo test --release --test integration skill_anchor -- --ignored --nocapture"]
fn skill_one_over_the_random_mover() {
    let chain = [
        1.0, 0.97, 0.94, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.0,
    ];
    let mut total = 0.0;
    for step in chain.windows(2) {
        let (w, d, l) = score(&mut mixed(step[1], 7), &mut mixed(step[0], 11), 150);
        let gain = elo(w, d, l);
        total += gain;
        println!(
            "p {} over p {}: {w}-{d}-{l}, {gain:+.0} Elo (total {total:.0})",
            step[1], step[0]
        );
    }
    let mut engine = Engine::new(16).expect("a table");
    engine.settings.skill = Skill::new(1);
    let mut skill = SearchMover {
        engine,
        limits: Limits::depth(64),
    };
    let (w, d, l) = score(&mut skill, &mut mixed(0.0, 13), 100);
    let gain = elo(w, d, l);
    total += gain;
    println!("Skill 1 over greedy: {w}-{d}-{l}, {gain:+.0} Elo (total {total:.0})");
    // The scale's zero as the engine has it, within the chain's own spread.
    let anchor = f64::from(LEVEL_ONE_OVER_RANDOM);
    assert!(
        (total - anchor).abs() <= 160.0,
        "the chain measures {total:.0}, the engine's scale says {anchor}: measure it again"
    );
}
