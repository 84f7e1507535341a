//! CSE's first walk: value numbers. An op's number hashes its head (name, properties,
//! attributes, result types) and its operands' numbers (sorted for commutative ops); a value's number is its op's number
//! and its position, or, for block arguments and values used before their definition, its
//! own identity. CSE merges an op only into one with the same head and the same operand
//! classes, which have the same numbers, so an op whose number no other op has is never merged
//! and needs no e-node. (Regions are left out of the hash: ops with regions that differ share
//! numbers, which only keeps them in the e-graph. For the same reason, the table that finds
//! shared numbers keys them by 32 of their bits: two ops that happen to share those both go
//! into the e-graph, which compares them exactly; a half-size table touches half the memory on
//! a long body. Values keep all 64 bits: a long chain of ops numbers each from the one before,
//! and a 32-bit number would soon repeat.) The walk visits regions as the CSE walk does,
//! multi-block regions along their dominator tree, and keeps those block orders for it.

use fixedbitset::FixedBitSet;
use mica_ir::{Block, Body, Context, EntityRef, Op, Region, Traits, Value};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::collections::hash_map::Entry;
use std::hash::Hasher;

/// The value numbers of a body's ops and values (kept from body to body for its buffers: see
/// [`Numbering::renumber`]).
#[derive(Default)]
pub(super) struct Numbering {
    /// Per value, its number (0: none yet).
    values: Vec<u64>,
    /// The first op numbered with each number, by number: an op that finds its number here
    /// shares it (one probe per op, where sorting the numbers cost a large body most of the
    /// walk).
    first: FxHashMap<u32, u32>,
    /// The ops whose number another op has too, by index.
    shared: FixedBitSet,
    /// The block order of each multi-block region walked (see [`dom_preorder`]).
    orders: FxHashMap<Region, Vec<(Block, u32)>>,
}

impl Numbering {
    /// Numbers the ops of `regions` (of `body`; graph regions when `graph`), not entering
    /// isolated ops, forgetting the numbers of the body numbered before (but not the room
    /// they took).
    pub(super) fn renumber(&mut self, ctx: &Context, body: &Body, regions: &[Region], graph: bool) {
        self.values.clear();
        self.values.resize(body.num_values(), 0);
        // A map a large body left large would cost every later small one its clearing.
        if self.first.capacity() > 4 * body.num_ops() + 64 {
            self.first = FxHashMap::default();
        } else {
            self.first.clear();
        }
        self.first.reserve(body.num_ops());
        self.shared.clear();
        self.shared.grow(body.num_ops());
        self.orders.clear();
        for &r in regions {
            self.region(ctx, body, r, !graph);
        }
    }

    /// Whether another op has `op`'s number.
    pub(super) fn may_merge(&self, op: Op) -> bool {
        self.shared.contains(op.index())
    }

    /// The block order of multi-block region `region`, computed once.
    pub(super) fn take_order(&mut self, body: &Body, region: Region) -> Vec<(Block, u32)> {
        self.orders.remove(&region).unwrap_or_else(|| dom_preorder(body, region))
    }

    fn region(&mut self, ctx: &Context, body: &Body, region: Region, ssa: bool) {
        match body.region_blocks(region) {
            [] => {}
            &[b] => self.block(ctx, body, b),
            _ if !ssa => {}
            _ => {
                let order = dom_preorder(body, region);
                for &(b, _) in &order {
                    self.block(ctx, body, b);
                }
                self.orders.insert(region, order);
            }
        }
    }

    fn block(&mut self, ctx: &Context, body: &Body, block: Block) {
        for op in body.block_ops(block) {
            if body.nested(op).is_some() {
                continue;
            }
            let traits = ctx.registry().traits(body.op(op).name);
            if !body.local_regions(op).is_empty() {
                for &r in body.local_regions(op) {
                    self.region(ctx, body, r, !traits.contains(Traits::GRAPH_REGION));
                }
            }
            self.op(body, op, traits.contains(Traits::COMMUTATIVE));
        }
    }

    fn op(&mut self, body: &Body, op: Op, commutative: bool) {
        let d = body.op(op);
        let mut h = FxHasher::default();
        h.write_u32(d.name.index());
        h.write_u32(d.properties().map_or(u32::MAX, |p| p.index()));
        h.write_u32(d.attrs.index());
        let results = body.results(op);
        h.write_usize(results.len());
        for &r in results {
            h.write_u32(body.value_type(r).index());
        }
        h.write_usize(body.num_operands(op));
        if commutative {
            match body.operand_values(op) {
                // Most commutative ops are binary: their two numbers in order, with no list.
                &[a, b] => {
                    let (x, y) = (self.value(a), self.value(b));
                    h.write_u64(x.min(y));
                    h.write_u64(x.max(y));
                }
                values => {
                    let mut operands: SmallVec<[u64; 4]> = values.iter().map(|&v| self.value(v)).collect();
                    operands.sort_unstable();
                    for n in operands {
                        h.write_u64(n);
                    }
                }
            }
        } else {
            for v in body.operands(op) {
                h.write_u64(self.value(v));
            }
        }
        let n = h.finish() | 1;
        match self.first.entry((n >> 32) as u32) {
            Entry::Vacant(e) => {
                e.insert(op.index() as u32);
            }
            Entry::Occupied(e) => {
                self.shared.insert(*e.get() as usize);
                self.shared.insert(op.index());
            }
        }
        for (i, &r) in results.iter().enumerate() {
            // A value used before its definition (graph regions) keeps its first number.
            if self.values[r.index()] == 0 {
                let mut h = FxHasher::default();
                h.write_u64(n);
                h.write_usize(i);
                self.values[r.index()] = h.finish() | 1;
            }
        }
    }

    fn value(&mut self, v: Value) -> u64 {
        let slot = &mut self.values[v.index()];
        if *slot == 0 {
            let mut h = FxHasher::default();
            h.write_u64(0x5EED);
            h.write_usize(v.index());
            *slot = h.finish() | 1;
        }
        *slot
    }
}

/// The reachable blocks of `region` in preorder of its dominator tree, each with its depth
/// in the tree (the entry block's is 0).
pub(super) fn dom_preorder(body: &Body, region: Region) -> Vec<(Block, u32)> {
    let blocks = body.region_blocks(region);
    let Some(&entry) = blocks.first() else { return Vec::new() };
    let idom = mica_ir::verify::compute_idoms(body, region);
    let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    for &b in blocks {
        if let Some(&d) = idom.get(&b) {
            if d != b {
                children.entry(d).or_default().push(b);
            }
        }
    }
    let mut order = Vec::new();
    let mut stack: Vec<(Block, u32)> = vec![(entry, 0)];
    while let Some((b, depth)) = stack.pop() {
        order.push((b, depth));
        if let Some(kids) = children.get(&b) {
            stack.extend(kids.iter().rev().map(|&k| (k, depth + 1)));
        }
    }
    order
}
