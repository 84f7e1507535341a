//! The tools' global allocator: mimalloc (per-thread heaps, without glibc's arena contention
//! when parsing, verifying and printing run on several threads), entered through its plain
//! `malloc`-like calls whenever the alignment asked for is one its blocks have anyway, as
//! Rust's own `System` allocator does with the C library's `malloc`. The `mimalloc` crate's
//! allocator takes the aligned entry points for every request, whose checks cost about twice
//! the plain fast path; a parse makes a dozen allocations per function.
//!
//! mimalloc is built with `no_thp`: with transparent huge pages, a run after another
//! memory-hungry process (mlir-opt) could spend 0.3 s compacting memory in the kernel.

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block of at least this size has (its `MI_MAX_ALIGN_SIZE`, C's
/// `max_align_t`); a smaller block is aligned to its size rounded up to a power of two at most.
const PLAIN_ALIGN: usize = 16;

/// mimalloc as the global allocator (see the module's documentation).
pub struct Allocator;

/// Whether a block of `size` bytes from mimalloc's plain calls is aligned to `align`.
#[inline]
fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

// SAFETY: mimalloc's calls return blocks of at least the size asked for, aligned as asked
// (the plain ones only get requests whose alignment they give, see `plain`), or null; `mi_free`
// and the reallocations accept any block either kind of call made.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: any size and power-of-two alignment are valid arguments.
        unsafe {
            if plain(layout.align(), layout.size()) { mi_malloc(layout.size()) } else { mi_malloc_aligned(layout.size(), layout.align()) }.cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe {
            if plain(layout.align(), layout.size()) { mi_zalloc(layout.size()) } else { mi_zalloc_aligned(layout.size(), layout.align()) }.cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator (the caller's contract).
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout` (the caller's contract).
        unsafe {
            if plain(layout.align(), new_size) {
                mi_realloc(ptr.cast::<c_void>(), new_size)
            } else {
                mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align())
            }
            .cast()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size and alignment a Rust layout can ask for, small ones above all, comes back
    /// aligned, whichever entry point served it, and survives a reallocation.
    #[test]
    fn blocks_are_aligned_as_asked() {
        let a = Allocator;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in (align..=2048).step_by(align).chain([align * 1000]) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero-sized layout; each block is freed once, with its layout.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null() && p as usize % align == 0, "size {size} align {align}");
                    p.write_bytes(0xab, size);
                    let q = a.realloc(p, layout, size * 3);
                    assert!(!q.is_null() && q as usize % align == 0, "realloc: size {size} align {align}");
                    assert_eq!(*q.add(size - 1), 0xab, "the contents move with the block");
                    a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert!(!z.is_null() && z as usize % align == 0 && *z == 0 && *z.add(size - 1) == 0);
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
