//! The greedy pattern driver, with MLIR's `applyPatternsGreedily` semantics.
//!
//! Each iteration seeds a worklist from the regions (post-order, or pre-order reversed for
//! top-down), deduplicating and hoisting constants on the way as MLIR's `OperationFolder` does
//! (to the front of the entry block of the nearest region owned by an isolated, unregistered
//! or affine scope op); then pops ops off the back: erases trivially dead ones, folds (the
//! op's `fold`, then the trait folds: commutative constants last, idempotent; constants are
//! materialized right before the op by its dialect), else applies the op's patterns by
//! benefit. Changes push the affected ops (and their ancestors) back on the worklist; erasing
//! an op pushes the producers of its operands that are left with at most one other user.
//! Unreachable blocks are erased after seeding, before any op is processed; after the worklist
//! runs dry, the regions are simplified (see [`crate::region_simplify`]).
//! Iterations repeat while something changed, up to `max_iterations`.
//!
//! The driver works on one [`Body`] (the regions of one isolated op) at a time and recurses
//! into the isolated ops nested in it, so `max_num_rewrites` counts per isolated op.

use crate::effects::would_be_trivially_dead_of;
use crate::region_simplify::{erase_unreachable_blocks, simplify_regions, RegionSimplify};
use mica_ir::registry::{FoldResult, Folded};
use mica_ir::rewrite::{Listener, Rewriter};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Op, Region, Traits, Type, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// How the driver runs (MLIR's `GreedyRewriteConfig`).
#[derive(Clone, Debug)]
pub struct Config {
    /// Seed the worklist in pre-order and process it top-down.
    pub top_down: bool,
    /// What region simplification runs after each iteration.
    pub region_simplify: RegionSimplify,
    /// Iterations at most (`-1`: no limit).
    pub max_iterations: i64,
    /// Pattern rewrites per iteration at most (`-1`: no limit).
    pub max_num_rewrites: i64,
    /// Fold ops.
    pub fold: bool,
    /// Deduplicate and hoist constants while seeding.
    pub cse_constants: bool,
    /// Pattern labels never applied.
    pub disabled: Vec<String>,
    /// When non-empty, the only pattern labels applied.
    pub enabled: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            top_down: false,
            region_simplify: RegionSimplify::Normal,
            max_iterations: 10,
            max_num_rewrites: -1,
            fold: true,
            cse_constants: true,
            disabled: Vec::new(),
            enabled: Vec::new(),
        }
    }
}

/// What [`apply`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Every body converged.
    pub converged: bool,
    /// Something changed.
    pub changed: bool,
}

/// Applies folds and canonicalization patterns greedily to the regions of `body` (owned by an
/// op named `owner`) and of every isolated op nested in it (those on the context's threads).
pub fn apply(ctx: &Context, body: &mut Body, owner: Option<mica_ir::Ident>, config: &Config) -> Outcome {
    apply_with(&mut Scratch::default(), ctx, body, owner, config)
}

/// [`apply`] with the buffers of `scratch` (those of the thread it runs on).
fn apply_with<'c>(scratch: &mut Scratch<'c>, ctx: &'c Context, body: &mut Body, owner: Option<mica_ir::Ident>, config: &'c Config) -> Outcome {
    let mut outcome = Outcome { converged: true, changed: false };
    let nested = |body: &mut Body, outcome: &mut Outcome| {
        let ops = crate::parallel::isolated_ops(body);
        if ops.is_empty() {
            return;
        }
        let init = || (Scratch::default(), Outcome { converged: true, changed: false });
        let states = crate::parallel::on_nested_bodies_with(ctx, body, &ops, init, |(s, total), name, n| {
            let o = apply_with(s, ctx, n, Some(name), config);
            total.converged &= o.converged;
            total.changed |= o.changed;
        });
        for (_, o) in states {
            outcome.converged &= o.converged;
            outcome.changed |= o.changed;
        }
    };
    // Nested isolated bodies first: they cannot see or change anything outside.
    nested(body, &mut outcome);
    let mut driver = Driver { ctx, config, scratch, owner, scope: None };
    let mut iteration = 0i64;
    loop {
        iteration += 1;
        if config.max_iterations >= 0 && iteration > config.max_iterations {
            outcome.converged = false;
            return outcome;
        }
        outcome.changed |= driver.seed(body);
        // Unreachable code goes before any pattern sees it (whatever the region
        // simplification level): patterns may not handle IR that dominance does not order.
        let mut changed = {
            let roots = body.roots.clone();
            let mut q = driver.worklist_listener();
            erase_unreachable_blocks(&mut Rewriter::new(body, &mut q), &roots)
        };
        let processed = driver.process(body);
        changed |= processed;
        {
            let scratch = &mut *driver.scratch;
            let mut q = Queue { worklist: &mut scratch.worklist, scope: driver.scope };
            let mut rw = Rewriter::new(body, &mut q);
            changed |= simplify_regions(ctx, &mut rw, config.region_simplify, !processed, &mut scratch.live);
        }
        if !changed {
            return outcome;
        }
        outcome.changed = true;
        // Isolated ops created or exposed by this iteration (e.g. inlined from a region).
        nested(body, &mut outcome);
    }
}

/// Processes a worklist holding `ops` (the last comes off first) with the default
/// configuration, queueing what changes inside `scope` (see [`crate::greedy_ops`]).
pub(crate) fn process_ops(ctx: &Context, body: &mut Body, owner: Option<mica_ir::Ident>, ops: &[Op], scope: Option<Region>) {
    let config = Config::default();
    let mut driver = Driver { ctx, config: &config, scratch: &mut Scratch::default(), owner, scope };
    for &op in ops {
        driver.scratch.worklist.push(op);
    }
    driver.process(body);
}

/// MLIR's worklist: a stack without duplicates whose removed entries become holes.
#[derive(Default)]
struct Worklist {
    list: Vec<Option<Op>>,
    /// Position in `list` of each queued op, by op index (`u32::MAX`: not queued).
    pos: Vec<u32>,
}

impl Worklist {
    /// Makes room for the ops of a body of `ops` ops.
    fn reserve(&mut self, ops: usize) {
        self.list.reserve(ops.saturating_sub(self.list.len()));
        if self.pos.len() < ops {
            self.pos.resize(ops, u32::MAX);
        }
    }

    fn clear(&mut self) {
        for op in self.list.drain(..).flatten() {
            self.pos[op.index()] = u32::MAX;
        }
    }

    fn push(&mut self, op: Op) {
        let i = op.index();
        if i >= self.pos.len() {
            self.pos.resize(i + 1, u32::MAX);
        }
        if self.pos[i] == u32::MAX {
            self.pos[i] = self.list.len() as u32;
            self.list.push(Some(op));
        }
    }

    fn pop(&mut self) -> Option<Op> {
        while let Some(e) = self.list.pop() {
            if let Some(op) = e {
                self.pos[op.index()] = u32::MAX;
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: Op) {
        if let Some(&p) = self.pos.get(op.index()) {
            if p != u32::MAX {
                self.list[p as usize] = None;
                self.pos[op.index()] = u32::MAX;
            }
        }
    }

    fn reverse(&mut self) {
        self.list.reverse();
        for (i, e) in self.list.iter().enumerate() {
            if let Some(op) = e {
                self.pos[op.index()] = i as u32;
            }
        }
    }
}

/// The driver's reaction to rewrites: queue what changed.
struct Queue<'w> {
    worklist: &'w mut Worklist,
    /// The region ops are queued up to (their ancestors in it; `None`: the whole body).
    scope: Option<Region>,
}

impl Queue<'_> {
    /// Queues `op` and its ancestors up to the scope (MLIR's `addToWorklist`); nothing when
    /// `op` is not in a block or not inside the scope.
    fn add(&mut self, body: &Body, op: Op) {
        let mut chain: SmallVec<[Op; 4]> = SmallVec::new();
        let mut cur = op;
        loop {
            let Some(block) = body.op_block(cur) else { return };
            chain.push(cur);
            let Some(region) = body.block_region(block) else { return };
            if Some(region) == self.scope {
                break;
            }
            match body.region_parent(region) {
                Some(parent) => cur = parent,
                None if self.scope.is_none() => break,
                None => return,
            }
        }
        for o in chain {
            self.worklist.push(o);
        }
    }
}

impl Listener for Queue<'_> {
    fn inserted(&mut self, body: &Body, op: Op) {
        self.add(body, op);
    }

    fn modified(&mut self, body: &Body, op: Op) {
        self.add(body, op);
    }

    fn erasing(&mut self, body: &Body, op: Op) {
        // Producers of the operands whose values are left with at most one other user.
        for v in body.operands(op) {
            let mem_op = match body.value(v).def {
                mica_ir::ValueDef::Result(d, _) => d,
                mica_ir::ValueDef::Arg(..) => continue,
            };
            let mut other: Option<Op> = None;
            let mut more = false;
            for u in body.uses(v) {
                if u.op == op || Some(u.op) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(u.op);
                    continue;
                }
                more = true;
                break;
            }
            if !more {
                self.add(body, mem_op);
            }
        }
        self.worklist.remove(op);
    }
}

struct Driver<'c, 's> {
    ctx: &'c Context,
    config: &'c Config,
    scratch: &'s mut Scratch<'c>,
    owner: Option<mica_ir::Ident>,
    /// The region changed ops are queued up to (`None`: the whole body).
    scope: Option<Region>,
}

/// What drivers keep from one body to the next on a thread (under one configuration), so
/// that a module of many small functions does not build its tables again for each.
#[derive(Default)]
struct Scratch<'c> {
    worklist: Worklist,
    /// The patterns applied to each op name, by decreasing benefit, for the ops whose
    /// registered list is not that already or that the configuration filters.
    patterns: FxHashMap<mica_ir::Ident, SmallVec<[&'c mica_ir::Pattern; 4]>>,
    /// The tables of the constant folder (emptied for each iteration).
    constants: FxHashMap<(Region, &'static str, Attr, Type), Op>,
    owned: FxHashSet<Op>,
    /// The liveness buffers of region simplification.
    live: crate::region_simplify::LiveMap,
}

/// The constant value of `v`, if its defining op is constant-like (MLIR's `m_Constant`).
pub fn constant_value(ctx: &Context, body: &Body, v: Value) -> Option<Attr> {
    let mica_ir::ValueDef::Result(op, _) = body.value(v).def else { return None };
    constant_op_value(ctx, body, op)
}

/// The value of a constant-like op (its `value` attribute).
pub fn constant_op_value(ctx: &Context, body: &Body, op: Op) -> Option<Attr> {
    let def = ctx.registry().get(body.op(op).name)?;
    if !def.traits.contains(Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.op_attr_id(body, op, mica_ir::Ident::VALUE)
}

/// The region whose entry block receives the constants hoisted from `block` (MLIR's
/// `getInsertionRegion`): the nearest region owned by an isolated or unregistered op, or by the
/// top of the body (no upstream dialect asks for its regions to keep their constants).
pub fn insertion_region(ctx: &Context, body: &Body, mut block: Block) -> Option<Region> {
    loop {
        let region = body.block_region(block)?;
        let Some(parent) = body.region_parent(region) else { return Some(region) };
        if ctx.registry().get(body.op(parent).name).is_none_or(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE)) {
            return Some(region);
        }
        block = body.op_block(parent)?;
    }
}

/// MLIR's `OperationFolder` as the greedy driver uses it while seeding: one constant per
/// (insertion region, dialect, value, type), kept at the front of the region's entry block.
struct ConstantFolder<'s> {
    map: &'s mut FxHashMap<(Region, &'static str, Attr, Type), Op>,
    owned: &'s mut FxHashSet<Op>,
    /// Whether a constant was moved, replaced or relocated.
    changed: bool,
}

impl ConstantFolder<'_> {
    /// Records the constant `op` of value `value`: returns `false` when it duplicated a known
    /// constant and was replaced by it.
    fn insert_known(&mut self, ctx: &Context, rw: &mut Rewriter<'_>, op: Op, value: Attr) -> bool {
        let Some(block) = rw.body.op_block(op) else { return true };
        if self.owned.contains(&op) {
            let front = rw.body.block_ops(block).next();
            if front != Some(op) && !rw.body.prev_op(op).is_some_and(|p| self.owned.contains(&p)) {
                rw.body.move_op_to_start(op, block);
                rw.body.op_mut(op).loc = ctx.unknown_loc();
                self.changed = true;
            }
            return true;
        }
        let Some(region) = insertion_region(ctx, rw.body, block) else { return true };
        let dialect = ctx.registry().get(rw.body.op(op).name).map_or("", |d| d.dialect());
        let Some(ty) = rw.body.results(op).first().map(|r| rw.body.value_type(*r)) else { return true };
        let key = (region, dialect, value, ty);
        if let Some(&existing) = self.map.get(&key) {
            let r = rw.body.results(existing)[0];
            if rw.body.op(existing).loc != rw.body.op(op).loc {
                rw.body.op_mut(existing).loc = ctx.unknown_loc();
            }
            rw.replace_op(op, &[r]);
            self.changed = true;
            return false;
        }
        let entry = rw.body.region_blocks(region)[0];
        let front = rw.body.block_ops(entry).next();
        if block != entry || (front != Some(op) && !rw.body.prev_op(op).is_some_and(|p| self.owned.contains(&p))) {
            if block != entry {
                rw.body.op_mut(op).loc = ctx.unknown_loc();
            }
            rw.body.move_op_to_start(op, entry);
            self.changed = true;
        }
        self.map.insert(key, op);
        self.owned.insert(op);
        true
    }
}

impl Driver<'_, '_> {
    fn worklist_listener(&mut self) -> Queue<'_> {
        Queue { worklist: &mut self.scratch.worklist, scope: self.scope }
    }

    /// Fills the worklist for a new iteration, deduplicating and hoisting constants; says
    /// whether that changed anything.
    fn seed(&mut self, body: &mut Body) -> bool {
        let scratch = &mut *self.scratch;
        scratch.worklist.clear();
        scratch.worklist.reserve(body.num_ops());
        scratch.constants.clear();
        scratch.owned.clear();
        let mut folder = ConstantFolder { map: &mut scratch.constants, owned: &mut scratch.owned, changed: false };
        let ctx = self.ctx;
        let cse = self.config.cse_constants;
        let top_down = self.config.top_down;
        let mut queue = Queue { worklist: &mut scratch.worklist, scope: self.scope };
        let roots = body.roots.clone();
        for r in roots {
            walk(body, r, top_down, &mut |body: &mut Body, op: Op| {
                if cse {
                    if let Some(value) = constant_op_value(ctx, body, op) {
                        let mut rw = Rewriter::new(body, &mut queue);
                        if !folder.insert_known(ctx, &mut rw, op, value) {
                            return false;
                        }
                    }
                }
                if top_down {
                    // Pre-order: the ancestors are queued already.
                    queue.worklist.push(op);
                } else {
                    queue.add(body, op);
                }
                true
            });
        }
        if top_down {
            scratch.worklist.reverse();
        }
        folder.changed
    }

    /// Processes the worklist; says whether anything changed.
    fn process(&mut self, body: &mut Body) -> bool {
        let ctx = self.ctx;
        let mut changed = false;
        let mut rewrites = 0i64;
        loop {
            if self.config.max_num_rewrites >= 0 && rewrites >= self.config.max_num_rewrites {
                break;
            }
            let Some(op) = self.scratch.worklist.pop() else { break };
            if body.is_erased(op) {
                continue;
            }
            // Unregistered ops are neither trivially dead nor folded nor rewritten.
            let Some(def) = ctx.registry().get(body.op(op).name) else { continue };
            // Uses first: most ops have some, and their effects need not be looked at then.
            let unused = body.results(op).iter().all(|r| !body.has_uses(*r));
            if unused && would_be_trivially_dead_of(ctx, body, op, def) {
                let mut q = Queue { worklist: &mut self.scratch.worklist, scope: self.scope };
                Rewriter::new(body, &mut q).erase_op(op);
                changed = true;
                continue;
            }
            if self.config.fold && !def.traits.contains(Traits::CONSTANT_LIKE) {
                match self.fold(body, op, def) {
                    FoldOutcome::Replaced | FoldOutcome::InPlace => {
                        changed = true;
                        continue;
                    }
                    FoldOutcome::Failed => {}
                }
            }
            if def.canonicalize.is_empty() {
                continue;
            }
            let config = self.config;
            let scratch = &mut *self.scratch;
            // Without filters, the registered list serves as is when it is by decreasing
            // benefit already (as most are: all of benefit 1), saving a map lookup per op.
            let as_registered =
                config.disabled.is_empty() && config.enabled.is_empty() && def.canonicalize.is_sorted_by(|a, b| a.benefit >= b.benefit);
            let sorted = (!as_registered).then(|| {
                scratch.patterns.entry(body.op(op).name).or_insert_with(|| {
                    let mut patterns: SmallVec<[&mica_ir::Pattern; 4]> = def
                        .canonicalize
                        .iter()
                        .filter(|p| !config.disabled.iter().any(|d| d == p.name))
                        .filter(|p| config.enabled.is_empty() || config.enabled.iter().any(|e| e == p.name))
                        .collect();
                    patterns.sort_by_key(|p| std::cmp::Reverse(p.benefit));
                    patterns
                })
            });
            let mut q = Queue { worklist: &mut scratch.worklist, scope: self.scope };
            let mut rw = Rewriter::new(body, &mut q).with_owner(self.owner);
            let applied = match sorted {
                Some(patterns) => patterns.iter().any(|p| (p.apply)(ctx, &mut rw, op)),
                None => def.canonicalize.iter().any(|p| (p.apply)(ctx, &mut rw, op)),
            };
            if applied {
                changed = true;
                rewrites += 1;
            }
        }
        changed
    }

    fn fold(&mut self, body: &mut Body, op: Op, def: &mica_ir::OpDef) -> FoldOutcome {
        match fold_op(self.ctx, body, op, def) {
            FoldAttempt::Failed => FoldOutcome::Failed,
            FoldAttempt::InPlace => {
                Queue { worklist: &mut self.scratch.worklist, scope: self.scope }.add(body, op);
                FoldOutcome::InPlace
            }
            FoldAttempt::Results(r) => self.replace_folded(body, op, def, &r),
        }
    }

    fn replace_folded(&mut self, body: &mut Body, op: Op, def: &mica_ir::OpDef, results: &[Folded]) -> FoldOutcome {
        let mut q = Queue { worklist: &mut self.scratch.worklist, scope: self.scope };
        if replace_folded(self.ctx, &mut Rewriter::new(body, &mut q), op, def.dialect(), results) {
            FoldOutcome::Replaced
        } else {
            FoldOutcome::Failed
        }
    }
}

/// Replaces `op` by what it folded to, materializing constants right before it with the
/// dialect's materializer; `false` (and nothing changed) when a constant cannot be made.
fn replace_folded(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, dialect: &str, results: &[Folded]) -> bool {
    let mut values: SmallVec<[Value; 2]> = SmallVec::new();
    let mut created: SmallVec<[Op; 2]> = SmallVec::new();
    let types: SmallVec<[Type; 2]> = rw.body.results(op).iter().map(|r| rw.body.value_type(*r)).collect();
    for (f, ty) in results.iter().zip(types) {
        match *f {
            Folded::Value(v) => values.push(v),
            Folded::Attr(a) => {
                let loc = rw.body.op(op).loc;
                let Some(state) = ctx.registry().materializer(dialect).and_then(|m| m(ctx, a, ty, loc)) else {
                    for c in created {
                        rw.erase_op(c);
                    }
                    return false;
                };
                let c = rw.create_before(state, op);
                created.push(c);
                values.push(rw.body.results(c)[0]);
            }
        }
    }
    rw.replace_op(op, &values);
    true
}

enum FoldOutcome {
    Failed,
    InPlace,
    Replaced,
}

/// What folding an op gave (MLIR's `Operation::fold`).
pub(crate) enum FoldAttempt {
    /// Nothing.
    Failed,
    /// The op changed in place.
    InPlace,
    /// One replacement per result.
    Results(SmallVec<[Folded; 1]>),
}

/// Folds `op` (of definition `def`): its own fold, then, when that fails or is in place, the
/// trait folds in MLIR's order: commutative (constants last), then idempotent (`op(x, x) -> x`).
pub(crate) fn fold_op(ctx: &Context, body: &mut Body, op: Op, def: &mica_ir::OpDef) -> FoldAttempt {
    // Filled in place: collecting into a `SmallVec` costs more than the lookups themselves.
    let mut inline = [None; 4];
    let spilled: Vec<Option<Attr>>;
    let consts: &[Option<Attr>] = if body.num_operands(op) <= inline.len() {
        let mut n = 0;
        for (slot, v) in inline.iter_mut().zip(body.operands(op)) {
            *slot = constant_value(ctx, body, v);
            n += 1;
        }
        &inline[..n]
    } else {
        spilled = body.operands(op).map(|v| constant_value(ctx, body, v)).collect();
        &spilled
    };
    let result = def.fold.and_then(|f| f(ctx, body, op, consts));
    let own = body.results(op).first().copied();
    let in_place = match result {
        Some(FoldResult::InPlace) => true,
        Some(FoldResult::Results(r)) if r.len() == 1 && own.is_some_and(|o| r[0] == Folded::Value(o)) => true,
        Some(FoldResult::Results(r)) => return FoldAttempt::Results(r),
        None => false,
    };
    let traits = def.traits.contains(Traits::COMMUTATIVE) && fold_commutative(body, op, consts);
    if !traits && def.traits.contains(Traits::IDEMPOTENT) && body.num_operands(op) == 2 && body.results(op).len() == 1 {
        let x = body.operand(op, 0);
        if x == body.operand(op, 1) {
            return FoldAttempt::Results(smallvec::smallvec![Folded::Value(x)]);
        }
    }
    if in_place || traits { FoldAttempt::InPlace } else { FoldAttempt::Failed }
}

/// The commutative trait's fold: constant operands move after the others (stable order).
fn fold_commutative(body: &mut Body, op: Op, consts: &[Option<Attr>]) -> bool {
    if consts.len() < 2 {
        return false;
    }
    let Some(first_const) = consts.iter().position(|c| c.is_some()) else { return false };
    if consts[first_const..].iter().all(|c| c.is_some()) {
        return false;
    }
    let operands: SmallVec<[Value; 4]> = body.operands(op).collect();
    let order: SmallVec<[usize; 4]> =
        (0..operands.len()).filter(|&i| consts[i].is_none()).chain((0..operands.len()).filter(|&i| consts[i].is_some())).collect();
    for (slot, &from) in order.iter().enumerate() {
        if operands[from] != body.operand(op, slot) {
            body.set_operand(op, slot, operands[from]);
        }
    }
    true
}

/// Walks the ops of `region` (not entering nested bodies), post-order or pre-order, calling
/// `f` on each; `f` returns `false` when it erased the op (its regions are then skipped).
fn walk(body: &mut Body, region: Region, pre_order: bool, f: &mut dyn FnMut(&mut Body, Op) -> bool) {
    // `f` moves and erases ops, never blocks or regions.
    let mut i = 0;
    while let Some(&b) = body.region_blocks(region).get(i) {
        i += 1;
        let mut cur = body.block_ops(b).next();
        while let Some(op) = cur {
            cur = body.next_op(op);
            if pre_order && !f(body, op) {
                continue;
            }
            let mut j = 0;
            while let Some(&r) = body.local_regions(op).get(j) {
                j += 1;
                walk(body, r, pre_order, f);
            }
            if !pre_order {
                f(body, op);
            }
        }
    }
}
