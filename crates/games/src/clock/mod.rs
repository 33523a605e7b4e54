//! Game clocks and time controls, shared by everything that runs a game: the match runner,
//! `sumito play`, the GUI, and the records that write a time control down.
//!
//! - [`time_control`]: [`TimeControl`], what `--tc` accepts, and seconds as people write them;
//! - [`game_clocks`]: [`GameClocks`], one clock per seat during a game, the `go` command of a
//!   move and the time a mover is allowed;
//! - [`game_time`]: [`GameTime`], the total thinking time of a points game (`--game-time`).
//!
//! The search's own view of the clocks, as a `go` command reports them, is
//! [`GoClocks`](sumito_engine::search::GoClocks): what the engine is told, not what the runner keeps.

pub mod game_clocks;
pub mod game_time;
pub mod time_control;

pub use game_clocks::{Allowance, GameClocks};
pub use game_time::{GameTime, whole_ms};
pub use time_control::{
    SecondsError, TimeControl, TimeControlError, TimeControlProblem, ms_to_seconds, seconds_to_ms,
};
