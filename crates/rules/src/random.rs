//! A small fixed-seed random number generator (SplitMix64): for the Zobrist keys at compile
//! time and for reproducible random games.

/// One SplitMix64 step: the next state and the number it yields.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Nanoseconds of the system clock (0 if it is before 1970): a seed that differs from run to
/// run, for choices that need not be reproducible.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A stream of pseudo-random numbers from a seed.
#[derive(Clone, Debug)]
pub struct Random(pub u64);

impl Random {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
