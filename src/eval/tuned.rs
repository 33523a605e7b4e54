//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by
//! hand. The engine plays with them only when asked (`setoption name TunedEval value
//! true`, `sumito eval --tuned`).
//!
//! The data, made by
//!     sumito datagen --output data/selfplay-1.txt --games 1438 --seed 1 --depth 3 --opening-plies 4-8 --max-plies 200 --lines 2 --margin 10 --hash 8
//!
//! and the fit:
//!     sumito tune data/selfplay-1.txt --output src/eval/tuned.rs --epochs 30 --rate 0.2 --batch 4096 --lambda 0 --holdout 10 --from default --seed 1
//!
//! 200077 positions of 1438 games: 181090 fitted, 18987 held out (every 10th game). K = 0.015882
//! per centi-marble, lambda 0. Loss with the starting weights 0.124737 (held out 0.125619); after
//! 30 epochs 0.119810 (held out 0.119976).

use super::weights::Phased;

/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).
pub const TUNED: &[(&str, Phased)] = &[
    ("lost", Phased::new(-601, -1339)),
    ("centre", Phased::new(-23, -13)),
    ("mass", Phased::new(-47, -58)),
    ("cohesion", Phased::new(52, 74)),
    ("wedges", Phased::new(34, 14)),
    ("threats", Phased::new(400, 400)),
    ("exposure", Phased::new(-70, -309)),
];
