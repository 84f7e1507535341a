//! The dialect conversion driver: MLIR's `applyPartialConversion` and `applyFullConversion`.
//!
//! The ops to legalize are listed up front in MLIR's order: pre-order, the blocks of each
//! region in depth-first order of their successors from the entry (unreachable blocks are left
//! out), without what recursively legal ops hold; the ops in the body of an isolated op follow
//! it. Each op is legalized in turn: a legal op stays; else it is folded, or the first pattern
//! that applies rewrites it (patterns in the order of [`super::pattern`]; a pattern is not
//! applied again while it is being applied, unless it says its recursion is bounded), and what
//! the pattern did is legalized recursively: the parents of blocks it moved or created with
//! arguments (or their signatures, in a region whose types are being converted), the ops it
//! modified, the ops it created. A pattern whose result cannot be legalized is undone and the
//! next one tried. An op that cannot be legalized fails a full conversion (`failed to legalize
//! operation 'x'`), and a partial one when the target marks it illegal (`... that was
//! explicitly marked illegal`). When every op is done, the driver's materializations are
//! reconciled (unused ones erased, round trips folded away) and the rest resolved through the
//! type converters' materializations (`failed to legalize unresolved materialization ...`
//! when none applies).
//!
//! The conversion works on a copy of the IR, which replaces the original only on success:
//! a failed conversion leaves the IR as it was. Undoing one pattern application replays the
//! conversion from the original IR with that application (numbered in the order the driver
//! considers them; replays are deterministic) ruled out.

use super::pattern::{Ordering, PatternSet};
use super::rewriter::{commit, BodyState, ConversionRewriter, InsertPoint, MatKind, States, Track};
use super::target::ConversionTarget;
use crate::greedy::{fold_op, FoldAttempt};
use mica_ir::registry::Folded;
use mica_ir::{Body, Context, Diagnostic, Ident, Op, PrintOptions, Region, Traits, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;

/// Whether ops the target does not know may remain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Partial,
    Full,
}

/// Why a conversion run stopped early.
enum Abort {
    /// Pattern application (or fold) number `n` must be undone: replay without it.
    Retry(u64),
    /// The conversion failed.
    Fail(Diagnostic),
}

/// Converts `op` (an op of `body`) and everything in it to `target` with `patterns`; ops the
/// target does not mark illegal may remain unconverted. On failure the IR is unchanged.
pub fn apply_partial_conversion(ctx: &Context, body: &mut Body, op: Op, target: &ConversionTarget, patterns: &PatternSet) -> Result<(), Diagnostic> {
    apply(ctx, body, op, target, patterns, Mode::Partial)
}

/// Converts `op` (an op of `body`) and everything in it to `target` with `patterns`; every op
/// must end up legal. On failure the IR is unchanged.
pub fn apply_full_conversion(ctx: &Context, body: &mut Body, op: Op, target: &ConversionTarget, patterns: &PatternSet) -> Result<(), Diagnostic> {
    apply(ctx, body, op, target, patterns, Mode::Full)
}

fn apply(ctx: &Context, body: &mut Body, op: Op, target: &ConversionTarget, patterns: &PatternSet, mode: Mode) -> Result<(), Diagnostic> {
    let order = Ordering::new(patterns, target);
    // An isolated root that is legal needs nothing outside its own body: only that is copied.
    let root_legal = target.is_legal(ctx, body, op);
    let nested_only = body.nested(op).is_some() && root_legal.is_some();
    if root_legal.is_some_and(|d| d.recursively_legal) {
        return Ok(());
    }
    let mut banned: BTreeSet<u64> = BTreeSet::new();
    loop {
        let mut lz = Legalizer { ctx, target, set: patterns, order: &order, mode, states: States::default(), applied: Vec::new(), attempt: 0, banned: &banned, cache: FxHashMap::default() };
        let outcome = if nested_only {
            let name = body.op(op).name;
            let mut work: Body = body.nested(op).expect("isolated root").clone();
            let roots = work.roots.to_vec();
            lz.convert_regions(&mut work, &[], Some(name), &roots).and_then(|_| lz.finish(&mut work)).map(|_| work)
        } else {
            let mut work = body.clone();
            lz.convert_root(&mut work, op).and_then(|_| lz.finish(&mut work)).map(|_| work)
        };
        match outcome {
            Ok(work) => {
                if nested_only {
                    *body.nested_mut(op).expect("isolated root") = work;
                } else {
                    *body = work;
                }
                return Ok(());
            }
            Err(Abort::Retry(n)) => {
                // Later exclusions belonged to the run being undone.
                banned.retain(|b| *b < n);
                banned.insert(n);
            }
            Err(Abort::Fail(d)) => return Err(d),
        }
    }
}

struct Legalizer<'c, 'p> {
    ctx: &'c Context,
    target: &'c ConversionTarget,
    set: &'p PatternSet,
    order: &'c Ordering,
    mode: Mode,
    states: States<'p>,
    /// The patterns being applied (MLIR's recursion guard).
    applied: Vec<usize>,
    /// The number of pattern applications and folds considered so far.
    attempt: u64,
    /// Applications ruled out in this run.
    banned: &'c BTreeSet<u64>,
    /// The patterns to try per op name.
    cache: FxHashMap<Ident, Vec<usize>>,
}

/// Appends the ops of `regions` to `out` in MLIR's conversion order, each with whether the body
/// it owns (if isolated) is to be converted too.
fn collect(ctx: &Context, target: &ConversionTarget, body: &Body, regions: &[Region], out: &mut Vec<(Op, bool)>) {
    for &r in regions {
        let Some(&entry) = body.region_blocks(r).first() else { continue };
        // Depth-first pre-order over successors (LLVM's `depth_first`).
        let mut visited: FxHashSet<mica_ir::Block> = FxHashSet::default();
        visited.insert(entry);
        let mut stack: Vec<(mica_ir::Block, usize)> = vec![(entry, 0)];
        let mut order = vec![entry];
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            let succ = body.block_last_op(b).and_then(|t| body.successors(t).get(*i).copied());
            *i += 1;
            match succ {
                Some(s) => {
                    if visited.insert(s) {
                        order.push(s);
                        stack.push((s, 0));
                    }
                }
                None => {
                    stack.pop();
                }
            }
        }
        for b in order {
            for op in body.block_ops(b) {
                let recursive = target.is_legal(ctx, body, op).is_some_and(|d| d.recursively_legal);
                out.push((op, !recursive));
                if !recursive {
                    collect(ctx, target, body, body.local_regions(op), out);
                }
            }
        }
    }
}

/// The body at `path` (isolated ops from `root`), if it is still there.
fn body_at<'b>(root: &'b mut Body, path: &[Op]) -> Option<&'b mut Body> {
    let mut b = root;
    for &op in path {
        if b.is_erased(op) {
            return None;
        }
        b = b.nested_mut(op)?;
    }
    Some(b)
}

/// The ops nested in the regions of `op` within `body`.
fn nested_ops(body: &Body, op: Op, out: &mut Vec<Op>) {
    for &r in body.local_regions(op) {
        for &b in body.region_blocks(r) {
            for inner in body.block_ops(b) {
                out.push(inner);
                nested_ops(body, inner, out);
            }
        }
    }
}

impl<'c, 'p> Legalizer<'c, 'p> {
    fn state(&mut self, path: &[Op]) -> &mut BodyState<'p> {
        self.states.entry(path.to_vec()).or_default()
    }

    /// Whether `op` (of the body at `path`) was replaced or erased, or is to be left alone.
    fn is_ignored(&self, body: &Body, path: &[Op], op: Op) -> bool {
        body.is_erased(op) || self.states.get(path).is_some_and(|s| s.is_ignored(op))
    }

    fn next_attempt(&mut self) -> (u64, bool) {
        let id = self.attempt;
        self.attempt += 1;
        (id, self.banned.contains(&id))
    }

    /// Legalizes the root op, then what it holds.
    fn convert_root(&mut self, body: &mut Body, op: Op) -> Result<(), Abort> {
        let recursive = self.target.is_legal(self.ctx, body, op).is_some_and(|d| d.recursively_legal);
        self.convert_op(body, &[], None, op)?;
        if recursive || self.is_ignored(body, &[], op) {
            return Ok(());
        }
        let mut list = Vec::new();
        collect(self.ctx, self.target, body, body.local_regions(op), &mut list);
        self.convert_list(body, &[], None, &list)?;
        self.descend(body, &[], op)
    }

    /// Legalizes the ops of `regions` (of the body at `path`, owned by an op named `owner`).
    fn convert_regions(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, regions: &[Region]) -> Result<(), Abort> {
        let mut list = Vec::new();
        collect(self.ctx, self.target, body, regions, &mut list);
        self.convert_list(body, path, owner, &list)
    }

    fn convert_list(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, list: &[(Op, bool)]) -> Result<(), Abort> {
        for &(op, descend) in list {
            if self.is_ignored(body, path, op) {
                continue;
            }
            self.convert_op(body, path, owner, op)?;
            if descend {
                self.descend(body, path, op)?;
            }
        }
        Ok(())
    }

    /// Converts the body of `op` when it owns one that is to be converted.
    fn descend(&mut self, body: &mut Body, path: &[Op], op: Op) -> Result<(), Abort> {
        if self.is_ignored(body, path, op) || self.states.get(path).is_some_and(|s| s.skip_nested.contains(&op)) {
            return Ok(());
        }
        let name = body.op(op).name;
        let Some(nested) = body.nested_mut(op) else { return Ok(()) };
        let mut inner = path.to_vec();
        inner.push(op);
        let roots = nested.roots.to_vec();
        self.convert_regions(nested, &inner, Some(name), &roots)
    }

    /// Legalizes `op`, failing the conversion as the mode says when it cannot.
    fn convert_op(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, op: Op) -> Result<(), Abort> {
        if self.legalize(body, path, owner, op)? {
            return Ok(());
        }
        let name = self.ctx.str(body.op(op).name);
        let loc = body.op(op).loc;
        match self.mode {
            Mode::Full => Err(Abort::Fail(Diagnostic::error(loc, format!("failed to legalize operation '{name}'")))),
            Mode::Partial if self.target.is_illegal(self.ctx, body, op) => {
                Err(Abort::Fail(Diagnostic::error(loc, format!("failed to legalize operation '{name}' that was explicitly marked illegal"))))
            }
            Mode::Partial => Ok(()),
        }
    }

    /// Makes `op` legal if it can; `Ok(false)` when it cannot.
    fn legalize(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, op: Op) -> Result<bool, Abort> {
        if self.is_ignored(body, path, op) {
            return Ok(true);
        }
        if let Some(details) = self.target.is_legal(self.ctx, body, op) {
            if details.recursively_legal {
                let mut inner = Vec::new();
                nested_ops(body, op, &mut inner);
                let state = self.state(path);
                state.ignored.extend(inner);
                state.skip_nested.insert(op);
            }
            return Ok(true);
        }
        if self.legalize_with_fold(body, path, owner, op)? {
            return Ok(true);
        }
        self.legalize_with_pattern(body, path, owner, op)
    }

    fn legalize_with_fold(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, op: Op) -> Result<bool, Abort> {
        let ctx = self.ctx;
        let Some(def) = ctx.registry().get(body.op(op).name) else { return Ok(false) };
        if def.traits.contains(Traits::CONSTANT_LIKE) {
            return Ok(false);
        }
        let (id, banned) = self.next_attempt();
        if banned {
            return Ok(false);
        }
        let results = match fold_op(ctx, body, op, def) {
            FoldAttempt::Failed => return Ok(false),
            FoldAttempt::InPlace => return self.legalize(body, path, owner, op),
            FoldAttempt::Results(r) => r,
        };
        let loc = body.op(op).loc;
        let types: Vec<_> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
        let mut values: Vec<Value> = Vec::with_capacity(results.len());
        let mut constants: Vec<Op> = Vec::new();
        for (f, ty) in results.iter().zip(types) {
            match *f {
                Folded::Value(v) => values.push(v),
                Folded::Attr(a) => {
                    let Some(state) = ctx.registry().materializer(def.dialect()).and_then(|m| m(ctx, a, ty, loc)) else {
                        for c in constants {
                            body.erase_op(c);
                        }
                        return Ok(false);
                    };
                    let c = body.create_op(state);
                    body.insert_op_before(op, c);
                    constants.push(c);
                    values.push(body.results(c)[0]);
                }
            }
        }
        let mut track = Track::new(body);
        self.rewriter(body, path, owner, &mut track, None).replace_op(op, &values);
        for c in constants {
            if !self.legalize(body, path, owner, c)? {
                return Err(Abort::Retry(id));
            }
        }
        Ok(true)
    }

    fn rewriter<'r>(&'r mut self, body: &'r mut Body, path: &[Op], owner: Option<Ident>, track: &'r mut Track, converter: Option<&'p super::TypeConverter>) -> ConversionRewriter<'r, 'p> {
        ConversionRewriter { ctx: self.ctx, body, states: &mut self.states, path: path.to_vec(), track, converter, owner }
    }

    fn legalize_with_pattern(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, op: Op) -> Result<bool, Abort> {
        let name = body.op(op).name;
        let candidates = match self.cache.get(&name) {
            Some(c) => c.clone(),
            None => {
                let c = self.order.for_op(self.ctx.str(name));
                self.cache.insert(name, c.clone());
                c
            }
        };
        let (set, ctx) = (self.set, self.ctx);
        for p in candidates {
            let pattern = &set.patterns[p];
            if !pattern.has_bounded_recursion() && self.applied.contains(&p) {
                continue;
            }
            let (id, banned) = self.next_attempt();
            if banned {
                continue;
            }
            self.applied.push(p);
            let mut track = Track::new(body);
            let matched = {
                let mut rw = self.rewriter(body, path, owner, &mut track, pattern.type_converter());
                let mats = rw.mat_count();
                let matched = match rw.remap_operands(op) {
                    Some(operands) => pattern.match_and_rewrite(ctx, &mut rw, op, &operands),
                    None => false,
                };
                if !matched && !rw.track.changed {
                    rw.undo_mats(mats);
                }
                matched
            };
            if !matched {
                self.applied.pop();
                if track.changed {
                    // A pattern that failed after changing the IR is undone.
                    return Err(Abort::Retry(id));
                }
                continue;
            }
            let legal = self.legalize_result(body, path, owner, op, &track)?;
            self.applied.pop();
            return if legal { Ok(true) } else { Err(Abort::Retry(id)) };
        }
        Ok(false)
    }

    /// Legalizes what a pattern applied to `root` did.
    fn legalize_result(&mut self, body: &mut Body, path: &[Op], owner: Option<Ident>, root: Op, track: &Track) -> Result<bool, Abort> {
        let mut parents_done: FxHashSet<Op> = FxHashSet::default();
        let mut blocks_done: FxHashSet<mica_ir::Block> = FxHashSet::default();
        for &b in &track.blocks {
            if !blocks_done.insert(b) || body.block_args(b).is_empty() {
                continue;
            }
            let Some(region) = body.block_region(b) else { continue };
            let parent = body.region_parent(region);
            if parent == Some(root) {
                continue;
            }
            let converter = self.states.get(path).and_then(|s| s.region_converters.get(&region).copied());
            if let Some(conv) = converter {
                let Some(sig) = conv.convert_block_signature(self.ctx, body, b) else { return Ok(false) };
                let mut t = Track::new(body);
                self.rewriter(body, path, owner, &mut t, Some(conv)).apply_signature_conversion(b, &sig, Some(conv));
                continue;
            }
            // The owner of a top-level region was legalized before its body.
            let Some(parent) = parent else { continue };
            if !track.new_ops.contains(&parent) && parents_done.insert(parent) && !self.legalize(body, path, owner, parent)? {
                return Ok(false);
            }
        }
        for &m in &track.modified {
            if !self.legalize(body, path, owner, m)? {
                return Ok(false);
            }
        }
        for &n in &track.new_ops {
            if !self.legalize(body, path, owner, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Commits the changes of every body (`root` is the converted IR), then reconciles and
    /// resolves their materializations.
    fn finish(&mut self, root: &mut Body) -> Result<(), Abort> {
        let mut paths: Vec<Vec<Op>> = self.states.keys().cloned().collect();
        paths.sort();
        let mut committed = Vec::with_capacity(paths.len());
        for path in paths {
            let mut state = self.states.remove(&path).expect("listed");
            // A body inside an op erased by an outer commit went with it.
            let Some(body) = body_at(root, &path) else { continue };
            commit(self.ctx, body, &mut state);
            committed.push((path, state));
        }
        for (path, state) in committed {
            let Some(body) = body_at(root, &path) else { continue };
            finish_body(self.ctx, body, &state).map_err(Abort::Fail)?;
        }
        Ok(())
    }
}

fn is_cast(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.str(body.op(op).name) == "builtin.unrealized_conversion_cast"
}

/// The cast defining exactly the operands of `op` (all of them, in order).
fn input_cast(ctx: &Context, body: &Body, op: Op) -> Option<Op> {
    let first = body.operands(op).next()?;
    let ValueDef::Result(c, _) = body.value(first).def else { return None };
    (is_cast(ctx, body, c) && body.results(c) == body.operand_values(op)).then_some(c)
}

/// MLIR's `reconcileUnrealizedCasts` over the driver's materializations, then their
/// resolution through the type converters.
fn finish_body(ctx: &Context, body: &mut Body, state: &BodyState<'_>) -> Result<(), Diagnostic> {
    let mut worklist: Vec<Op> = state.mat_order.iter().copied().filter(|o| !body.is_erased(*o)).collect();
    let mut queued: FxHashSet<Op> = worklist.iter().copied().collect();
    let enqueue = |body: &Body, op: Op, worklist: &mut Vec<Op>, queued: &mut FxHashSet<Op>| {
        for v in body.operands(op) {
            if let ValueDef::Result(d, _) = body.value(v).def
                && is_cast(ctx, body, d)
                && queued.insert(d)
            {
                worklist.push(d);
            }
        }
    };
    while let Some(cast) = worklist.pop() {
        queued.remove(&cast);
        if body.is_erased(cast) {
            continue;
        }
        if body.results(cast).iter().all(|r| !body.has_uses(*r)) {
            enqueue(body, cast, &mut worklist, &mut queued);
            body.erase_op(cast);
            continue;
        }
        let out: Vec<_> = body.results(cast).iter().map(|r| body.value_type(*r)).collect();
        let mut next = Some(cast);
        while let Some(n) = next {
            let inputs: Vec<Value> = body.operands(n).collect();
            if inputs.iter().map(|v| body.value_type(*v)).eq(out.iter().copied()) {
                enqueue(body, cast, &mut worklist, &mut queued);
                for (r, v) in body.results(cast).to_vec().into_iter().zip(inputs) {
                    body.replace_all_uses(r, v);
                }
                body.erase_op(cast);
                break;
            }
            next = input_cast(ctx, body, n);
        }
    }
    for &cast in &state.mat_order {
        if body.is_erased(cast) {
            continue;
        }
        let mat = &state.mats[&cast];
        let inputs: Vec<Value> = body.operands(cast).collect();
        let results = body.results(cast).to_vec();
        let types: Vec<_> = results.iter().map(|r| body.value_type(*r)).collect();
        let loc = body.op(cast).loc;
        let ip = InsertPoint::Before(cast);
        let built = mat.converter.and_then(|c| match mat.kind {
            MatKind::Source => c.materialize_source(ctx, body, ip, types[0], &inputs, loc).map(|v| vec![v]),
            MatKind::Target => c.materialize_target(ctx, body, ip, &types, &inputs, loc),
        });
        match built {
            Some(values) => {
                for (r, v) in results.iter().zip(values) {
                    body.replace_all_uses(*r, v);
                }
                body.erase_op(cast);
            }
            None => {
                let list = |vs: &[Value]| vs.iter().map(|v| mica_ir::printer::type_string(ctx, body.value_type(*v))).collect::<Vec<_>>().join(", ");
                let msg = format!("failed to legalize unresolved materialization from ({}) to ({}) that remained live after conversion", list(&inputs), list(&results));
                let mut d = Diagnostic::error(loc, msg);
                if let Some(user) = results.iter().find_map(|r| body.uses(*r).next()).map(|u| u.op) {
                    let text = mica_ir::print_op_to_string(ctx, body, user, &PrintOptions { local_scope: true, ..PrintOptions::default() });
                    d = d.with_note(body.op(user).loc, format!("see existing live user here: {text}"));
                }
                return Err(d);
            }
        }
    }
    Ok(())
}
