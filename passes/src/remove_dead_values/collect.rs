//! What `remove-dead-values` removes, decided in one walk over the IR before anything changes
//! (MLIR's `process*` functions filling its `RDVFinalCleanupList`). Ops are visited in
//! post-order (an op's regions before the op, functions in their place):
//!
//! - a private function with a body, all of whose uses are calls: its dead arguments (and the
//!   operands its calls pass there), and the results no call uses live (with the operands of
//!   its returns giving them, and the results of its calls);
//! - a region-branch op: the op itself when it has no memory effect and no live result;
//!   otherwise every operand it or one of its region terminators forwards whose value is dead
//!   or whose every receiving successor input is dead, to be replaced by `ub.poison` (the
//!   canonicalization that follows removes the arguments and results left unused);
//! - a branch: the branch itself when an operand no successor receives (a condition) is dead;
//!   otherwise, per successor, the dead forwarded operands and the arguments receiving them;
//! - terminators and calls otherwise: nothing (their functions handle them);
//! - any other op: the op, when it has a dead operand (only unreachable code has one) or when
//!   it has no memory effect and no live result.
//!
//! Values already scheduled to go count as dead for the ops visited after.

use super::liveness::Liveness;
use crate::bodies::{BodyId, Bodies};
use crate::call_graph::{is_call, symbol_refs_in};
use crate::effects::{effects, Effects};
use super::edges::{entry_edges, terminator_edges};
use mica_ir::control_flow::{region_branch, terminator_operands, RegionPoint};
use mica_ir::{AttrKind, Block, Body, Context, Op, Traits, Value};
use rustc_hash::FxHashSet;

/// A function whose signature shrinks.
pub(super) struct FunctionCleanup {
    pub(super) body: BodyId,
    pub(super) op: Op,
    pub(super) dead_args: Vec<bool>,
    pub(super) dead_results: Vec<bool>,
}

/// Operands to remove from an op (or replace by `ub.poison`).
pub(super) struct OperandCleanup {
    pub(super) body: BodyId,
    pub(super) op: Op,
    pub(super) dead: Vec<bool>,
    /// For a call: the function it calls, whose removed arguments it stops passing.
    pub(super) callee: Option<(BodyId, Op)>,
    /// Replace the operands by `ub.poison` instead of removing them.
    pub(super) poison: bool,
}

/// Everything to remove, in the order it was found.
#[derive(Default)]
pub(super) struct CleanupList {
    /// Ops to erase.
    pub(super) operations: Vec<(BodyId, Op)>,
    pub(super) functions: Vec<FunctionCleanup>,
    pub(super) operands: Vec<OperandCleanup>,
    /// Results to remove from an op.
    pub(super) results: Vec<(BodyId, Op, Vec<bool>)>,
    /// Arguments to remove from a block.
    pub(super) blocks: Vec<(BodyId, Block, Vec<bool>)>,
    /// Operands a branch stops forwarding to one successor.
    pub(super) successor_operands: Vec<(BodyId, Op, usize, Vec<bool>)>,
}

/// The symbol uses in one symbol table.
#[derive(Default)]
struct SymbolUses {
    /// Calls, by the symbol they name, each symbol's in op order.
    calls: rustc_hash::FxHashMap<mica_ir::Ident, Vec<(BodyId, Op)>>,
    /// Symbols something other than a call's callee refers to.
    other: FxHashSet<mica_ir::Ident>,
    /// The table holds a symbol table whose uses cannot be known.
    unknown: bool,
}

struct Collector<'a> {
    ctx: &'a Context,
    root: &'a Body,
    bodies: &'a Bodies,
    liveness: &'a Liveness,
    /// Values already scheduled to go.
    gone: FxHashSet<(BodyId, Value)>,
    /// The symbol uses of each symbol table seen, by its body.
    tables: rustc_hash::FxHashMap<BodyId, SymbolUses>,
    list: CleanupList,
}

/// Walks the IR under `root` and lists what to remove.
pub(super) fn collect(ctx: &Context, root: &Body, bodies: &Bodies, liveness: &Liveness) -> CleanupList {
    let mut ops = Vec::new();
    post_order(root, bodies, 0, &root.roots, &mut ops);
    let mut c = Collector { ctx, root, bodies, liveness, gone: FxHashSet::default(), tables: Default::default(), list: CleanupList::default() };
    for (b, op) in ops {
        c.process(b, op);
    }
    c.reconcile();
    c.list
}

/// The ops of `regions` of body `b`, each after the ops of its own regions.
pub(super) fn post_order(root: &Body, bodies: &Bodies, b: BodyId, regions: &[mica_ir::Region], out: &mut Vec<(BodyId, Op)>) {
    let body = bodies.get(root, b);
    for &r in regions {
        for &blk in body.region_blocks(r) {
            for op in body.block_ops(blk) {
                match (bodies.nested(b, op), body.nested(op)) {
                    (Some(n), Some(inner)) => post_order(root, bodies, n, &inner.roots, out),
                    _ => post_order(root, bodies, b, body.local_regions(op), out),
                }
                out.push((b, op));
            }
        }
    }
}

impl<'a> Collector<'a> {
    fn body(&self, b: BodyId) -> &'a Body {
        self.bodies.get(self.root, b)
    }

    fn dead(&self, b: BodyId, v: Value) -> bool {
        self.gone.contains(&(b, v)) || !self.liveness.is_live(b, v)
    }

    fn any_live(&self, b: BodyId, values: &[Value]) -> bool {
        values.iter().any(|v| !self.dead(b, *v))
    }

    fn process(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.body(b);
        let name = body.op(op).name;
        let traits = ctx.registry().traits(name);
        if ctx.str(name) == "func.func" {
            self.function(b, op);
        } else if region_branch(ctx, body, op).is_some() {
            self.region_branch(b, op);
        } else if !body.successors(op).is_empty() && ctx.registry().get(name).is_some_and(|d| d.successor_operands.is_some()) {
            self.branch(b, op);
        } else if traits.contains(Traits::TERMINATOR) || is_call(ctx, name) {
        } else {
            self.simple(b, op);
        }
    }

    fn simple(&mut self, b: BodyId, op: Op) {
        let body = self.body(b);
        let operands: Vec<Value> = body.operands(op).collect();
        let results = body.results(op).to_vec();
        let has_dead_operand = operands.iter().any(|v| self.dead(b, *v));
        if !has_dead_operand && (effects(self.ctx, body, op) != Effects::None || self.any_live(b, &results)) {
            return;
        }
        self.list.operations.push((b, op));
        self.gone.extend(results.into_iter().map(|r| (b, r)));
    }

    /// The calls of function `op` (held by body `b`, a symbol table's), if every use of its
    /// symbol in the table is a call naming it (MLIR 22 assumes so and crashes otherwise; later
    /// MLIR leaves such functions alone, as this does).
    fn calls_of(&mut self, b: BodyId, op: Op) -> Option<Vec<(BodyId, Op)>> {
        let ctx = self.ctx;
        let name = ctx.op_attr(self.body(b), op, "sym_name").and_then(|a| ctx.as_str(a))?;
        let name = ctx.ident(name);
        if !self.tables.contains_key(&b) {
            let mut uses = SymbolUses::default();
            self.symbol_uses(b, &self.body(b).roots, &mut uses);
            self.tables.insert(b, uses);
        }
        let uses = &self.tables[&b];
        if uses.unknown || uses.other.contains(&name) {
            return None;
        }
        Some(uses.calls.get(&name).cloned().unwrap_or_default())
    }

    /// Collects the ops of `regions` of body `b` (entering nested bodies, not nested symbol
    /// tables) that refer to symbols: the calls naming one, the symbols other ops refer to.
    fn symbol_uses(&self, b: BodyId, regions: &[mica_ir::Region], uses: &mut SymbolUses) {
        let ctx = self.ctx;
        let body = self.body(b);
        for &r in regions {
            for &blk in body.region_blocks(r) {
                for op in body.block_ops(blk) {
                    let d = body.op(op);
                    let def = ctx.registry().get(d.name);
                    if def.is_none() && body.num_regions(op) == 1 {
                        // A symbol table whose uses cannot be known.
                        uses.unknown = true;
                    }
                    let direct = (ctx.str(d.name) == "func.call")
                        .then(|| ctx.op_attr(body, op, "callee"))
                        .flatten()
                        .and_then(|c| match ctx.attr_kind(c) {
                            AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
                            _ => None,
                        });
                    for a in d.properties().into_iter().chain([d.attrs]) {
                        symbol_refs_in(ctx, a, &mut |s| {
                            if let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(s) {
                                match direct {
                                    Some(callee) if callee == *root && s == ctx.op_attr(body, op, "callee").unwrap_or(s) => {}
                                    _ => {
                                        uses.other.insert(*root);
                                    }
                                }
                            }
                        });
                    }
                    if let Some(callee) = direct {
                        uses.calls.entry(callee).or_default().push((b, op));
                    }
                    if def.is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE)) {
                        continue;
                    }
                    match (self.bodies.nested(b, op), body.nested(op)) {
                        (Some(n), Some(inner)) => self.symbol_uses(n, &inner.roots, uses),
                        _ => self.symbol_uses(b, body.local_regions(op), uses),
                    }
                }
            }
        }
    }

    fn function(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.body(b);
        let public = ctx.op_attr(body, op, "sym_visibility").and_then(|a| ctx.as_str(a)).is_none_or(|v| v == "public");
        let Some(fb) = self.bodies.nested(b, op) else { return };
        let fbody = self.body(fb);
        let Some(&entry) = fbody.roots.first().and_then(|r| fbody.region_blocks(*r).first()) else { return };
        if public {
            return;
        }
        let Some(calls) = self.calls_of(b, op) else { return };
        let args = fbody.block_args(entry).to_vec();
        let dead_args: Vec<bool> = args.iter().map(|a| self.dead(fb, *a)).collect();
        self.gone.extend(args.iter().zip(&dead_args).filter(|(_, d)| **d).map(|(a, _)| (fb, *a)));
        for &(cb, call) in &calls {
            let n = self.body(cb).num_operands(call);
            self.list.operands.push(OperandCleanup { body: cb, op: call, dead: vec![false; n], callee: Some((b, op)), poison: false });
        }
        // A result goes when no call uses it (even if the function computes it from live
        // values).
        let fty = ctx.op_attr(body, op, "function_type").and_then(|a| ctx.as_type(a));
        let n_results = fty.and_then(|t| ctx.function_signature(t)).map_or(0, |(_, r)| r.len());
        let mut dead_results = vec![true; n_results];
        for &(cb, call) in &calls {
            let results = self.body(cb).results(call).to_vec();
            for (i, d) in dead_results.iter_mut().enumerate() {
                *d &= results.get(i).is_some_and(|r| self.dead(cb, *r));
            }
        }
        let fbody = self.body(fb);
        let returns: Vec<Op> = fbody.roots.iter().flat_map(|r| fbody.region_blocks(*r).iter()).filter_map(|blk| fbody.block_last_op(*blk)).collect();
        for ret in returns {
            let fbody = self.body(fb);
            if ctx.registry().traits(fbody.op(ret).name).contains(Traits::RETURN_LIKE) && fbody.num_operands(ret) == n_results {
                self.list.operands.push(OperandCleanup { body: fb, op: ret, dead: dead_results.clone(), callee: None, poison: false });
            }
        }
        self.list.functions.push(FunctionCleanup { body: b, op, dead_args, dead_results: dead_results.clone() });
        if n_results == 0 {
            return;
        }
        for (cb, call) in calls {
            let results = self.body(cb).results(call).to_vec();
            self.gone.extend(results.iter().zip(&dead_results).filter(|(_, d)| **d).map(|(r, _)| (cb, *r)));
            self.list.results.push((cb, call, dead_results.clone()));
        }
    }

    fn region_branch(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.body(b);
        let results = body.results(op).to_vec();
        if effects(ctx, body, op) == Effects::None && !self.any_live(b, &results) {
            self.list.operations.push((b, op));
            return;
        }
        let Some(rb) = region_branch(ctx, body, op) else { return };
        // Each forwarded operand (of the op or of a region terminator) and the successor
        // inputs it reaches, from every branch point.
        let mut forwarded: Vec<((Op, usize), Vec<Value>)> = Vec::new();
        let mut add = |owner: Op, k: usize, v: Value| match forwarded.iter_mut().find(|(key, _)| *key == (owner, k)) {
            Some((_, inputs)) => inputs.push(v),
            None => forwarded.push(((owner, k), vec![v])),
        };
        for (k, v) in entry_edges(ctx, body, op, &rb) {
            add(op, k, v);
        }
        for (index, &r) in body.local_regions(op).iter().enumerate() {
            for &blk in body.region_blocks(r) {
                let Some(term) = body.block_last_op(blk) else { continue };
                if terminator_operands(ctx, body, term, RegionPoint::Parent).is_none() {
                    continue;
                }
                for (k, v) in terminator_edges(ctx, body, term, op, &rb, index) {
                    add(term, k, v);
                }
            }
        }
        let mut per_op: Vec<(Op, Vec<bool>)> = Vec::new();
        for ((owner, k), inputs) in forwarded {
            let value = body.operand(owner, k);
            if self.dead(b, value) || !self.any_live(b, &inputs) {
                let n = body.num_operands(owner);
                let slot = match per_op.iter().position(|(o, _)| *o == owner) {
                    Some(p) => p,
                    None => {
                        per_op.push((owner, vec![false; n]));
                        per_op.len() - 1
                    }
                };
                per_op[slot].1[k] = true;
            }
        }
        for (owner, dead) in per_op {
            self.list.operands.push(OperandCleanup { body: b, op: owner, dead, callee: None, poison: true });
        }
    }

    fn branch(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.body(b);
        let Some(forwarded) = ctx.registry().get(body.op(op).name).and_then(|d| d.successor_operands) else { return };
        let n = body.num_operands(op);
        let mut is_forwarded = vec![false; n];
        let successors = body.successors(op).to_vec();
        let ranges: Vec<std::ops::Range<usize>> = (0..successors.len()).map(|i| forwarded(ctx, body, op, i).unwrap_or(0..0)).collect();
        for r in &ranges {
            for k in r.clone() {
                is_forwarded[k] = true;
            }
        }
        if (0..n).any(|k| !is_forwarded[k] && self.dead(b, body.operand(op, k))) {
            self.list.operations.push((b, op));
            return;
        }
        for (i, (succ, range)) in successors.into_iter().zip(ranges).enumerate() {
            let body = self.body(b);
            let dead: Vec<bool> = range.map(|k| self.dead(b, body.operand(op, k))).collect();
            let args = body.block_args(succ).to_vec();
            // An argument another edge keeps alive stays (MLIR 22 drops it, see `reconcile`).
            self.gone.extend(args.iter().zip(&dead).filter(|(a, d)| **d && !self.liveness.is_live(b, **a)).map(|(a, _)| (b, *a)));
            self.list.blocks.push((b, succ, dead.clone()));
            self.list.successor_operands.push((b, op, i, dead));
        }
    }

    /// Makes the branches into each block agree on the arguments it loses. MLIR 22 takes the
    /// dead operands of the first branch that has some as the block's dead arguments and has
    /// each branch drop its own dead operands, which leaves operand counts that do not match
    /// (or live arguments dropped) when branches disagree, as when one comes from unreachable
    /// code; then the block loses the arguments the liveness analysis found dead and every
    /// branch stops passing them.
    fn reconcile(&mut self) {
        // The entries of `blocks` of each target block, targets in the order first reached.
        let mut targets: Vec<((BodyId, Block), Vec<usize>)> = Vec::new();
        let mut index: rustc_hash::FxHashMap<(BodyId, Block), usize> = Default::default();
        for (i, &(b, blk, _)) in self.list.blocks.iter().enumerate() {
            let t = *index.entry((b, blk)).or_insert_with(|| {
                targets.push(((b, blk), Vec::new()));
                targets.len() - 1
            });
            targets[t].1.push(i);
        }
        for ((b, blk), entries) in targets {
            let first = &self.list.blocks[entries[0]].2;
            if entries.iter().all(|&i| self.list.blocks[i].2 == *first) {
                continue;
            }
            let body = self.body(b);
            let dead: Vec<bool> = body.block_args(blk).iter().map(|a| !self.liveness.is_live(b, *a)).collect();
            for &i in &entries {
                self.list.blocks[i].2 = dead.clone();
                let (_, op, succ, _) = self.list.successor_operands[i];
                debug_assert_eq!(body.successors(op).get(succ), Some(&blk));
                self.list.successor_operands[i].3 = dead.clone();
            }
        }
    }
}
