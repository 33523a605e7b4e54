//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by
//! hand. The engine plays with them (`TunedEval`, true by default); `sumito eval --hand`
//! shows the hand-set weights instead.
//!
//! The data, made by
//!     sumito datagen --output data/selfplay-1.txt --games 1438 --seed 1 --depth 3 --opening-plies 4-8 --max-plies 200 --lines 2 --margin 10 --hash 8
//!     sumito datagen --output data/selfplay-2.txt --games 4724 --seed 1000000 --depth 4 --opening-plies 4-8 --max-plies 200 --lines 2 --margin 10 --hash 8
//!
//! and the fit:
//!     sumito tune data/selfplay-1.txt data/selfplay-2.txt --output crates/engine/src/eval/tuned.rs --epochs 30 --rate 0.2 --batch 4096 --lambda 0 --holdout 10 --from default --seed 1
//!
//! 800103 positions of 6162 games: 720685 fitted, 79418 held out (every 10th game). K = 0.014386
//! per centi-marble, lambda 0. Loss with the starting weights 0.122502 (held out 0.113150); after
//! 30 epochs 0.114535 (held out 0.105737).

use super::phase::Phased;

/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).
pub const TUNED: &[(&str, Phased)] = &[
    ("lost", Phased::new(-638, -1439)),
    ("centre", Phased::new(-35, -10)),
    ("mass", Phased::new(-24, -36)),
    ("cohesion", Phased::new(2, 56)),
    ("wedges", Phased::new(-14, -20)),
    ("threats", Phased::new(400, 400)),
    ("exposure", Phased::new(-202, -545)),
    ("edge", Phased::new(36, -157)),
    ("isolated", Phased::new(-38, -3)),
    ("lines", Phased::new(43, 88)),
    ("pushable", Phased::new(87, 123)),
    ("tempo", Phased::new(52, 116)),
];
