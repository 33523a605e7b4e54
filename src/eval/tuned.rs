//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by
//! hand. The engine plays with them only when asked (`setoption name TunedEval value
//! true`, `sumito eval --tuned`).
//!
//! The data, made by
//!     sumito datagen --output data/selfplay-1.txt --games 1437 --seed 1 --depth 3 --opening-plies 4-8 --max-plies 200 --lines 2 --margin 10 --hash 8
//!
//! and the fit:
//!     sumito tune data/selfplay-1.txt --output src/eval/tuned.rs --epochs 30 --rate 0.5 --batch 4096 --lambda 0 --holdout 10 --from default --seed 1
//!
//! 200083 positions of 1437 games: 180944 fitted, 19139 held out (every 10th game). K = 0.016010
//! per centi-marble, lambda 0. Loss with the starting weights 0.124472 (held out 0.132070); after
//! 30 epochs 0.119503 (held out 0.125966).

use super::weights::Phased;

/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).
pub const TUNED: &[(&str, Phased)] = &[
    ("lost", Phased::new(-617, -1348)),
    ("centre", Phased::new(-22, 4)),
    ("mass", Phased::new(-50, -81)),
    ("cohesion", Phased::new(48, 74)),
    ("wedges", Phased::new(28, 9)),
    ("threats", Phased::new(400, 400)),
    ("exposure", Phased::new(-74, -316)),
];
