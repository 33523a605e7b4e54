//! Sumito's engine on [`sumito_rules`]: the evaluation, the searches for two to six players and
//! the UAP engine loop that drives them (PROTOCOL.md).
//!
//! | module | what it is |
//! |---|---|
//! | [`protocol`] | the UAP engine loop: commands, options, errors, output |
//! | [`identity`] | the engine's name and build, as `id name` and the tools say it |
//! | [`search`] | iterative deepening PVS on several threads, its time manager, the table |
//! | [`multi_search`] | three to six players: evaluation, paranoid and Best-Reply Search |
//! | [`eval`] | the static evaluation: the network, and the pushes each side could make |
//!
//! `eval` uses the rules; `search` uses `eval`; `multi_search` uses `eval`'s push sets and
//! `search`'s table, control and time manager; `protocol` uses both searches. Each module
//! returns its own error type.

pub mod eval;
pub mod identity;
pub mod multi_search;
pub mod protocol;
pub mod search;
