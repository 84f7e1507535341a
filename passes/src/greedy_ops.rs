//! MLIR's `applyOpPatternsGreedily`: the greedy driver started from a list of ops rather than
//! from whole regions. The worklist starts as the list (the last op comes off first); each op
//! taken off is erased when trivially dead, else folded, else rewritten by its
//! canonicalization patterns by benefit, as [`crate::greedy`] does. What changes comes back
//! on the worklist — created and modified ops with their ancestors inside the scope (the
//! region nearest to all the listed ops), the producers of an erased op's operands left with
//! at most one other user — and the driver stops when the worklist is empty: no constants are
//! collected or hoisted first, no region is simplified, nothing is repeated.

use crate::effects::{effects, is_trivially_dead_with};
use crate::greedy::{fold_op, FoldAttempt};
use mica_ir::registry::Folded;
use mica_ir::rewrite::{Listener, Rewriter};
use mica_ir::{Body, Context, EntityRef, Ident, Op, Region, Traits, Type, Value, ValueDef};
use smallvec::SmallVec;

/// A stack without duplicates whose removed entries become holes (MLIR's `Worklist`).
#[derive(Default)]
struct Worklist {
    list: Vec<Option<Op>>,
    /// Position in `list` of each queued op, by op index (`u32::MAX`: not queued).
    pos: Vec<u32>,
}

impl Worklist {
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
}

/// The driver's reaction to rewrites: queue what changed.
struct Queue<'w> {
    worklist: &'w mut Worklist,
    /// The region ops are queued up to (their ancestors in it; `None`: the whole body).
    scope: Option<Region>,
}

impl Queue<'_> {
    /// Queues `op` and its ancestors up to the scope (MLIR's `addToWorklist`); nothing when
    /// `op` is not inside the scope.
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
            let ValueDef::Result(producer, _) = body.value(v).def else { continue };
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
                self.add(body, producer);
            }
        }
        self.worklist.remove(op);
    }
}

/// The region nearest to all of `ops` that holds them (MLIR's `findCommonAncestor`); `None`
/// when only the body's own regions do, or when they are in different ones.
pub(crate) fn common_region(body: &Body, ops: &[Op]) -> Option<Region> {
    let chain = |op: Op| -> Vec<Region> {
        let mut out = Vec::new();
        let mut cur = op;
        while let Some(r) = body.op_block(cur).and_then(|b| body.block_region(b)) {
            out.push(r);
            match body.region_parent(r) {
                Some(p) => cur = p,
                None => break,
            }
        }
        out
    };
    let mut common = chain(*ops.first()?);
    for &op in &ops[1..] {
        let c = chain(op);
        common.retain(|r| c.contains(r));
    }
    common.first().copied()
}

/// Applies folds and canonicalization patterns greedily starting from `ops` (all in `body`,
/// owned by an op named `owner`), queueing changes inside `scope`.
pub(crate) fn apply(ctx: &Context, body: &mut Body, owner: Option<Ident>, ops: &[Op], scope: Option<Region>) {
    let mut worklist = Worklist::default();
    for &op in ops {
        worklist.push(op);
    }
    while let Some(op) = worklist.pop() {
        if body.is_erased(op) {
            continue;
        }
        let eff = effects(ctx, body, op);
        if is_trivially_dead_with(ctx, body, op, eff) {
            let mut q = Queue { worklist: &mut worklist, scope };
            Rewriter::new(body, &mut q).erase_op(op);
            continue;
        }
        let Some(def) = ctx.registry().get(body.op(op).name) else { continue };
        if !def.traits.contains(Traits::CONSTANT_LIKE) {
            match fold_op(ctx, body, op, def) {
                FoldAttempt::Failed => {}
                FoldAttempt::InPlace => {
                    Queue { worklist: &mut worklist, scope }.add(body, op);
                    continue;
                }
                FoldAttempt::Results(r) => {
                    let mut q = Queue { worklist: &mut worklist, scope };
                    if replace_folded(ctx, &mut Rewriter::new(body, &mut q), op, def.dialect(), &r) {
                        continue;
                    }
                }
            }
        }
        let mut patterns: SmallVec<[&mica_ir::Pattern; 4]> = def.canonicalize.iter().collect();
        patterns.sort_by_key(|p| std::cmp::Reverse(p.benefit));
        let mut q = Queue { worklist: &mut worklist, scope };
        let mut rw = Rewriter::new(body, &mut q).with_owner(owner);
        for p in patterns {
            if (p.apply)(ctx, &mut rw, op) {
                break;
            }
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
