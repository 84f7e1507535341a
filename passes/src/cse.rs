//! Common subexpression elimination, with MLIR 22's `--cse` semantics, on an e-graph.
//!
//! Every candidate op becomes one e-node of an [`egg::EGraph`]: its key (name, properties,
//! discardable attributes, result types and, for ops with regions, the exact structure of the
//! regions) with the e-classes of its operands as children; results are projection nodes of the
//! op's class. The e-graph's hash-consing finds the equivalent op; a scoped table of class
//! representatives (pushed and popped along the dominator tree, as MLIR's scoped hash table)
//! keeps only those that dominate. As MLIR does, the pass also erases ops that are trivially
//! dead, replaces read-only ops when no write lies between them in the block, gives regions of
//! isolated (or unregistered) ops a fresh table, and in graph regions only rewrites uses not yet
//! visited. Locations are ignored; an unknown-located survivor takes the erased op's location.

use crate::effects::{effects, is_trivially_dead_with, Effects};
use egg::{EGraph, Id, Language};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Ident, Op, Region, Traits, Type, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// One e-node: an interned key and the operand classes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    key: u32,
    children: SmallVec<[Id; 3]>,
}

impl Language for Node {
    type Discriminant = u32;

    fn discriminant(&self) -> u32 {
        self.key
    }

    fn matches(&self, other: &Self) -> bool {
        self.key == other.key && self.children.len() == other.children.len()
    }

    fn children(&self) -> &[Id] {
        &self.children
    }

    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

/// What a key stands for.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    /// A value the table knows nothing about (block argument, value from outside).
    Leaf(Value),
    /// An op, up to its operands.
    Op { name: Ident, props: Option<Attr>, attrs: Attr, types: SmallVec<[Type; 2]>, regions: u32 },
    /// Result `n` of an op class.
    Result(u32),
}

/// Runs CSE on everything inside `op` (an op of `body`).
pub fn run(ctx: &Context, body: &mut Body, op: Op) {
    let graph = ctx.registry().traits(body.op(op).name).contains(Traits::GRAPH_REGION);
    if let Some(nested) = body.nested_mut(op) {
        run_body(ctx, nested, graph);
    } else {
        let regions = body.local_regions(op).to_vec();
        let mut d = Driver::new(ctx);
        for r in regions {
            d.simplify_region(body, r, !graph);
        }
        d.erase(body);
    }
}

/// CSE over the root regions of an isolated body.
fn run_body(ctx: &Context, body: &mut Body, graph: bool) {
    let mut d = Driver::new(ctx);
    for r in body.roots.clone() {
        d.simplify_region(body, r, !graph);
    }
    d.erase(body);
}

/// The scoped table of one body (or of the regions of an op that gets a fresh table).
struct Table {
    egraph: EGraph<Node, ()>,
    keys: FxHashMap<Key, u32>,
    values: FxHashMap<Value, Id>,
    reps: FxHashMap<Id, Op>,
    rep_ops: FxHashMap<Op, Id>,
    /// Undo log: class and the representative it had before.
    log: Vec<(Id, Option<Op>)>,
    scopes: Vec<usize>,
}

impl Table {
    fn new() -> Self {
        Self {
            egraph: EGraph::default(),
            keys: FxHashMap::default(),
            values: FxHashMap::default(),
            reps: FxHashMap::default(),
            rep_ops: FxHashMap::default(),
            log: Vec::new(),
            scopes: Vec::new(),
        }
    }

    fn key(&mut self, k: Key) -> u32 {
        let n = self.keys.len() as u32;
        *self.keys.entry(k).or_insert(n)
    }

    fn value_class(&mut self, v: Value) -> Id {
        if let Some(&id) = self.values.get(&v) {
            return id;
        }
        let k = self.key(Key::Leaf(v));
        let id = self.egraph.add(Node { key: k, children: SmallVec::new() });
        self.values.insert(v, id);
        id
    }

    fn push_scope(&mut self) {
        self.scopes.push(self.log.len());
    }

    fn pop_scope(&mut self) {
        let Some(mark) = self.scopes.pop() else { return };
        while self.log.len() > mark {
            let Some((class, prev)) = self.log.pop() else { break };
            if let Some(op) = self.reps.remove(&class) {
                self.rep_ops.remove(&op);
            }
            if let Some(p) = prev {
                self.reps.insert(class, p);
                self.rep_ops.insert(p, class);
            }
        }
    }

    fn insert(&mut self, class: Id, op: Op, body: &Body) {
        let prev = self.reps.insert(class, op);
        if let Some(p) = prev {
            self.rep_ops.remove(&p);
        }
        self.rep_ops.insert(op, class);
        self.log.push((class, prev));
        for (i, &r) in body.results(op).iter().enumerate() {
            let k = self.key(Key::Result(i as u32));
            let id = self.egraph.add(Node { key: k, children: SmallVec::from_slice(&[class]) });
            self.values.insert(r, id);
        }
    }
}

struct Driver<'c> {
    ctx: &'c Context,
    tables: Vec<Table>,
    to_erase: Vec<Op>,
    /// Structural keys of regions.
    region_keys: FxHashMap<Vec<u64>, u32>,
    unknown_loc: Attr,
}

impl<'c> Driver<'c> {
    fn new(ctx: &'c Context) -> Self {
        Self { ctx, tables: vec![Table::new()], to_erase: Vec::new(), region_keys: FxHashMap::default(), unknown_loc: ctx.unknown_loc() }
    }

    fn table(&mut self) -> &mut Table {
        self.tables.last_mut().expect("a table is always open")
    }

    fn erase(&mut self, body: &mut Body) {
        for op in std::mem::take(&mut self.to_erase) {
            if !body.is_erased(op) {
                body.erase_op(op);
            }
        }
    }

    fn simplify_region(&mut self, body: &mut Body, region: Region, ssa: bool) {
        let blocks = body.region_blocks(region).to_vec();
        match blocks.len() {
            0 => {}
            1 => {
                self.table().push_scope();
                self.simplify_block(body, blocks[0], ssa);
                self.table().pop_scope();
            }
            _ if !ssa => {}
            _ => {
                // Preorder over the dominator tree, one scope per node.
                let idom = mica_ir::verify::compute_idoms(body, region);
                let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
                for &b in &blocks {
                    if let Some(&d) = idom.get(&b) {
                        if d != b {
                            children.entry(d).or_default().push(b);
                        }
                    }
                }
                let mut stack: Vec<(Block, usize)> = vec![(blocks[0], 0)];
                self.table().push_scope();
                self.simplify_block(body, blocks[0], ssa);
                while let Some((b, next)) = stack.pop() {
                    let kids = children.get(&b).map(|k| k.as_slice()).unwrap_or(&[]);
                    if let Some(&child) = kids.get(next) {
                        stack.push((b, next + 1));
                        stack.push((child, 0));
                        self.table().push_scope();
                        self.simplify_block(body, child, ssa);
                    } else {
                        self.table().pop_scope();
                    }
                }
            }
        }
    }

    fn simplify_block(&mut self, body: &mut Body, block: Block, ssa: bool) {
        let ops: Vec<Op> = body.block_ops(block).collect();
        for op in ops {
            if body.is_erased(op) {
                continue;
            }
            let def = self.ctx.registry().get(body.op(op).name);
            if body.nested(op).is_some() {
                let graph = def.is_some_and(|d| d.traits.contains(Traits::GRAPH_REGION));
                if let Some(nested) = body.nested_mut(op) {
                    run_body(self.ctx, nested, graph);
                }
            } else if !body.local_regions(op).is_empty() {
                let regions = body.local_regions(op).to_vec();
                let graph = def.is_some_and(|d| d.traits.contains(Traits::GRAPH_REGION));
                // Unregistered ops might be isolated from above: their regions get a fresh table.
                let fresh = def.is_none_or(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
                if fresh {
                    self.tables.push(Table::new());
                }
                for r in regions {
                    self.simplify_region(body, r, !graph);
                }
                if fresh {
                    self.tables.pop();
                }
            }
            self.simplify_op(body, op, ssa);
        }
    }

    fn simplify_op(&mut self, body: &mut Body, op: Op, ssa: bool) {
        let ctx = self.ctx;
        let traits = ctx.registry().traits(body.op(op).name);
        if traits.contains(Traits::TERMINATOR) {
            return;
        }
        let eff = effects(ctx, body, op);
        if is_trivially_dead_with(ctx, body, op, eff) {
            self.to_erase.push(op);
            return;
        }
        let (rb, regions) = body.op_regions(op);
        if regions.iter().any(|r| rb.region_blocks(*r).len() > 1) {
            return;
        }
        if eff != Effects::None && eff != Effects::ReadOnly {
            return;
        }
        let Some(class) = self.class_of(body, op) else { return };
        let existing = self.table().reps.get(&class).copied();
        if eff == Effects::ReadOnly {
            if let Some(e) = existing {
                if body.op_block(e) == body.op_block(op) && !write_between(ctx, body, e, op) {
                    self.replace(body, op, e, ssa);
                    return;
                }
            }
            self.table().insert(class, op, body);
            return;
        }
        match existing {
            Some(e) => self.replace(body, op, e, ssa),
            None => self.table().insert(class, op, body),
        }
    }

    fn replace(&mut self, body: &mut Body, op: Op, existing: Op, ssa: bool) {
        let results: Vec<Value> = body.results(op).to_vec();
        let new: Vec<Value> = body.results(existing).to_vec();
        if ssa {
            for (o, n) in results.iter().zip(&new) {
                body.replace_all_uses(*o, *n);
            }
        } else {
            // Only uses by ops not yet in the table (not visited as candidates) are rewritten.
            for (o, n) in results.iter().zip(&new) {
                let uses: Vec<mica_ir::Use> = body.uses(*o).collect();
                for u in uses {
                    if !self.table().rep_ops.contains_key(&u.op) {
                        body.set_operand(u.op, u.index as usize, *n);
                    }
                }
            }
        }
        if body.op(existing).loc == self.unknown_loc && body.op(op).loc != self.unknown_loc {
            body.op_mut(existing).loc = body.op(op).loc;
        }
        if results.iter().all(|r| !body.has_uses(*r)) {
            self.to_erase.push(op);
        }
    }

    /// The e-class of `op` (added to the e-graph), or `None` for ops that cannot be compared
    /// (isolated regions).
    fn class_of(&mut self, body: &Body, op: Op) -> Option<Id> {
        if body.nested(op).is_some() {
            return None;
        }
        let d = body.op(op);
        let regions = if body.local_regions(op).is_empty() { 0 } else { self.region_key(body, op)? };
        let types: SmallVec<[Type; 2]> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
        let key = Key::Op { name: d.name, props: d.properties, attrs: d.attrs, types, regions };
        let operands: SmallVec<[Value; 4]> = body.operands(op).collect();
        let table = self.table();
        let k = table.key(key);
        let children: SmallVec<[Id; 3]> = operands.iter().map(|v| table.value_class(*v)).collect();
        Some(table.egraph.add(Node { key: k, children }))
    }

    /// An id for the exact structure of `op`'s regions (1 + index; 0 means no regions).
    fn region_key(&mut self, body: &Body, op: Op) -> Option<u32> {
        let mut enc: Vec<u64> = Vec::new();
        let mut local: FxHashMap<Value, u64> = FxHashMap::default();
        let mut blocks: FxHashMap<Block, u64> = FxHashMap::default();
        encode_regions(self.ctx, body, op, &mut enc, &mut local, &mut blocks)?;
        let n = self.region_keys.len() as u32 + 1;
        Some(*self.region_keys.entry(enc).or_insert(n))
    }
}

/// Appends the structure of `op`'s regions to `enc`: block counts, argument types, and per op
/// its name, properties, attributes, result types, operands (local numbering inside, identity
/// outside), successors and nested regions. Locations are left out.
fn encode_regions(
    ctx: &Context,
    body: &Body,
    op: Op,
    enc: &mut Vec<u64>,
    local: &mut FxHashMap<Value, u64>,
    blocks: &mut FxHashMap<Block, u64>,
) -> Option<()> {
    if body.nested(op).is_some() {
        return None;
    }
    for &r in body.local_regions(op) {
        let bs = body.region_blocks(r);
        enc.push(0xB10C_0000 | bs.len() as u64);
        for &b in bs {
            let n = blocks.len() as u64;
            blocks.insert(b, n);
        }
        for &b in bs {
            enc.push(body.block_args(b).len() as u64);
            for &a in body.block_args(b) {
                enc.push(body.value_type(a).index() as u64);
                let n = local.len() as u64;
                local.insert(a, n);
            }
            for inner in body.block_ops(b) {
                let d = body.op(inner);
                enc.push(u64::from(d.name.index()));
                enc.push(d.properties.map_or(u64::MAX, |p| p.index() as u64));
                enc.push(d.attrs.index() as u64);
                enc.push(body.num_operands(inner) as u64);
                for v in body.operands(inner) {
                    match local.get(&v) {
                        Some(&n) => enc.push(1 << 40 | n),
                        None => enc.push(2 << 40 | v.index() as u64),
                    }
                }
                enc.push(d.successors.len() as u64);
                for s in &d.successors {
                    enc.push(blocks.get(s).copied().unwrap_or(u64::MAX));
                }
                enc.push(body.results(inner).len() as u64);
                for &r in body.results(inner) {
                    enc.push(body.value_type(r).index() as u64);
                    let n = local.len() as u64;
                    local.insert(r, n);
                }
                encode_regions(ctx, body, inner, enc, local, blocks)?;
            }
        }
    }
    Some(())
}

/// Whether an op between `from` and `to` (same block) may write memory.
fn write_between(ctx: &Context, body: &Body, from: Op, to: Op) -> bool {
    let mut cur = body.next_op(from);
    while let Some(op) = cur {
        if op == to {
            return false;
        }
        if effects(ctx, body, op) == Effects::Any {
            return true;
        }
        cur = body.next_op(op);
    }
    false
}

