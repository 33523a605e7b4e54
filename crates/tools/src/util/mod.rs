//! Small helpers shared by several tools, none of them about Abalone: the progress of long
//! jobs on stderr, measured durations, Ctrl-C, and counts in words.

pub mod interrupt;
pub mod progress;
pub mod samples;
pub mod text;
