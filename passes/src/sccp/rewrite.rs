//! The rewrite of `sccp`, as MLIR's: blocks come off a stack (a region's blocks in order; the
//! regions of each op are pushed as the op is passed, so the regions of a block's last op come
//! first, and an op's last region before its first). In each block every result found constant
//! is replaced by a constant, the op erased when all its results were and it would be
//! trivially dead; then the block's arguments are replaced. Values in blocks the analysis
//! never reached keep their uses. Dead blocks stay.
//!
//! Constants are made by the materializer of the dialect that computed the value, once per
//! insertion region (as the greedy driver hoists them), dialect, value and type, at the front
//! of that region's entry block with an unknown location, so the latest made comes first; the
//! ones in the IR are not reused (they are replaced like any value). When a dialect makes its
//! constant in another dialect (math's is an `arith.constant`), that constant stands for both,
//! and one the other dialect made already is used instead.

use super::lattice::Lattice;
use super::solver::Solution;
use crate::bodies::{BodyId, Bodies};
use crate::effects::would_be_trivially_dead;
use crate::greedy::insertion_region;
use mica_ir::rewrite::{NoListener, Rewriter};
use mica_ir::{Attr, Block, Body, Context, Region, Type, Value, ValueDef};
use rustc_hash::FxHashMap;

/// What identifies a constant: body, insertion region, dialect, value and type.
type Key = (BodyId, Region, &'static str, Attr, Type);

/// The constants made so far.
#[derive(Default)]
struct Constants {
    made: FxHashMap<Key, Value>,
}

/// Replaces the values `solution` found constant under `root`.
pub(super) fn rewrite(ctx: &Context, root: &mut Body, bodies: &Bodies, solution: &Solution) {
    let mut constants = Constants::default();
    let mut stack: Vec<(BodyId, Block)> = Vec::new();
    push_regions(&mut stack, root, 0, &root.roots.clone());
    while let Some((b, block)) = stack.pop() {
        let body = bodies.get_mut(root, b);
        let mut cur = body.block_ops(block).next();
        while let Some(op) = cur {
            cur = body.next_op(op);
            let results = body.results(op).to_vec();
            let mut all = !results.is_empty();
            for r in results {
                let replaced = constants.replace(ctx, body, b, solution.get(b, r), r);
                all &= replaced;
            }
            if all && would_be_trivially_dead(ctx, body, op) {
                Rewriter::new(body, &mut NoListener).erase_op(op);
                continue;
            }
            match bodies.nested(b, op) {
                Some(n) => {
                    if let Some(nested) = body.nested(op) {
                        push_regions(&mut stack, nested, n, &nested.roots);
                    }
                }
                None => {
                    let regions = body.local_regions(op).to_vec();
                    push_regions(&mut stack, body, b, &regions);
                }
            }
        }
        for a in body.block_args(block).to_vec() {
            constants.replace(ctx, body, b, solution.get(b, a), a);
        }
    }
}

/// Pushes the blocks of `regions` (of `body`, number `b`), each region's in reverse.
fn push_regions(stack: &mut Vec<(BodyId, Block)>, body: &Body, b: BodyId, regions: &[Region]) {
    for &r in regions {
        for &blk in body.region_blocks(r).iter().rev() {
            stack.push((b, blk));
        }
    }
}

impl Constants {
    /// Replaces the uses of `v` (of `body`, number `b`) by the constant `l` says it is;
    /// whether it did.
    fn replace(&mut self, ctx: &Context, body: &mut Body, b: BodyId, l: Lattice, v: Value) -> bool {
        let Lattice::Const(value, dialect) = l else { return false };
        let block = match body.value(v).def {
            ValueDef::Result(op, _) => body.op_block(op),
            ValueDef::Arg(block, _) => Some(block),
        };
        let Some(region) = block.and_then(|blk| insertion_region(ctx, body, blk)) else { return false };
        let key = (b, region, dialect, value, body.value_type(v));
        let Some(c) = self.get_or_make(ctx, body, key) else { return false };
        body.replace_all_uses(v, c);
        true
    }

    /// The constant `key` names, made at the front of its region's entry block if new.
    fn get_or_make(&mut self, ctx: &Context, body: &mut Body, key: Key) -> Option<Value> {
        let (b, region, dialect, value, ty) = key;
        if let Some(&c) = self.made.get(&key) {
            return Some(c);
        }
        let state = ctx.registry().materializer(dialect)?(ctx, value, ty, ctx.unknown_loc())?;
        let entry = *body.region_blocks(region).first()?;
        let op = body.create_op(state);
        body.append_op(entry, op);
        body.move_op_to_start(op, entry);
        let c = *body.results(op).first()?;
        let made_in = ctx.registry().get(body.op(op).name).map_or("", |d| d.dialect());
        if made_in != dialect {
            let other = (b, region, made_in, value, ty);
            if let Some(&existing) = self.made.get(&other) {
                body.erase_op(op);
                self.made.insert(key, existing);
                return Some(existing);
            }
            self.made.insert(other, c);
        }
        self.made.insert(key, c);
        Some(c)
    }
}
