//! A value on a 64-byte boundary: the network's weight columns and the hidden sums are read and
//! written in 32-byte vector loads (AVX2), and a load that straddles a cache line costs a second
//! line; on a 64-byte boundary none of them does.

use std::ops::{Deref, DerefMut};

/// `T`, aligned to a cache line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Aligned<T>(pub T);

impl<T> Deref for Aligned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Aligned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}
