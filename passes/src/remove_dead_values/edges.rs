//! The forwarding edges of region-branch ops, shared by the liveness analysis and the walk of
//! `remove-dead-values`: which operand of the op, or of one of its region terminators, reaches
//! which successor input (a region's entry block argument or a result of the op), over every
//! successor control flow may take with no operand known constant.

use mica_ir::control_flow::{terminator_operands, terminator_successors, RegionBranch, RegionPoint};
use mica_ir::{Body, Context, Op, Value};

/// The values of successor `to` of region-branch op `op`: the arguments of the region's entry
/// block, or the op's results.
pub(super) fn successor_values(body: &Body, op: Op, to: RegionPoint) -> Vec<Value> {
    match to {
        RegionPoint::Parent => body.results(op).to_vec(),
        RegionPoint::Region(i) => body.local_regions(op).get(i).and_then(|r| body.region_blocks(*r).first()).map(|e| body.block_args(*e).to_vec()).unwrap_or_default(),
    }
}

/// The edges from region-branch op `op` (of branch description `rb`) into its successors: each
/// forwarded operand's index with the input it reaches, successor after successor.
pub(super) fn entry_edges(ctx: &Context, body: &Body, op: Op, rb: &RegionBranch) -> Vec<(usize, Value)> {
    let consts = vec![None; body.num_operands(op)];
    let mut out = Vec::new();
    for to in (rb.entry)(ctx, body, op, &consts) {
        let values = successor_values(body, op, to);
        for (k, i) in (rb.entry_operands)(ctx, body, op, to).zip((rb.inputs)(ctx, body, op, to)) {
            if let Some(&v) = values.get(i) {
                out.push((k, v));
            }
        }
    }
    out
}

/// The edges from `term`, the terminator of a block of region `index` of region-branch op
/// `parent` (of branch description `rb`): each forwarded operand's index with the input it
/// reaches, successor after successor.
pub(super) fn terminator_edges(ctx: &Context, body: &Body, term: Op, parent: Op, rb: &RegionBranch, index: usize) -> Vec<(usize, Value)> {
    let consts = vec![None; body.num_operands(term)];
    let mut out = Vec::new();
    for to in terminator_successors(ctx, body, term, parent, rb, index, &consts) {
        let Some(range) = terminator_operands(ctx, body, term, to) else { continue };
        let values = successor_values(body, parent, to);
        for (k, i) in range.zip((rb.inputs)(ctx, body, parent, to)) {
            if let Some(&v) = values.get(i) {
                out.push((k, v));
            }
        }
    }
    out
}
