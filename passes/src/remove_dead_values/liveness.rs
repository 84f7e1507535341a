//! The liveness analysis of `remove-dead-values` (MLIR's `LivenessAnalysis`, a sparse
//! backward analysis run with dead-code analysis): which values the program needs. Only ops in
//! blocks control may reach count; values nothing reachable needs are dead.
//!
//! A value is live when it is an operand of a reachable op that would not be trivially dead
//! (it has effects, or is a terminator), or an operand of an op with a live result; an operand a
//! branch forwards is live when the block argument it reaches is, one a region-branch op or
//! one of its region terminators forwards when a successor input it reaches is (operands
//! that are not forwarded, like a condition, are live when the op would not be trivially dead
//! or has a live result; a terminator asks its parent op); region arguments that are not
//! forwarded values (an induction variable) likewise; an operand a call passes to a callee
//! with a body is live when the callee's argument is (every operand of other calls is live);
//! a returned value is live when the callable may have callers the analysis does not see, or
//! when the matching result of a known call is. The fixpoint is the least one: values start
//! dead and become live when an op reading them is visited again.

use crate::bodies::{BodyId, Bodies};
use crate::effects::would_be_trivially_dead;
use crate::sccp::callables::{is_call_op, Callables};
use crate::sccp::solver::Solution;
use super::edges::{entry_edges, successor_values, terminator_edges};
use mica_ir::control_flow::{region_branch, terminator_operands, RegionPoint};
use mica_ir::{Body, Context, EntityRef, Op, Traits, Value};
use smallvec::SmallVec;

/// Whether each value is live.
pub(super) struct Liveness {
    /// By body and value index.
    live: Vec<Vec<bool>>,
}

impl Liveness {
    /// Whether `v` of body `b` is live; values made after the analysis are (MLIR keeps them).
    pub(super) fn is_live(&self, b: BodyId, v: Value) -> bool {
        self.live.get(b as usize).and_then(|l| l.get(v.index())).copied().unwrap_or(true)
    }
}

/// A reader: the op visited again when a value it read becomes live.
type Reader = (BodyId, Op);

struct Analysis<'a> {
    ctx: &'a Context,
    root: &'a Body,
    bodies: &'a Bodies,
    dead_code: &'a Solution,
    callables: &'a Callables,
    live: Vec<Vec<bool>>,
    /// The readers of each value, by body and value index.
    readers: Vec<Vec<SmallVec<[Reader; 1]>>>,
    queued: Vec<Vec<bool>>,
    queue: Vec<Reader>,
}

/// Runs the analysis on `root` and the bodies under it, given the dead-code analysis.
pub(super) fn analyze(ctx: &Context, root: &Body, bodies: &Bodies, dead_code: &Solution, callables: &Callables) -> Liveness {
    let n = bodies.len();
    let mut a = Analysis {
        ctx,
        root,
        bodies,
        dead_code,
        callables,
        live: (0..n).map(|b| vec![false; bodies.get(root, b as BodyId).num_values()]).collect(),
        readers: (0..n).map(|b| vec![SmallVec::new(); bodies.get(root, b as BodyId).num_values()]).collect(),
        queued: (0..n).map(|b| vec![false; bodies.get(root, b as BodyId).num_ops()]).collect(),
        queue: Vec::new(),
    };
    for b in 0..n as BodyId {
        let body = bodies.get(root, b);
        let mut ops = Vec::new();
        crate::call_graph::walk_local(body, &body.roots, &mut |op| ops.push(op));
        for op in ops.into_iter().rev() {
            a.enqueue((b, op));
        }
    }
    while let Some((b, op)) = a.queue.pop() {
        a.queued[b as usize][op.index()] = false;
        a.visit(b, op);
    }
    Liveness { live: a.live }
}

impl<'a> Analysis<'a> {
    fn body(&self, b: BodyId) -> &'a Body {
        self.bodies.get(self.root, b)
    }

    fn enqueue(&mut self, r: Reader) {
        let q = &mut self.queued[r.0 as usize][r.1.index()];
        if !*q {
            *q = true;
            self.queue.push(r);
        }
    }

    /// Whether `v` of body `b` is live, `reader` being visited again when it becomes so.
    fn read(&mut self, b: BodyId, v: Value, reader: Reader) -> bool {
        let i = v.index();
        if self.live[b as usize][i] {
            return true;
        }
        let rs = &mut self.readers[b as usize][i];
        if !rs.contains(&reader) {
            rs.push(reader);
        }
        false
    }

    fn mark(&mut self, b: BodyId, v: Value) {
        let i = v.index();
        if self.live[b as usize][i] {
            return;
        }
        self.live[b as usize][i] = true;
        for r in std::mem::take(&mut self.readers[b as usize][i]) {
            self.enqueue(r);
        }
    }

    /// Whether any of `values` is live (read by `reader`).
    fn any_live(&mut self, b: BodyId, values: &[Value], reader: Reader) -> bool {
        // Every value is read, so that each one's change wakes the reader.
        let mut any = false;
        for &v in values {
            any |= self.read(b, v, reader);
        }
        any
    }

    /// MLIR's `LivenessAnalysis::visitOperation(op, operands, results)`: `operands` are live
    /// when `op` would not be trivially dead or one of its results is live.
    fn generic(&mut self, b: BodyId, op: Op, operands: &[Value], reader: Reader) {
        if operands.iter().all(|v| self.live[b as usize][v.index()]) {
            return;
        }
        let needed = !would_be_trivially_dead(self.ctx, self.body(b), op) || {
            let results = self.body(b).results(op).to_vec();
            self.any_live(b, &results, reader)
        };
        if needed {
            for &v in operands {
                self.mark(b, v);
            }
        }
    }

    fn visit(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.body(b);
        if body.op_block(op).is_some_and(|blk| !self.dead_code.block_live(b, blk)) {
            return;
        }
        let me = (b, op);
        if region_branch(ctx, body, op).is_some() {
            return self.visit_region_branch(b, op);
        }
        let def = ctx.registry().get(body.op(op).name);
        if let Some(forwarded) = def.and_then(|d| d.successor_operands).filter(|_| !body.successors(op).is_empty()) {
            let mut accounted = vec![false; body.num_operands(op)];
            let mut edges: Vec<(usize, Value)> = Vec::new();
            for (i, &succ) in body.successors(op).iter().enumerate() {
                let Some(range) = forwarded(ctx, body, op, i) else { continue };
                let args = body.block_args(succ);
                for (k, &arg) in range.zip(args.iter()) {
                    accounted[k] = true;
                    edges.push((k, arg));
                }
            }
            for (k, arg) in edges {
                if self.read(b, arg, me) {
                    let v = self.body(b).operand(op, k);
                    self.mark(b, v);
                }
            }
            // Operands no successor receives (a condition): a branch is a terminator, so they
            // are live.
            let rest: Vec<Value> = (0..accounted.len()).filter(|k| !accounted[*k]).map(|k| self.body(b).operand(op, k)).collect();
            return self.generic(b, op, &rest, me);
        }
        if is_call_op(ctx, body, op) {
            if let Some(c) = self.callables.resolve(ctx, self.root, self.bodies, b, op) {
                let (cb, callable) = self.callables.list[c].op;
                let Some(callee) = self.bodies.nested(cb, callable) else { return };
                let cbody = self.body(callee);
                let entry_args: Vec<Value> = cbody.roots.first().and_then(|r| cbody.region_blocks(*r).first()).map(|e| cbody.block_args(*e).to_vec()).unwrap_or_default();
                let skip = usize::from(ctx.str(body.op(op).name) == "func.call_indirect");
                let operands: Vec<Value> = body.operands(op).collect();
                for (k, &v) in operands.iter().enumerate() {
                    let forwarded = k >= skip && entry_args.get(k - skip).is_some_and(|&arg| self.read(callee, arg, me));
                    let passed = k >= skip && k - skip < entry_args.len();
                    if forwarded || !passed {
                        self.mark(b, v);
                    }
                }
                return;
            }
        }
        if let Some(parent) = body.parent_op(op).filter(|p| region_branch(ctx, body, *p).is_some()) {
            if terminator_operands(ctx, body, op, RegionPoint::Parent).is_some() {
                return self.visit_region_terminator(b, op, parent);
            }
        }
        if ctx.registry().traits(body.op(op).name).contains(Traits::RETURN_LIKE) && body.parent_op(op).is_none() {
            if let Some((pb, callable)) = self.bodies.owner(b).filter(|(pb, f)| ctx.str(self.body(*pb).op(*f).name) == "func.func") {
                let (unknown, calls) = self.dead_code.callsites(pb, callable);
                let calls = calls.to_vec();
                let operands: Vec<Value> = body.operands(op).collect();
                if unknown {
                    for v in operands {
                        self.mark(b, v);
                    }
                    return;
                }
                for (cb, call) in calls {
                    let results = self.body(cb).results(call).to_vec();
                    for (&v, r) in operands.iter().zip(results) {
                        if self.read(cb, r, me) {
                            self.mark(b, v);
                        }
                    }
                }
                return;
            }
        }
        let operands: Vec<Value> = body.operands(op).collect();
        self.generic(b, op, &operands, me);
    }

    fn visit_region_branch(&mut self, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let me = (b, op);
        let body = self.body(b);
        let Some(rb) = region_branch(ctx, body, op) else { return };
        let n = body.num_operands(op);
        let edges = entry_edges(ctx, body, op, &rb);
        let mut accounted = vec![false; n];
        for &(k, _) in &edges {
            accounted[k] = true;
        }
        let mut non_forwarded: Vec<Value> = Vec::new();
        for to in (rb.entry)(ctx, body, op, &vec![None; n]) {
            if let RegionPoint::Region(_) = to {
                let inputs = (rb.inputs)(ctx, body, op, to);
                non_forwarded.extend(successor_values(body, op, to).into_iter().enumerate().filter(|(i, _)| !inputs.contains(i)).map(|(_, v)| v));
            }
        }
        let rest: Vec<Value> = (0..n).filter(|k| !accounted[*k]).map(|k| body.operand(op, k)).collect();
        for (k, v) in edges {
            if self.read(b, v, me) {
                let operand = self.body(b).operand(op, k);
                self.mark(b, operand);
            }
        }
        // Region arguments control flow does not describe (an induction variable), then the
        // operands no successor receives: live when the op is needed.
        self.generic(b, op, &non_forwarded, me);
        self.generic(b, op, &rest, me);
    }

    fn visit_region_terminator(&mut self, b: BodyId, op: Op, parent: Op) {
        let ctx = self.ctx;
        let me = (b, op);
        let body = self.body(b);
        let Some(rb) = region_branch(ctx, body, parent) else { return };
        let region = body.op_block(op).and_then(|blk| body.block_region(blk));
        let index = body.local_regions(parent).iter().position(|r| Some(*r) == region).unwrap_or(0);
        let n = body.num_operands(op);
        let edges = terminator_edges(ctx, body, op, parent, &rb, index);
        let mut accounted = vec![false; n];
        for &(k, _) in &edges {
            accounted[k] = true;
        }
        let rest: Vec<Value> = (0..n).filter(|k| !accounted[*k]).map(|k| body.operand(op, k)).collect();
        for (k, v) in edges {
            if self.read(b, v, me) {
                let operand = self.body(b).operand(op, k);
                self.mark(b, operand);
            }
        }
        // A condition: live when the parent op is needed.
        self.generic(b, parent, &rest, me);
    }
}
