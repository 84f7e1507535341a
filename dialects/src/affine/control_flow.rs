//! The region control flow of `affine.for` and `affine.if` as MLIR 22 describes it
//! (`RegionBranchOpInterface`). A loop whose bounds are single constants and whose step is
//! positive has a known trip count: none skips the body, one leaves after the body, more
//! enter the body first; otherwise the loop may enter or skip its body and loop back or leave
//! after each iteration. The initial values travel on every edge into the body (after the
//! induction variable) or out. An `affine.if` may enter both regions (its condition is never
//! evaluated), an empty else region continuing after the op.

use crate::ods::{spec_of, OpView};
use mica_ir::control_flow::{all_values, no_operands, RegionBranch, RegionPoint, Successors};
use mica_ir::{AttrKind, Body, Context, Op};
use smallvec::smallvec;

/// The single constant result of a bound map attribute.
fn constant_bound(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<i64> {
    let AttrKind::AffineMap(map) = ctx.attr_kind(ctx.op_attr(body, op, name)?) else { return None };
    match map.constant_results()?.as_slice() {
        [c] if map.results.len() == 1 => Some(*c),
        _ => None,
    }
}

/// The trip count of a loop with constant bounds and a positive step.
pub(crate) fn trip_count(ctx: &Context, body: &Body, op: Op) -> Option<u64> {
    let step = ctx.as_i64(ctx.op_attr(body, op, "step")?)?;
    let (lb, ub) = (constant_bound(ctx, body, op, "lowerBoundMap")?, constant_bound(ctx, body, op, "upperBoundMap")?);
    if step <= 0 {
        return None;
    }
    let span = i128::from(ub) - i128::from(lb);
    Some(if span <= 0 { 0 } else { ((span + i128::from(step) - 1) / i128::from(step)) as u64 })
}

/// `affine.for`: operands the lower bound's, the upper bound's, then the initial values.
pub(crate) const FOR: RegionBranch = RegionBranch {
    entry: |ctx, body, op, _| match trip_count(ctx, body, op) {
        Some(0) => smallvec![RegionPoint::Parent],
        Some(_) => smallvec![RegionPoint::Region(0)],
        None => smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    },
    from_region: |ctx, body, op, _| -> Successors {
        if trip_count(ctx, body, op) == Some(1) {
            smallvec![RegionPoint::Parent]
        } else {
            smallvec![RegionPoint::Region(0), RegionPoint::Parent]
        }
    },
    entry_operands: |ctx, body, op, _| {
        let n = body.num_operands(op);
        let view = ctx.registry().get(body.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, body, op).ok());
        view.map_or(n..n, |v| v.operand_start(2)..v.operand_start(2) + v.operand_group(2).len())
    },
    inputs: |_, body, op, to| {
        let all = all_values(body, op, to);
        match to {
            RegionPoint::Parent => all,
            RegionPoint::Region(_) => all.start + 1.min(all.len())..all.end,
        }
    },
};

/// `affine.if`.
pub(crate) const IF: RegionBranch = RegionBranch {
    entry: |_, body, op, _| {
        let has_else = body.local_regions(op).get(1).is_some_and(|r| !body.region_blocks(*r).is_empty());
        smallvec![RegionPoint::Region(0), if has_else { RegionPoint::Region(1) } else { RegionPoint::Parent }]
    },
    from_region: |_, _, _, _| smallvec![RegionPoint::Parent],
    entry_operands: no_operands,
    inputs: |_, body, op, to| all_values(body, op, to),
};
