//! The aggressive part of region simplification, as MLIR's `mergeIdenticalBlocks` and
//! `dropRedundantArguments`: blocks (other than the entry) with the same successors whose ops
//! are the same up to values from outside the block are merged into the first of them, the
//! differing outside values becoming new block arguments passed by every predecessor
//! (repeated ones pruned); block arguments that every predecessor passes the same value for
//! are replaced by that value.

use mica_ir::rewrite::Rewriter;
use mica_ir::{Block, Body, Context, Op, Region, Type, Value, ValueDef};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeSet;

/// Pushes `r` on a worklist with set semantics.
fn push_unique(list: &mut Vec<Region>, r: Region) {
    if !list.contains(&r) {
        list.push(r);
    }
}

fn nested_regions(body: &Body, region: Region) -> Vec<Region> {
    let mut out = Vec::new();
    for &b in body.region_blocks(region) {
        for op in body.block_ops(b) {
            out.extend(body.local_regions(op).iter().copied());
        }
    }
    out
}

/// Merges identical blocks in `regions` and their nested regions; says whether any merged.
pub fn merge_identical_blocks(ctx: &Context, rw: &mut Rewriter<'_>, regions: &[Region]) -> bool {
    let mut worklist: Vec<Region> = Vec::new();
    for &r in regions {
        push_unique(&mut worklist, r);
    }
    let mut changed = false;
    while let Some(r) = worklist.pop() {
        if merge_in_region(ctx, rw, r) {
            push_unique(&mut worklist, r);
            changed = true;
        }
        for n in nested_regions(rw.body, r) {
            push_unique(&mut worklist, n);
        }
    }
    changed
}

/// The position of each value a block defines: arguments first, then results in op order.
struct Order {
    block: Block,
    results: FxHashMap<Op, u32>,
}

impl Order {
    fn new(body: &Body, block: Block) -> Self {
        let mut results = FxHashMap::default();
        let mut next = body.block_args(block).len() as u32;
        for op in body.block_ops(block) {
            let n = body.results(op).len() as u32;
            if n > 0 {
                results.insert(op, next);
                next += n;
            }
        }
        Self { block, results }
    }

    fn of(&self, body: &Body, v: Value) -> Option<u32> {
        match body.value(v).def {
            ValueDef::Arg(b, i) if b == self.block => Some(i),
            ValueDef::Result(op, i) if body.op_block(op) == Some(self.block) => self.results.get(&op).map(|s| s + i),
            _ => None,
        }
    }
}

fn value_block(body: &Body, v: Value) -> Option<Block> {
    match body.value(v).def {
        ValueDef::Arg(b, _) => Some(b),
        ValueDef::Result(op, _) => body.op_block(op),
    }
}

/// Whether `a` and `b` are the same op up to operand values (MLIR's `isEquivalentTo` with
/// value equivalence and locations ignored).
fn same_op(body: &Body, a: Op, b: Op) -> bool {
    let (da, db) = (body.op(a), body.op(b));
    da.name == db.name
        && da.properties() == db.properties()
        && da.attrs == db.attrs
        && body.local_regions(a).len() == body.local_regions(b).len()
        && body.nested(a).is_none()
        && body.nested(b).is_none()
        && body.successors(a).len() == body.successors(b).len()
        && body.num_operands(a) == body.num_operands(b)
        && body.results(a).len() == body.results(b).len()
        && body.operands(a).zip(body.operands(b)).all(|(x, y)| body.value_type(x) == body.value_type(y))
        && body.results(a).iter().zip(body.results(b)).all(|(x, y)| body.value_type(*x) == body.value_type(*y))
}

fn used_outside(body: &Body, v: Value, block: Block) -> bool {
    body.uses(v).any(|u| {
        // A use nested in an op of the block counts as inside.
        let mut op = u.op;
        loop {
            match body.op_block(op) {
                Some(b) if b == block => return false,
                Some(b) => match body.block_region(b).and_then(|r| body.region_parent(r)) {
                    Some(p) => op = p,
                    None => return true,
                },
                None => return true,
            }
        }
    })
}

/// The predecessor edges of `block`: (terminator, successor index).
fn pred_edges(body: &Body, block: Block) -> Vec<(Op, usize)> {
    let Some(region) = body.block_region(block) else { return Vec::new() };
    let mut out = Vec::new();
    for &b in body.region_blocks(region) {
        if let Some(t) = body.block_last_op(b) {
            for (i, &s) in body.successors(t).iter().enumerate() {
                if s == block {
                    out.push((t, i));
                }
            }
        }
    }
    out
}

/// A cluster of blocks to merge into its leader.
struct Cluster {
    leader: Order,
    blocks: Vec<Block>,
    /// (op position, operand index) pairs whose values become new arguments.
    operands: BTreeSet<(usize, usize)>,
}

impl Cluster {
    fn try_add(&mut self, body: &Body, block: Block) -> bool {
        let lb = self.leader.block;
        let arg_types = |b: Block| body.block_args(b).iter().map(|a| body.value_type(*a)).collect::<SmallVec<[Type; 4]>>();
        if arg_types(lb) != arg_types(block) {
            return false;
        }
        let order = Order::new(body, block);
        let (lops, rops): (Vec<Op>, Vec<Op>) = (body.block_ops(lb).collect(), body.block_ops(block).collect());
        if lops.len() != rops.len() {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (&l, &r)) in lops.iter().zip(&rops).enumerate() {
            if !same_op(body, l, r) {
                return false;
            }
            for k in 0..body.num_operands(l) {
                let (lv, rv) = (body.operand(l, k), body.operand(r, k));
                if lv == rv {
                    continue;
                }
                let (lin, rin) = (value_block(body, lv) == Some(lb), value_block(body, rv) == Some(block));
                if lin != rin {
                    return false;
                }
                if !lin {
                    let valid = |b: Block, v: Value| {
                        let ValueDef::Result(d, _) = body.value(v).def else { return true };
                        let Some(pb) = body.op_block(d) else { return true };
                        if body.block_last_op(pb) != Some(d) {
                            return true;
                        }
                        !pred_edges(body, b).iter().any(|(t, _)| body.op_block(*t) == Some(pb))
                    };
                    if !valid(lb, lv) || !valid(block, rv) {
                        return false;
                    }
                    mismatched.push((i, k));
                    continue;
                }
                if self.leader.of(body, lv) != order.of(body, rv) {
                    return false;
                }
            }
            if body.results(r).iter().any(|v| used_outside(body, *v, block)) || body.results(l).iter().any(|v| used_outside(body, *v, lb)) {
                return false;
            }
        }
        self.operands.extend(mismatched);
        self.blocks.push(block);
        true
    }

    fn merge(self, ctx: &Context, rw: &mut Rewriter<'_>) -> bool {
        if self.blocks.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        if !self.operands.is_empty() {
            let all: Vec<Block> = std::iter::once(leader).chain(self.blocks.iter().copied()).collect();
            let can_update = all.iter().all(|b| {
                pred_edges(rw.body, *b).iter().all(|(t, _)| ctx.registry().get(rw.body.op(*t).name).is_some_and(|d| d.append_successor_operand.is_some()))
            });
            if !can_update {
                return false;
            }
            let block_ops: Vec<Vec<Op>> = all.iter().map(|b| rw.body.block_ops(*b).collect()).collect();
            let n_old = rw.body.block_args(leader).len();
            let mut new_args: Vec<Vec<Value>> = vec![Vec::with_capacity(self.operands.len()); all.len()];
            for &(op_i, operand) in &self.operands {
                for (i, ops) in block_ops.iter().enumerate() {
                    let v = rw.body.operand(ops[op_i], operand);
                    new_args[i].push(v);
                    if i == 0 {
                        let ty = rw.body.value_type(v);
                        let loc = match rw.body.value(v).def {
                            ValueDef::Arg(..) => rw.body.value(v).loc,
                            ValueDef::Result(d, _) => Some(rw.body.op(d).loc),
                        };
                        let arg = rw.body.add_block_arg(leader, ty, loc);
                        rw.body.set_operand(ops[op_i], operand, arg);
                    }
                }
            }
            let new_args = prune_redundant(rw, new_args, n_old, leader);
            for (i, b) in all.iter().enumerate() {
                for (t, s) in pred_edges(rw.body, *b) {
                    let Some(append) = ctx.registry().get(rw.body.op(t).name).and_then(|d| d.append_successor_operand) else { continue };
                    for &v in &new_args[i] {
                        append(ctx, rw.body, t, s, v);
                    }
                }
            }
        }
        for &b in &self.blocks {
            for (t, s) in pred_edges(rw.body, b) {
                rw.body.set_successor(t, s, leader);
            }
            rw.erase_block(b);
        }
        true
    }
}

/// MLIR's `pruneRedundantArguments`: new arguments equal (in every list) to an earlier one go.
fn prune_redundant(rw: &mut Rewriter<'_>, lists: Vec<Vec<Value>>, n_old: usize, block: Block) -> Vec<Vec<Value>> {
    let Some(first) = lists.first() else { return lists };
    let n = first.len();
    let mut first_idx: FxHashMap<Value, usize> = FxHashMap::default();
    for (j, v) in first.iter().enumerate() {
        first_idx.entry(*v).or_insert(j);
    }
    let mut replacement: FxHashMap<usize, usize> = FxHashMap::default();
    for j in 0..n {
        let k = first_idx[&first[j]];
        if k == j {
            continue;
        }
        if lists[1..].iter().all(|l| l[k] == l[j]) {
            replacement.insert(j, k);
        }
    }
    let pruned: Vec<Vec<Value>> = lists.iter().map(|l| (0..n).filter(|j| !replacement.contains_key(j)).map(|j| l[j]).collect()).collect();
    let mut erase = Vec::new();
    for j in 0..n {
        if let Some(&k) = replacement.get(&j) {
            let old = rw.body.block_args(block)[n_old + j];
            let new = rw.body.block_args(block)[n_old + k];
            rw.replace_all_uses(old, new);
            erase.push(n_old + j);
        }
    }
    for idx in erase.into_iter().rev() {
        rw.body.erase_block_arg(block, idx);
    }
    pruned
}

fn merge_in_region(ctx: &Context, rw: &mut Rewriter<'_>, region: Region) -> bool {
    let blocks = rw.body.region_blocks(region).to_vec();
    if blocks.len() <= 1 {
        return false;
    }
    let mut groups: Vec<(SmallVec<[Block; 2]>, Vec<Block>)> = Vec::new();
    for &b in &blocks[1..] {
        let succ: SmallVec<[Block; 2]> = rw.body.block_last_op(b).map(|t| SmallVec::from_slice(rw.body.successors(t))).unwrap_or_default();
        match groups.iter_mut().find(|(s, _)| *s == succ) {
            Some((_, g)) => g.push(b),
            None => groups.push((succ, vec![b])),
        }
    }
    let mut merged = false;
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in group {
            let body = &*rw.body;
            if body.block_ops(b).any(|op| body.nested(op).is_some() || body.local_regions(op).iter().any(|r| !body.region_blocks(*r).is_empty())) {
                continue;
            }
            if body.block_args(b).iter().any(|a| used_outside(body, *a, b)) {
                continue;
            }
            if !clusters.iter_mut().any(|c| c.try_add(body, b)) {
                clusters.push(Cluster { leader: Order::new(body, b), blocks: Vec::new(), operands: BTreeSet::new() });
            }
        }
        for c in clusters {
            merged |= c.merge(ctx, rw);
        }
    }
    merged
}

/// Replaces the block arguments that every predecessor passes the same value for.
pub fn drop_redundant_arguments(ctx: &Context, rw: &mut Rewriter<'_>, regions: &[Region]) -> bool {
    let mut worklist: Vec<Region> = Vec::new();
    for &r in regions {
        push_unique(&mut worklist, r);
    }
    let mut changed = false;
    while let Some(r) = worklist.pop() {
        for b in rw.body.region_blocks(r).to_vec() {
            changed |= drop_in_block(ctx, rw, b);
            for op in rw.body.block_ops(b).collect::<Vec<_>>() {
                for &n in rw.body.local_regions(op) {
                    push_unique(&mut worklist, n);
                }
            }
        }
    }
    changed
}

fn drop_in_block(ctx: &Context, rw: &mut Rewriter<'_>, block: Block) -> bool {
    let edges = pred_edges(rw.body, block);
    let mut erase = Vec::new();
    for (i, &arg) in rw.body.block_args(block).to_vec().iter().enumerate() {
        let mut common: Option<Value> = None;
        let mut same = true;
        for &(t, s) in &edges {
            let range = ctx.registry().get(rw.body.op(t).name).and_then(|d| d.successor_operands).and_then(|f| f(ctx, rw.body, t, s));
            let Some(range) = range else {
                same = false;
                break;
            };
            let v = rw.body.operand(t, range.start + i);
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                Some(_) => {}
            }
        }
        if let (Some(c), true) = (common, same) {
            erase.push(i);
            rw.replace_all_uses(arg, c);
        }
    }
    for &i in erase.iter().rev() {
        rw.body.erase_block_arg(block, i);
        for &(t, s) in &edges {
            let Some(def) = ctx.registry().get(rw.body.op(t).name) else { continue };
            let Some(range) = def.successor_operands.and_then(|f| f(ctx, rw.body, t, s)) else { continue };
            match def.erase_operand {
                Some(e) => e(ctx, rw.body, t, range.start + i),
                None => rw.body.erase_operand(t, range.start + i),
            }
        }
    }
    !erase.is_empty()
}
