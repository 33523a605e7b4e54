//! The positions the threads of one N-player search are searching now, so that a thread can
//! leave a move another thread is already under for later (ABDADA's deferred moves, Weill
//! 1996, on top of Lazy SMP). Without it the threads of an N-player search walk the same tree
//! in the same order and mostly repeat each other: two threads took 0.81-0.93 of one thread's
//! time to reach a depth from suite openings of three to six players; with it, 0.56-0.65.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots of the table (a power of two): a search has at most a few dozen nodes deep enough
/// to be marked on each thread's path at a time.
const SLOTS: usize = 4096;

/// The keys of the positions being searched, one slot per key's low bits. A key that shares
/// its slot with another overwrites it: the other thread's position then looks free, which
/// costs only the repeated work there would have been without the table.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Default for Busy {
    fn default() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Is a thread searching the position of `key`?
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position of `key` as being searched.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key`, unless another key has taken its slot since.
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_from_enter_to_leave_and_a_slot_taken_over_is_not_cleared() {
        let busy = Busy::default();
        let (a, b) = (0x1234_5678_0000_0007, 0x9abc_def0_0000_0007); // one slot
        assert!(!busy.is_busy(a));
        busy.enter(a);
        assert!(busy.is_busy(a));
        busy.enter(b);
        assert!(!busy.is_busy(a) && busy.is_busy(b));
        busy.leave(a);
        assert!(busy.is_busy(b), "leaving a must not clear b's mark");
        busy.leave(b);
        assert!(!busy.is_busy(b));
    }
}
