//! Printing a long block in chunks on several threads: after the names and aliases are known,
//! the text of an operation depends only on them and on the indentation, so runs of operations
//! (a module's functions, a long function's operations) can be printed into separate buffers
//! and written in order. The one thing a chunk cannot know is the number of a distinct
//! attribute first met in an earlier chunk; a chunk that meets one is thrown away and the rest
//! of the block is printed by the main printer, as on one thread.

use super::{AliasKey, Printer};
use crate::body::{Body, Op};
use crate::names::NameTable;
use crate::parallel::{MIN_PARALLEL_WORK, map_streaming};
use crate::{Context, PrintOptions};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// What a chunk's printer starts from: the main printer's state when the block starts.
struct ForkBase<'c> {
    ctx: &'c Context,
    opts: PrintOptions,
    names: Vec<Arc<NameTable>>,
    aliases: FxHashMap<AliasKey, String>,
    distinct_ids: FxHashMap<u64, u64>,
    indent: usize,
    cache_types: bool,
    default_dialect: &'static str,
}

impl<'c> ForkBase<'c> {
    fn printer(&self) -> Printer<'c> {
        let mut p = Printer::new(self.ctx, self.opts.clone());
        p.names = self.names.clone();
        p.aliases = self.aliases.clone();
        p.distinct_ids = self.distinct_ids.clone();
        p.indent = self.indent;
        p.cache_types = self.cache_types;
        p.default_dialect = self.default_dialect;
        p.forked = true;
        p
    }
}

/// Operations (with nested ones) a chunk aims at: enough to be worth a hand-over, few enough
/// that the text waiting is small and the few buffers in flight are reused chunk after chunk
/// (a chunk as large as a thread's share of the work would grow a buffer of its own, in memory
/// touched for the first time: page faults).
const CHUNK_WEIGHT: usize = MIN_PARALLEL_WORK / 2;

impl Printer<'_> {
    /// Prints the operations of a block from `first` on (but `skip`), each on a new line, in
    /// chunks on the context's threads when the block is long enough and this printer may.
    /// Returns the operation from which the caller must print the rest itself: `first` when
    /// nothing was printed here, `None` when everything was.
    pub(super) fn print_ops_in_chunks(&mut self, body: &Body, first: Op, skip: Option<Op>) -> Option<Op> {
        if self.ctx.threads <= 1 || self.forked || self.collecting() {
            return Some(first);
        }
        // Two walks over the block: its weight, then the chunks (their first operation and
        // length), so that nothing per operation is stored.
        let ops = || std::iter::successors(Some(first), |&op| body.next_op(op)).filter(move |&op| Some(op) != skip);
        let weight = |op: Op| 1 + body.nested(op).map_or(0, |b| b.num_ops());
        let (count, total) = ops().fold((0, 0), |(n, t), op| (n + 1, t + weight(op)));
        if count < 2 || total < 2 * MIN_PARALLEL_WORK {
            return Some(first);
        }
        let mut chunks: Vec<(Op, usize)> = Vec::new();
        let mut acc = 0;
        for op in ops() {
            match chunks.last_mut() {
                Some((_, len)) if acc > 0 => *len += 1,
                _ => chunks.push((op, 1)),
            }
            acc += weight(op);
            if acc >= CHUNK_WEIGHT {
                acc = 0;
            }
        }
        let base = ForkBase {
            ctx: self.ctx,
            opts: self.opts.clone(),
            names: self.names.clone(),
            aliases: self.aliases.clone(),
            distinct_ids: self.distinct_ids.clone(),
            indent: self.indent,
            cache_types: self.cache_types,
            default_dialect: self.default_dialect,
        };
        let threads = self.ctx.threads;
        // Written chunks' buffers, for the chunks still to print: fresh ones would each
        // regrow from nothing into memory never touched before (page faults).
        let spare: std::sync::Mutex<Vec<String>> = std::sync::Mutex::default();
        let mut failed: Option<usize> = None;
        let mut done = 0;
        let all = map_streaming(
            &chunks,
            threads,
            2 * threads,
            || base.printer(),
            |p, &(start, len)| {
                p.fork_failed = false;
                if let Some(buffer) = spare.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop() {
                    p.out = buffer;
                }
                let mut next = Some(start);
                let mut left = len;
                while let Some(op) = next.filter(|_| left > 0) {
                    next = body.next_op(op);
                    if Some(op) != skip {
                        p.newline();
                        p.print_op(body, op);
                        left -= 1;
                    }
                }
                let text = std::mem::take(&mut p.out);
                (!p.fork_failed).then_some(text)
            },
            |text| match text {
                Some(mut text) => {
                    self.write_chunk(&text);
                    done += 1;
                    text.clear();
                    spare.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(text);
                    true
                }
                None => {
                    failed = Some(done);
                    false
                }
            },
        );
        if all {
            return None;
        }
        failed.and_then(|c| chunks.get(c)).map(|&(start, _)| start)
    }
}
