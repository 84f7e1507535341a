//! Folds and canonicalization patterns of the scf dialect, as MLIR 22 has them: adjacent
//! `scf.if`s on the same (or negated) condition combine, nested ones become one on the `and` of
//! both conditions, `scf.if` on a constant is inlined, its unused results dropped, results that are selects of values from
//! outside become `arith.select`, i1 results yielding constants become the condition (or its
//! negation), an empty else goes, the condition's value propagates into the branches and a
//! negated condition swaps the branches; `scf.for` with zero trips goes, with one trip is
//! inlined, and loses the iteration arguments it only forwards or that are dead (even in a
//! cycle through the yield); `scf.execute_region` is inlined (as blocks with `cf.br`
//! when it has several, directly in a function); `scf.index_switch` on a constant is the
//! matching case; results of an `scf.execute_region` that every yield gives the same value from
//! outside are replaced by it, unused ones go. Like MLIR 22, iteration arguments and results
//! are forwarded by replacing their uses first and removed once unused.

use crate::fold_util::*;
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, Body, Context, Op, Pattern, Region, Rewriter, Type, Value, ValueDef};

/// The fold and patterns of an scf op.
pub(crate) fn rewrites(name: &str) -> (Option<FoldFn>, Vec<Pattern>) {
    let p = |name: &'static str, apply: mica_ir::registry::PatternFn| Pattern { name, benefit: 1, apply };
    match name {
        "scf.if" => (
            Some(fold_if),
            vec![
                p("CombineIfs", combine_ifs),
                p("CombineNestedIfs", combine_nested_ifs),
                p("ConditionPropagation", if_condition_propagation),
                p("ConvertTrivialIfToSelect", if_to_select),
                p("RemoveEmptyElseBranch", if_remove_empty_else),
                p("RemoveStaticCondition", if_static_condition),
                p("RemoveUnusedResults", if_unused_results),
                p("ReplaceIfYieldWithConditionOrValue", if_yield_condition_or_value),
            ],
        ),
        "scf.for" => (
            None,
            vec![
                p("SimplifyTrivialLoops", for_trivial),
                p("ForwardIterArgs", for_forward),
                p("DeduplicateIterArgs", for_dedupe),
                p("RemoveDeadIterArgs", for_iter_args),
            ],
        ),
        "scf.execute_region" => (
            None,
            vec![
                p("SingleBlockExecuteInliner", execute_region_inline),
                p("MultiBlockExecuteInliner", execute_region_inline_blocks),
                p("ForwardExecuteRegionResults", execute_region_forward),
                p("RemoveUnusedExecuteRegionResults", execute_region_results),
            ],
        ),
        "scf.while" => {
            let mut patterns = vec![
                p("WhileConditionTruth", crate::scf_while_fold::condition_truth),
                p("WhileCmpCond", crate::scf_while_fold::cmp_cond),
                p("WhileOpAlignBeforeArgs", crate::scf_while_fold::align_before_args),
            ];
            patterns.extend(crate::region_branch_patterns::patterns());
            (None, patterns)
        }
        "scf.index_switch" => (
            None,
            vec![
                p("FoldConstantCase", index_switch_constant),
                p("ForwardIndexSwitchResults", execute_region_forward),
                p("RemoveUnusedIndexSwitchResults", execute_region_results),
            ],
        ),
        _ => (None, vec![]),
    }
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

fn bool_constant(ctx: &Context, rw: &mut Rewriter<'_>, value: bool, loc: Attr, before: Op) -> Value {
    let i1 = ctx.int_type(1);
    let st = op_state(ctx, "arith.constant", &[], &[i1], &[("value", ctx.bool_attr(value))], loc);
    let c = rw.create_before(st, before);
    rw.body.results(c)[0]
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

fn for_iter_args(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let r = regions(b, op)[0];
    let block = b.region_blocks(r)[0];
    let y = b.block_last_op(block).expect("loop body has a terminator");
    let inits: Vec<Value> = b.operands(op).skip(3).collect();
    let args: Vec<Value> = b.block_args(block)[1..].to_vec();
    let results: Vec<Value> = b.results(op).to_vec();
    let yielded: Vec<Value> = b.operands(y).collect();
    let n = results.len();
    let mut keep = Vec::with_capacity(n);
    let mut transfer: Vec<Option<Value>> = vec![None];
    let mut new_results: Vec<Option<Value>> = Vec::with_capacity(n);
    let (mut new_inits, mut new_yields) = (Vec::new(), Vec::new());
    // Iteration arguments whose values only flow around the loop into each other (result unused,
    // argument only yielded at such positions) are dead.
    let mut live: Vec<bool> = (0..n).map(|i| b.has_uses(results[i]) || b.uses(args[i]).any(|u| u.op != y)).collect();
    loop {
        let mut grew = false;
        for j in 0..n {
            if !live[j] {
                continue;
            }
            if let Some(k) = args.iter().position(|a| *a == yielded[j]) {
                if !live[k] {
                    live[k] = true;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    let mut changed = false;
    for i in 0..n {
        let (init, yv) = (inits[i], yielded[i]);
        if !live[i] {
            changed = true;
            keep.push(false);
            transfer.push(Some(init));
            new_results.push(Some(init));
            continue;
        }
        keep.push(true);
        new_inits.push(init);
        new_yields.push(yv);
        transfer.push(None);
        new_results.push(None);
    }
    if !changed {
        return false;
    }
    let b = &*rw.body;
    let loc = b.op(op).loc;
    let mut operands: Vec<Value> = b.operands(op).take(3).collect();
    operands.extend(&new_inits);
    let types: Vec<Type> = new_inits.iter().map(|v| b.value_type(*v)).collect();
    let iv_ty = b.value_type(b.block_args(block)[0]);
    let iv_loc = b.value(b.block_args(block)[0]).loc;
    let props: Vec<(&str, Attr)> = ctx.op_attr(b, op, "unsignedCmp").map(|u| vec![("unsignedCmp", u)]).unwrap_or_default();
    let discardable = b.op(op).attrs;
    let region = rw.body.new_region();
    let mut st = op_state(ctx, "scf.for", &operands, &types, &props, loc);
    st.attrs = discardable;
    st.regions.push(region);
    let new = rw.create_before(st, op);
    let new_block = rw.body.append_block(region);
    let iv = rw.body.add_block_arg(new_block, iv_ty, iv_loc.or(Some(loc)));
    let mut new_args = Vec::new();
    for t in &types {
        new_args.push(rw.body.add_block_arg(new_block, *t, Some(loc)));
    }
    transfer[0] = Some(iv);
    let new_res = rw.body.results(new).to_vec();
    let mut k = 0;
    for i in 0..n {
        if transfer[i + 1].is_none() {
            transfer[i + 1] = Some(new_args[k]);
            new_results[i] = Some(new_res[k]);
            k += 1;
        }
    }
    let transfer: Vec<Value> = transfer.into_iter().map(|v| v.expect("every argument mapped")).collect();
    rw.merge_blocks(block, new_block, &transfer);
    let merged = rw.body.block_last_op(new_block).expect("merged body has a terminator");
    let vals: Vec<Value> = (0..n).filter(|&i| keep[i]).map(|i| rw.body.operand(merged, i)).collect();
    let yloc = rw.body.op(merged).loc;
    let st = op_state(ctx, "scf.yield", &vals, &[], &[], yloc);
    rw.create_before(st, merged);
    rw.erase_op(merged);
    let rep: Vec<Value> = new_results.into_iter().map(|v| v.expect("every result mapped")).collect();
    rw.replace_op(op, &rep);
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

/// Rebuilds a region op (`scf.execute_region`, `scf.index_switch`) without its unused results:
/// same operands, properties and attributes, regions moved whole, yields trimmed.
fn execute_region_results(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let results: Vec<Value> = b.results(op).to_vec();
    if results.is_empty() {
        return false;
    }
    let yields: Vec<Op> = regions(b, op)
        .iter()
        .flat_map(|r| b.region_blocks(*r).iter())
        .filter_map(|blk| b.block_last_op(*blk))
        .filter(|t| ctx.str(b.op(*t).name) == "scf.yield")
        .collect();
    let keep: Vec<usize> = (0..results.len()).filter(|&i| b.has_uses(results[i])).collect();
    if keep.len() == results.len() {
        return false;
    }
    let types: Vec<Type> = keep.iter().map(|&i| b.value_type(results[i])).collect();
    let loc = b.op(op).loc;
    let props = b.op(op).properties;
    let attrs = b.op(op).attrs;
    let operands: Vec<Value> = b.operands(op).collect();
    let name = ctx.str(b.op(op).name).to_string();
    let mut st = op_state(ctx, &name, &operands, &types, &[], loc);
    st.properties = props;
    st.attrs = attrs;
    let new = rw.create_before(st, op);
    rw.body.take_regions(op, new);
    for y in yields {
        let vals: Vec<Value> = keep.iter().map(|&i| rw.body.operand(y, i)).collect();
        rw.body.set_operands(y, &vals);
        rw.modified(y);
    }
    let new_results = rw.body.results(new).to_vec();
    let mut rep: Vec<Value> = Vec::with_capacity(results.len());
    for (i, r) in results.iter().enumerate() {
        rep.push(match keep.iter().position(|k| *k == i) {
            Some(k) => new_results[k],
            None => *r,
        });
    }
    rw.replace_op(op, &rep);
    true
}

/// The parts of an `scf.for`: its inits, region iter args, results and yielded values.
struct ForParts {
    inits: Vec<Value>,
    args: Vec<Value>,
    results: Vec<Value>,
    yielded: Vec<Value>,
}

fn for_parts(b: &Body, op: Op) -> Option<ForParts> {
    let r = *regions(b, op).first()?;
    let block = first_block(b, r)?;
    let y = b.block_last_op(block)?;
    Some(ForParts {
        inits: b.operands(op).skip(3).collect(),
        args: b.block_args(block).get(1..)?.to_vec(),
        results: b.results(op).to_vec(),
        yielded: b.operands(y).collect(),
    })
}

/// An iteration argument that always holds its init value (the loop yields the init value or
/// the argument itself): its argument and its result are replaced by the init value (the loop
/// stays; `RemoveDeadIterArgs` drops the argument once unused).
fn for_forward(_: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(p) = for_parts(rw.body, op) else { return false };
    let mut changed = false;
    for i in 0..p.results.len() {
        if p.yielded[i] != p.inits[i] && p.yielded[i] != p.args[i] {
            continue;
        }
        if rw.body.has_uses(p.args[i]) {
            rw.replace_all_uses(p.args[i], p.inits[i]);
            changed = true;
        }
        if rw.body.has_uses(p.results[i]) {
            rw.replace_all_uses(p.results[i], p.inits[i]);
            changed = true;
        }
    }
    changed
}

/// Iteration arguments with the same init and yielded values as an earlier one: their argument
/// and result uses move to the earlier one's.
fn for_dedupe(_: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(p) = for_parts(rw.body, op) else { return false };
    let mut changed = false;
    for j in 0..p.results.len() {
        let Some(i) = (0..j).find(|&i| p.inits[i] == p.inits[j] && p.yielded[i] == p.yielded[j]) else { continue };
        if rw.body.has_uses(p.args[j]) {
            rw.replace_all_uses(p.args[j], p.args[i]);
            changed = true;
        }
        if rw.body.has_uses(p.results[j]) {
            rw.replace_all_uses(p.results[j], p.results[i]);
            changed = true;
        }
    }
    changed
}

/// Per result of a region op (`scf.execute_region`, `scf.index_switch`), the value from outside
/// that every yield gives (if any).
fn execute_region_forwarded(ctx: &Context, b: &Body, op: Op) -> Vec<Option<Value>> {
    let rs = regions(b, op);
    let yields: Vec<Op> = rs
        .iter()
        .flat_map(|r| b.region_blocks(*r).iter())
        .filter_map(|blk| b.block_last_op(*blk))
        .filter(|t| ctx.str(b.op(*t).name) == "scf.yield")
        .collect();
    (0..b.results(op).len())
        .map(|i| {
            let v = b.operand(*yields.first()?, i);
            if yields.iter().any(|y| b.operand(*y, i) != v) {
                return None;
            }
            let inside = value_region(b, v).is_some_and(|r| rs.iter().any(|own| region_within(b, *own, r)));
            (!inside).then_some(v)
        })
        .collect()
}

/// Results of an `scf.execute_region` that every yield gives the same outside value for are
/// replaced by that value (the op stays until its results are unused).
fn execute_region_forward(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let fwd = execute_region_forwarded(ctx, rw.body, op);
    let results = rw.body.results(op).to_vec();
    let mut changed = false;
    for (r, v) in results.iter().zip(fwd) {
        if let Some(v) = v {
            if rw.body.has_uses(*r) {
                rw.replace_all_uses(*r, v);
                changed = true;
            }
        }
    }
    changed
}
