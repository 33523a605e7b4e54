//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by
//! hand. The engine plays with them (`TunedEval`, true by default); `sumito eval --hand`
//! shows the hand-set weights instead.
//!
//! The data, made by
//!     sumito datagen --output data/selfplay-1.txt --games 1438 --seed 1 --depth 3 --opening-plies 4-8 --max-plies 200 --lines 2 --margin 10 --hash 8
//!
//! and the fit:
//!     sumito tune data/selfplay-1.txt --output src/eval/tuned.rs --epochs 30 --rate 0.2 --batch 4096 --lambda 0 --holdout 10 --from default --seed 1
//!
//! 200077 positions of 1438 games: 181090 fitted, 18987 held out (every 10th game). K = 0.015882
//! per centi-marble, lambda 0. Loss with the starting weights 0.124737 (held out 0.125619); after
//! 30 epochs 0.118595 (held out 0.118566).

use super::weights::Phased;

/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).
pub const TUNED: &[(&str, Phased)] = &[
    ("lost", Phased::new(-640, -1349)),
    ("centre", Phased::new(-22, 4)),
    ("mass", Phased::new(-46, -57)),
    ("cohesion", Phased::new(7, 35)),
    ("wedges", Phased::new(25, 11)),
    ("threats", Phased::new(400, 400)),
    ("exposure", Phased::new(-163, -311)),
    ("edge", Phased::new(17, -116)),
    ("isolated", Phased::new(-33, -30)),
    ("lines", Phased::new(39, 28)),
    ("pushable", Phased::new(62, 47)),
    ("tempo", Phased::new(68, 88)),
];
