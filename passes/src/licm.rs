//! `loop-invariant-code-motion`, as MLIR 22's pass: every loop (MLIR's `LoopLikeOpInterface`:
//! `scf.for`, `scf.while`, `scf.parallel`, `scf.forall`, `affine.for`, `affine.parallel`),
//! innermost first, moves out the ops of its body (both regions of `scf.while`) that read
//! nothing defined in the loop, have no memory effect and are speculatable (regions included:
//! an op with regions moves as a whole). Candidates are taken in body order from a queue; a
//! moved op's users in the body are queued again. Moved ops land right before the loop, in
//! the order they moved.

use crate::effects::{effects, Effects};
use crate::Pass;
use mica_ir::{Body, Context, Diagnostic, Op, Region, Speculation, Traits, Value, ValueDef};
use std::collections::VecDeque;

/// The pass.
pub struct Licm;

impl Pass for Licm {
    fn name(&self) -> &'static str {
        "loop-invariant-code-motion"
    }

    fn display_name(&self) -> &'static str {
        "LoopInvariantCodeMotion"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        walk(ctx, body, op);
        Ok(())
    }
}

/// The loop regions of `op`, if it is a loop.
fn loop_regions<'a>(ctx: &Context, body: &'a Body, op: Op) -> Option<&'a [Region]> {
    let regions = body.local_regions(op);
    let n = match ctx.str(body.op(op).name) {
        "scf.for" | "scf.parallel" | "scf.forall" | "affine.for" | "affine.parallel" => 1,
        "scf.while" => 2,
        _ => return None,
    };
    regions.get(..n)
}

/// Visits the ops nested in `op` after their own nested ops (MLIR's post-order walk), moving
/// invariant code out of each loop.
fn walk(ctx: &Context, body: &mut Body, op: Op) {
    if let Some(nested) = body.nested_mut(op) {
        for r in nested.roots.clone() {
            walk_region(ctx, nested, r);
        }
    } else {
        for r in body.local_regions(op).to_vec() {
            walk_region(ctx, body, r);
        }
    }
    if loop_regions(ctx, body, op).is_some() {
        hoist(ctx, body, op);
    }
}

fn walk_region(ctx: &Context, body: &mut Body, region: Region) {
    for b in body.region_blocks(region).to_vec() {
        // The next op is taken before visiting one: code moved out of a loop lands before it.
        let mut cur = body.block_ops(b).next();
        while let Some(op) = cur {
            cur = body.next_op(op);
            walk(ctx, body, op);
        }
    }
}

/// Whether `ancestor` is `op` or holds it in its regions (within one body).
fn is_ancestor(body: &Body, ancestor: Op, mut op: Op) -> bool {
    loop {
        if op == ancestor {
            return true;
        }
        match body.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

/// The op whose region defines `v` (`None` at the top of the body).
fn defining_region_owner(body: &Body, v: Value) -> Option<Op> {
    let block = match body.value(v).def {
        ValueDef::Arg(b, _) => b,
        ValueDef::Result(op, _) => body.op_block(op)?,
    };
    body.region_parent(body.block_region(block)?)
}

/// Whether `v` is defined inside `op` (in one of its regions, at any depth).
fn defined_inside(body: &Body, op: Op, v: Value) -> bool {
    defining_region_owner(body, v).is_some_and(|owner| is_ancestor(body, op, owner))
}

/// Whether every operand of `op` and of the ops nested in it is defined inside `op` or
/// outside `lp` (MLIR's `canBeHoisted`).
fn reads_only_outside(body: &Body, op: Op, lp: Op) -> bool {
    fn check(body: &Body, root: Op, lp: Op, op: Op) -> bool {
        body.operands(op).all(|v| defined_inside(body, root, v) || !defined_inside(body, lp, v))
            && body.local_regions(op).iter().all(|r| body.region_blocks(*r).iter().all(|b| body.block_ops(*b).all(|o| check(body, root, lp, o))))
    }
    check(body, op, lp, op)
}

/// MLIR's `isSpeculatable`, regions included.
fn speculatable(ctx: &Context, body: &Body, op: Op) -> bool {
    match ctx.registry().speculation(ctx, body, op) {
        Speculation::Not => false,
        Speculation::Speculatable => true,
        Speculation::Recursive => {
            let (rb, regions) = body.op_regions(op);
            regions.iter().all(|r| rb.region_blocks(*r).iter().all(|b| rb.block_ops(*b).all(|o| speculatable(ctx, rb, o))))
        }
    }
}

/// Moves the invariant ops of loop `lp` out, region by region.
fn hoist(ctx: &Context, body: &mut Body, lp: Op) {
    let regions = loop_regions(ctx, body, lp).map(<[Region]>::to_vec).unwrap_or_default();
    for region in regions {
        let mut queue: VecDeque<Op> = body.region_blocks(region).iter().flat_map(|b| body.block_ops(*b)).collect();
        while let Some(op) = queue.pop_front() {
            let in_region = body.op_block(op).and_then(|b| body.block_region(b)) == Some(region);
            if !in_region || body.is_erased(op) {
                continue;
            }
            if ctx.registry().traits(body.op(op).name).contains(Traits::TERMINATOR)
                || !reads_only_outside(body, op, lp)
                || effects(ctx, body, op) != Effects::None
                || !speculatable(ctx, body, op)
            {
                continue;
            }
            body.unlink_op(op);
            body.insert_op_before(lp, op);
            for &r in body.results(op) {
                queue.extend(body.uses(r).map(|u| u.op).filter(|u| body.op_block(*u).and_then(|b| body.block_region(b)) == Some(region)));
            }
        }
    }
}
