//! The region control flow of the scf ops as MLIR 22 describes it (`RegionBranchOpInterface`):
//! `scf.if` enters the region its condition selects (both when unknown; an empty else region
//! continues after the op), `scf.for` may enter its body or skip it and loops back or leaves
//! after each iteration (the induction variable is not a forwarded value), `scf.while` enters
//! its before region, whose `scf.condition` goes to the after region or out as its condition
//! says, and the after region loops back, `scf.index_switch` enters the case its argument
//! matches (the default region otherwise; every region when unknown), `scf.execute_region`
//! runs its region once. Every region but the while loop's returns to the op.
//!
//! `scf.parallel` may enter its body or skip it and loops back or leaves, forwarding nothing
//! (its arguments and results are unknown to control flow; its `scf.reduce` forwards none of
//! its operands); `scf.forall` enters its body once, its shared outputs flowing into their
//! arguments, and leaves.

use crate::ods::{spec_of, OpView};
use mica_ir::control_flow::{all_values, no_operands, RegionBranch, RegionPoint, RegionTerminator, Successors};
use mica_ir::{Attr, AttrKind, Body, Context, Op};
use smallvec::smallvec;

/// The value of a constant condition (an integer attribute; poison tells nothing).
fn condition(ctx: &Context, consts: &[Option<Attr>]) -> Option<bool> {
    match ctx.attr_kind(consts.first().copied().flatten()?) {
        AttrKind::Integer { bits, .. } => Some(bits.iter().any(|w| *w != 0)),
        _ => None,
    }
}

/// Every region returns to the op.
fn to_parent(_: &Context, _: &Body, _: Op, _: usize) -> Successors {
    smallvec![RegionPoint::Parent]
}

/// `scf.if`.
pub(crate) const IF: RegionBranch = RegionBranch {
    entry: |ctx, body, op, consts| {
        let cond = condition(ctx, consts);
        let mut out = Successors::new();
        if cond != Some(false) {
            out.push(RegionPoint::Region(0));
        }
        if cond != Some(true) {
            let has_else = body.local_regions(op).get(1).is_some_and(|r| !body.region_blocks(*r).is_empty());
            out.push(if has_else { RegionPoint::Region(1) } else { RegionPoint::Parent });
        }
        out
    },
    from_region: to_parent,
    entry_operands: no_operands,
    inputs: |_, body, op, to| all_values(body, op, to),
};

/// `scf.for`: operands lower bound, upper bound, step, then the initial values.
pub(crate) const FOR: RegionBranch = RegionBranch {
    entry: |_, _, _, _| smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    from_region: |_, _, _, _| smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    entry_operands: |_, body, op, _| 3.min(body.num_operands(op))..body.num_operands(op),
    inputs: |_, body, op, to| {
        let all = all_values(body, op, to);
        match to {
            RegionPoint::Parent => all,
            RegionPoint::Region(_) => all.start + 1.min(all.len())..all.end,
        }
    },
};

/// `scf.while`: region 0 is the before region (ended by `scf.condition`), region 1 the after
/// region.
pub(crate) const WHILE: RegionBranch = RegionBranch {
    entry: |_, _, _, _| smallvec![RegionPoint::Region(0)],
    from_region: |_, _, _, index| {
        if index == 0 { smallvec![RegionPoint::Region(1), RegionPoint::Parent] } else { smallvec![RegionPoint::Region(0)] }
    },
    entry_operands: |_, body, op, _| 0..body.num_operands(op),
    inputs: |_, body, op, to| all_values(body, op, to),
};

/// `scf.condition`: operand 0 is the condition, the others go to the after region or out.
pub(crate) const CONDITION: RegionTerminator = RegionTerminator {
    successors: |ctx, _, _, consts| {
        let cond = condition(ctx, consts);
        let mut out = Successors::new();
        if cond != Some(false) {
            out.push(RegionPoint::Region(1));
        }
        if cond != Some(true) {
            out.push(RegionPoint::Parent);
        }
        out
    },
    operands: |_, body, op, _| 1.min(body.num_operands(op))..body.num_operands(op),
};

/// `scf.index_switch`: region 0 is the default region, region `k + 1` case `k`.
pub(crate) const INDEX_SWITCH: RegionBranch = RegionBranch {
    entry: |ctx, body, op, consts| {
        let Some(value) = consts.first().copied().flatten().and_then(|a| ctx.as_i64(a)) else {
            return (0..body.num_regions(op)).map(RegionPoint::Region).collect();
        };
        let cases: Vec<i64> = match ctx.op_attr(body, op, "cases").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|v| *v as i64).collect(),
            _ => Vec::new(),
        };
        smallvec![RegionPoint::Region(cases.iter().position(|c| *c == value).map_or(0, |k| k + 1))]
    },
    from_region: to_parent,
    entry_operands: no_operands,
    inputs: |_, body, op, to| all_values(body, op, to),
};


/// `scf.parallel`: nothing flows along its edges.
pub(crate) const PARALLEL: RegionBranch = RegionBranch {
    entry: |_, _, _, _| smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    from_region: |_, _, _, _| smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    entry_operands: no_operands,
    inputs: |_, _, _, _| 0..0,
};

/// `scf.reduce`: returns to the next iteration or out of the loop, forwarding none of its
/// operands (they feed its reduction regions).
pub(crate) const REDUCE: RegionTerminator = RegionTerminator {
    successors: |_, _, _, _| smallvec![RegionPoint::Region(0), RegionPoint::Parent],
    operands: |_, body, op, _| body.num_operands(op)..body.num_operands(op),
};

/// `scf.forall`: operands the dynamic bounds and steps, then the shared outputs, which flow
/// into the body arguments after the induction variables.
pub(crate) const FORALL: RegionBranch = RegionBranch {
    entry: |_, _, _, _| smallvec![RegionPoint::Region(0)],
    from_region: to_parent,
    entry_operands: |ctx, body, op, _| {
        let n = body.num_operands(op);
        let view = ctx.registry().get(body.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, body, op).ok());
        view.map_or(n..n, |v| v.operand_start(3)..v.operand_start(3) + v.operand_group(3).len())
    },
    inputs: |ctx, body, op, to| {
        let all = all_values(body, op, to);
        match to {
            RegionPoint::Parent => all,
            RegionPoint::Region(_) => {
                let outputs = (FORALL.entry_operands)(ctx, body, op, to).len();
                all.end.saturating_sub(outputs)..all.end
            }
        }
    },
};
