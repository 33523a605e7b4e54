//! The search features that are measured on and off, and the UAP check options that set them.

/// Switches for the search features that are measured on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSwitches {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// The transposition table (off: neither probed nor written).
    pub table: bool,
    /// Reverse futility pruning: a node whose static evaluation beats beta by a margin per ply
    /// is cut without a search.
    pub futility: bool,
    /// Late-move pruning: at low depth, quiet moves after the first few are not searched.
    pub move_count_pruning: bool,
    /// One more ply of late-move reduction where the static evaluation is not improving.
    pub improving: bool,
    /// The quiescence search probes and stores the transposition table.
    pub quiesce_table: bool,
    /// Delta pruning: the quiescence search skips pushes that cannot lift the score to alpha.
    pub delta_pruning: bool,
    /// The quiet move that last refuted the previous move is tried after the killers.
    pub counter_moves: bool,
    /// Quiet moves are also ordered by their history in reply to the opponent's last move.
    pub continuation_history: bool,
    /// A repeated position scores its static evaluation, not a draw: Abalone has no repetition
    /// rule.
    pub repetition_eval: bool,
    /// The main thread spends more of its soft deadline when the best move changes or the
    /// score drops, less when the best move is stable.
    pub adaptive_time: bool,
}

/// How an option reaches its switch.
type Field = fn(&mut SearchSwitches) -> &mut bool;

impl SearchSwitches {
    /// What the engine plays with: the features that passed their SPRT (STRENGTH.md).
    pub const DEFAULT: SearchSwitches = SearchSwitches {
        null_move: true,
        reductions: true,
        table: true,
        futility: true,
        move_count_pruning: true,
        improving: true,
        quiesce_table: false,
        delta_pruning: false,
        counter_moves: true,
        continuation_history: false,
        repetition_eval: false,
        adaptive_time: true,
    };

    /// The UAP check option of each switch but `table`, which no option turns off.
    pub const OPTIONS: [(&'static str, Field); 11] = [
        ("NullMove", |s| &mut s.null_move),
        ("Reductions", |s| &mut s.reductions),
        ("Futility", |s| &mut s.futility),
        ("MoveCountPruning", |s| &mut s.move_count_pruning),
        ("Improving", |s| &mut s.improving),
        ("QuiesceTable", |s| &mut s.quiesce_table),
        ("DeltaPruning", |s| &mut s.delta_pruning),
        ("CounterMoves", |s| &mut s.counter_moves),
        ("ContinuationHistory", |s| &mut s.continuation_history),
        ("RepetitionEval", |s| &mut s.repetition_eval),
        ("AdaptiveTime", |s| &mut s.adaptive_time),
    ];

    /// The switch of the check option `name` (its canonical spelling), if it is one.
    pub fn option_mut(&mut self, name: &str) -> Option<&mut bool> {
        let (_, field) = Self::OPTIONS.iter().find(|(n, _)| *n == name)?;
        Some(field(self))
    }

    /// The default of the check option `name`, if it is a switch.
    pub fn default_of(name: &str) -> Option<bool> {
        let mut switches = Self::DEFAULT;
        switches.option_mut(name).map(|on| *on)
    }
}

impl Default for SearchSwitches {
    fn default() -> SearchSwitches {
        SearchSwitches::DEFAULT
    }
}
