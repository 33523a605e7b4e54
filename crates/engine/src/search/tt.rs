//! The transposition table shared by all search threads.
//!
//! Each slot is two `AtomicU64` words: the data, and the position's key XOR the data. A reader
//! accepts a slot only if the XOR of the two words it read equals the key it probes for, so a
//! slot torn by two threads writing at once is rejected instead of misread. Four slots make a
//! 64-byte bucket, one cache line.

use super::score::{from_table, to_table};
use super::table_memory::{TableMemory, Zeroable};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use sumito_rules::movegen::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// What a search of the window (`alpha`, `beta`) that returned `score` proved.
    #[inline(always)]
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What the table holds for a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// Best or refuting move, possibly [`Move::NONE`].
    pub mv: Move,
    /// The score, already adjusted to the probing ply.
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the true score.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; 4],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

// SAFETY: a bucket is atomics only: zero bits are empty slots, nothing to drop, and the first
// word stores through `&self`.
unsafe impl Zeroable for Bucket {
    fn store_zero(&self) {
        self.slots[0].check.store(0, Ordering::Relaxed);
    }
}

/// Largest table accepted, in MB.
pub const MAX_HASH_MB: usize = 32 * 1024;

// Layout of the data word.
const MOVE_SHIFT: u32 = 0;
const SCORE_SHIFT: u32 = 16;
const EVAL_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const AGE_SHIFT: u32 = 58;
const AGE_MASK: u8 = 63;

/// A Zobrist-keyed table of search results.
pub struct TranspositionTable {
    buckets: TableMemory<Bucket>,
    age: AtomicU8,
    /// Every page has been written since the memory was mapped ([`TranspositionTable::touch`]).
    touched: AtomicBool,
}

/// The table could not be given the memory asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableSizeError {
    /// Outside 1 to [`MAX_HASH_MB`].
    #[error("the hash size must be from 1 to {MAX_HASH_MB} MB, not {0}")]
    OutOfRange(usize),
    /// More than the memory the system says is available.
    #[error("hash size {mb} MB is more than the {available} MB of memory available")]
    MoreThanAvailable {
        /// The size asked for, in MB.
        mb: usize,
        /// The memory the system says is available, in MB.
        available: usize,
    },
    /// One table a thread, together more than the memory the system says is available.
    #[error(
        "{threads} threads with a {mb} MB table each need {} MB, more than the {available} MB \
         of memory available",
        threads * mb
    )]
    ThreadsMoreThanAvailable {
        /// Threads, each with its own table.
        threads: usize,
        /// The size of each table, in MB.
        mb: usize,
        /// The memory the system says is available, in MB.
        available: usize,
    },
    /// The allocation itself failed.
    #[error("cannot allocate {0} MB for the hash table")]
    CannotAllocate(usize),
}

impl TranspositionTable {
    /// A table of `mb` megabytes (1 to [`MAX_HASH_MB`]); an error rather than an abort when the
    /// memory cannot be had.
    pub fn new(mb: usize) -> Result<TranspositionTable, TableSizeError> {
        TranspositionTable::check_size(mb)?;
        let count = mb * 1024 * 1024 / std::mem::size_of::<Bucket>();
        let buckets = TableMemory::zeroed(count).ok_or(TableSizeError::CannotAllocate(mb))?;
        Ok(TranspositionTable {
            buckets,
            age: AtomicU8::new(0),
            touched: AtomicBool::new(false),
        })
    }

    /// Writes every page of new memory once, so that the system maps it now (on `isready`)
    /// rather than in a search, on the clock; nothing to do after the first time.
    pub fn touch(&self) {
        if !self.touched.swap(true, Ordering::Relaxed) {
            self.buckets.touch();
        }
    }

    /// Can a table of `mb` MB be had? (1 to [`MAX_HASH_MB`], and not more than the memory
    /// available.)
    pub fn check_size(mb: usize) -> Result<(), TableSizeError> {
        TranspositionTable::check_size_freeing(mb, 0)
    }

    /// As [`check_size`](Self::check_size), with `freed` MB more available: those of the
    /// table the new one replaces, given back first.
    pub fn check_size_freeing(mb: usize, freed: usize) -> Result<(), TableSizeError> {
        // Overcommitting systems grant any reservation and kill the process when the table is
        // written, so ask what memory there is first.
        fits(mb, freed, available_mb())
    }

    /// The MB of this table that the system has mapped, and would have back if it were freed:
    /// all once touched (`isready`); before that none is counted, since a search maps only the
    /// pages it writes.
    pub fn resident_mb(&self) -> usize {
        if self.touched.load(Ordering::Relaxed) {
            (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
        } else {
            0
        }
    }

    /// Checks that `threads` tables of `mb` MB each, one a thread (as the batch tools give
    /// their workers), fit the memory available.
    pub fn check_per_thread(mb: usize, threads: usize) -> Result<(), TableSizeError> {
        // One reading of the memory for both checks.
        let available = available_mb();
        fits(mb, 0, available)?;
        if let Some(available) = available
            && mb.saturating_mul(threads) > available
        {
            return Err(TableSizeError::ThreadsMoreThanAvailable {
                threads,
                mb,
                available,
            });
        }
        Ok(())
    }

    /// Forgets everything (for a new game). Written in place, as fast as memory takes it: the
    /// pages stay mapped, where giving them back and mapping fresh ones would cost the first
    /// `isready`'s page faults again.
    pub fn clear(&mut self) {
        for bucket in self.buckets.iter_mut() {
            *bucket = Bucket::default();
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so entries of earlier searches give way first.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the table without a division.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe soon after does not
    /// wait on memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of every x86-64 target, and a prefetch only loads a cache
            // line: it reads nothing into the program and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, with its score adjusted to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    /// Stores a result; keeps the old move when `mv` is none and the key is the same.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = slot;
                break;
            }
            // Prefer to overwrite shallow entries and entries of earlier searches.
            let old_age = (data >> AGE_SHIFT) as u8 & AGE_MASK;
            let stale = (age.wrapping_sub(old_age) & AGE_MASK) as i32;
            let worth = ((data >> DEPTH_SHIFT) as u8) as i32 - 8 * stale;
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let same_key = old != 0 && victim.check.load(Ordering::Relaxed) ^ old == key;
        let mut mv = mv;
        if same_key {
            let old_depth = ((old >> DEPTH_SHIFT) as u8) as i32;
            let old_age = (old >> AGE_SHIFT) as u8 & AGE_MASK;
            // A deeper result of this search is worth more than a shallow new bound.
            if bound != Bound::Exact && depth + 2 < old_depth && old_age == age {
                return;
            }
            if !mv.is_some() {
                mv = Move::from_bits((old >> MOVE_SHIFT) as u16);
            }
        }
        let bound_bits = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = (mv.to_bits() as u64) << MOVE_SHIFT
            | (to_table(score, ply) as i16 as u16 as u64) << SCORE_SHIFT
            | (eval as i16 as u16 as u64) << EVAL_SHIFT
            | (depth.clamp(0, 255) as u64) << DEPTH_SHIFT
            | bound_bits << BOUND_SHIFT
            | (age as u64) << AGE_SHIFT;
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is, per mille, from a sample of entries written in this search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| &b.slots)
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                data != 0 && (data >> AGE_SHIFT) as u8 & AGE_MASK == age
            })
            .count();
        (used * 1000 / (sample * 4).max(1)) as u32
    }
}

/// Whether a table of `mb` MB is in range and fits `available` MB (unknown: any does) with
/// `freed` MB given back first.
fn fits(mb: usize, freed: usize, available: Option<usize>) -> Result<(), TableSizeError> {
    if !(1..=MAX_HASH_MB).contains(&mb) {
        return Err(TableSizeError::OutOfRange(mb));
    }
    match available.map(|available| available.saturating_add(freed)) {
        Some(available) if mb > available => {
            Err(TableSizeError::MoreThanAvailable { mb, available })
        }
        _ => Ok(()),
    }
}

/// Memory available for new allocations in MB (Linux: `MemAvailable` in /proc/meminfo).
fn available_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

fn unpack(data: u64, ply: usize) -> Entry {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv: Move::from_bits((data >> MOVE_SHIFT) as u16),
        score: from_table((data >> SCORE_SHIFT) as u16 as i16 as i32, ply),
        eval: (data >> EVAL_SHIFT) as u16 as i16 as i32,
        depth: ((data >> DEPTH_SHIFT) as u8) as i32,
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::win_in;
    use sumito_rules::board::Position;

    #[test]
    fn a_table_given_back_counts_as_available_once_it_is_mapped() {
        let table = TranspositionTable::new(2).unwrap();
        assert_eq!(table.resident_mb(), 0);
        table.touch();
        assert_eq!(table.resident_mb(), 2);
        // 3000 MB do not fit 2000 available, but do once the old table's 1000 are freed.
        assert!(matches!(
            fits(3000, 0, Some(2000)),
            Err(TableSizeError::MoreThanAvailable {
                mb: 3000,
                available: 2000
            })
        ));
        assert!(fits(3000, 1000, Some(2000)).is_ok());
        assert!(fits(3000, 0, None).is_ok());
        assert!(matches!(
            fits(0, 0, None),
            Err(TableSizeError::OutOfRange(0))
        ));
    }

    #[test]
    fn stores_and_probes_every_field() {
        let table = TranspositionTable::new(1).unwrap();
        let mv = Position::startpos().moves().as_slice()[3];
        table.store(12345, 2, mv, -77, 31, 9, Bound::Lower);
        let entry = table.probe(12345, 2).unwrap();
        assert_eq!(
            entry,
            Entry {
                mv,
                score: -77,
                eval: 31,
                depth: 9,
                bound: Bound::Lower
            }
        );
        assert_eq!(table.probe(12346, 2), None);
        // A win stored at ply 2 and read at ply 4 is two plies further away.
        table.store(999, 2, Move::NONE, win_in(6), 0, 3, Bound::Exact);
        assert_eq!(table.probe(999, 4).unwrap().score, win_in(8));
        // Storing without a move keeps the move already there.
        table.store(12345, 2, Move::NONE, 5, 31, 10, Bound::Exact);
        assert_eq!(table.probe(12345, 2).unwrap().mv, mv);
    }

    #[test]
    fn absurd_sizes_are_refused() {
        let out_of_range = |mb| TranspositionTable::new(mb).err();
        assert_eq!(out_of_range(0), Some(TableSizeError::OutOfRange(0)));
        let above = MAX_HASH_MB + 1;
        assert_eq!(out_of_range(above), Some(TableSizeError::OutOfRange(above)));
        if let Some(available) = available_mb().filter(|&mb| mb < MAX_HASH_MB) {
            let error = TranspositionTable::new(available + 1).err().unwrap();
            assert!(
                matches!(error, TableSizeError::MoreThanAvailable { .. }),
                "{error}"
            );
            assert!(error.to_string().contains("available"), "{error}");
        }
        let table = TranspositionTable::new(2).unwrap();
        assert_eq!(table.buckets.len() * std::mem::size_of::<Bucket>(), 2 << 20);
    }

    #[test]
    fn hashfull_counts_this_search_and_clear_empties() {
        let mut table = TranspositionTable::new(1).unwrap();
        assert_eq!(table.hashfull(), 0);
        for key in 1..100_000u64 {
            table.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                Move::NONE,
                0,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(table.hashfull() > 800, "{}", table.hashfull());
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        let last = 99_999u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert!(
            table.probe(last, 0).is_some(),
            "a new search keeps the entries"
        );
        table.clear();
        assert_eq!(table.probe(last, 0), None);
        assert_eq!(table.hashfull(), 0);
    }
}
