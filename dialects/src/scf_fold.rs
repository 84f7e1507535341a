//! Folds and canonicalization patterns of the scf dialect, as MLIR 22 has them: adjacent
//! `scf.if`s on the same (or negated) condition combine, nested ones become one on the `and` of
//! both conditions, `scf.if` on a constant is inlined, its unused results dropped, results that
//! are selects of values from outside become `arith.select`, i1 results yielding constants
//! become the condition (or its negation), an empty else goes, the condition's value propagates
//! into the branches and a negated condition swaps the branches; `scf.for` with zero trips (or
//! a step that is not positive) goes, with one trip is inlined; `scf.execute_region` is inlined
//! (as blocks with `cf.br` when it has several, directly in a function); `scf.index_switch` on
//! a constant is the matching case; `scf.while`, `scf.forall` and `scf.parallel` have their own
//! patterns ([`crate::scf_while_fold`], [`crate::scf_forall_fold`],
//! [`crate::scf_parallel_fold`]). All but `scf.forall` and `scf.parallel` also get the
//! region-branch patterns ([`crate::region_branch_patterns`]), which forward, deduplicate and
//! remove iteration arguments, region arguments and results.

use crate::fold_util::*;
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, Body, Context, Op, Pattern, Region, Rewriter, Type, Value, ValueDef};

/// The fold and patterns of an scf op.
pub(crate) fn rewrites(name: &str) -> (Option<FoldFn>, Vec<Pattern>) {
    let p = |name: &'static str, apply: mica_ir::registry::PatternFn| Pattern { name, benefit: 1, apply };
    match name {
        "scf.if" => (
            Some(fold_if),
            with_region_branch_patterns(vec![
                p("CombineIfs", combine_ifs),
                p("CombineNestedIfs", combine_nested_ifs),
                p("ConditionPropagation", if_condition_propagation),
                p("ConvertTrivialIfToSelect", if_to_select),
                p("RemoveEmptyElseBranch", if_remove_empty_else),
                p("RemoveStaticCondition", if_static_condition),
                p("RemoveUnusedResults", if_unused_results),
                p("ReplaceIfYieldWithConditionOrValue", if_yield_condition_or_value),
            ]),
        ),
        "scf.for" => (None, with_region_branch_patterns(vec![p("SimplifyTrivialLoops", for_trivial)])),
        "scf.execute_region" => (
            None,
            with_region_branch_patterns(vec![
                p("SingleBlockExecuteInliner", execute_region_inline),
                p("MultiBlockExecuteInliner", execute_region_inline_blocks),
            ]),
        ),
        "scf.while" => (
            None,
            with_region_branch_patterns(vec![
                p("WhileConditionTruth", crate::scf_while_fold::condition_truth),
                p("WhileCmpCond", crate::scf_while_fold::cmp_cond),
                p("WhileOpAlignBeforeArgs", crate::scf_while_fold::align_before_args),
            ]),
        ),
        "scf.index_switch" => (None, with_region_branch_patterns(vec![p("FoldConstantCase", index_switch_constant)])),
        "scf.parallel" => (None, vec![p("ParallelOpSingleOrZeroIterationDimsFolder", crate::scf_parallel_fold::single_or_zero_iteration)]),
        "scf.forall" => (
            None,
            vec![
                p("ForallOpControlOperandsFolder", crate::scf_forall_fold::control_operands),
                p("ForallOpIterArgsFolder", crate::scf_forall_fold::iter_args),
                p("ForallOpSingleOrZeroIterationDimsFolder", crate::scf_forall_fold::single_or_zero_iteration),
                p("ForallOpReplaceConstantInductionVar", crate::scf_forall_fold::constant_induction_var),
            ],
        ),
        _ => (None, vec![]),
    }
}

/// `patterns` followed by the region-branch ones (MLIR 22 adds those to every scf op with
/// regions it describes).
fn with_region_branch_patterns(mut patterns: Vec<Pattern>) -> Vec<Pattern> {
    patterns.extend(crate::region_branch_patterns::patterns());
    patterns
}

fn regions(b: &Body, op: Op) -> Vec<Region> {
    b.local_regions(op).to_vec()
}

/// The terminator of a region's first block.
fn terminator(b: &Body, r: Region) -> Option<Op> {
    b.block_last_op(*b.region_blocks(r).first()?)
}

/// MLIR's `replaceOpWithRegion`: inlines the single block of `region` before `op` (its
/// arguments replaced by `args`), replaces `op` by the terminator's operands and erases the
/// terminator.
fn replace_op_with_region(rw: &mut Rewriter<'_>, op: Op, region: Region, args: &[Value]) {
    let block = rw.body.region_blocks(region)[0];
    let term = rw.body.block_last_op(block).expect("region block has a terminator");
    rw.inline_block_before(block, op, args);
    // Read after inlining: the terminator may yield the block's own arguments.
    let results: Vec<Value> = rw.body.operands(term).collect();
    rw.replace_op(op, &results);
    rw.erase_op(term);
}

/// `if (!c) A else B -> if c B else A` (in place).
fn fold_if(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let rs = regions(b, op);
    if rs.len() < 2 || b.region_blocks(rs[1]).is_empty() {
        return None;
    }
    let xor = def_op(ctx, b, b.operand(op, 0), "arith.xori")?;
    if !is_one(ctx, value_const(ctx, b, b.operand(xor, 1))) {
        return None;
    }
    let c = b.operand(xor, 0);
    b.set_operand(op, 0, c);
    b.swap_region_blocks(rs[0], rs[1]);
    Some(FoldResult::InPlace)
}

/// Whether `inner` is `outer` or nested in it.
fn region_within(b: &Body, outer: Region, mut inner: Region) -> bool {
    loop {
        if inner == outer {
            return true;
        }
        let Some(op) = b.region_parent(inner) else { return false };
        let Some(blk) = b.op_block(op) else { return false };
        let Some(r) = b.block_region(blk) else { return false };
        inner = r;
    }
}

/// The region holding the definition of `v`.
fn value_region(b: &Body, v: Value) -> Option<Region> {
    match b.value(v).def {
        ValueDef::Arg(blk, _) => b.block_region(blk),
        ValueDef::Result(op, _) => b.block_region(b.op_block(op)?),
    }
}

/// `x` is `xori(c, 1)`: gives `c`.
fn negation_of(ctx: &Context, b: &Body, x: Value) -> Option<Value> {
    let xor = def_op(ctx, b, x, "arith.xori")?;
    is_one(ctx, value_const(ctx, b, b.operand(xor, 1))).then(|| b.operand(xor, 0))
}

/// The first block of a region, if any.
fn first_block(b: &Body, r: Region) -> Option<mica_ir::Block> {
    b.region_blocks(r).first().copied()
}

fn combine_ifs(ctx: &Context, rw: &mut Rewriter<'_>, next: Op) -> bool {
    let b = &*rw.body;
    let Some(prev) = b.prev_op(next) else { return false };
    if ctx.str(b.op(prev).name) != "scf.if" {
        return false;
    }
    let (pc, nc) = (b.operand(prev, 0), b.operand(next, 0));
    let nr = regions(b, next);
    let (mut next_then, mut next_else) = (None, None);
    if nc == pc {
        next_then = first_block(b, nr[0]);
        next_else = first_block(b, nr[1]);
    }
    if negation_of(ctx, b, nc) == Some(pc) {
        next_else = first_block(b, nr[0]);
        next_then = first_block(b, nr[1]);
    }
    if negation_of(ctx, b, pc) == Some(nc) {
        next_else = first_block(b, nr[0]);
        next_then = first_block(b, nr[1]);
    }
    if next_then.is_none() && next_else.is_none() {
        return false;
    }
    let pr = regions(b, prev);
    let prev_results: Vec<Value> = b.results(prev).to_vec();
    let prev_then_yield: Vec<Value> = terminator(b, pr[0]).map(|t| b.operands(t).collect()).unwrap_or_default();
    let prev_else_yield: Vec<Value> = terminator(b, pr[1]).map(|t| b.operands(t).collect()).unwrap_or_default();
    let region_of = |b: &Body, blk: Option<mica_ir::Block>| blk.and_then(|x| b.block_region(x));
    let (nt_region, ne_region) = (region_of(b, next_then), region_of(b, next_else));
    let n = prev_results.len().min(prev_then_yield.len()).min(prev_else_yield.len());
    for i in 0..n {
        for u in rw.body.use_list(prev_results[i]) {
            let Some(ur) = rw.body.op_block(u.op).and_then(|blk| rw.body.block_region(blk)) else { continue };
            if nt_region.is_some_and(|r| region_within(rw.body, r, ur)) {
                rw.set_operand(u.op, u.index as usize, prev_then_yield[i]);
            } else if ne_region.is_some_and(|r| region_within(rw.body, r, ur)) {
                rw.set_operand(u.op, u.index as usize, prev_else_yield[i]);
            }
        }
    }
    let b = &*rw.body;
    let mut types: Vec<Type> = prev_results.iter().map(|v| b.value_type(*v)).collect();
    let next_results: Vec<Value> = b.results(next).to_vec();
    types.extend(next_results.iter().map(|v| b.value_type(*v)));
    let loc = b.op(next).loc;
    let (combined, ct, ce) = new_if(ctx, rw, pc, &types, loc, next);
    rw.inline_region_before(pr[0], ct, None);
    if let Some(nt) = next_then {
        let then_block = rw.body.region_blocks(ct)[0];
        let y1 = rw.body.block_last_op(then_block).expect("then block has a terminator");
        let y2 = rw.body.block_last_op(nt).expect("then block has a terminator");
        rw.merge_blocks(nt, then_block, &[]);
        let mut vals: Vec<Value> = rw.body.operands(y1).collect();
        vals.extend(rw.body.operands(y2));
        let y2loc = rw.body.op(y2).loc;
        let st = op_state(ctx, "scf.yield", &vals, &[], &[], y2loc);
        rw.create_at_end(st, then_block);
        rw.erase_op(y1);
        rw.erase_op(y2);
    }
    rw.inline_region_before(pr[1], ce, None);
    if let Some(ne) = next_else {
        if rw.body.region_blocks(ce).is_empty() {
            let r = rw.body.block_region(ne).expect("else block is in a region");
            rw.inline_region_before(r, ce, None);
        } else {
            let else_block = rw.body.region_blocks(ce)[0];
            let y1 = rw.body.block_last_op(else_block).expect("else block has a terminator");
            let y2 = rw.body.block_last_op(ne).expect("else block has a terminator");
            rw.merge_blocks(ne, else_block, &[]);
            let mut vals: Vec<Value> = rw.body.operands(y1).collect();
            vals.extend(rw.body.operands(y2));
            let y2loc = rw.body.op(y2).loc;
            let st = op_state(ctx, "scf.yield", &vals, &[], &[], y2loc);
            rw.create_at_end(st, else_block);
            rw.erase_op(y1);
            rw.erase_op(y2);
        }
    }
    let results = rw.body.results(combined).to_vec();
    let (pv, nv) = results.split_at(prev_results.len());
    rw.replace_op(prev, pv);
    rw.replace_op(next, nv);
    true
}

fn combine_nested_ifs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let rs = regions(b, op);
    let Some(then_block) = first_block(b, rs[0]) else { return false };
    let ops: Vec<Op> = b.block_ops(then_block).collect();
    if ops.len() != 2 {
        return false;
    }
    let else_block = first_block(b, rs[1]);
    if else_block.is_some_and(|e| b.block_ops(e).count() != 1) {
        return false;
    }
    let nested = ops[0];
    if ctx.str(b.op(nested).name) != "scf.if" {
        return false;
    }
    let nr = regions(b, nested);
    let nested_else = first_block(b, nr[1]);
    if nested_else.is_some_and(|e| b.block_ops(e).count() != 1) {
        return false;
    }
    let mut then_yield: Vec<Value> = b.operands(ops[1]).collect();
    let else_yield: Vec<Value> = else_block.and_then(|e| b.block_last_op(e)).map(|t| b.operands(t).collect()).unwrap_or_default();
    let nested_then_yield: Vec<Value> = terminator(b, nr[0]).map(|t| b.operands(t).collect()).unwrap_or_default();
    let nested_else_yield: Vec<Value> = nested_else.and_then(|e| b.block_last_op(e)).map(|t| b.operands(t).collect()).unwrap_or_default();
    let mut to_select = Vec::new();
    for i in 0..then_yield.len() {
        let v = then_yield[i];
        if let ValueDef::Result(d, k) = b.value(v).def {
            if d == nested {
                if nested_else_yield.get(k as usize) != else_yield.get(i) {
                    return false;
                }
                then_yield[i] = nested_then_yield[k as usize];
                continue;
            }
        }
        if value_region(b, v) == Some(rs[0]) {
            return false;
        }
        to_select.push(i);
    }
    let loc = b.op(op).loc;
    let (c1, c2) = (b.operand(op, 0), b.operand(nested, 0));
    let i1 = b.value_type(c1);
    let types: Vec<Type> = b.results(op).iter().map(|v| b.value_type(*v)).collect();
    let st = op_state(ctx, "arith.andi", &[c1, c2], &[i1], &[], loc);
    let and = rw.create_before(st, op);
    let cond = rw.body.results(and)[0];
    let (new, nt, ne) = new_if(ctx, rw, cond, &types, loc, op);
    let new_then = rw.body.append_block(nt);
    let mut results: Vec<Value> = rw.body.results(new).to_vec();
    for &i in &to_select {
        let ty = rw.body.value_type(then_yield[i]);
        let st = op_state(ctx, "arith.select", &[c1, then_yield[i], else_yield[i]], &[ty], &[], loc);
        let s = rw.create_before(st, new);
        results[i] = rw.body.results(s)[0];
    }
    let nested_then = first_block(rw.body, nr[0]).expect("nested then block");
    rw.merge_blocks(nested_then, new_then, &[]);
    let old_yield = rw.body.block_last_op(new_then).expect("merged block has a terminator");
    let yloc = rw.body.op(old_yield).loc;
    let st = op_state(ctx, "scf.yield", &then_yield, &[], &[], yloc);
    rw.create_before(st, old_yield);
    rw.erase_op(old_yield);
    if !else_yield.is_empty() {
        let new_else = rw.body.append_block(ne);
        let st = op_state(ctx, "scf.yield", &else_yield, &[], &[], loc);
        rw.create_at_end(st, new_else);
    }
    rw.replace_op(op, &results);
    true
}

fn if_condition_propagation(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let cond = rw.body.operand(op, 0);
    if value_const(ctx, rw.body, cond).is_some() {
        return false;
    }
    let rs = regions(rw.body, op);
    let loc = rw.body.op(op).loc;
    let (mut t, mut f): (Option<Value>, Option<Value>) = (None, None);
    let mut changed = false;
    for u in rw.body.use_list(cond) {
        let Some(r) = rw.body.op_block(u.op).and_then(|blk| rw.body.block_region(blk)) else { continue };
        let k = if region_within(rw.body, rs[0], r) {
            *t.get_or_insert_with(|| bool_constant(ctx, rw, true, loc, op))
        } else if rs.len() > 1 && region_within(rw.body, rs[1], r) {
            *f.get_or_insert_with(|| bool_constant(ctx, rw, false, loc, op))
        } else {
            continue;
        };
        changed = true;
        rw.set_operand(u.op, u.index as usize, k);
    }
    changed
}

/// A new `scf.if` with `types` and fresh empty regions, before `before`.
fn new_if(ctx: &Context, rw: &mut Rewriter<'_>, cond: Value, types: &[Type], loc: Attr, before: Op) -> (Op, Region, Region) {
    let (t, e) = (rw.body.new_region(), rw.body.new_region());
    let mut st = op_state(ctx, "scf.if", &[cond], types, &[], loc);
    st.regions.extend([t, e]);
    let op = rw.create_before(st, before);
    (op, t, e)
}

fn if_to_select(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let n = b.results(op).len();
    if n == 0 {
        return false;
    }
    let rs = regions(b, op);
    let (Some(ty), Some(ey)) = (terminator(b, rs[0]), rs.get(1).and_then(|r| terminator(b, *r))) else { return false };
    let (tv, ev): (Vec<Value>, Vec<Value>) = (b.operands(ty).collect(), b.operands(ey).collect());
    let inside = |v: Value, r: Region| value_region(b, v) == Some(r);
    let non_hoistable: Vec<Type> =
        tv.iter().zip(&ev).filter(|(t, e)| inside(**t, rs[0]) || inside(**e, rs[1])).map(|(t, _)| b.value_type(*t)).collect();
    if non_hoistable.len() == n {
        return false;
    }
    let cond = b.operand(op, 0);
    let loc = b.op(op).loc;
    let kept: Vec<bool> = tv.iter().zip(&ev).map(|(t, e)| inside(*t, rs[0]) || inside(*e, rs[1])).collect();
    let (new, nt, ne) = new_if(ctx, rw, cond, &non_hoistable, loc, op);
    rw.inline_region_before(rs[0], nt, None);
    rw.inline_region_before(rs[1], ne, None);
    let mut results = Vec::with_capacity(n);
    let (mut ty_vals, mut ey_vals) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (t, e) = (tv[i], ev[i]);
        if kept[i] {
            results.push(rw.body.results(new)[ty_vals.len()]);
            ty_vals.push(t);
            ey_vals.push(e);
        } else if t == e {
            results.push(t);
        } else {
            let rt = rw.body.value_type(t);
            let st = op_state(ctx, "arith.select", &[cond, t, e], &[rt], &[], loc);
            let s = rw.create_before(st, new);
            results.push(rw.body.results(s)[0]);
        }
    }
    for (y, vals) in [(ty, ty_vals), (ey, ey_vals)] {
        let yloc = rw.body.op(y).loc;
        let st = op_state(ctx, "scf.yield", &vals, &[], &[], yloc);
        rw.create_before(st, y);
        rw.erase_op(y);
    }
    rw.replace_op(op, &results);
    true
}

fn if_remove_empty_else(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    if !b.results(op).is_empty() {
        return false;
    }
    let rs = regions(b, op);
    let Some(&else_block) = rs.get(1).and_then(|r| b.region_blocks(*r).first()) else { return false };
    if b.block_ops(else_block).count() != 1 {
        return false;
    }
    let cond = b.operand(op, 0);
    let loc = b.op(op).loc;
    let (_, nt, _) = new_if(ctx, rw, cond, &[], loc, op);
    rw.inline_region_before(rs[0], nt, None);
    rw.erase_op(op);
    true
}

fn if_static_condition(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((v, _)) = const_int(ctx, value_const(ctx, rw.body, rw.body.operand(op, 0))) else { return false };
    let rs = regions(rw.body, op);
    if v != 0 {
        replace_op_with_region(rw, op, rs[0], &[]);
    } else if rs.len() > 1 && !rw.body.region_blocks(rs[1]).is_empty() {
        replace_op_with_region(rw, op, rs[1], &[]);
    } else {
        rw.erase_op(op);
    }
    true
}

fn if_unused_results(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let results: Vec<Value> = b.results(op).to_vec();
    let used: Vec<usize> = (0..results.len()).filter(|&i| b.has_uses(results[i])).collect();
    if used.len() == results.len() {
        return false;
    }
    let types: Vec<Type> = used.iter().map(|&i| b.value_type(results[i])).collect();
    let cond = b.operand(op, 0);
    let loc = b.op(op).loc;
    let rs = regions(b, op);
    let (new, nt, ne) = new_if(ctx, rw, cond, &types, loc, op);
    for (old, region) in [(rs[0], nt), (rs[1], ne)] {
        // The blocks move with their region (their ops are not reported as inserted).
        rw.inline_region_before(old, region, None);
        let dest = rw.body.region_blocks(region)[0];
        let y = rw.body.block_last_op(dest).expect("moved block has a terminator");
        let vals: Vec<Value> = used.iter().map(|&i| rw.body.operand(y, i)).collect();
        rw.body.set_operands(y, &vals);
        rw.modified(y);
    }
    let new_results = rw.body.results(new).to_vec();
    let mut rep = results.clone();
    for (k, &i) in used.iter().enumerate() {
        rep[i] = new_results[k];
    }
    rw.replace_op(op, &rep);
    true
}

fn if_yield_condition_or_value(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    if b.results(op).is_empty() {
        return false;
    }
    let rs = regions(b, op);
    let (Some(ty), Some(ey)) = (terminator(b, rs[0]), rs.get(1).and_then(|r| terminator(b, *r))) else { return false };
    let (tv, ev): (Vec<Value>, Vec<Value>) = (b.operands(ty).collect(), b.operands(ey).collect());
    let results: Vec<Value> = b.results(op).to_vec();
    let cond = b.operand(op, 0);
    let loc = b.op(op).loc;
    let mut changed = false;
    for i in 0..results.len() {
        let (t, e, r) = (tv[i], ev[i], results[i]);
        if t == e {
            if rw.body.has_uses(r) {
                rw.replace_all_uses(r, t);
                changed = true;
            }
            continue;
        }
        let bool_of = |v: Value| -> Option<bool> {
            let c = value_const(ctx, rw.body, v)?;
            let (x, w) = const_int(ctx, Some(c))?;
            (w == 1 && matches!(ctx.attr_kind(c), mica_ir::AttrKind::Integer { .. })).then_some(x != 0)
        };
        let (Some(tb), Some(eb)) = (bool_of(t), bool_of(e)) else { continue };
        if !tb && eb && rw.body.has_uses(r) {
            let i1 = ctx.int_type(1);
            let dialect = ctx.registry().get(rw.body.op(def_of(rw.body, t)).name).map_or("arith", |d| d.dialect());
            let Some(st) = ctx.registry().materializer(dialect).and_then(|m| m(ctx, ctx.bool_attr(true), i1, loc)) else { continue };
            let one = rw.create_before(st, op);
            let one = rw.body.results(one)[0];
            let st = op_state(ctx, "arith.xori", &[cond, one], &[i1], &[], loc);
            let x = rw.create_before(st, op);
            let x = rw.body.results(x)[0];
            rw.replace_all_uses(r, x);
            changed = true;
        }
        if tb && !eb && rw.body.has_uses(r) {
            rw.replace_all_uses(r, cond);
            changed = true;
        }
    }
    changed
}

fn def_of(b: &Body, v: Value) -> Op {
    match b.value(v).def {
        ValueDef::Result(op, _) => op,
        ValueDef::Arg(..) => unreachable!("constants are op results"),
    }
}

fn execute_region_inline(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let rs = regions(rw.body, op);
    if rs.len() != 1 || rw.body.region_blocks(rs[0]).len() != 1 || ctx.op_attr(rw.body, op, "no_inline").is_some() {
        return false;
    }
    replace_op_with_region(rw, op, rs[0], &[]);
    true
}

/// The integer value of a constant-like op's result.
fn const_value(ctx: &Context, b: &Body, v: Value) -> Option<i128> {
    let (x, w) = const_int(ctx, value_const(ctx, b, v))?;
    Some(sext(x, w))
}

fn for_trivial(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let (lb, ub, step) = (b.operand(op, 0), b.operand(op, 1), b.operand(op, 2));
    let inits: Vec<Value> = b.operands(op).skip(3).collect();
    if lb == ub {
        rw.replace_op(op, &inits);
        return true;
    }
    // A step that is not positive (as a signed value, even for an unsigned loop) runs no
    // iteration.
    if const_value(ctx, b, step).is_some_and(|s| s <= 0) {
        rw.replace_op(op, &inits);
        return true;
    }
    let (Some(l), Some(u)) = (const_value(ctx, b, lb), const_value(ctx, b, ub)) else { return false };
    let unsigned = ctx.op_attr(b, op, "unsignedCmp").is_some();
    let w = ctx.int_width(b.value_type(lb));
    let (l, u) = if unsigned { ((l as u128 & mask(w)) as i128, (u as u128 & mask(w)) as i128) } else { (l, u) };
    let diff = u - l;
    if diff == 0 || (!unsigned && diff < 0) {
        rw.replace_op(op, &inits);
        return true;
    }
    let Some(s) = const_value(ctx, b, step) else { return false };
    if s >= sext(diff as u128 & mask(w), w) {
        let mut args = vec![lb];
        args.extend(inits);
        let r = regions(b, op)[0];
        replace_op_with_region(rw, op, r, &args);
        return true;
    }
    let r = regions(b, op)[0];
    let block = b.region_blocks(r)[0];
    if b.block_ops(block).count() != 1 {
        return false;
    }
    let y = b.block_last_op(block).expect("loop body has a terminator");
    let yielded: Vec<Value> = b.operands(y).collect();
    if yielded.iter().any(|v| value_region(b, *v).is_some_and(|vr| region_within(b, r, vr))) {
        return false;
    }
    rw.replace_op(op, &yielded);
    true
}

fn index_switch_constant(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some((v, w)) = const_int(ctx, value_const(ctx, b, b.operand(op, 0))) else { return false };
    let v = sext(v, w) as i64;
    let cases: Vec<i64> = match ctx.op_attr(b, op, "cases").map(|a| ctx.attr_kind(a)) {
        Some(mica_ir::AttrKind::DenseArray { values, .. }) => values.iter().map(|x| *x as i64).collect(),
        _ => return false,
    };
    let rs = regions(b, op);
    let region = match cases.iter().position(|c| *c == v) {
        Some(i) => rs[1 + i],
        None => rs[0],
    };
    let Some(source) = first_block(b, region) else { return false };
    let term = b.block_last_op(source).expect("case block has a terminator");
    let results: Vec<Value> = b.operands(term).collect();
    rw.inline_block_before(source, op, &[]);
    rw.erase_op(term);
    rw.replace_op(op, &results);
    true
}

/// Inlines a multi-block `scf.execute_region` directly inside a function (or another
/// `scf.execute_region`): its blocks go between the two halves of the split block, yields
/// become branches to the second half, whose new arguments replace the results.
fn execute_region_inline_blocks(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    if ctx.op_attr(rw.body, op, "no_inline").is_some() {
        return false;
    }
    let parent_ok = rw.parent_name(op).is_some_and(|n| matches!(ctx.str(n), "func.func" | "scf.execute_region"));
    if !parent_ok {
        return false;
    }
    let rs = regions(rw.body, op);
    let Some(&entry) = rw.body.region_blocks(rs[0]).first() else { return false };
    let Some(prev) = rw.body.op_block(op) else { return false };
    let loc = rw.body.op(op).loc;
    let post = rw.split_block(prev, op);
    let st = crate::cf_build::br(ctx, entry, &[], loc);
    rw.create_at_end(st, prev);
    for blk in rw.body.region_blocks(rs[0]).to_vec() {
        let Some(t) = rw.body.block_last_op(blk) else { continue };
        if ctx.str(rw.body.op(t).name) != "scf.yield" {
            continue;
        }
        let vals: Vec<Value> = rw.body.operands(t).collect();
        let tloc = rw.body.op(t).loc;
        let st = crate::cf_build::br(ctx, post, &vals, tloc);
        rw.create_before(st, t);
        rw.erase_op(t);
    }
    let parent_region = rw.body.block_region(post).expect("split block is in a region");
    rw.inline_region_before(rs[0], parent_region, Some(post));
    let results: Vec<Value> = rw.body.results(op).to_vec();
    let mut args = Vec::with_capacity(results.len());
    for r in &results {
        let ty = rw.body.value_type(*r);
        args.push(rw.body.add_block_arg(post, ty, Some(loc)));
    }
    rw.replace_op(op, &args);
    true
}
