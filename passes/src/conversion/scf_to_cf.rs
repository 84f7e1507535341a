//! `convert-scf-to-cf`: structured control flow lowered to a CFG of `cf` branches, as MLIR's
//! `SCFToControlFlow` does it, on the conversion driver (a partial conversion in which the scf
//! region ops are illegal and every other op is legal).
//!
//! Each lowering splits the block holding the op before it, moves the op's regions in between
//! and wires them with branches; the op's results become block arguments:
//! - `scf.for`: the body's first block becomes the loop header (its arguments, the induction
//!   variable and the iteration values, carry the loop); it compares the induction variable
//!   with the upper bound (`slt`, `ult` for `unsigned` loops) and branches into the body or
//!   out; the body's last block adds the step and branches back (carrying the for op's LLVM
//!   dialect attributes, such as loop annotations).
//! - `scf.if`: a conditional branch to the then and else blocks, which branch to a new block
//!   taking the results (when there are results) that branches on to the rest.
//! - `scf.while`: the before region loops through the after region, or, when the after region
//!   only forwards its arguments (a do-while loop), onto itself.
//! - `scf.execute_region`: a branch into its blocks, whose yields branch out to the rest.
//! - `scf.index_switch`: `cf.switch` on the index cast to `i32`.
//! - `scf.parallel`: a nest of `scf.for` (the reductions folded into the innermost body),
//!   lowered in turn; `scf.forall` without shared outputs: an `scf.parallel`, lowered in turn.

use super::pattern::{ConversionPattern, PatternSet};
use super::rewriter::{value_loc, ConversionRewriter, InsertPoint};
use super::target::ConversionTarget;
use super::driver::apply_partial_conversion;
use crate::manager::Pass;
use mica_dialects::cf_build;
use mica_dialects::fold_util::op_state;
use mica_ir::{Attr, AttrKind, Block, Body, Context, Diagnostic, Ident, Op, Region, Type, Value, DYNAMIC};
use std::sync::Arc;

/// The pass with its target and patterns.
pub struct ScfToCf {
    target: ConversionTarget,
    patterns: PatternSet,
}

/// The ops the pass lowers.
const LOWERED: &[&str] = &["scf.forall", "scf.for", "scf.if", "scf.index_switch", "scf.parallel", "scf.while", "scf.execute_region"];

/// Adds the lowerings of the scf region ops to `set` (MLIR's
/// `populateSCFToControlFlowConversionPatterns`).
pub fn populate_patterns(set: &mut PatternSet) {
    set.add(ForallLowering);
    set.add(ForLowering);
    set.add(IfLowering);
    set.add(ParallelLowering);
    set.add(WhileLowering);
    set.add(ExecuteRegionLowering);
    set.add(IndexSwitchLowering);
    set.add(DoWhileLowering);
}

impl ScfToCf {
    /// The pass configured by pipeline options (`allow-pattern-rollback`, which changes
    /// nothing here: the driver can always undo a pattern).
    pub fn from_options(options: &[(String, String)]) -> Result<Self, String> {
        for (k, v) in options {
            match k.as_str() {
                "allow-pattern-rollback" if matches!(v.as_str(), "true" | "false" | "1" | "0" | "") => {}
                "allow-pattern-rollback" => return Err(format!("Invalid argument '{v}' for option '{k}'")),
                _ => return Err(format!("no such option '{k}' for pass 'convert-scf-to-cf'")),
            }
        }
        let mut target = ConversionTarget::new();
        for name in LOWERED {
            target.add_illegal_op(name);
        }
        target.mark_unknown_op_dynamically_legal(Arc::new(|_, _, _| Some(true)));
        let mut patterns = PatternSet::new();
        populate_patterns(&mut patterns);
        Ok(Self { target, patterns })
    }
}

impl Pass for ScfToCf {
    fn name(&self) -> &'static str {
        "convert-scf-to-cf"
    }

    fn display_name(&self) -> &'static str {
        "SCFToControlFlowPass"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        apply_partial_conversion(ctx, body, op, &self.target, &self.patterns)
    }
}

fn regions(b: &Body, op: Op) -> Vec<Region> {
    b.local_regions(op).to_vec()
}

fn result_types(b: &Body, op: Op) -> Vec<Type> {
    b.results(op).iter().map(|r| b.value_type(*r)).collect()
}

/// The region holding `block`.
fn region_of(b: &Body, block: Block) -> Option<Region> {
    b.block_region(block)
}

/// The discardable attributes of `op` whose values belong to the LLVM dialect.
fn llvm_attrs(ctx: &Context, b: &Body, op: Op) -> Vec<(Ident, Attr)> {
    ctx.dict_entries(b.op(op).attrs)
        .iter()
        .filter(|(_, v)| match ctx.attr_kind(*v) {
            AttrKind::Opaque { dialect, .. } | AttrKind::Dialect { dialect, .. } => ctx.str(*dialect) == "llvm",
            _ => false,
        })
        .copied()
        .collect()
}

/// Creates `scf.for lb to ub step step iter_args(inits)` with an empty body (a bare
/// `scf.yield` when there are no iteration values), as MLIR's builder does.
fn build_for(ctx: &Context, rw: &mut ConversionRewriter<'_, '_>, bounds: [Value; 3], inits: &[Value], loc: Attr, ip: InsertPoint) -> (Op, Block) {
    let region = rw.new_region();
    let mut types = vec![rw.body().value_type(bounds[0])];
    let mut locs = vec![loc];
    for &v in inits {
        types.push(rw.body().value_type(v));
        locs.push(value_loc(ctx, rw.body(), v));
    }
    let block = rw.create_block(region, None, &types, &locs);
    if inits.is_empty() {
        rw.create_at_end(op_state(ctx, "scf.yield", &[], &[], &[], loc), block);
    }
    let mut operands = bounds.to_vec();
    operands.extend_from_slice(inits);
    let init_types: Vec<Type> = types[1..].to_vec();
    let mut st = op_state(ctx, "scf.for", &operands, &init_types, &[], loc);
    st.regions.push(region);
    (rw.create(st, ip), block)
}

struct ForLowering;

impl ConversionPattern for ForLowering {
    fn name(&self) -> &'static str {
        "ForLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.for")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(init_block) = b.op_block(op) else { return false };
        let Some(parent) = region_of(b, init_block) else { return false };
        let Some(&region) = b.local_regions(op).first() else { return false };
        let Some(&cond_block) = b.region_blocks(region).first() else { return false };
        let Some(first_op) = b.block_ops(cond_block).next() else { return false };
        let operands: Vec<Value> = b.operands(op).collect();
        let (&[lb, ub, step, ..], false) = (operands.as_slice(), b.block_args(cond_block).is_empty()) else { return false };
        let predicate = if ctx.op_attr(b, op, "unsignedCmp").is_some() { 6 } else { 2 };
        let latch_attrs = llvm_attrs(ctx, b, op);

        let end_block = rw.split_block(init_block, op);
        let first_body = rw.split_block(cond_block, first_op);
        let Some(&last_body) = rw.body().region_blocks(region).last() else { return false };
        rw.inline_region_before(region, parent, Some(end_block));
        let iv = rw.body().block_args(cond_block)[0];
        let iv_ty = rw.body().value_type(iv);
        let Some(term) = rw.body().block_last_op(last_body) else { return false };
        let add = rw.create_at_end(op_state(ctx, "arith.addi", &[iv, step], &[iv_ty], &[], loc), last_body);
        let mut carried = vec![rw.body().results(add)[0]];
        carried.extend(rw.body().operands(term));
        let mut latch = cf_build::br(ctx, cond_block, &carried, loc);
        latch.attrs = ctx.dict_attr(latch_attrs);
        rw.create_at_end(latch, last_body);
        rw.erase_op(term);

        let mut entry = vec![lb];
        entry.extend_from_slice(&operands[3..]);
        rw.create_at_end(cf_build::br(ctx, cond_block, &entry, loc), init_block);
        let pred = ctx.int_attr(ctx.int_type(64), predicate);
        let cmp = rw.create_at_end(op_state(ctx, "arith.cmpi", &[iv, ub], &[ctx.int_type(1)], &[("predicate", pred)], loc), cond_block);
        let c = rw.body().results(cmp)[0];
        rw.create_at_end(cf_build::cond_br(ctx, c, (first_body, &[]), (end_block, &[]), None, loc), cond_block);
        let results = rw.body().block_args(cond_block)[1..].to_vec();
        rw.replace_op(op, &results);
        true
    }
}

/// Moves the blocks of `region` before `before`, its last block's terminator replaced by a
/// branch to `dest`: located at `loc` and placed at the end of the block (the terminator, left
/// until the conversion commits, before it), or, when `loc` is `None`, located at the
/// terminator and placed before it. Returns the region's first block.
fn inline_with_branch(ctx: &Context, rw: &mut ConversionRewriter<'_, '_>, region: Region, dest: Block, parent: Region, before: Block, loc: Option<Attr>) -> Option<Block> {
    let b = rw.body();
    let first = *b.region_blocks(region).first()?;
    let last = *b.region_blocks(region).last()?;
    let term = b.block_last_op(last)?;
    let vals: Vec<Value> = b.operands(term).collect();
    match loc {
        Some(loc) => rw.create_at_end(cf_build::br(ctx, dest, &vals, loc), last),
        None => {
            let loc = b.op(term).loc;
            rw.create_before(cf_build::br(ctx, dest, &vals, loc), term)
        }
    };
    rw.erase_op(term);
    rw.inline_region_before(region, parent, Some(before));
    Some(first)
}

struct IfLowering;

impl ConversionPattern for IfLowering {
    fn name(&self) -> &'static str {
        "IfLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(cond_block) = b.op_block(op) else { return false };
        let Some(parent) = region_of(b, cond_block) else { return false };
        let cond = b.operand(op, 0);
        let types = result_types(b, op);
        let rs = regions(b, op);
        if rs.len() != 2 || b.region_blocks(rs[0]).is_empty() {
            return false;
        }

        let remaining = rw.split_block(cond_block, op);
        let cont = if types.is_empty() {
            remaining
        } else {
            let cont = rw.create_block(parent, Some(remaining), &types, &vec![loc; types.len()]);
            rw.create_at_end(cf_build::br(ctx, remaining, &[], loc), cont);
            cont
        };
        let Some(then_block) = inline_with_branch(ctx, rw, rs[0], cont, parent, cont, Some(loc)) else { return false };
        let else_block = if rw.body().region_blocks(rs[1]).is_empty() {
            cont
        } else {
            let Some(b) = inline_with_branch(ctx, rw, rs[1], cont, parent, cont, Some(loc)) else { return false };
            b
        };
        rw.create_at_end(cf_build::cond_br(ctx, cond, (then_block, &[]), (else_block, &[]), None, loc), cond_block);
        let results = if types.is_empty() { Vec::new() } else { rw.body().block_args(cont).to_vec() };
        rw.replace_op(op, &results);
        true
    }
}

struct ExecuteRegionLowering;

impl ConversionPattern for ExecuteRegionLowering {
    fn name(&self) -> &'static str {
        "ExecuteRegionLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(cond_block) = b.op_block(op) else { return false };
        let Some(parent) = region_of(b, cond_block) else { return false };
        let Some(&region) = b.local_regions(op).first() else { return false };
        let Some(&entry) = b.region_blocks(region).first() else { return false };
        let types = result_types(b, op);

        let remaining = rw.split_block(cond_block, op);
        rw.create_at_end(cf_build::br(ctx, entry, &[], loc), cond_block);
        for block in rw.body().region_blocks(region).to_vec() {
            let Some(t) = rw.body().block_last_op(block) else { continue };
            if ctx.str(rw.body().op(t).name) != "scf.yield" {
                continue;
            }
            let vals: Vec<Value> = rw.body().operands(t).collect();
            rw.create_at_end(cf_build::br(ctx, remaining, &vals, loc), block);
            rw.erase_op(t);
        }
        rw.inline_region_before(region, parent, Some(remaining));
        let args: Vec<Value> = types.iter().map(|t| rw.add_block_arg(remaining, *t, loc)).collect();
        rw.replace_op(op, &args);
        true
    }
}

/// The parts of an `scf.while` the lowerings need: its location, block, region, inits and
/// before and after regions.
struct While {
    loc: Attr,
    block: Block,
    parent: Region,
    inits: Vec<Value>,
    before: Region,
    after: Region,
}

fn read_while(b: &Body, op: Op) -> Option<While> {
    let block = b.op_block(op)?;
    let rs = regions(b, op);
    if rs.len() != 2 || rs.iter().any(|r| b.region_blocks(*r).is_empty()) {
        return None;
    }
    Some(While { loc: b.op(op).loc, block, parent: region_of(b, block)?, inits: b.operands(op).collect(), before: rs[0], after: rs[1] })
}

/// Replaces the `scf.condition` ending the before region's last block by a conditional branch
/// (at the block's end) to `dest` (with the condition's values) or to `exit`; returns those
/// values.
fn branch_on_condition(ctx: &Context, rw: &mut ConversionRewriter<'_, '_>, before_last: Block, dest: Block, exit: Block) -> Option<Vec<Value>> {
    let cond_op = rw.body().block_last_op(before_last)?;
    let operands: Vec<Value> = rw.body().operands(cond_op).collect();
    let (cond, args) = operands.split_first()?;
    let loc = rw.body().op(cond_op).loc;
    rw.create_at_end(cf_build::cond_br(ctx, *cond, (dest, args), (exit, &[]), None, loc), before_last);
    rw.erase_op(cond_op);
    Some(args.to_vec())
}

struct WhileLowering;

impl ConversionPattern for WhileLowering {
    fn name(&self) -> &'static str {
        "WhileLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let Some(w) = read_while(rw.body(), op) else { return false };
        let b = rw.body();
        let (before, before_last) = (b.region_blocks(w.before)[0], *b.region_blocks(w.before).last().expect("non-empty"));
        let (after, after_last) = (b.region_blocks(w.after)[0], *b.region_blocks(w.after).last().expect("non-empty"));

        let continuation = rw.split_block(w.block, op);
        rw.inline_region_before(w.after, w.parent, Some(continuation));
        rw.inline_region_before(w.before, w.parent, Some(after));
        rw.create_at_end(cf_build::br(ctx, before, &w.inits, w.loc), w.block);
        let Some(args) = branch_on_condition(ctx, rw, before_last, after, continuation) else { return false };
        let Some(yield_op) = rw.body().block_last_op(after_last) else { return false };
        let vals: Vec<Value> = rw.body().operands(yield_op).collect();
        let yloc = rw.body().op(yield_op).loc;
        rw.create_at_end(cf_build::br(ctx, before, &vals, yloc), after_last);
        rw.erase_op(yield_op);
        rw.replace_op(op, &args);
        true
    }
}

struct DoWhileLowering;

impl ConversionPattern for DoWhileLowering {
    fn name(&self) -> &'static str {
        "DoWhileLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }

    fn benefit(&self) -> u16 {
        2
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let Some(w) = read_while(rw.body(), op) else { return false };
        let b = rw.body();
        let after_blocks = b.region_blocks(w.after);
        if after_blocks.len() != 1 {
            return false;
        }
        let after = after_blocks[0];
        let only = {
            let mut ops = b.block_ops(after);
            match (ops.next(), ops.next()) {
                (Some(o), None) => o,
                _ => return false,
            }
        };
        if ctx.str(b.op(only).name) != "scf.yield" || b.operand_values(only) != b.block_args(after) {
            return false;
        }
        let (before, before_last) = (b.region_blocks(w.before)[0], *b.region_blocks(w.before).last().expect("non-empty"));

        let continuation = rw.split_block(w.block, op);
        rw.inline_region_before(w.before, w.parent, Some(continuation));
        rw.create_at_end(cf_build::br(ctx, before, &w.inits, w.loc), w.block);
        let Some(args) = branch_on_condition(ctx, rw, before_last, before, continuation) else { return false };
        rw.replace_op(op, &args);
        true
    }
}

struct IndexSwitchLowering;

impl ConversionPattern for IndexSwitchLowering {
    fn name(&self) -> &'static str {
        "IndexSwitchLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.index_switch")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(cond_block) = b.op_block(op) else { return false };
        let Some(parent) = region_of(b, cond_block) else { return false };
        let arg = b.operand(op, 0);
        let cases: Vec<i64> = match ctx.op_attr(b, op, "cases").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|v| *v as i64).collect(),
            _ => Vec::new(),
        };
        let rs = regions(b, op);
        if rs.iter().any(|r| b.region_blocks(*r).is_empty()) || cases.len() + 1 != rs.len() {
            return false;
        }
        let types = result_types(b, op);

        let cont = rw.split_block(cond_block, op);
        let results: Vec<Value> = types.iter().map(|t| rw.add_block_arg(cont, *t, loc)).collect();
        let mut case_blocks = Vec::with_capacity(cases.len());
        for &r in &rs[1..] {
            let Some(b) = inline_with_branch(ctx, rw, r, cont, parent, cont, None) else { return false };
            case_blocks.push(b);
        }
        let Some(default) = inline_with_branch(ctx, rw, rs[0], cont, parent, cont, None) else { return false };
        let i32t = ctx.int_type(32);
        let cast = rw.create_at_end(op_state(ctx, "arith.index_cast", &[arg], &[i32t], &[], loc), cond_block);
        let flag = rw.body().results(cast)[0];
        // Case values are 32-bit, as MLIR's builder truncates them.
        let arms: Vec<(u128, Block, &[Value])> = cases.iter().zip(&case_blocks).map(|(v, blk)| (u128::from(*v as u32), *blk, &[][..])).collect();
        rw.create_at_end(cf_build::switch(ctx, flag, i32t, (default, &[]), &arms, loc), cond_block);
        rw.replace_op(op, &results);
        true
    }
}

/// The operand groups of an op with `operandSegmentSizes`.
fn segments(ctx: &Context, b: &Body, op: Op) -> Option<Vec<Vec<Value>>> {
    let AttrKind::DenseArray { values, .. } = ctx.attr_kind(ctx.op_attr(b, op, "operandSegmentSizes")?) else { return None };
    let operands: Vec<Value> = b.operands(op).collect();
    let mut at = 0usize;
    let mut out = Vec::with_capacity(values.len());
    for &n in values.iter() {
        let n = n as usize;
        out.push(operands.get(at..at + n)?.to_vec());
        at += n;
    }
    Some(out)
}

struct ParallelLowering;

impl ConversionPattern for ParallelLowering {
    fn name(&self) -> &'static str {
        "ParallelLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.parallel")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(seg) = segments(ctx, b, op).filter(|s| s.len() == 4) else { return false };
        let (lbs, ubs, steps, inits) = (&seg[0], &seg[1], &seg[2], &seg[3]);
        let Some(&body_block) = regions(b, op).first().and_then(|r| b.region_blocks(*r).first()) else { return false };
        let Some(reduce) = b.block_last_op(body_block) else { return false };
        let num_results = b.results(op).len();
        // As many loops as there are induction variables, bounds and steps (MLIR zips them).
        let loops = lbs.len().min(ubs.len()).min(steps.len()).min(b.block_args(body_block).len());
        let reduce_ok = ctx.str(b.op(reduce).name) == "scf.reduce" && b.local_regions(reduce).len() >= num_results && b.num_operands(reduce) >= num_results;
        if loops == 0 || !reduce_ok || inits.len() != num_results {
            return false;
        }

        let mut iter_args = inits.clone();
        let mut ivs = Vec::with_capacity(lbs.len());
        let mut loop_results = inits.clone();
        let mut ip = InsertPoint::Before(op);
        let mut ip_block = None;
        for k in 0..loops {
            let (for_op, fb) = build_for(ctx, rw, [lbs[k], ubs[k], steps[k]], &iter_args, loc, ip);
            ivs.push(rw.body().block_args(fb)[0]);
            iter_args = rw.body().block_args(fb)[1..].to_vec();
            let results = rw.body().results(for_op).to_vec();
            match ip_block {
                None => loop_results = results,
                Some(prev) if !results.is_empty() => {
                    rw.create_at_end(op_state(ctx, "scf.yield", &results, &[], &[], loc), prev);
                }
                Some(_) => {}
            }
            ip = InsertPoint::start(rw.body(), fb);
            ip_block = Some(fb);
        }
        let Some(new_body) = ip_block else { return false };

        let mut yields = Vec::with_capacity(num_results);
        let reductions: Vec<Region> = rw.body().local_regions(reduce)[..num_results].to_vec();
        for (i, region) in reductions.into_iter().enumerate() {
            let Some(&rb) = rw.body().region_blocks(region).first() else { return false };
            let Some(ret) = rw.body().block_last_op(rb) else { return false };
            yields.push(rw.body().operand(ret, 0));
            rw.erase_op(ret);
            let operand = rw.body().operand(reduce, i);
            rw.inline_block_before(rb, reduce, &[iter_args[i], operand]);
        }
        rw.erase_op(reduce);
        match rw.body().block_last_op(new_body) {
            None => rw.merge_blocks(body_block, new_body, &ivs),
            Some(t) => rw.inline_block_before(body_block, t, &ivs),
        }
        if !yields.is_empty() {
            rw.create_at_end(op_state(ctx, "scf.yield", &yields, &[], &[], loc), new_body);
        }
        rw.replace_op(op, &loop_results);
        true
    }
}

struct ForallLowering;

impl ConversionPattern for ForallLowering {
    fn name(&self) -> &'static str {
        "ForallLowering"
    }

    fn root(&self) -> Option<&'static str> {
        Some("scf.forall")
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let b = rw.body();
        let loc = b.op(op).loc;
        let Some(seg) = segments(ctx, b, op).filter(|s| s.len() == 4) else { return false };
        // Only a fully bufferized forall becomes a parallel loop.
        if !seg[3].is_empty() {
            return false;
        }
        let statics = |name: &str| -> Option<Vec<i64>> {
            match ctx.attr_kind(ctx.op_attr(b, op, name)?) {
                AttrKind::DenseArray { values, .. } => Some(values.iter().map(|v| *v as i64).collect()),
                _ => None,
            }
        };
        let (Some(slb), Some(sub), Some(sst)) = (statics("staticLowerBound"), statics("staticUpperBound"), statics("staticStep")) else { return false };
        let Some(&region) = b.local_regions(op).first() else { return false };
        let Some(&entry) = b.region_blocks(region).first() else { return false };
        let Some(term) = b.block_last_op(entry) else { return false };
        let mapping = ctx.op_attr(b, op, "mapping");

        let index = ctx.index_type();
        let mut bounds: Vec<Value> = Vec::with_capacity(3 * slb.len());
        for (static_values, dynamic) in [(&slb, &seg[0]), (&sub, &seg[1]), (&sst, &seg[2])] {
            let mut dynamic = dynamic.iter();
            for &s in static_values {
                if s == DYNAMIC {
                    let Some(v) = dynamic.next() else { return false };
                    bounds.push(*v);
                } else {
                    let c = rw.create_before(op_state(ctx, "arith.constant", &[], &[index], &[("value", ctx.int_attr(index, s))], loc), op);
                    bounds.push(rw.body().results(c)[0]);
                }
            }
        }
        let n = slb.len() as i64;
        let par_region = rw.new_region();
        let mut st = op_state(ctx, "scf.parallel", &bounds, &[], &[("operandSegmentSizes", ctx.dense_int_array(32, [n, n, n, 0]))], loc);
        if let Some(m) = mapping {
            st.attrs = ctx.dict_attr(vec![(ctx.ident("mapping"), m)]);
        }
        st.regions.push(par_region);
        rw.create_before(st, op);
        rw.inline_region_before(region, par_region, None);
        let tloc = rw.body().op(term).loc;
        rw.create_at_end(op_state(ctx, "scf.reduce", &[], &[], &[], tloc), entry);
        rw.erase_op(term);
        rw.replace_op(op, &[]);
        true
    }
}
