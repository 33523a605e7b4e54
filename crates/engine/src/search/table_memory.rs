//! The transposition table's memory: zeroed by the system when it is mapped, never by a pass
//! over it, and backed by huge pages where the system allows them.
//!
//! A table of gigabytes written byte by byte on allocation cost seconds of a `setoption name
//! Hash`; a fresh anonymous mapping is zero already. Its pages are only mapped when first
//! written, so [`TableMemory::touch`] writes one word per page, for `isready` to call, and the
//! cost never falls on a clock. With 2 MB pages a table needs 512 times fewer page faults and
//! far fewer TLB misses, which the search pays on every probe.

use std::ptr::NonNull;
use std::sync::atomic::Ordering;

/// Size and alignment of a huge page (x86-64 and most aarch64 kernels).
const HUGE_PAGE: usize = 2 << 20;

/// Bytes between two words [`TableMemory::touch`] writes: the smallest page size.
const PAGE: usize = 4096;

/// `len` zeroed values of `T` in memory of their own.
pub struct TableMemory<T> {
    ptr: NonNull<T>,
    len: usize,
    mapping: Mapping,
}

// SAFETY: the memory is owned like a `Box<[T]>`'s and handed out only as `&[T]`, so it may move
// between and be shared by threads exactly when `T` may.
unsafe impl<T: Send> Send for TableMemory<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for TableMemory<T> {}

impl<T: Zeroable> TableMemory<T> {
    /// `len` values, all bits zero; `None` if the memory cannot be had.
    pub fn zeroed(len: usize) -> Option<TableMemory<T>> {
        let bytes = len.checked_mul(size_of::<T>())?.max(1);
        let (ptr, mapping) = Mapping::zeroed(bytes, align_of::<T>())?;
        Some(TableMemory {
            ptr: ptr.cast::<T>(),
            len,
            mapping,
        })
    }

    /// Writes a zero into every page, so that the system maps them all now rather than on
    /// first use in a search.
    pub fn touch(&self) {
        let step = (PAGE / size_of::<T>().max(1)).max(1);
        for value in self.iter().step_by(step) {
            value.store_zero();
        }
    }
}

impl<T> std::ops::Deref for TableMemory<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` points to `len` initialised values (zeroed is valid for `T`) that live
        // until `drop`, and no `&mut` to them is ever handed out.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::ops::DerefMut for TableMemory<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`, and `&mut self` makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for TableMemory<T> {
    fn drop(&mut self) {
        self.mapping.release();
    }
}

/// Types whose all-zero bit pattern is a valid value, that need no drop, and whose first word
/// can be set to zero through a shared reference (they hold atomics).
///
/// # Safety
/// Implement only for types that meet all three conditions.
pub unsafe trait Zeroable {
    /// Stores zero in the value's first word.
    fn store_zero(&self);
}

// SAFETY: an `AtomicU64` of zero bits is zero, it needs no drop, and it stores through `&self`.
unsafe impl Zeroable for std::sync::atomic::AtomicU64 {
    fn store_zero(&self) {
        self.store(0, Ordering::Relaxed);
    }
}

/// Memory mapped from the kernel: zero pages until written, aligned to a huge page inside a
/// mapping one huge page larger, and advised to be backed by huge pages. (The allocator would
/// write zeros over memory aligned so: `alloc_zeroed` clears what `posix_memalign` returns.)
#[cfg(unix)]
struct Mapping {
    base: *mut libc::c_void,
    bytes: usize,
}

#[cfg(unix)]
impl Mapping {
    fn zeroed(bytes: usize, _align: usize) -> Option<(NonNull<u8>, Mapping)> {
        let mapped = bytes.checked_add(HUGE_PAGE)?;
        let protection = libc::PROT_READ | libc::PROT_WRITE;
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS;
        // SAFETY: a new anonymous mapping touches no existing memory.
        let base = unsafe { libc::mmap(std::ptr::null_mut(), mapped, protection, flags, -1, 0) };
        if base == libc::MAP_FAILED {
            return None;
        }
        let offset = (base as usize).next_multiple_of(HUGE_PAGE) - base as usize;
        // SAFETY: `offset` < HUGE_PAGE, so `base + offset .. + bytes` lies inside the mapping.
        let start = unsafe { base.cast::<u8>().add(offset) };
        advise_huge_pages(start.cast(), bytes);
        let mapping = Mapping {
            base,
            bytes: mapped,
        };
        Some((NonNull::new(start)?, mapping))
    }

    fn release(&mut self) {
        // SAFETY: `base` and `bytes` are the mapping made in `zeroed`, unmapped only here.
        unsafe { libc::munmap(self.base, self.bytes) };
    }
}

/// Asks the kernel to back `bytes` at `ptr` with huge pages where transparent huge pages are
/// enabled on request (`/sys/kernel/mm/transparent_hugepage/enabled` says `madvise`). Where
/// they are always on, it changes nothing; where they are off, the advice is refused and the
/// table works with small pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut libc::c_void, bytes: usize) {
    if bytes < HUGE_PAGE {
        return;
    }
    // SAFETY: the range lies inside one live mapping of ours; the advice changes no contents.
    if unsafe { libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE) } != 0 {
        log::debug!(
            "no huge pages for the table: {}",
            std::io::Error::last_os_error()
        );
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
fn advise_huge_pages(_ptr: *mut libc::c_void, _bytes: usize) {}

/// Elsewhere the allocator's zeroed memory (which may be written once with zeros).
#[cfg(not(unix))]
struct Mapping {
    ptr: *mut u8,
    layout: std::alloc::Layout,
}

#[cfg(not(unix))]
impl Mapping {
    fn zeroed(bytes: usize, align: usize) -> Option<(NonNull<u8>, Mapping)> {
        let layout = std::alloc::Layout::from_size_align(bytes, align).ok()?;
        // SAFETY: the layout's size is not zero.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        Some((NonNull::new(ptr)?, Mapping { ptr, layout }))
    }

    fn release(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { std::alloc::dealloc(self.ptr, self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn memory_comes_zeroed_aligned_and_whole() {
        for len in [1, 1000, (HUGE_PAGE / 8) + 3] {
            let memory = TableMemory::<AtomicU64>::zeroed(len).unwrap();
            assert_eq!(memory.len(), len);
            assert!(memory.iter().all(|v| v.load(Ordering::Relaxed) == 0));
            memory.touch();
            memory[len - 1].store(7, Ordering::Relaxed);
            assert_eq!(memory[len - 1].load(Ordering::Relaxed), 7);
            if len * 8 >= HUGE_PAGE {
                assert_eq!(memory.as_ptr() as usize % HUGE_PAGE, 0);
            }
        }
        assert!(TableMemory::<AtomicU64>::zeroed(usize::MAX).is_none());
    }
}
