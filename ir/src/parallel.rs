//! Work split over threads with results in input order: the parser, the verifier and the
//! printer use it for the disjoint bodies of IsolatedFromAbove operations (and runs of
//! operations in one block), so that what they report is what one thread would report.
//!
//! How many threads a context may use is [`crate::Context::threads`] (1: everything on the
//! calling thread). Work smaller than [`MIN_PARALLEL_WORK`] stays on the calling thread, where
//! starting a thread would cost more than it saves.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

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
    map_in_order_with(items, threads, || (), |_, item| f(item))
}

/// [`map_in_order`] with a state per thread, made by `init` on the thread that uses it. Each
/// thread meets its items in increasing order.
pub fn map_in_order_with<T: Sync, R: Send, S>(items: &[T], threads: usize, init: impl Fn() -> S + Sync, f: impl Fn(&mut S, &T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    let threads = threads.min(n).max(1);
    if threads == 1 {
        let mut state = init();
        return items.iter().map(|item| f(&mut state, item)).collect();
    }
    let batch = (n / (threads * 16)).max(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut state = init();
        let mut done: Vec<(usize, Vec<R>)> = Vec::new();
        loop {
            let start = next.fetch_add(batch, Ordering::Relaxed);
            if start >= n {
                return done;
            }
            let end = (start + batch).min(n);
            done.push((start, items[start..end].iter().map(|item| f(&mut state, item)).collect()));
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

/// `f` applied to every item with a state per thread (made by `init` on the thread that uses
/// it), on up to `threads` threads (the calling thread is one of them); returns the states, one
/// per thread that ran. For work whose results fold into a total in any order: nothing is kept
/// per item (a result per item, for tens of thousands of items, is megabytes of fresh memory).
/// A panic in `f` is resumed on the calling thread.
pub fn fold_with<T: Sync, S: Send>(items: &[T], threads: usize, init: impl Fn() -> S + Sync, f: impl Fn(&mut S, &T) + Sync) -> Vec<S> {
    let n = items.len();
    let threads = threads.min(n).max(1);
    if threads == 1 {
        let mut state = init();
        items.iter().for_each(|item| f(&mut state, item));
        return vec![state];
    }
    let batch = (n / (threads * 16)).max(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut state = init();
        loop {
            let start = next.fetch_add(batch, Ordering::Relaxed);
            if start >= n {
                return state;
            }
            items[start..(start + batch).min(n)].iter().for_each(|item| f(&mut state, item));
        }
    };
    std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut states = vec![work()];
        for h in helpers {
            states.push(h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        states
    })
}

/// What [`map_streaming`]'s threads share.
struct Stream<R> {
    /// The first item no thread has taken.
    next: usize,
    /// How many results the calling thread has consumed.
    consumed: usize,
    /// Results made and not consumed yet, by item.
    results: Vec<Option<R>>,
    /// Whether to stop (the consumer said so, or a thread panicked).
    stop: bool,
}

/// Sets `stop` when a helper thread unwinds, so the calling thread does not wait for it.
struct StopOnUnwind<'a, R>(&'a (Mutex<Stream<R>>, Condvar));

impl<R> Drop for StopOnUnwind<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.0.lock().unwrap_or_else(PoisonError::into_inner).stop = true;
            self.0.1.notify_all();
        }
    }
}

/// `f` applied to every item on up to `threads` threads, each result handed to `consume` on
/// the calling thread in the items' order as soon as it and those before it are done; at most
/// `window` results wait at a time. `consume` returning `false` stops the work (items not
/// consumed yet are dropped); the return value says whether every item was consumed. Each
/// thread has a state made by `init` on that thread. A panic in `f` is resumed on the calling
/// thread.
pub fn map_streaming<T: Sync, R: Send, S>(
    items: &[T],
    threads: usize,
    window: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
    mut consume: impl FnMut(R) -> bool,
) -> bool {
    let n = items.len();
    let window = window.max(1);
    let shared = (Mutex::new(Stream { next: 0, consumed: 0, results: (0..n).map(|_| None).collect(), stop: false }), Condvar::new());
    let lock = || shared.0.lock().unwrap_or_else(PoisonError::into_inner);
    let helper = || {
        let _guard = StopOnUnwind(&shared);
        let mut state = init();
        loop {
            let i = {
                let mut st = lock();
                loop {
                    if st.stop || st.next >= n {
                        return;
                    }
                    if st.next < st.consumed + window {
                        break;
                    }
                    st = shared.1.wait(st).unwrap_or_else(PoisonError::into_inner);
                }
                st.next += 1;
                st.next - 1
            };
            let r = f(&mut state, &items[i]);
            lock().results[i] = Some(r);
            shared.1.notify_all();
        }
    };
    std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads.min(n).max(1)).map(|_| s.spawn(helper)).collect();
        let mut state = None;
        let all = loop {
            let mut st = lock();
            let at = st.consumed;
            if let Some(r) = st.results.get_mut(at).and_then(Option::take) {
                st.consumed += 1;
                drop(st);
                shared.1.notify_all();
                if !consume(r) {
                    lock().stop = true;
                    shared.1.notify_all();
                    break false;
                }
                continue;
            }
            if st.consumed == n {
                break true;
            }
            if st.stop {
                break false;
            }
            if st.next < n && st.next < st.consumed + window {
                let i = st.next;
                st.next += 1;
                drop(st);
                let r = f(state.get_or_insert_with(&init), &items[i]);
                lock().results[i] = Some(r);
                continue;
            }
            drop(shared.1.wait(st).unwrap_or_else(PoisonError::into_inner));
        };
        for h in helpers {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
        all
    })
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
    fn folds_see_every_item_once() {
        let items: Vec<u64> = (1..=10_000).collect();
        for threads in [1, 2, 4] {
            let states = fold_with(&items, threads, || (0u64, 0usize), |(sum, count), x| {
                *sum += x;
                *count += 1;
            });
            assert!(!states.is_empty() && states.len() <= threads);
            assert_eq!(states.iter().map(|s| s.0).sum::<u64>(), 10_000 * 10_001 / 2);
            assert_eq!(states.iter().map(|s| s.1).sum::<usize>(), 10_000);
        }
        assert_eq!(fold_with(&items[..0], 4, || 0u32, |n, _| *n += 1), vec![0]);
    }

    #[test]
    fn streamed_results_come_in_order_and_stop_on_request() {
        let items: Vec<u64> = (0..1000).collect();
        let mut seen = Vec::new();
        assert!(map_streaming(&items, 3, 4, || 0u64, |calls, x| { *calls += 1; x * 2 }, |r| { seen.push(r); true }));
        assert_eq!(seen, items.iter().map(|x| x * 2).collect::<Vec<_>>());
        let mut taken = Vec::new();
        assert!(!map_streaming(&items, 3, 4, || (), |_, x| *x, |r| { taken.push(r); r < 10 }));
        assert_eq!(taken, (0..=10).collect::<Vec<_>>());
    }

    #[test]
    fn small_work_stays_on_one_thread() {
        assert_eq!(threads_for(8, 10), 1);
        assert_eq!(threads_for(8, MIN_PARALLEL_WORK), 8);
        assert_eq!(threads_for(0, MIN_PARALLEL_WORK), 1);
    }
}
