//! The canonicalization patterns of `scf.while` besides the region-branch ones
//! ([`crate::region_branch_patterns`]), as MLIR 22 has them: `WhileConditionTruth` (an after
//! argument receiving the loop condition is `true` there), `WhileCmpCond` (an `arith.cmpi` in
//! the after region repeating the condition's comparison on the forwarded value is `true`, or
//! `false` for the inverse predicate) and `WhileOpAlignBeforeArgs` (when the condition forwards
//! exactly the before arguments in another order, the loop is rebuilt forwarding them in
//! order, its results and after arguments permuted to match).

use crate::arith_fold::{invert_cmpi_predicate, predicate};
use crate::fold_util::{bool_constant, op_state};
use mica_ir::{Attr, Block, Body, Context, Op, Rewriter, Type, Value};

/// The before and after blocks of a well-formed `scf.while` and its `scf.condition`.
fn parts(ctx: &Context, b: &Body, op: Op) -> Option<(Block, Block, Op)> {
    let regions = b.local_regions(op);
    let before = *b.region_blocks(*regions.first()?).first()?;
    let after = *b.region_blocks(*regions.get(1)?).first()?;
    let cond = b.block_last_op(before).filter(|t| ctx.str(b.op(*t).name) == "scf.condition" && b.num_operands(*t) >= 1)?;
    Some((before, after, cond))
}

/// `WhileConditionTruth`.
pub(crate) fn condition_truth(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((_, after, cond)) = parts(ctx, rw.body, op) else { return false };
    let condition = rw.body.operand(cond, 0);
    let args: Vec<Value> = rw.body.operands(cond).skip(1).collect();
    let after_args = rw.body.block_args(after).to_vec();
    let mut truth: Option<Value> = None;
    let mut replaced = false;
    for (v, a) in args.into_iter().zip(after_args) {
        if v != condition || !rw.body.has_uses(a) {
            continue;
        }
        let loc = rw.body.op(op).loc;
        let t = *truth.get_or_insert_with(|| bool_constant(ctx, rw, true, loc, op));
        rw.replace_all_uses(a, t);
        replaced = true;
    }
    replaced
}

/// `WhileCmpCond`.
pub(crate) fn cmp_cond(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((_, after, cond)) = parts(ctx, rw.body, op) else { return false };
    let condition = rw.body.operand(cond, 0);
    let Some(cmp) = crate::fold_util::def_op(ctx, rw.body, condition, "arith.cmpi") else { return false };
    let Some(pred) = predicate(ctx, rw.body, cmp) else { return false };
    let cmp_operands = [rw.body.operand(cmp, 0), rw.body.operand(cmp, 1)];
    let args: Vec<Value> = rw.body.operands(cond).skip(1).collect();
    let after_args = rw.body.block_args(after).to_vec();
    let mut changed = false;
    for (v, a) in args.into_iter().zip(after_args) {
        for k in 0..2 {
            if v != cmp_operands[k] {
                continue;
            }
            let users: Vec<Op> = rw.body.uses(a).map(|u| u.op).collect();
            for user in users {
                if rw.body.is_erased(user) || ctx.str(rw.body.op(user).name) != "arith.cmpi" || rw.body.num_operands(user) != 2 {
                    continue;
                }
                if rw.body.operand(user, 1 - k) != cmp_operands[1 - k] {
                    continue;
                }
                let Some(p2) = predicate(ctx, rw.body, user) else { continue };
                let same = if p2 == pred {
                    true
                } else if p2 == invert_cmpi_predicate(pred) {
                    false
                } else {
                    continue;
                };
                let loc = rw.body.op(user).loc;
                let c = bool_constant(ctx, rw, same, loc, user);
                rw.replace_op(user, &[c]);
                changed = true;
            }
        }
    }
    changed
}

/// `WhileOpAlignBeforeArgs`.
pub(crate) fn align_before_args(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((before, after, cond)) = parts(ctx, rw.body, op) else { return false };
    let b = &*rw.body;
    let before_args = b.block_args(before).to_vec();
    let term_args: Vec<Value> = b.operands(cond).skip(1).collect();
    if before_args == term_args {
        return false;
    }
    if term_args.iter().enumerate().any(|(i, v)| term_args[..i].contains(v)) {
        return false;
    }
    if before_args.len() != term_args.len() {
        return false;
    }
    // mapping[p] = i: condition argument `p` is before argument `i`.
    let mut mapping = vec![0usize; before_args.len()];
    for (i, a) in before_args.iter().enumerate() {
        let Some(p) = term_args.iter().position(|v| v == a) else { return false };
        mapping[p] = i;
    }
    let results = b.results(op).to_vec();
    let mut new_types: Vec<Type> = vec![b.value_type(before_args[0]); before_args.len()];
    for (i, &j) in mapping.iter().enumerate() {
        new_types[j] = b.value_type(results[i]);
    }
    let loc = b.op(op).loc;
    let inits: Vec<Value> = b.operands(op).collect();
    let init_locs: Vec<Attr> = inits.iter().map(|v| value_loc(ctx, b, *v)).collect();
    let init_types: Vec<Type> = inits.iter().map(|v| b.value_type(*v)).collect();
    let cond_loc = b.op(cond).loc;
    let condition = b.operand(cond, 0);
    let mut operands = vec![condition];
    operands.extend(&before_args);
    let st = op_state(ctx, "scf.condition", &operands, &[], &[], cond_loc);
    rw.create_before(st, cond);
    rw.erase_op(cond);
    // The new loop, with blocks made as `WhileOp::build` makes them.
    let before_region = rw.body.new_region();
    let new_before = rw.body.append_block(before_region);
    for (t, l) in init_types.iter().zip(&init_locs) {
        rw.body.add_block_arg(new_before, *t, Some(*l));
    }
    let after_region = rw.body.new_region();
    let new_after = rw.body.append_block(after_region);
    for t in &new_types {
        rw.body.add_block_arg(new_after, *t, Some(loc));
    }
    let mut st = op_state(ctx, "scf.while", &inits, &new_types, &[], loc);
    st.regions.push(before_region);
    st.regions.push(after_region);
    let new = rw.create_before(st, op);
    let new_results = rw.body.results(new).to_vec();
    let new_after_args = rw.body.block_args(new_after).to_vec();
    let new_before_args = rw.body.block_args(new_before).to_vec();
    let mut results_map = Vec::with_capacity(mapping.len());
    let mut after_map = Vec::with_capacity(mapping.len());
    for &j in &mapping {
        results_map.push(new_results[j]);
        after_map.push(new_after_args[j]);
    }
    rw.merge_blocks(before, new_before, &new_before_args);
    rw.merge_blocks(after, new_after, &after_map);
    rw.replace_op(op, &results_map);
    true
}

/// The location of a value (its defining op's, or the block argument's).
fn value_loc(ctx: &Context, b: &Body, v: Value) -> Attr {
    match b.value(v).def {
        mica_ir::ValueDef::Result(d, _) => b.op(d).loc,
        mica_ir::ValueDef::Arg(..) => b.value(v).loc.unwrap_or_else(|| ctx.unknown_loc()),
    }
}
