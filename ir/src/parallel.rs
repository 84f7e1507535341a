//! Work split over threads with results in input order: the parser, the verifier and the
//! printer use it for the disjoint bodies of IsolatedFromAbove operations (and runs of
//! operations in one block), so that what they report is what one thread would report.
//!
//! How many threads a context may use is [`crate::Context::threads`] (1: everything on the
//! calling thread). Work smaller than [`MIN_PARALLEL_WORK`] stays on the calling thread, where
//! starting a thread would cost more than it saves.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The least work (roughly, operations) worth a second thread.
pub const MIN_PARALLEL_WORK: usize = 2048;

/// How many threads to use for `work` units of work (operations) when `threads` may run.
pub fn threads_for(threads: usize, work: usize) -> usize {
    if work < MIN_PARALLEL_WORK { 1 } else { threads.max(1) }
}

/// The machine's hardware threads (1 when unknown).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `f` applied to every item, on up to `threads` threads (the calling thread is one of them),
/// returned in the items' order. Threads take items a batch at a time from a shared counter.
/// A panic in `f` is resumed on the calling thread.
pub fn map_in_order<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    let threads = threads.min(n).max(1);
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let batch = (n / (threads * 16)).max(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done: Vec<(usize, Vec<R>)> = Vec::new();
        loop {
            let start = next.fetch_add(batch, Ordering::Relaxed);
            if start >= n {
                return done;
            }
            let end = (start + batch).min(n);
            done.push((start, items[start..end].iter().map(&f).collect()));
        }
    };
    let mut parts: Vec<(usize, Vec<R>)> = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut parts = work();
        for h in helpers {
            parts.extend(h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        parts
    });
    parts.sort_unstable_by_key(|p| p.0);
    let mut out = Vec::with_capacity(n);
    for (_, rs) in parts {
        out.extend(rs);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order() {
        let items: Vec<u64> = (0..10_000).collect();
        let squares = map_in_order(&items, 4, |x| x * x);
        assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(map_in_order(&items[..1], 4, |x| x + 1), vec![1]);
        assert!(map_in_order(&items[..0], 4, |x| x + 1).is_empty());
    }

    #[test]
    fn small_work_stays_on_one_thread() {
        assert_eq!(threads_for(8, 10), 1);
        assert_eq!(threads_for(8, MIN_PARALLEL_WORK), 8);
        assert_eq!(threads_for(0, MIN_PARALLEL_WORK), 1);
    }
}
