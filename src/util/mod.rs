//! Small helpers shared by several modules, none of them about Abalone: a seeded random
//! number generator, the progress of long jobs on stderr, measured durations, and Ctrl-C.

pub mod interrupt;
pub mod progress;
pub mod random;
pub mod samples;
