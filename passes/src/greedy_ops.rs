//! MLIR's `applyOpPatternsGreedily`: the greedy driver started from a list of ops rather than
//! from whole regions. The worklist starts as the list (the last op comes off first); each op
//! taken off is erased when trivially dead, else folded, else rewritten by its
//! canonicalization patterns by benefit, as [`crate::greedy`] does. What changes comes back
//! on the worklist — created and modified ops with their ancestors inside the scope (the
//! region nearest to all the listed ops), the producers of an erased op's operands left with
//! at most one other user — and the driver stops when the worklist is empty: no constants are
//! collected or hoisted first, no region is simplified, nothing is repeated.

use mica_ir::{Body, Context, Ident, Op, Region};

/// The region nearest to all of `ops` that holds them (MLIR's `findCommonAncestor`); `None`
/// when only the body's own regions do, or when they are in different ones.
pub(crate) fn common_region(body: &Body, ops: &[Op]) -> Option<Region> {
    let chain = |op: Op| -> Vec<Region> {
        let mut out = Vec::new();
        let mut cur = op;
        while let Some(r) = body.op_block(cur).and_then(|b| body.block_region(b)) {
            out.push(r);
            match body.region_parent(r) {
                Some(p) => cur = p,
                None => break,
            }
        }
        out
    };
    let mut common = chain(*ops.first()?);
    for &op in &ops[1..] {
        let c = chain(op);
        common.retain(|r| c.contains(r));
    }
    common.first().copied()
}

/// Applies folds and canonicalization patterns greedily starting from `ops` (all in `body`,
/// owned by an op named `owner`), queueing changes inside `scope`.
pub(crate) fn apply(ctx: &Context, body: &mut Body, owner: Option<Ident>, ops: &[Op], scope: Option<Region>) {
    crate::greedy::process_ops(ctx, body, owner, ops, scope);
}
