//! The analysis of `sccp`: MLIR's `DeadCodeAnalysis` and `SparseConstantPropagation` run
//! together to their fixpoint, on a worklist of ops.
//!
//! A block is live once control may reach it: the entry blocks of the top op's regions; the
//! successors a live branch may take (all of them unless its constant operands select one,
//! and only once every operand is known); the regions a live region-branch op or
//! terminator may go to (again once its operands are known); the entry block of a callable
//! with callers outside the analysis or with a live call; the regions of any other op in a
//! live block. Only ops of live blocks are visited. Each visit pushes what the op says onto
//! the values it determines: an op's results fold from its operands' constants (through the
//! op's `fold`; an op with regions, a fold in place or a failed one make them
//! over-defined), branch operands flow into successor arguments, values forwarded by a
//! region-branch op or by the terminators of its regions into region arguments or results
//! (the values control flow does not describe are over-defined), call operands into callee
//! arguments, and returned values into call results. A changed value queues its users again.

use super::callables::{is_call_op, Callables};
use super::lattice::Lattice;
use crate::bodies::{BodyId, Bodies};
use mica_ir::control_flow::{region_branch, terminator_operands, terminator_successors, RegionPoint};
use mica_ir::registry::{FoldResult, Folded};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Op, Traits, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::VecDeque;

/// What the analysis found.
pub(super) struct Solution {
    /// The lattice of each value, by body and value index.
    values: Vec<Vec<Lattice>>,
}

impl Solution {
    /// What is known about value `v` of body `b` (nothing for values made after the analysis).
    pub(super) fn get(&self, b: BodyId, v: Value) -> Lattice {
        self.values[b as usize].get(v.index()).copied().unwrap_or_default()
    }
}

struct Solver<'a> {
    ctx: &'a Context,
    bodies: &'a Bodies,
    callables: &'a Callables,
    values: Vec<Vec<Lattice>>,
    live: Vec<Vec<bool>>,
    /// The live calls of each callable, each with its body.
    sites: Vec<Vec<(BodyId, Op)>>,
    /// The callee of each call op visited (`None`: outside the analysis).
    callees: FxHashMap<(BodyId, Op), Option<usize>>,
    /// Ops whose fold result is a value that is not one of their operands, by that value.
    watchers: FxHashMap<(BodyId, Value), SmallVec<[Op; 1]>>,
    worklist: VecDeque<(BodyId, Op)>,
    queued: Vec<Vec<bool>>,
}

/// Runs the analysis on `root`, the body of the top op.
pub(super) fn solve(ctx: &Context, root: &mut Body, bodies: &Bodies, callables: &Callables) -> Solution {
    let n = bodies.len();
    let mut s = Solver {
        ctx,
        bodies,
        callables,
        values: (0..n).map(|b| vec![Lattice::Uninit; bodies.get(root, b as BodyId).num_values()]).collect(),
        live: (0..n).map(|b| vec![false; bodies.get(root, b as BodyId).num_blocks()]).collect(),
        sites: vec![Vec::new(); callables.list.len()],
        callees: FxHashMap::default(),
        watchers: FxHashMap::default(),
        worklist: VecDeque::new(),
        queued: (0..n).map(|b| vec![false; bodies.get(root, b as BodyId).num_ops()]).collect(),
    };
    for &r in &root.roots.clone() {
        if let Some(&entry) = root.region_blocks(r).first() {
            s.mark_live(root, 0, entry);
            for a in root.block_args(entry).to_vec() {
                s.set(root, 0, a, Lattice::Over);
            }
        }
    }
    while let Some((b, op)) = s.worklist.pop_front() {
        s.queued[b as usize][op.index()] = false;
        s.visit(root, b, op);
    }
    Solution { values: s.values }
}

impl Solver<'_> {
    fn push(&mut self, b: BodyId, op: Op) {
        let q = &mut self.queued[b as usize];
        if op.index() < q.len() && !q[op.index()] {
            q[op.index()] = true;
            self.worklist.push_back((b, op));
        }
    }

    fn lattice(&self, b: BodyId, v: Value) -> Lattice {
        self.values[b as usize][v.index()]
    }

    /// Joins `l` into value `v` of body `b`, queueing its users when it changes.
    fn set(&mut self, root: &Body, b: BodyId, v: Value, l: Lattice) {
        if !self.values[b as usize][v.index()].join(l) {
            return;
        }
        let body = self.bodies.get(root, b);
        let users: SmallVec<[Op; 8]> = body.uses(v).map(|u| u.op).collect();
        for u in users {
            self.push(b, u);
        }
        if let Some(w) = self.watchers.get(&(b, v)).cloned() {
            for op in w {
                self.push(b, op);
            }
        }
    }

    fn mark_live(&mut self, root: &Body, b: BodyId, block: Block) {
        let live = &mut self.live[b as usize][block.index()];
        if *live {
            return;
        }
        *live = true;
        let body = self.bodies.get(root, b);
        let ops: SmallVec<[Op; 16]> = body.block_ops(block).collect();
        for op in ops {
            self.push(b, op);
        }
    }

    /// The operands' constants, or `None` while one of them is unknown.
    fn operand_constants(&self, body: &Body, b: BodyId, op: Op) -> Option<SmallVec<[Option<Attr>; 4]>> {
        body.operands(op)
            .map(|v| match self.lattice(b, v) {
                Lattice::Uninit => None,
                l => Some(l.constant()),
            })
            .collect()
    }

    fn visit(&mut self, root: &mut Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        if body.is_erased(op) {
            return;
        }
        let Some(block) = body.op_block(op) else { return };
        if !self.live[b as usize][block.index()] {
            return;
        }
        if !body.op(op).successors.is_empty() {
            self.visit_branch(root, b, op);
        }
        let body = self.bodies.get(root, b);
        if body.block_last_op(block) == Some(op) && body.op(op).successors.is_empty() && self.might_be_terminator(body, op) {
            self.visit_return(root, b, op, block);
        }
        let body = self.bodies.get(root, b);
        if is_call_op(ctx, body, op) {
            self.visit_call(root, b, op);
        } else if body.num_regions(op) != 0 {
            self.visit_region_op(root, b, op);
        } else if !body.results(op).is_empty() {
            self.visit_fold(root, b, op);
        }
    }

    /// Registered terminators and unregistered ops (which might be).
    fn might_be_terminator(&self, body: &Body, op: Op) -> bool {
        self.ctx.registry().get(body.op(op).name).is_none_or(|d| d.traits.contains(Traits::TERMINATOR))
    }

    fn visit_branch(&mut self, root: &Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let succ: SmallVec<[Block; 2]> = body.op(op).successors.clone();
        let def = ctx.registry().get(body.op(op).name);
        let Some(forwarded) = def.and_then(|d| d.successor_operands) else {
            // Not a branch the analysis understands: every successor, arguments unknown.
            for s in succ {
                self.mark_live(root, b, s);
                for a in self.bodies.get(root, b).block_args(s).to_vec() {
                    self.set(root, b, a, Lattice::Over);
                }
            }
            return;
        };
        let Some(consts) = self.operand_constants(body, b, op) else { return };
        let target = def.and_then(|d| d.branch_target).and_then(|f| f(ctx, body, op, &consts));
        // An edge joins two blocks: every successor slot naming the taken block carries values.
        let edges: SmallVec<[usize; 2]> = match target {
            Some(t) if t < succ.len() => (0..succ.len()).filter(|&i| succ[i] == succ[t]).collect(),
            _ => (0..succ.len()).collect(),
        };
        for i in edges {
            let body = self.bodies.get(root, b);
            let operands: SmallVec<[Value; 4]> = forwarded(ctx, body, op, i).map(|r| r.map(|k| body.operand(op, k)).collect()).unwrap_or_default();
            let args = body.block_args(succ[i]).to_vec();
            self.mark_live(root, b, succ[i]);
            for (k, a) in args.into_iter().enumerate() {
                let l = operands.get(k).map_or(Lattice::Over, |v| self.lattice(b, *v));
                self.set(root, b, a, l);
            }
        }
    }

    /// A terminator leaving its region: to the region-branch op holding it, or out of a
    /// callable to its calls.
    fn visit_return(&mut self, root: &Body, b: BodyId, op: Op, block: Block) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let Some(region) = body.block_region(block) else { return };
        match body.region_parent(region) {
            Some(parent) => {
                let Some(branch) = region_branch(ctx, body, parent) else { return };
                let Some(consts) = self.operand_constants(body, b, op) else { return };
                let index = body.local_regions(parent).iter().position(|r| *r == region).unwrap_or(0);
                let successors = terminator_successors(ctx, body, op, parent, &branch, index, &consts);
                for to in successors {
                    let body = self.bodies.get(root, b);
                    let operands = terminator_operands(ctx, body, op, to).map(|r| r.map(|k| body.operand(op, k)).collect::<SmallVec<[Value; 4]>>());
                    self.forward(root, b, parent, to, operands.as_deref());
                }
            }
            None => {
                let Some(c) = self.callables.of_body(b) else { return };
                let returns = ctx.registry().traits(body.op(op).name).contains(Traits::RETURN_LIKE);
                let values: SmallVec<[Lattice; 4]> = body.operands(op).map(|v| self.lattice(b, v)).collect();
                for (cb, call) in self.sites[c].clone() {
                    let results = self.bodies.get(root, cb).results(call).to_vec();
                    for (k, r) in results.into_iter().enumerate() {
                        let l = if returns { values.get(k).copied().unwrap_or(Lattice::Over) } else { Lattice::Over };
                        self.set(root, cb, r, l);
                    }
                }
            }
        }
    }

    /// Control reaches `to` from region-branch op `parent` or one of its regions, carrying
    /// `operands` (`None`: values the analysis cannot follow).
    fn forward(&mut self, root: &Body, b: BodyId, parent: Op, to: RegionPoint, operands: Option<&[Value]>) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let Some(branch) = region_branch(ctx, body, parent) else { return };
        let targets: Vec<Value> = match to {
            RegionPoint::Parent => body.results(parent).to_vec(),
            RegionPoint::Region(i) => {
                let Some(&entry) = body.local_regions(parent).get(i).and_then(|r| body.region_blocks(*r).first()) else { return };
                let args = body.block_args(entry).to_vec();
                self.mark_live(root, b, entry);
                args
            }
        };
        let body = self.bodies.get(root, b);
        let inputs = (branch.inputs)(ctx, body, parent, to);
        let incoming: SmallVec<[Lattice; 4]> = operands.map(|o| o.iter().map(|v| self.lattice(b, *v)).collect()).unwrap_or_default();
        for (k, t) in targets.into_iter().enumerate() {
            let l = match operands {
                Some(_) if inputs.contains(&k) => incoming.get(k - inputs.start).copied().unwrap_or(Lattice::Over),
                _ => Lattice::Over,
            };
            self.set(root, b, t, l);
        }
    }

    fn visit_call(&mut self, root: &Body, b: BodyId, op: Op) {
        let callee = match self.callees.get(&(b, op)) {
            Some(c) => *c,
            None => {
                let c = self.callables.resolve(self.ctx, root, self.bodies, b, op);
                self.callees.insert((b, op), c);
                c
            }
        };
        let body = self.bodies.get(root, b);
        let Some(c) = callee else {
            for r in body.results(op).to_vec() {
                self.set(root, b, r, Lattice::Over);
            }
            return;
        };
        let operands: SmallVec<[Lattice; 4]> = body.operands(op).map(|v| self.lattice(b, v)).collect();
        let cb = self.callables.list[c].body;
        let callee_body = self.bodies.get(root, cb);
        let Some(&entry) = callee_body.roots.first().and_then(|r| callee_body.region_blocks(*r).first()) else { return };
        let args = callee_body.block_args(entry).to_vec();
        if !self.sites[c].contains(&(b, op)) {
            self.sites[c].push((b, op));
            self.mark_live(root, cb, entry);
            // The callee's returns reach this call too.
            let callee_body = self.bodies.get(root, cb);
            let returns: Vec<Op> =
                callee_body.region_blocks(callee_body.roots[0]).iter().filter_map(|blk| callee_body.block_last_op(*blk)).collect();
            for r in returns {
                self.push(cb, r);
            }
        }
        for (a, l) in args.into_iter().zip(operands) {
            self.set(root, cb, a, l);
        }
    }

    fn visit_region_op(&mut self, root: &Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        if let Some(branch) = region_branch(ctx, body, op) {
            let Some(consts) = self.operand_constants(body, b, op) else { return };
            for to in (branch.entry)(ctx, body, op, &consts) {
                let body = self.bodies.get(root, b);
                let operands: SmallVec<[Value; 4]> = (branch.entry_operands)(ctx, body, op, to).map(|k| body.operand(op, k)).collect();
                self.forward(root, b, op, to, Some(&operands));
            }
            return;
        }
        for r in body.results(op).to_vec() {
            self.set(root, b, r, Lattice::Over);
        }
        let body = self.bodies.get(root, b);
        let (rb, regions, rid) = match self.bodies.nested(b, op) {
            Some(n) => {
                if let Some(c) = self.callables.of_body(n) {
                    // A callable: entered by its calls, or from outside.
                    if !self.callables.list[c].unknown_callers {
                        return;
                    }
                }
                let nb = self.bodies.get(root, n);
                (nb, nb.roots.to_vec(), n)
            }
            None => (body, body.local_regions(op).to_vec(), b),
        };
        let entries: Vec<(Block, Vec<Value>)> =
            regions.iter().filter_map(|r| rb.region_blocks(*r).first()).map(|e| (*e, rb.block_args(*e).to_vec())).collect();
        for (entry, args) in entries {
            self.mark_live(root, rid, entry);
            for a in args {
                self.set(root, rid, a, Lattice::Over);
            }
        }
    }

    fn visit_fold(&mut self, root: &mut Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get_mut(root, b);
        let name = body.op(op).name;
        let Some(def) = ctx.registry().get(name) else {
            return self.overdefine_results(root, b, op);
        };
        if def.traits.contains(Traits::CONSTANT_LIKE) {
            if let Some(value) = crate::greedy::constant_op_value(ctx, body, op) {
                let r = body.results(op)[0];
                return self.set(root, b, r, Lattice::Const(value, def.dialect()));
            }
        }
        let Some(consts) = self.operand_constants(body, b, op) else { return };
        let Some(fold) = def.fold else {
            return self.overdefine_results(root, b, op);
        };
        // The constants stand for values the op may not really see: a fold in place is undone.
        let operands: SmallVec<[Value; 4]> = body.operands(op).collect();
        let (attrs, properties) = (body.op(op).attrs, body.op(op).properties);
        let folded = fold(ctx, body, op, &consts);
        let own = body.results(op).to_vec();
        let results = match folded {
            Some(FoldResult::Results(r)) if !(own.len() == 1 && r.len() == 1 && r[0] == Folded::Value(own[0])) => Some(r),
            _ => None,
        };
        if results.is_none() {
            for (k, v) in operands.iter().enumerate() {
                if body.operand(op, k) != *v {
                    body.set_operand(op, k, *v);
                }
            }
            body.op_mut(op).attrs = attrs;
            body.op_mut(op).properties = properties;
            return self.overdefine_results(root, b, op);
        }
        for (r, f) in own.into_iter().zip(results.into_iter().flatten()) {
            let l = match f {
                Folded::Attr(a) => Lattice::Const(a, def.dialect()),
                Folded::Value(v) => {
                    let from_operand = operands.contains(&v);
                    if !from_operand {
                        let w = self.watchers.entry((b, v)).or_default();
                        if !w.contains(&op) {
                            w.push(op);
                        }
                    }
                    self.lattice(b, v)
                }
            };
            self.set(root, b, r, l);
        }
    }

    fn overdefine_results(&mut self, root: &Body, b: BodyId, op: Op) {
        for r in self.bodies.get(root, b).results(op).to_vec() {
            self.set(root, b, r, Lattice::Over);
        }
    }
}
