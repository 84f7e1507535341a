//! The analysis of `sccp`: MLIR's `DeadCodeAnalysis` and `SparseConstantPropagation` run by a
//! solver like MLIR's `DataFlowSolver`, to their fixpoint.
//!
//! Work items are a program point (the start of a block, or the point after an op) and the
//! analysis to run there, taken from a first-in first-out queue that may hold repeats. States
//! remember what to queue when they change: a value's lattice queues the points that read it
//! and, for every use of the value, the analyses subscribed to its uses; a block becoming live
//! queues its start and each of its ops for the analyses subscribed to it; an edge becoming
//! live queues its target's start; a set of known predecessors (of a region entry, an op's
//! results, a callable's entry, a call's results) queues the points that read it. Both
//! analyses first walk the IR once, dead-code analysis first, so the order in which
//! constants meet (and which dialect makes a constant reaching a value by several paths) is
//! MLIR's.
//!
//! Dead-code analysis: the entry blocks of the top op's regions are live, and the entry of a
//! callable with callers outside the analysis or with a live call; a live branch makes the
//! edge its constant operands select live (every edge when they select none), once all its
//! operands are known; a live region-branch op or region terminator makes the regions (or
//! the return to the op) its constant operands select live, again once they are known, and
//! records itself as a predecessor there; a live call records itself as a callsite of its
//! callee (or, with a callee outside the analysis, its results as unknown), a live return as a
//! predecessor of the callable's calls; the regions of any other op are live.
//!
//! Constant propagation: results of ops in live blocks fold from their operands' constants
//! (through the op's `fold`; an op with regions, a fold in place or a failed one make them
//! over-defined); block arguments join the values live edges carry, region arguments and
//! region-branch results the values their known predecessors forward (over-defined where
//! control flow describes no value), callable arguments the operands of the known calls
//! (over-defined with unknown callers), call results what the known returns return.

use super::callables::{is_call_op, Callables};
use super::lattice::Lattice;
use crate::bodies::{BodyId, Bodies};
use mica_ir::control_flow::{region_branch, terminator_operands, terminator_successors, RegionPoint};
use mica_ir::registry::{FoldResult, Folded};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Op, Region, Traits, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::VecDeque;

/// What the analysis found.
pub(crate) struct Solution {
    /// The lattice of each value, by body and value index.
    values: Vec<Vec<ValueState>>,
    /// Whether control may reach each block, by body and block index.
    blocks: Vec<Vec<bool>>,
    /// The calls that may reach each callable (by the body holding it and its op): whether
    /// callers outside the analysis may, and the live calls seen.
    callsites: FxHashMap<(BodyId, Op), (bool, Vec<(BodyId, Op)>)>,
}

impl Solution {
    /// What is known about value `v` of body `b` (nothing for values made after the analysis).
    pub(super) fn get(&self, b: BodyId, v: Value) -> Lattice {
        self.values[b as usize].get(v.index()).map_or(Lattice::Uninit, |s| s.lattice)
    }

    /// Whether control may reach `block` of body `b` (dead-code analysis).
    pub(crate) fn block_live(&self, b: BodyId, block: Block) -> bool {
        self.blocks.get(b as usize).and_then(|v| v.get(block.index())).copied().unwrap_or(false)
    }

    /// The callers of callable `op` of body `b`: whether some are unknown, and the live calls
    /// known (MLIR's `PredecessorState` after the callable).
    pub(crate) fn callsites(&self, b: BodyId, op: Op) -> (bool, &[(BodyId, Op)]) {
        self.callsites.get(&(b, op)).map_or((false, &[][..]), |(u, k)| (*u, &k[..]))
    }
}

/// A program point.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Point {
    /// The start of a block.
    Start(BodyId, Block),
    /// Right after an op.
    After(BodyId, Op),
}

/// The two analyses.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Analysis {
    Dead,
    Sparse,
}

type Item = (Point, Analysis);

/// A value's lattice and what runs again when it changes.
#[derive(Default)]
struct ValueState {
    lattice: Lattice,
    /// Points that read it, in the order they did.
    dependents: SmallVec<[Item; 1]>,
    /// Analyses run again at every use when it changes, in the order they subscribed.
    subscribers: SmallVec<[Analysis; 2]>,
}

/// Whether a block or an edge is live, and the analyses to run again when it becomes live.
#[derive(Default, Clone)]
struct Executable {
    live: bool,
    subscribers: SmallVec<[Analysis; 2]>,
}

/// The known predecessors of a point (MLIR's `PredecessorState`).
#[derive(Default)]
struct Preds {
    /// Some predecessors cannot be known.
    unknown: bool,
    known: Vec<(BodyId, Op)>,
    dependents: SmallVec<[Item; 2]>,
}

/// Who holds a region.
enum Holder {
    /// An op of the same body.
    Op(Op),
    /// The isolated op whose body this is: a callable, or another op.
    Isolated { callable: Option<Point> },
    /// The top op.
    Top,
}

struct Solver<'a> {
    ctx: &'a Context,
    bodies: &'a Bodies,
    callables: &'a Callables,
    /// Whether the top op is a callable (its entry arguments are all the analysis knows).
    top_callable: bool,
    values: Vec<Vec<ValueState>>,
    blocks: Vec<Vec<Executable>>,
    edges: FxHashMap<(BodyId, Block, Block), Executable>,
    preds: FxHashMap<Point, Preds>,
    /// The callable each call op resolves to (`None`: outside the analysis).
    callees: FxHashMap<(BodyId, Op), Option<usize>>,
    queue: VecDeque<Item>,
}

/// Runs the analysis on `root`, the body of the top op (`top_callable` when that op is a
/// callable).
pub(crate) fn solve(ctx: &Context, root: &mut Body, bodies: &Bodies, callables: &Callables, top_callable: bool) -> Solution {
    let n = bodies.len();
    let mut s = Solver {
        ctx,
        bodies,
        callables,
        top_callable,
        values: (0..n).map(|b| std::iter::repeat_with(ValueState::default).take(bodies.get(root, b as BodyId).num_values()).collect()).collect(),
        blocks: (0..n).map(|b| vec![Executable::default(); bodies.get(root, b as BodyId).num_blocks()]).collect(),
        edges: FxHashMap::default(),
        preds: FxHashMap::default(),
        callees: FxHashMap::default(),
        queue: VecDeque::new(),
    };
    s.dead_init(root);
    s.sparse_init(root);
    while let Some((point, analysis)) = s.queue.pop_front() {
        match (point, analysis) {
            (Point::Start(..), Analysis::Dead) => {}
            (Point::After(b, op), Analysis::Dead) => s.dead_visit(root, b, op),
            (Point::Start(b, block), Analysis::Sparse) => s.sparse_visit_block(root, b, block),
            (Point::After(b, op), Analysis::Sparse) => s.sparse_visit_op(root, b, op),
        }
    }
    let blocks = s.blocks.iter().map(|v| v.iter().map(|e| e.live).collect()).collect();
    let mut callsites = FxHashMap::default();
    for c in &callables.list {
        let (pb, op) = c.op;
        let (unknown, known) = s.preds.get(&Point::After(pb, op)).map_or((false, Vec::new()), |p| (p.unknown, p.known.clone()));
        callsites.insert((pb, op), (unknown, known));
    }
    Solution { values: s.values, blocks, callsites }
}

/// The entry blocks of `regions`.
fn entries(body: &Body, regions: &[Region]) -> SmallVec<[Block; 2]> {
    regions.iter().filter_map(|r| body.region_blocks(*r).first().copied()).collect()
}

impl Solver<'_> {
    // ------------------------------------------------------------------------------ states

    fn lattice(&self, b: BodyId, v: Value) -> Lattice {
        self.values[b as usize][v.index()].lattice
    }

    /// Joins `l` into value `v` of body `b`, queueing what depends on it when it changes.
    fn join(&mut self, root: &Body, b: BodyId, v: Value, l: Lattice) {
        let state = &mut self.values[b as usize][v.index()];
        if !state.lattice.join(l) {
            return;
        }
        self.queue.extend(state.dependents.iter().copied());
        let subscribers = state.subscribers.clone();
        if subscribers.is_empty() {
            return;
        }
        for u in self.bodies.get(root, b).uses(v) {
            for &a in &subscribers {
                self.queue.push_back((Point::After(b, u.op), a));
            }
        }
    }

    /// Value `v` of body `b`, read at `at` (which runs again when it changes).
    fn read(&mut self, b: BodyId, v: Value, at: Item) -> Lattice {
        let state = &mut self.values[b as usize][v.index()];
        if !state.dependents.contains(&at) {
            state.dependents.push(at);
        }
        state.lattice
    }

    /// Subscribes `a` to the uses of value `v` of body `b`.
    fn subscribe(&mut self, b: BodyId, v: Value, a: Analysis) {
        let subs = &mut self.values[b as usize][v.index()].subscribers;
        if !subs.contains(&a) {
            subs.push(a);
        }
    }

    fn subscribe_block(&mut self, b: BodyId, block: Block, a: Analysis) {
        let subs = &mut self.blocks[b as usize][block.index()].subscribers;
        if !subs.contains(&a) {
            subs.push(a);
        }
    }

    fn block_live(&self, b: BodyId, block: Block) -> bool {
        self.blocks[b as usize][block.index()].live
    }

    fn set_block_live(&mut self, root: &Body, b: BodyId, block: Block) {
        let state = &mut self.blocks[b as usize][block.index()];
        if state.live {
            return;
        }
        state.live = true;
        let subscribers = state.subscribers.clone();
        for &a in &subscribers {
            self.queue.push_back((Point::Start(b, block), a));
        }
        let body = self.bodies.get(root, b);
        for &a in &subscribers {
            for op in body.block_ops(block) {
                self.queue.push_back((Point::After(b, op), a));
            }
        }
    }

    fn mark_edge_live(&mut self, root: &Body, b: BodyId, from: Block, to: Block) {
        self.set_block_live(root, b, to);
        let edge = self.edges.entry((b, from, to)).or_default();
        if !edge.live {
            edge.live = true;
            for &a in &edge.subscribers {
                self.queue.push_back((Point::Start(b, to), a));
            }
        }
    }

    fn mark_entries_live(&mut self, root: &Body, b: BodyId, op: Op) {
        let (rid, regions) = self.op_regions(root, b, op);
        for e in entries(self.bodies.get(root, rid), &regions) {
            self.set_block_live(root, rid, e);
        }
    }

    /// The number of the body holding `op`'s regions (its own for an isolated op), and them.
    fn op_regions(&self, root: &Body, b: BodyId, op: Op) -> (BodyId, SmallVec<[Region; 2]>) {
        match self.bodies.nested(b, op) {
            Some(n) => (n, self.bodies.get(root, n).roots.iter().copied().collect()),
            None => (b, self.bodies.get(root, b).local_regions(op).iter().copied().collect()),
        }
    }

    fn preds_join(&mut self, at: Point, pred: (BodyId, Op)) {
        let p = self.preds.entry(at).or_default();
        if !p.known.contains(&pred) {
            p.known.push(pred);
            self.queue.extend(p.dependents.iter().copied());
        }
    }

    fn preds_unknown(&mut self, at: Point) {
        let p = self.preds.entry(at).or_default();
        if !p.unknown {
            p.unknown = true;
            self.queue.extend(p.dependents.iter().copied());
        }
    }

    /// The predecessors of `at`, read from `by` (which runs again when they change).
    fn read_preds(&mut self, at: Point, by: Item) -> (bool, Vec<(BodyId, Op)>) {
        let p = self.preds.entry(at).or_default();
        if !p.dependents.contains(&by) {
            p.dependents.push(by);
        }
        (p.unknown, p.known.clone())
    }

    // ------------------------------------------------------------------------------ IR facts

    fn holder(&self, root: &Body, b: BodyId, region: Region) -> Holder {
        let body = self.bodies.get(root, b);
        if let Some(op) = body.region_parent(region) {
            return Holder::Op(op);
        }
        match self.bodies.owner(b) {
            Some((pb, op)) => {
                let pbody = self.bodies.get(root, pb);
                let callable = is_callable(self.ctx, pbody, op) && body.roots.first() == Some(&region);
                Holder::Isolated { callable: callable.then_some(Point::After(pb, op)) }
            }
            None => Holder::Top,
        }
    }

    /// Whether `op` ends its block, forwards to no successor and returns from a region-branch
    /// op's region or a callable's (MLIR's `isRegionOrCallableReturn`): the holder if so.
    fn region_return(&self, root: &Body, b: BodyId, op: Op) -> Option<Holder> {
        let body = self.bodies.get(root, b);
        let block = body.op_block(op)?;
        if body.block_last_op(block) != Some(op) || !body.successors(op).is_empty() {
            return None;
        }
        match self.holder(root, b, body.block_region(block)?) {
            Holder::Op(p) if region_branch(self.ctx, body, p).is_some() => Some(Holder::Op(p)),
            h @ Holder::Isolated { callable: Some(_) } => Some(h),
            Holder::Top if self.top_callable => Some(Holder::Top),
            _ => None,
        }
    }

    fn callee(&mut self, root: &Body, b: BodyId, call: Op) -> Option<usize> {
        if let Some(c) = self.callees.get(&(b, call)) {
            return *c;
        }
        let c = self.callables.resolve(self.ctx, root, self.bodies, b, call);
        self.callees.insert((b, call), c);
        c
    }

    // ------------------------------------------------------------------------------ dead code

    fn dead_init(&mut self, root: &Body) {
        for e in entries(root, &root.roots) {
            self.set_block_live(root, 0, e);
        }
        for c in 0..self.callables.list.len() {
            if self.callables.list[c].unknown_callers {
                let (pb, op) = self.callables.list[c].op;
                self.preds_unknown(Point::After(pb, op));
            }
        }
        self.dead_init_regions(root, 0, &root.roots.clone());
    }

    fn dead_init_regions(&mut self, root: &Body, b: BodyId, regions: &[Region]) {
        let body = self.bodies.get(root, b);
        let ops: Vec<Op> = regions.iter().flat_map(|r| body.region_blocks(*r).iter().flat_map(|blk| body.block_ops(*blk))).collect();
        for op in ops {
            let (rid, regions) = self.op_regions(root, b, op);
            let body = self.bodies.get(root, b);
            let control = !regions.is_empty()
                || !body.successors(op).is_empty()
                || self.region_return(root, b, op).is_some()
                || is_call_op(self.ctx, body, op);
            if control {
                if let Some(block) = body.op_block(op) {
                    self.subscribe_block(b, block, Analysis::Dead);
                }
                self.dead_visit(root, b, op);
            }
            self.dead_init_regions(root, rid, &regions);
        }
    }

    fn dead_visit(&mut self, root: &Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let Some(block) = body.op_block(op) else { return };
        if !self.block_live(b, block) {
            return;
        }
        if is_call_op(ctx, body, op) {
            match self.callee(root, b, op) {
                Some(c) => {
                    let (pb, callable) = self.callables.list[c].op;
                    self.preds_join(Point::After(pb, callable), (b, op));
                }
                None => self.preds_unknown(Point::After(b, op)),
            }
        }
        if !self.op_regions(root, b, op).1.is_empty() {
            let body = self.bodies.get(root, b);
            if let Some(branch) = region_branch(ctx, body, op) {
                if let Some(consts) = self.dead_operands(root, b, op) {
                    let body = self.bodies.get(root, b);
                    for to in (branch.entry)(ctx, body, op, &consts) {
                        self.region_edge(root, b, op, op, to);
                    }
                }
            } else if is_callable(ctx, body, op) {
                let at = Point::After(b, op);
                let (unknown, known) = self.read_preds(at, (at, Analysis::Dead));
                if unknown || !known.is_empty() {
                    self.mark_entries_live(root, b, op);
                }
            } else {
                self.mark_entries_live(root, b, op);
            }
        }
        match self.region_return(root, b, op) {
            Some(Holder::Op(parent)) => self.dead_visit_region_terminator(root, b, op, parent),
            Some(Holder::Isolated { callable: Some(at) }) => {
                let (_, calls) = self.read_preds(at, (Point::After(b, op), Analysis::Dead));
                let returns = ctx.registry().traits(self.bodies.get(root, b).op(op).name).contains(Traits::RETURN_LIKE);
                for call in calls {
                    let call_at = Point::After(call.0, call.1);
                    if returns {
                        self.preds_join(call_at, (b, op));
                    } else {
                        self.preds_unknown(call_at);
                    }
                }
            }
            _ => {}
        }
        if !self.bodies.get(root, b).successors(op).is_empty() {
            self.dead_visit_branch(root, b, op, block);
        }
    }

    /// The constants of `op`'s operands, subscribing to each up to the first still unknown
    /// (`None` then).
    fn dead_operands(&mut self, root: &Body, b: BodyId, op: Op) -> Option<SmallVec<[Option<Attr>; 4]>> {
        let operands: SmallVec<[Value; 4]> = self.bodies.get(root, b).operands(op).collect();
        let mut out = SmallVec::new();
        for v in operands {
            self.subscribe(b, v, Analysis::Dead);
            match self.lattice(b, v) {
                Lattice::Uninit => return None,
                l => out.push(l.constant()),
            }
        }
        Some(out)
    }

    /// Control may go from `pred` (region-branch op `branch` or a terminator of its regions)
    /// to `to`.
    fn region_edge(&mut self, root: &Body, b: BodyId, branch: Op, pred: Op, to: RegionPoint) {
        let at = match to {
            RegionPoint::Parent => Point::After(b, branch),
            RegionPoint::Region(i) => {
                let body = self.bodies.get(root, b);
                let Some(&entry) = body.local_regions(branch).get(i).and_then(|r| body.region_blocks(*r).first()) else { return };
                self.set_block_live(root, b, entry);
                Point::Start(b, entry)
            }
        };
        self.preds_join(at, (b, pred));
    }

    fn dead_visit_region_terminator(&mut self, root: &Body, b: BodyId, op: Op, parent: Op) {
        let ctx = self.ctx;
        let Some(consts) = self.dead_operands(root, b, op) else { return };
        let body = self.bodies.get(root, b);
        let Some(branch) = region_branch(ctx, body, parent) else { return };
        let region = body.op_block(op).and_then(|blk| body.block_region(blk));
        let index = body.local_regions(parent).iter().position(|r| Some(*r) == region).unwrap_or(0);
        for to in terminator_successors(ctx, body, op, parent, &branch, index, &consts) {
            self.region_edge(root, b, parent, op, to);
        }
    }

    fn dead_visit_branch(&mut self, root: &Body, b: BodyId, op: Op, block: Block) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let succ: SmallVec<[Block; 2]> = SmallVec::from_slice(body.successors(op));
        let def = ctx.registry().get(body.op(op).name);
        if def.and_then(|d| d.successor_operands).is_none() {
            for s in succ {
                self.mark_edge_live(root, b, block, s);
            }
            return;
        }
        let Some(consts) = self.dead_operands(root, b, op) else { return };
        let body = self.bodies.get(root, b);
        match def.and_then(|d| d.branch_target).and_then(|f| f(ctx, body, op, &consts)).and_then(|t| succ.get(t)) {
            Some(&s) => self.mark_edge_live(root, b, block, s),
            None => {
                for s in succ {
                    self.mark_edge_live(root, b, block, s);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------ constants

    fn sparse_init(&mut self, root: &mut Body) {
        for e in entries(root, &root.roots) {
            for a in root.block_args(e).to_vec() {
                self.join(root, 0, a, Lattice::Over);
            }
        }
        self.sparse_init_regions(root, 0, &root.roots.clone());
    }

    fn sparse_init_regions(&mut self, root: &mut Body, b: BodyId, regions: &[Region]) {
        for &r in regions {
            let blocks = self.bodies.get(root, b).region_blocks(r).to_vec();
            for block in blocks {
                self.subscribe_block(b, block, Analysis::Sparse);
                self.sparse_visit_block(root, b, block);
                let ops: Vec<Op> = self.bodies.get(root, b).block_ops(block).collect();
                for op in ops {
                    self.sparse_visit_op(root, b, op);
                    let (rid, inner) = self.op_regions(root, b, op);
                    self.sparse_init_regions(root, rid, &inner);
                }
            }
        }
    }

    fn sparse_visit_block(&mut self, root: &Body, b: BodyId, block: Block) {
        let body = self.bodies.get(root, b);
        let args = body.block_args(block).to_vec();
        if args.is_empty() || !self.block_live(b, block) {
            return;
        }
        let Some(region) = body.block_region(block) else { return };
        let at = (Point::Start(b, block), Analysis::Sparse);
        if body.region_blocks(region).first() == Some(&block) {
            match self.holder(root, b, region) {
                Holder::Isolated { callable: Some(point) } => self.sparse_callable_args(root, b, &args, point, at),
                Holder::Top if self.top_callable => {}
                Holder::Op(op) if region_branch(self.ctx, body, op).is_some() => {
                    let index = body.local_regions(op).iter().position(|r| *r == region).unwrap_or(0);
                    self.region_successors(root, b, at.0, op, RegionPoint::Region(index), &args);
                }
                _ => {
                    for a in args {
                        self.join(root, b, a, Lattice::Over);
                    }
                }
            }
            return;
        }
        // Predecessor edges in MLIR's use-list order: the branch slots, last made first.
        let mut slots: Vec<(Op, usize)> = Vec::new();
        for &pb in body.region_blocks(region) {
            if let Some(t) = body.block_last_op(pb) {
                slots.extend(body.successors(t).iter().enumerate().filter(|(_, s)| **s == block).map(|(i, _)| (t, i)));
            }
        }
        for (term, index) in slots.into_iter().rev() {
            let body = self.bodies.get(root, b);
            let Some(from) = body.op_block(term) else { continue };
            let edge = self.edges.entry((b, from, block)).or_default();
            if !edge.subscribers.contains(&Analysis::Sparse) {
                edge.subscribers.push(Analysis::Sparse);
            }
            if !edge.live {
                continue;
            }
            let Some(forwarded) = self.ctx.registry().get(body.op(term).name).and_then(|d| d.successor_operands) else {
                for &a in &args {
                    self.join(root, b, a, Lattice::Over);
                }
                return;
            };
            let operands: SmallVec<[Value; 4]> = forwarded(self.ctx, body, term, index).map(|r| r.map(|k| body.operand(term, k)).collect()).unwrap_or_default();
            for (k, &a) in args.iter().enumerate() {
                let l = match operands.get(k) {
                    Some(&v) => self.read(b, v, at),
                    None => Lattice::Over,
                };
                self.join(root, b, a, l);
            }
        }
    }

    /// The entry arguments `args` of a callable (`point` after it) join its calls' operands.
    fn sparse_callable_args(&mut self, root: &Body, b: BodyId, args: &[Value], point: Point, at: Item) {
        let (unknown, calls) = self.read_preds(point, at);
        if unknown {
            for &a in args {
                self.join(root, b, a, Lattice::Over);
            }
            return;
        }
        for (cb, call) in calls {
            let operands: SmallVec<[Value; 4]> = call_arguments(self.ctx, self.bodies.get(root, cb), call).collect();
            for (&a, v) in args.iter().zip(operands) {
                let l = self.read(cb, v, at);
                self.join(root, b, a, l);
            }
        }
    }

    /// `targets` (the results of region-branch op `branch`, or the entry arguments of its
    /// region) join what their known predecessors forward to `to`.
    fn region_successors(&mut self, root: &Body, b: BodyId, at: Point, branch: Op, to: RegionPoint, targets: &[Value]) {
        let ctx = self.ctx;
        let (_, preds) = self.read_preds(at, (at, Analysis::Sparse));
        let body = self.bodies.get(root, b);
        let Some(def) = region_branch(ctx, body, branch) else { return };
        for (_, pred) in preds {
            let body = self.bodies.get(root, b);
            let range = if pred == branch { Some((def.entry_operands)(ctx, body, branch, to)) } else { terminator_operands(ctx, body, pred, to) };
            let Some(range) = range else {
                for &t in targets {
                    self.join(root, b, t, Lattice::Over);
                }
                return;
            };
            let operands: SmallVec<[Value; 4]> = range.map(|k| body.operand(pred, k)).collect();
            let inputs = (def.inputs)(ctx, body, branch, to);
            if inputs.len() != targets.len() {
                for (k, &t) in targets.iter().enumerate() {
                    if !inputs.contains(&k) {
                        self.join(root, b, t, Lattice::Over);
                    }
                }
            }
            for (v, &t) in operands.into_iter().zip(targets.iter().skip(inputs.start)) {
                let l = self.read(b, v, (at, Analysis::Sparse));
                self.join(root, b, t, l);
            }
        }
    }

    fn sparse_visit_op(&mut self, root: &mut Body, b: BodyId, op: Op) {
        let ctx = self.ctx;
        let body = self.bodies.get(root, b);
        let results = body.results(op).to_vec();
        if results.is_empty() || !body.op_block(op).is_some_and(|blk| self.block_live(b, blk)) {
            return;
        }
        if region_branch(ctx, body, op).is_some() {
            return self.region_successors(root, b, Point::After(b, op), op, RegionPoint::Parent, &results);
        }
        let operands: SmallVec<[Value; 4]> = body.operands(op).collect();
        for &v in &operands {
            self.subscribe(b, v, Analysis::Sparse);
        }
        if is_call_op(ctx, body, op) {
            let at = Point::After(b, op);
            let (unknown, returns) = self.read_preds(at, (at, Analysis::Sparse));
            if unknown {
                for r in results {
                    self.join(root, b, r, Lattice::Over);
                }
                return;
            }
            for (rb, ret) in returns {
                let values: SmallVec<[Value; 4]> = self.bodies.get(root, rb).operands(ret).collect();
                for (v, &r) in values.into_iter().zip(&results) {
                    let l = self.read(rb, v, (at, Analysis::Sparse));
                    self.join(root, b, r, l);
                }
            }
            return;
        }
        if !self.op_regions(root, b, op).1.is_empty() {
            for r in results {
                self.join(root, b, r, Lattice::Over);
            }
            return;
        }
        self.fold(root, b, op, &operands, &results);
    }

    /// Folds `op` with its operands' constants (MLIR's `SparseConstantPropagation`).
    fn fold(&mut self, root: &mut Body, b: BodyId, op: Op, operands: &[Value], results: &[Value]) {
        let ctx = self.ctx;
        let mut consts: SmallVec<[Option<Attr>; 4]> = SmallVec::new();
        for &v in operands {
            match self.lattice(b, v) {
                Lattice::Uninit => return,
                l => consts.push(l.constant()),
            }
        }
        let body = self.bodies.get_mut(root, b);
        let Some(def) = ctx.registry().get(body.op(op).name) else {
            return self.overdefine(root, b, results);
        };
        let dialect = def.dialect();
        if def.traits.contains(Traits::CONSTANT_LIKE)
            && let Some(value) = crate::greedy::constant_op_value(ctx, body, op)
        {
            return self.join(root, b, results[0], Lattice::Const(value, dialect));
        }
        let Some(fold) = def.fold else { return self.overdefine(root, b, results) };
        // The constants stand for values the op may not really see: a fold in place is undone.
        let (attrs, properties) = (body.op(op).attrs, body.op(op).properties());
        let folded = fold(ctx, body, op, &consts);
        let replaced = match folded {
            Some(FoldResult::Results(r)) if !(results.len() == 1 && r.len() == 1 && r[0] == Folded::Value(results[0])) => Some(r),
            _ => None,
        };
        let Some(replaced) = replaced else {
            for (k, &v) in operands.iter().enumerate() {
                if body.operand(op, k) != v {
                    body.set_operand(op, k, v);
                }
            }
            body.op_mut(op).attrs = attrs;
            body.op_mut(op).set_properties(properties);
            return self.overdefine(root, b, results);
        };
        for (&r, f) in results.iter().zip(replaced) {
            let l = match f {
                Folded::Attr(a) => Lattice::Const(a, dialect),
                Folded::Value(v) => self.lattice(b, v),
            };
            self.join(root, b, r, l);
        }
    }

    fn overdefine(&mut self, root: &Body, b: BodyId, values: &[Value]) {
        for &v in values {
            self.join(root, b, v, Lattice::Over);
        }
    }
}

/// Whether `op` is a callable (MLIR's `CallableOpInterface`): a `func.func`.
fn is_callable(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.str(body.op(op).name) == "func.func"
}

/// The operands a call passes to its callee.
fn call_arguments<'b>(ctx: &Context, body: &'b Body, call: Op) -> impl Iterator<Item = Value> + 'b {
    let skip = usize::from(ctx.str(body.op(call).name) == "func.call_indirect");
    body.operands(call).skip(skip)
}
