//! Cloning inside a [`Rewriter`]'s body with the listener told of every new op, in the orders
//! MLIR's rewriter reports them: `clone` reports the op, then what its regions hold in
//! pre-order; `cloneRegionBefore` reports each new block's ops with nested ops first
//! (post-order walk).

use mica_ir::clone::{clone_op_within, clone_region_within, IrMap};
use mica_ir::{Block, Body, Op, Region, Rewriter};

/// `op` and the ops nested in it, each before what it holds.
fn pre_order(b: &Body, op: Op, out: &mut Vec<Op>) {
    out.push(op);
    for &r in b.local_regions(op) {
        for &blk in b.region_blocks(r) {
            for o in b.block_ops(blk) {
                pre_order(b, o, out);
            }
        }
    }
}

/// The ops of `block`, each after the ops nested in it.
fn post_order(b: &Body, block: Block, out: &mut Vec<Op>) {
    for o in b.block_ops(block) {
        for &r in b.local_regions(o) {
            for &inner in b.region_blocks(r) {
                post_order(b, inner, out);
            }
        }
        out.push(o);
    }
}

/// Clones `op` right before `before`, reporting it and what it holds as inserted (MLIR's
/// `OpBuilder::clone`).
pub(crate) fn clone_before(rw: &mut Rewriter<'_>, op: Op, before: Op, map: &mut IrMap) -> Op {
    let c = clone_op_within(rw.body, op, map);
    rw.body.insert_op_before(before, c);
    let mut ops = Vec::new();
    pre_order(rw.body, c, &mut ops);
    for o in ops {
        rw.inserted(o);
    }
    c
}

/// Clones the blocks of `src` into `dst` (at block position `at`), reporting their ops as
/// inserted (MLIR's `RewriterBase::cloneRegionBefore`).
pub(crate) fn clone_region(rw: &mut Rewriter<'_>, src: Region, dst: Region, at: usize, map: &mut IrMap) {
    let blocks = clone_region_within(rw.body, src, dst, at, map);
    let mut ops = Vec::new();
    for blk in blocks {
        post_order(rw.body, blk, &mut ops);
    }
    for o in ops {
        rw.inserted(o);
    }
}
