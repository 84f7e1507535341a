//! Canonicalization patterns of the cf dialect, as MLIR 22 has them: `cf.assert` of true goes,
//! `cf.br` merges into a block with a single predecessor or skips pass-through blocks, and
//! `cf.cond_br` on a constant becomes `cf.br`, skips pass-through successors, merges identical
//! successors (with `arith.select` for differing operands), follows an identical condition of
//! its single predecessor and propagates its condition's value into its successors; `cf.switch`
//! with only a default or on a constant becomes `cf.br`, drops cases that go where the default
//! goes, skips pass-through successors, and follows a switch on the same flag in its single
//! predecessor.

use crate::fold_util::*;
use mica_ir::{Block, Body, Context, Op, Pattern, Rewriter, Value, ValueDef};

/// The patterns of a cf op.
pub(crate) fn patterns(name: &str) -> Vec<Pattern> {
    let p = |name: &'static str, apply: mica_ir::registry::PatternFn| Pattern { name, benefit: 1, apply };
    match name {
        "cf.assert" => vec![p("AssertOp::canonicalize", erase_true_assert)],
        "cf.br" => vec![p("SimplifyBrToBlockWithSinglePred", br_to_single_pred), p("SimplifyPassThroughBr", pass_through_br)],
        "cf.cond_br" => vec![
            p("SimplifyConstCondBranchPred", const_cond_br),
            p("SimplifyPassThroughCondBranch", pass_through_cond_br),
            p("SimplifyCondBranchIdenticalSuccessors", cond_br_identical_successors),
            p("SimplifyCondBranchFromCondBranchOnSameCondition", cond_br_same_condition),
            p("CondBranchTruthPropagation", cond_br_truth_propagation),
        ],
        "cf.switch" => vec![
            p("simplifySwitchWithOnlyDefault", switch_only_default),
            p("dropSwitchCasesThatMatchDefault", switch_drop_default_cases),
            p("simplifyConstSwitchValue", switch_const_value),
            p("simplifyPassThroughSwitch", switch_pass_through),
            p("simplifySwitchFromSwitchOnSameCondition", switch_from_switch),
            p("simplifySwitchFromDefaultSwitchOnSameCondition", switch_from_default_switch),
        ],
        _ => vec![],
    }
}

fn erase_true_assert(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    if !is_one(ctx, value_const(ctx, rw.body, rw.body.operand(op, 0))) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// The operands of `cf.cond_br` for its true (`false`: false) successor.
fn cond_br_operands(ctx: &Context, b: &Body, op: Op, true_side: bool) -> Vec<Value> {
    let sizes = ctx
        .op_attr(b, op, "operandSegmentSizes")
        .and_then(|a| match ctx.attr_kind(a) {
            mica_ir::AttrKind::DenseArray { values, .. } => Some(values.iter().map(|v| *v as usize).collect::<Vec<_>>()),
            _ => None,
        })
        .unwrap_or_default();
    let all: Vec<Value> = b.operands(op).collect();
    let (t, f) = (sizes.get(1).copied().unwrap_or(0), sizes.get(2).copied().unwrap_or(0));
    if true_side { all[1..1 + t].to_vec() } else { all[1 + t..1 + t + f].to_vec() }
}

/// Replaces `op` by `cf.br ^dest(operands)`.
fn replace_with_br(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, dest: Block, operands: &[Value]) {
    let loc = rw.body.op(op).loc;
    rw.create_before(crate::cf_build::br(ctx, dest, operands, loc), op);
    rw.erase_op(op);
}

/// The distinct predecessor blocks of `block` (MLIR's `getSinglePredecessor` needs exactly
/// one edge; `getUniquePredecessor` one block).
fn pred_edges(b: &Body, block: Block) -> Vec<Block> {
    b.predecessors(block).into_iter().filter_map(|t| b.op_block(t)).collect()
}

fn single_predecessor(b: &Body, block: Block) -> Option<Block> {
    let p = pred_edges(b, block);
    (p.len() == 1).then(|| p[0])
}

fn unique_predecessor(b: &Body, block: Block) -> Option<Block> {
    let p = pred_edges(b, block);
    (!p.is_empty() && p.iter().all(|x| *x == p[0])).then(|| p[0])
}

fn br_to_single_pred(_: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let succ = b.successors(op)[0];
    let Some(parent) = b.op_block(op) else { return false };
    if succ == parent || single_predecessor(b, succ).is_none() {
        return false;
    }
    let operands: Vec<Value> = b.operands(op).collect();
    rw.erase_op(op);
    rw.merge_blocks(succ, parent, &operands);
    true
}

/// MLIR's `collapseBranch`: if `dest` only holds a `cf.br` (using its arguments nowhere
/// else) to another block, the branch target and operands once it is skipped.
fn collapse_branch(ctx: &Context, b: &Body, dest: Block, operands: &[Value]) -> Option<(Block, Vec<Value>)> {
    let mut ops = b.block_ops(dest);
    let term = ops.next()?;
    if ops.next().is_some() || ctx.str(b.op(term).name) != "cf.br" {
        return None;
    }
    for &a in b.block_args(dest) {
        if b.uses(a).any(|u| u.op != term) {
            return None;
        }
    }
    let next = b.successors(term)[0];
    if next == dest {
        return None;
    }
    // Chains of unconditional branches that come back around are cycles: leave them.
    let mut visited = vec![dest, next];
    let mut cur = next;
    while let Some(t) = b.block_last_op(cur).filter(|t| ctx.str(b.op(*t).name) == "cf.br") {
        let d = b.successors(t)[0];
        if visited.contains(&d) {
            return None;
        }
        visited.push(d);
        cur = d;
    }
    let new_operands = b
        .operands(term)
        .map(|v| match b.value(v).def {
            ValueDef::Arg(blk, i) if blk == dest => operands[i as usize],
            _ => v,
        })
        .collect();
    Some((next, new_operands))
}

fn pass_through_br(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let dest = b.successors(op)[0];
    if Some(dest) == b.op_block(op) {
        return false;
    }
    let operands: Vec<Value> = b.operands(op).collect();
    let Some((next, new_ops)) = collapse_branch(ctx, b, dest, &operands) else { return false };
    replace_with_br(ctx, rw, op, next, &new_ops);
    true
}

fn const_cond_br(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let c = value_const(ctx, b, b.operand(op, 0));
    let taken = match const_int(ctx, c) {
        Some((v, _)) => v != 0,
        None => return false,
    };
    let dest = b.successors(op)[if taken { 0 } else { 1 }];
    let operands = cond_br_operands(ctx, b, op, taken);
    replace_with_br(ctx, rw, op, dest, &operands);
    true
}

fn pass_through_cond_br(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let (td, fd) = (b.successors(op)[0], b.successors(op)[1]);
    let (to, fo) = (cond_br_operands(ctx, b, op, true), cond_br_operands(ctx, b, op, false));
    let ct = collapse_branch(ctx, b, td, &to);
    let cf = collapse_branch(ctx, b, fd, &fo);
    if ct.is_none() && cf.is_none() {
        return false;
    }
    let (td, to) = ct.unwrap_or((td, to));
    let (fd, fo) = cf.unwrap_or((fd, fo));
    let loc = b.op(op).loc;
    let weights = ctx.op_attr(b, op, "branch_weights");
    let st = crate::cf_build::cond_br(ctx, b.operand(op, 0), (td, &to), (fd, &fo), weights, loc);
    rw.create_before(st, op);
    rw.erase_op(op);
    true
}

fn cond_br_identical_successors(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let (td, fd) = (b.successors(op)[0], b.successors(op)[1]);
    if td != fd {
        return false;
    }
    let (to, fo) = (cond_br_operands(ctx, b, op, true), cond_br_operands(ctx, b, op, false));
    if to == fo {
        replace_with_br(ctx, rw, op, td, &to);
        return true;
    }
    if unique_predecessor(b, td) != b.op_block(op) {
        return false;
    }
    let cond = b.operand(op, 0);
    let loc = b.op(op).loc;
    let mut merged = Vec::with_capacity(to.len());
    for (x, y) in to.iter().zip(&fo) {
        if x == y {
            merged.push(*x);
        } else {
            let ty = rw.body.value_type(*x);
            let st = op_state(ctx, "arith.select", &[cond, *x, *y], &[ty], &[], loc);
            let s = rw.create_before(st, op);
            merged.push(rw.body.results(s)[0]);
        }
    }
    replace_with_br(ctx, rw, op, td, &merged);
    true
}

fn cond_br_same_condition(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(current) = b.op_block(op) else { return false };
    let Some(pred) = single_predecessor(b, current) else { return false };
    let Some(pt) = b.block_last_op(pred) else { return false };
    if ctx.str(b.op(pt).name) != "cf.cond_br" || b.operand(pt, 0) != b.operand(op, 0) {
        return false;
    }
    let taken = current == b.successors(pt)[0];
    let dest = b.successors(op)[if taken { 0 } else { 1 }];
    let operands = cond_br_operands(ctx, b, op, taken);
    replace_with_br(ctx, rw, op, dest, &operands);
    true
}

fn cond_br_truth_propagation(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let cond = rw.body.operand(op, 0);
    let loc = rw.body.op(op).loc;
    let mut replaced = false;
    for (side, value) in [(0usize, true), (1, false)] {
        let dest = rw.body.successors(op)[side];
        if single_predecessor(rw.body, dest).is_none() {
            continue;
        }
        let mut constant: Option<Value> = None;
        for u in rw.body.use_list(cond) {
            if rw.body.op_block(u.op) != Some(dest) {
                continue;
            }
            replaced = true;
            let k = *constant.get_or_insert_with(|| bool_constant(ctx, rw, value, loc, op));
            rw.set_operand(u.op, u.index as usize, k);
        }
    }
    replaced
}

/// A `cf.switch` seen as data: flag, default edge, cases (value, destination, operands).
struct Switch {
    flag: Value,
    default: (Block, Vec<Value>),
    cases: Vec<(u128, Block, Vec<Value>)>,
}

fn read_switch(ctx: &Context, b: &Body, op: Op) -> Option<Switch> {
    let def = ctx.registry().get(b.op(op).name)?;
    let f = def.successor_operands?;
    let succ = b.successors(op);
    let group = |i: usize| -> Option<Vec<Value>> { Some(f(ctx, b, op, i)?.map(|k| b.operand(op, k)).collect()) };
    let values: Vec<u128> = match ctx.op_attr(b, op, "case_values") {
        Some(a) => {
            let e = decode(ctx, a)?;
            (0..e.len(ctx)).map(|i| e.get(i).int()).collect::<Option<Vec<_>>>()?
        }
        None => Vec::new(),
    };
    let mut cases = Vec::with_capacity(values.len());
    for (i, v) in values.into_iter().enumerate() {
        cases.push((v, *succ.get(i + 1)?, group(i + 1)?));
    }
    Some(Switch { flag: b.operand(op, 0), default: (succ[0], group(0)?), cases })
}

fn replace_switch(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, s: &Switch) {
    let loc = rw.body.op(op).loc;
    let cases: Vec<(u128, Block, &[Value])> = s.cases.iter().map(|c| (c.0, c.1, c.2.as_slice())).collect();
    let flag_ty = rw.body.value_type(s.flag);
    let st = crate::cf_build::switch(ctx, s.flag, flag_ty, (s.default.0, &s.default.1), &cases, loc);
    rw.create_before(st, op);
    rw.erase_op(op);
}

/// Replaces the switch by a branch to the case of value `v` (or the default).
fn fold_switch(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, s: &Switch, v: u128) {
    match s.cases.iter().find(|c| c.0 == v) {
        Some(c) => replace_with_br(ctx, rw, op, c.1, &c.2),
        None => replace_with_br(ctx, rw, op, s.default.0, &s.default.1),
    }
}

fn switch_only_default(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(s) = read_switch(ctx, rw.body, op) else { return false };
    if !s.cases.is_empty() {
        return false;
    }
    replace_with_br(ctx, rw, op, s.default.0, &s.default.1);
    true
}

fn switch_drop_default_cases(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(mut s) = read_switch(ctx, rw.body, op) else { return false };
    let before = s.cases.len();
    let default = s.default.clone();
    s.cases.retain(|c| !(c.1 == default.0 && c.2 == default.1));
    if s.cases.len() == before {
        return false;
    }
    replace_switch(ctx, rw, op, &s);
    true
}

fn switch_const_value(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(s) = read_switch(ctx, rw.body, op) else { return false };
    let Some((v, _)) = const_int(ctx, value_const(ctx, rw.body, s.flag)) else { return false };
    fold_switch(ctx, rw, op, &s, v);
    true
}

fn switch_pass_through(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(mut s) = read_switch(ctx, rw.body, op) else { return false };
    let mut changed = false;
    for c in s.cases.iter_mut() {
        if let Some((d, o)) = collapse_branch(ctx, rw.body, c.1, &c.2) {
            c.1 = d;
            c.2 = o;
            changed = true;
        }
    }
    if let Some((d, o)) = collapse_branch(ctx, rw.body, s.default.0, &s.default.1) {
        s.default = (d, o);
        changed = true;
    }
    if !changed {
        return false;
    }
    replace_switch(ctx, rw, op, &s);
    true
}

/// The `cf.switch` ending the single predecessor of `op`'s block, on the same flag.
fn pred_switch(ctx: &Context, b: &Body, op: Op) -> Option<(mica_ir::Block, Switch)> {
    let current = b.op_block(op)?;
    let pred = single_predecessor(b, current)?;
    let t = b.block_last_op(pred)?;
    if ctx.str(b.op(t).name) != "cf.switch" || b.operand(t, 0) != b.operand(op, 0) {
        return None;
    }
    Some((current, read_switch(ctx, b, t)?))
}

fn switch_from_switch(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((current, ps)) = pred_switch(ctx, rw.body, op) else { return false };
    if ps.default.0 == current {
        return false;
    }
    let Some(s) = read_switch(ctx, rw.body, op) else { return false };
    match ps.cases.iter().find(|c| c.1 == current) {
        Some(c) => fold_switch(ctx, rw, op, &s, c.0),
        None => replace_with_br(ctx, rw, op, s.default.0, &s.default.1),
    }
    true
}

fn switch_from_default_switch(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((current, ps)) = pred_switch(ctx, rw.body, op) else { return false };
    if ps.default.0 != current {
        return false;
    }
    let impossible: Vec<u128> = ps.cases.iter().filter(|c| c.1 != current).map(|c| c.0).collect();
    let Some(mut s) = read_switch(ctx, rw.body, op) else { return false };
    let before = s.cases.len();
    s.cases.retain(|c| !impossible.contains(&c.0));
    if s.cases.len() == before {
        return false;
    }
    replace_switch(ctx, rw, op, &s);
    true
}
