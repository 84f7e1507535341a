//! How control moves between blocks and through the regions of an op, for the dataflow
//! passes (`sccp`, `remove-dead-values`): which successor a branch takes when some of its
//! operands are known constants (MLIR's `BranchOpInterface::getSuccessorForOperands`), how
//! an op enters, leaves and loops through its regions and which values travel along each edge
//! (MLIR's `RegionBranchOpInterface`), and what a terminator returning control from such a
//! region forwards (MLIR's `RegionBranchTerminatorOpInterface`; ops with the `RETURN_LIKE`
//! trait forward all their operands to whatever the parent says follows the region).

use crate::{Attr, Body, Context, Op, Traits};
use smallvec::SmallVec;
use std::ops::Range;

/// Where control goes from a region-branch op or from the end of one of its regions.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RegionPoint {
    /// Back to the op: its results receive the forwarded values.
    Parent,
    /// The entry block of the op's region with this index: its arguments receive them.
    Region(usize),
}

/// The places control may reach from one point.
pub type Successors = SmallVec<[RegionPoint; 2]>;

/// The successor (by index) a branch op takes given the constant value of each operand
/// (`None` when unknown); `None` when it cannot tell.
pub type BranchTargetFn = fn(&Context, &Body, Op, &[Option<Attr>]) -> Option<usize>;

/// The region control flow of one op kind (MLIR's `RegionBranchOpInterface`).
#[derive(Copy, Clone, Debug)]
pub struct RegionBranch {
    /// Where control goes when the op starts, given the constant value of each operand.
    pub entry: fn(&Context, &Body, Op, &[Option<Attr>]) -> Successors,
    /// Where control goes when region `index` returns it (through a terminator without its
    /// own rule).
    pub from_region: fn(&Context, &Body, Op, usize) -> Successors,
    /// The operands the op forwards to a successor on entry (`getEntrySuccessorOperands`).
    pub entry_operands: fn(&Context, &Body, Op, RegionPoint) -> Range<usize>,
    /// The values of a successor receiving the forwarded values, as positions among the
    /// arguments of the region's entry block or among the op's results
    /// (`getSuccessorInputs`); the others get values control flow does not describe (a
    /// loop's induction variable).
    pub inputs: fn(&Context, &Body, Op, RegionPoint) -> Range<usize>,
}

/// A terminator with its own say on where control goes from its region (MLIR's
/// `RegionBranchTerminatorOpInterface` when it overrides `getSuccessorRegions`).
#[derive(Copy, Clone, Debug)]
pub struct RegionTerminator {
    /// Where control goes, given the constant value of each operand.
    pub successors: fn(&Context, &Body, Op, &[Option<Attr>]) -> Successors,
    /// The operands forwarded to a successor.
    pub operands: fn(&Context, &Body, Op, RegionPoint) -> Range<usize>,
}

/// All the values of `to`: the arguments of the entry block of the region, or the op's
/// results (the usual [`RegionBranch::inputs`]).
pub fn all_values(body: &Body, op: Op, to: RegionPoint) -> Range<usize> {
    match to {
        RegionPoint::Parent => 0..body.results(op).len(),
        RegionPoint::Region(i) => {
            let entry = body.local_regions(op).get(i).and_then(|r| body.region_blocks(*r).first());
            0..entry.map_or(0, |b| body.block_args(*b).len())
        }
    }
}

/// No operand (the usual [`RegionBranch::entry_operands`] of ops forwarding nothing on entry).
pub fn no_operands(_: &Context, body: &Body, op: Op, _: RegionPoint) -> Range<usize> {
    let n = body.num_operands(op);
    n..n
}

/// An op running its one region once, the region's terminators giving the results
/// (`scf.execute_region`, `memref.alloca_scope`).
pub const RUN_ONCE: RegionBranch = RegionBranch {
    entry: |_, _, _, _| smallvec::smallvec![RegionPoint::Region(0)],
    from_region: |_, _, _, _| smallvec::smallvec![RegionPoint::Parent],
    entry_operands: no_operands,
    inputs: |_, body, op, to| all_values(body, op, to),
};

/// The region-branch description of `op`, if its kind has one.
pub fn region_branch(ctx: &Context, body: &Body, op: Op) -> Option<RegionBranch> {
    ctx.registry().get(body.op(op).name)?.region_branch
}

/// The operands terminator `term` forwards to `to`, if it is a region-branch terminator (a
/// `RETURN_LIKE` op forwards all of them).
pub fn terminator_operands(ctx: &Context, body: &Body, term: Op, to: RegionPoint) -> Option<Range<usize>> {
    let def = ctx.registry().get(body.op(term).name)?;
    if let Some(t) = def.region_terminator {
        return Some((t.operands)(ctx, body, term, to));
    }
    def.traits.contains(Traits::RETURN_LIKE).then(|| 0..body.num_operands(term))
}

/// Where control goes from terminator `term` of region `index` of the region-branch op
/// `parent` (described by `branch`), given the constant value of each of its operands.
pub fn terminator_successors(ctx: &Context, body: &Body, term: Op, parent: Op, branch: &RegionBranch, index: usize, consts: &[Option<Attr>]) -> Successors {
    match ctx.registry().get(body.op(term).name).and_then(|d| d.region_terminator) {
        Some(t) => (t.successors)(ctx, body, term, consts),
        None => (branch.from_region)(ctx, body, parent, index),
    }
}
