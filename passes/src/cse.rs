//! Common subexpression elimination, with MLIR 22's `--cse` semantics, on an e-graph.
//!
//! Every candidate op becomes one e-node of an [`egg::EGraph`]: its key (name, properties,
//! discardable attributes, result types and, for ops with regions, the exact structure of the
//! regions), numbered so that e-nodes stay small, with the e-classes of its operands as
//! children. The class of an op with one result is the class of that result; only ops with
//! several results add a projection node per result. An operand the table knows nothing about
//! (a block argument, a result of an op outside the e-graph) is a leaf: the e-node holds the
//! value itself, after its children, instead of the value getting a class of its own. The e-graph's hash-consing finds the
//! equivalent op; a scoped table of class representatives (pushed and popped along the
//! dominator tree, as MLIR's scoped hash table) keeps only those that dominate, and the IR is
//! rebuilt from it on the way: a duplicate's uses go to its representative. No two classes are
//! ever merged, so the e-graph never needs rebuilding. As MLIR does, the pass also erases ops
//! that are trivially dead, replaces read-only ops when no write lies between them in the
//! block, gives regions of isolated (or unregistered) ops a fresh table, and in graph regions
//! only rewrites uses not yet visited. The operands of commutative ops are compared as a
//! multiset: their e-node holds children and leaves sorted. Locations are ignored; an unknown-located survivor takes
//! the erased op's location.
//!
//! A first walk gives every op a value number (see the `numbering` module); in SSA regions, an
//! op whose number no other op has cannot be merged and stays out of the e-graph.
//!
//! The work is bounded: once an e-graph holds [`Limits::max_nodes`] e-nodes it stops growing
//! and later ops only merge into ops already in it; [`Report`] says how many e-graphs stopped
//! that way.
//!
//! With `cse{egraph=true}` (a Mica option, off by default), the `rewrite` module first merges
//! ops equal up to commutativity and integer identities, with a bounded [`egg::Runner`]; the
//! ordinary CSE then runs as above.

mod numbering;
mod rewrite;

pub use rewrite::Bounds;

use crate::effects::{effects, effects_of, is_trivially_dead_of, Effects};
use egg::{EGraph, Id, Language};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Ident, Op, Region, Traits, Type, Value};
use numbering::Numbering;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// One e-node: the number of its key (what it stands for) and its operands in operand order,
/// first the `classes` that are its children, then the leaves (each a value's index, held in
/// an `Id`).
///
/// Up to [`INLINE`] operands are held in an array, the unused slots zero, so that the copies
/// egg makes of every node it adds (three for a new class) are plain copies; more are held in
/// `spill`, after the number of children, and the other fields are zero. (A node this small
/// hashes and copies measurably faster than one with room for larger counts; `spill` is a
/// thin pointer so that a node is 32 bytes: egg keeps three copies of each, in its memo, its
/// node list and its class, and for a long body these are most of the pass's memory.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    key: u32,
    classes: u16,
    len: u16,
    inline: [Id; INLINE],
    #[allow(clippy::box_collection)]
    spill: Option<Box<Vec<Id>>>,
}

/// The operands a [`Node`] holds without allocating.
const INLINE: usize = 4;

const _: () = assert!(std::mem::size_of::<Node>() == 32);

impl Node {
    /// The node of key `key` with `operands`, the first `classes` of them children.
    fn new(key: u32, classes: usize, operands: &[Id]) -> Self {
        let mut inline = [Id::from(0); INLINE];
        match inline.get_mut(..operands.len()) {
            Some(slots) => {
                slots.copy_from_slice(operands);
                Self { key, classes: classes as u16, len: operands.len() as u16, inline, spill: None }
            }
            None => {
                let spill = std::iter::once(Id::from(classes)).chain(operands.iter().copied()).collect();
                Self { key, classes: 0, len: 0, inline, spill: Some(Box::new(spill)) }
            }
        }
    }

    /// How many of the operands are children.
    fn classes(&self) -> usize {
        match &self.spill {
            Some(spill) => usize::from(spill[0]),
            None => usize::from(self.classes),
        }
    }

    fn operands(&self) -> &[Id] {
        match &self.spill {
            Some(spill) => &spill[1..],
            None => &self.inline[..usize::from(self.len)],
        }
    }

    fn operands_mut(&mut self) -> &mut [Id] {
        match &mut self.spill {
            Some(spill) => &mut spill[1..],
            None => &mut self.inline[..usize::from(self.len)],
        }
    }
}

/// What an e-node stands for, apart from its operands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    /// An op up to its operands: its head and the positions of its leaf operands (for a
    /// commutative op, `0..n` for `n` leaves).
    Op { head: Head, leaves: SmallVec<[u32; 2]> },
    /// Result `n` of the op of the child class (ops with several results).
    Result(u32),
}

/// An op up to its operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Head {
    name: Ident,
    props: Option<Attr>,
    attrs: Attr,
    types: ResultTypes,
    /// The number of the structure of its regions (0: none).
    regions: u32,
}

/// The result types of an op.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ResultTypes {
    /// No result.
    None,
    /// One result of this type.
    One(Type),
    /// Several results: the number of the type list.
    Many(u32),
}

impl Language for Node {
    type Discriminant = u32;

    fn discriminant(&self) -> u32 {
        self.key
    }

    fn matches(&self, other: &Self) -> bool {
        self.key == other.key && self.classes() == other.classes() && self.operands()[self.classes()..] == other.operands()[other.classes()..]
    }

    fn children(&self) -> &[Id] {
        &self.operands()[..self.classes()]
    }

    fn children_mut(&mut self) -> &mut [Id] {
        let classes = self.classes();
        &mut self.operands_mut()[..classes]
    }
}

/// How the current table sees a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Not yet.
    Unseen,
    /// As itself: a leaf.
    Leaf,
    /// As a member of this class.
    Class(Id),
}

/// Bounds on the e-graph work of a run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// E-nodes one e-graph (one isolated body, or the regions of an unregistered op) may hold.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_nodes: 1 << 24 }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// E-graphs built.
    pub egraphs: u64,
    /// E-nodes they held in all.
    pub enodes: u64,
    /// Ops replaced by an equivalent one.
    pub merged: u64,
    /// Trivially dead ops erased.
    pub erased: u64,
    /// E-graphs that saw every candidate op.
    pub saturated: u64,
    /// E-graphs that stopped growing at [`Limits::max_nodes`].
    pub node_limit: u64,
    /// Rewrite runs (`egraph=true`: one per block with a candidate op).
    pub rewrite_runs: u64,
    /// Rewrite runs that saturated.
    pub rewrite_saturated: u64,
    /// Rewrite runs stopped at [`Bounds::nodes`].
    pub rewrite_node_limit: u64,
    /// Rewrite runs stopped at [`Bounds::iterations`].
    pub rewrite_iteration_limit: u64,
    /// Rewrite runs stopped at [`Bounds::time`].
    pub rewrite_time_limit: u64,
}

impl Report {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Report) {
        self.egraphs += other.egraphs;
        self.enodes += other.enodes;
        self.merged += other.merged;
        self.erased += other.erased;
        self.saturated += other.saturated;
        self.node_limit += other.node_limit;
        self.rewrite_runs += other.rewrite_runs;
        self.rewrite_saturated += other.rewrite_saturated;
        self.rewrite_node_limit += other.rewrite_node_limit;
        self.rewrite_iteration_limit += other.rewrite_iteration_limit;
        self.rewrite_time_limit += other.rewrite_time_limit;
    }

    /// Whether the run changed the IR.
    pub fn changed(&self) -> bool {
        self.merged > 0 || self.erased > 0
    }
}

/// Runs CSE on everything inside `op` (an op of `body`); the bodies of the isolated ops
/// directly inside on the context's threads.
pub fn run(ctx: &Context, body: &mut Body, op: Op, limits: Limits) -> Report {
    let mut report = Report::default();
    let graph = ctx.registry().traits(body.op(op).name).contains(Traits::GRAPH_REGION);
    let mut scratch = Scratch::default();
    if let Some(nested) = body.nested_mut(op) {
        run_body(ctx, nested, graph, limits, true, &mut scratch, &mut report);
    } else {
        let regions: SmallVec<[Region; 2]> = body.local_regions(op).iter().copied().collect();
        let mut d = Driver::new(ctx, body, &regions, graph, limits, &mut scratch);
        for &r in &regions {
            d.simplify_region(body, r, !graph, &mut report);
        }
        d.finish(body, &mut report);
    }
    report
}

/// Merges the ops inside `op` that are equal up to commutativity and integer identities (see
/// the `rewrite` module), within `bounds`, then runs [`run`].
pub fn run_rewriting(ctx: &Context, body: &mut Body, op: Op, limits: Limits, bounds: Bounds) -> Report {
    let mut report = Report::default();
    rewrite::run(ctx, body, op, bounds, &mut report);
    let after = run(ctx, body, op, limits);
    report.add(&after);
    report
}

/// CSE over the root regions of an isolated body; first, when `nested_first`, over the bodies
/// of the isolated ops inside it, on the context's threads (they see nothing outside).
fn run_body(ctx: &Context, body: &mut Body, graph: bool, limits: Limits, nested_first: bool, scratch: &mut Scratch, report: &mut Report) {
    let mut nested_done = false;
    if nested_first {
        let ops = crate::parallel::isolated_ops(body);
        if ops.len() > 1 {
            let states = crate::parallel::on_nested_bodies_with(ctx, body, &ops, <(Scratch, Report)>::default, |(scratch, r), name, nested| {
                let graph = ctx.registry().traits(name).contains(Traits::GRAPH_REGION);
                run_body(ctx, nested, graph, limits, false, scratch, r);
            });
            for (_, r) in &states {
                report.add(r);
            }
            nested_done = true;
        }
    }
    let roots = body.roots.clone();
    let mut d = Driver::new(ctx, body, &roots, graph, limits, scratch);
    d.nested_done = nested_done;
    for &r in &roots {
        d.simplify_region(body, r, !graph, report);
    }
    d.finish(body, report);
}

/// The scoped table of one body (or of the regions of an op that gets a fresh table).
struct Table {
    egraph: EGraph<Node, ()>,
    /// The representative op of each class in the open scopes, by class id.
    reps: Vec<Option<Op>>,
    /// Undo log: class and the representative it had before.
    log: Vec<(Id, Option<Op>)>,
    scopes: Vec<usize>,
    /// Tag of this table's entries in [`Driver::seen`].
    generation: u32,
    /// Entries of outer tables this one overwrote, put back when it closes.
    shadowed: Vec<(Value, u64)>,
    /// Whether the e-graph stopped growing at the node limit.
    full: bool,
}

impl Table {
    /// An empty table tagged `generation`.
    fn new(generation: u32) -> Self {
        Self { egraph: EGraph::default(), reps: Vec::new(), log: Vec::new(), scopes: Vec::new(), generation, shadowed: Vec::new(), full: false }
    }

    /// Empties this (closed) table, keeping its room, and tags it `generation`.
    fn reset(&mut self, generation: u32) {
        self.egraph = EGraph::default();
        self.reps.clear();
        self.log.clear();
        self.scopes.clear();
        self.shadowed.clear();
        self.generation = generation;
        self.full = false;
    }
}

/// What CSE keeps from one body to the next on a thread: the room of its tables and maps
/// (most bodies are small, and for them allocating and freeing these cost more than the
/// work). Key and type-list numbers stay valid across bodies: they name interned things.
#[derive(Default)]
pub(crate) struct Scratch {
    numbering: Numbering,
    /// Closed tables, for their room (lent to the driver as [`Driver::tables`]).
    tables: Vec<Table>,
    seen: Vec<u64>,
    op_class: Vec<u32>,
    to_erase: Vec<Op>,
    keys: FxHashMap<Key, u32>,
    region_keys: FxHashMap<Vec<u64>, u32>,
    type_lists: FxHashMap<SmallVec<[Type; 4]>, u32>,
    enc: Vec<u64>,
    local: FxHashMap<Value, u64>,
    blocks: FxHashMap<Block, u64>,
}

struct Driver<'c, 's> {
    ctx: &'c Context,
    limits: Limits,
    /// Whether the bodies of the isolated ops in the regions were simplified already.
    nested_done: bool,
    /// The buffers, given back when the driver finishes.
    scratch: &'s mut Scratch,
    /// The tables: the open ones first, then closed ones kept for their room. They stay in
    /// place (a table is large: moving it costs more than a small body's work in it).
    tables: Vec<Table>,
    /// How many tables are open: the last of them is the current one.
    open: usize,
    generations: u32,
    unknown_loc: Attr,
}

impl<'c, 's> Driver<'c, 's> {
    /// A driver for `regions` of `body` (graph regions when `graph`), working in `scratch`.
    fn new(ctx: &'c Context, body: &Body, regions: &[Region], graph: bool, limits: Limits, scratch: &'s mut Scratch) -> Self {
        scratch.numbering.renumber(ctx, body, regions, graph);
        scratch.seen.clear();
        scratch.seen.resize(body.num_values(), 0);
        scratch.op_class.clear();
        scratch.op_class.resize(body.num_ops(), 0);
        scratch.to_erase.clear();
        scratch.region_keys.clear();
        let tables = std::mem::take(&mut scratch.tables);
        let mut d = Self { ctx, limits, nested_done: false, scratch, tables, open: 0, generations: 0, unknown_loc: ctx.unknown_loc() };
        d.open_table();
        d
    }

    fn table(&mut self) -> &mut Table {
        &mut self.tables[self.open - 1]
    }

    /// The current table, if one is open.
    fn current(&self) -> Option<&Table> {
        // With none open, the index wraps to one past any table.
        self.tables.get(self.open.wrapping_sub(1))
    }

    /// Erases the dead and replaced ops and adds up the e-graph.
    fn finish(mut self, body: &mut Body, report: &mut Report) {
        for &op in &self.scratch.to_erase {
            if !body.is_erased(op) {
                body.erase_op(op);
            }
        }
        for t in self.tables[..self.open].iter().rev() {
            tally(t, report);
        }
        self.scratch.tables = std::mem::take(&mut self.tables);
    }

    fn open_table(&mut self) {
        self.generations += 1;
        match self.tables.get_mut(self.open) {
            Some(t) => t.reset(self.generations),
            None => self.tables.push(Table::new(self.generations)),
        }
        self.open += 1;
    }

    fn close_table(&mut self, report: &mut Report) {
        let Some(t) = self.tables[..self.open].last() else { return };
        for &(v, old) in t.shadowed.iter().rev() {
            self.scratch.seen[v.index()] = old;
        }
        tally(t, report);
        self.open -= 1;
    }

    fn push_scope(&mut self) {
        let t = self.table();
        t.scopes.push(t.log.len());
    }

    fn pop_scope(&mut self) {
        let t = self.table();
        let Some(mark) = t.scopes.pop() else { return };
        for &(class, prev) in t.log[mark..].iter().rev() {
            t.reps[usize::from(class)] = prev;
        }
        t.log.truncate(mark);
    }

    fn simplify_region(&mut self, body: &mut Body, region: Region, ssa: bool, report: &mut Report) {
        let n = body.region_blocks(region).len();
        if n == 1 {
            let block = body.region_blocks(region)[0];
            self.push_scope();
            self.simplify_block(body, block, ssa, report);
            self.pop_scope();
            return;
        }
        if n == 0 || !ssa {
            return;
        }
        // Preorder over the dominator tree, with the scopes of a block's dominators open.
        let mut open = 0;
        for (b, depth) in self.scratch.numbering.take_order(body, region) {
            while open > depth {
                self.pop_scope();
                open -= 1;
            }
            self.push_scope();
            open += 1;
            self.simplify_block(body, b, ssa, report);
        }
        for _ in 0..open {
            self.pop_scope();
        }
    }

    fn simplify_block(&mut self, body: &mut Body, block: Block, ssa: bool, report: &mut Report) {
        // Nothing is unlinked before the walk ends (erasure waits for `finish`).
        let mut cur = body.block_ops(block).next();
        while let Some(op) = cur {
            cur = body.next_op(op);
            if body.nested(op).is_some() {
                let graph = self.ctx.registry().traits(body.op(op).name).contains(Traits::GRAPH_REGION);
                if let Some(nested) = body.nested_mut(op).filter(|_| !self.nested_done) {
                    run_body(self.ctx, nested, graph, self.limits, false, &mut Scratch::default(), report);
                }
            } else if !body.local_regions(op).is_empty() {
                let def = self.ctx.registry().get(body.op(op).name);
                let graph = def.is_some_and(|d| d.traits.contains(Traits::GRAPH_REGION));
                // Unregistered ops might be isolated from above: their regions get a fresh table.
                let fresh = def.is_none_or(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
                if fresh {
                    self.open_table();
                }
                for i in 0..body.local_regions(op).len() {
                    let r = body.local_regions(op)[i];
                    self.simplify_region(body, r, !graph, report);
                }
                if fresh {
                    self.close_table(report);
                }
            }
            self.simplify_op(body, op, ssa, report);
        }
    }

    fn simplify_op(&mut self, body: &mut Body, op: Op, ssa: bool, report: &mut Report) {
        let ctx = self.ctx;
        // An unregistered op may have any effect: it is neither dead nor merged. The one
        // lookup of the definition serves every question below.
        let Some(def) = ctx.registry().get(body.op(op).name) else { return };
        if def.traits.contains(Traits::TERMINATOR) {
            return;
        }
        let eff = effects_of(ctx, body, op, def);
        if is_trivially_dead_of(body, op, def, eff) {
            self.scratch.to_erase.push(op);
            report.erased += 1;
            return;
        }
        if eff != Effects::None && eff != Effects::ReadOnly {
            return;
        }
        let (rb, regions) = body.op_regions(op);
        if regions.iter().any(|r| rb.region_blocks(*r).len() > 1) {
            return;
        }
        if ssa && !self.scratch.numbering.may_merge(op) {
            return;
        }
        let Some(class) = self.class_of(body, op, def.traits.contains(Traits::COMMUTATIVE)) else { return };
        let existing = self.table().reps[usize::from(class)];
        if eff == Effects::ReadOnly {
            if let Some(e) = existing {
                if body.op_block(e) == body.op_block(op) && !write_between(ctx, body, e, op) {
                    self.replace(body, op, e, ssa, report);
                    return;
                }
            }
            // A read that stays becomes the representative, but its results may differ from
            // the earlier read's: they get classes of their own.
            self.insert(body, op, class, existing.is_some());
            return;
        }
        match existing {
            Some(e) => self.replace(body, op, e, ssa, report),
            None => self.insert(body, op, class, false),
        }
    }

    /// Makes `op` the representative of `class` in the current scope and gives its results
    /// classes, unless `own_results` (they are then leaves). Values already seen (used before
    /// their definition, in graph regions) stay as they were seen.
    fn insert(&mut self, body: &Body, op: Op, class: Id, own_results: bool) {
        let t = self.table();
        let prev = std::mem::replace(&mut t.reps[usize::from(class)], Some(op));
        t.log.push((class, prev));
        self.scratch.op_class[op.index()] = usize::from(class) as u32 + 1;
        if own_results {
            return;
        }
        match body.results(op) {
            [] => {}
            &[r] => {
                if self.seen(r) == Seen::Unseen {
                    self.set_seen(r, Seen::Class(class));
                }
            }
            results => {
                for (i, &r) in results.iter().enumerate() {
                    if self.seen(r) != Seen::Unseen {
                        continue;
                    }
                    let key = self.key(Key::Result(i as u32));
                    let Some(id) = self.add(Node::new(key, 1, &[class])) else { return };
                    self.set_seen(r, Seen::Class(id));
                }
            }
        }
    }

    fn replace(&mut self, body: &mut Body, op: Op, existing: Op, ssa: bool, report: &mut Report) {
        report.merged += 1;
        for i in 0..body.results(op).len() {
            let (old, new) = (body.results(op)[i], body.results(existing)[i]);
            if ssa {
                body.replace_all_uses(old, new);
            } else {
                // Only uses by ops not in the table (not visited as candidates) are rewritten.
                let uses: SmallVec<[mica_ir::Use; 8]> = body.uses(old).collect();
                for u in uses {
                    if !self.is_rep(u.op) {
                        body.set_operand(u.op, u.index as usize, new);
                    }
                }
            }
        }
        if body.op(existing).loc == self.unknown_loc && body.op(op).loc != self.unknown_loc {
            body.op_mut(existing).loc = body.op(op).loc;
        }
        if body.results(op).iter().all(|r| !body.has_uses(*r)) {
            self.scratch.to_erase.push(op);
        }
    }

    /// Whether `op` represents its class in the current table.
    fn is_rep(&self, op: Op) -> bool {
        let Some(t) = self.current() else { return false };
        match self.scratch.op_class[op.index()] {
            0 => false,
            c => t.reps.get(c as usize - 1) == Some(&Some(op)),
        }
    }

    /// How the current table sees `v`.
    fn seen(&self, v: Value) -> Seen {
        let Some(t) = self.current() else { return Seen::Unseen };
        let e = self.scratch.seen[v.index()];
        if e >> 32 != u64::from(t.generation) {
            return Seen::Unseen;
        }
        match e as u32 {
            0 => Seen::Leaf,
            c => Seen::Class(Id::from(c as usize - 1)),
        }
    }

    fn set_seen(&mut self, v: Value, seen: Seen) {
        let nested = self.open > 1;
        let Some(t) = self.tables.get_mut(self.open.wrapping_sub(1)) else { return };
        let old = self.scratch.seen[v.index()];
        if nested && old != 0 && old >> 32 != u64::from(t.generation) {
            t.shadowed.push((v, old));
        }
        let x = match seen {
            Seen::Unseen => return,
            Seen::Leaf => 0,
            Seen::Class(id) => usize::from(id) as u64 + 1,
        };
        self.scratch.seen[v.index()] = u64::from(t.generation) << 32 | x;
    }

    /// The class of operand `v`, or `None` for a leaf (a value first seen here is one).
    fn operand(&mut self, v: Value) -> Option<Id> {
        match self.seen(v) {
            Seen::Class(id) => Some(id),
            Seen::Leaf => None,
            Seen::Unseen => {
                self.set_seen(v, Seen::Leaf);
                None
            }
        }
    }

    fn key(&mut self, key: Key) -> u32 {
        let n = self.scratch.keys.len() as u32;
        *self.scratch.keys.entry(key).or_insert(n)
    }

    /// Adds `node` to the current e-graph; once it is full, only finds it.
    fn add(&mut self, node: Node) -> Option<Id> {
        let max = self.limits.max_nodes;
        let t = self.table();
        if t.egraph.nodes().len() >= max {
            t.full = true;
            return t.egraph.lookup(node);
        }
        let id = t.egraph.add(node);
        if usize::from(id) >= t.reps.len() {
            t.reps.resize(usize::from(id) + 1, None);
        }
        Some(id)
    }

    /// The e-class of `op` (added to the e-graph; its operands a multiset when `commutative`),
    /// or `None` for ops that cannot be compared (isolated regions) or are not in a full
    /// e-graph.
    fn class_of(&mut self, body: &Body, op: Op, commutative: bool) -> Option<Id> {
        if body.nested(op).is_some() {
            return None;
        }
        let regions = if body.local_regions(op).is_empty() { 0 } else { self.region_key(body, op)? };
        let results = body.results(op);
        let types = match results {
            [] => ResultTypes::None,
            [r] => ResultTypes::One(body.value_type(*r)),
            _ => {
                let list: SmallVec<[Type; 4]> = results.iter().map(|r| body.value_type(*r)).collect();
                let n = self.scratch.type_lists.len() as u32;
                ResultTypes::Many(*self.scratch.type_lists.entry(list).or_insert(n))
            }
        };
        let d = body.op(op);
        let head = Head { name: d.name, props: d.properties(), attrs: d.attrs, types, regions };
        let mut leaves = SmallVec::new();
        let mut operands: SmallVec<[Id; 4]> = SmallVec::new();
        let mut leaf_values: SmallVec<[Id; 4]> = SmallVec::new();
        for (i, v) in body.operands(op).enumerate() {
            match self.operand(v) {
                Some(id) => operands.push(id),
                None => {
                    leaves.push(i as u32);
                    leaf_values.push(Id::from(v.index()));
                }
            }
        }
        if commutative {
            operands.sort_unstable();
            leaf_values.sort_unstable();
            for (i, p) in leaves.iter_mut().enumerate() {
                *p = i as u32;
            }
        }
        let classes = operands.len();
        operands.extend_from_slice(&leaf_values);
        let key = self.key(Key::Op { head, leaves });
        self.add(Node::new(key, classes, &operands))
    }

    /// An id for the exact structure of `op`'s regions (1 + index; 0 means no regions).
    fn region_key(&mut self, body: &Body, op: Op) -> Option<u32> {
        self.scratch.enc.clear();
        self.scratch.local.clear();
        self.scratch.blocks.clear();
        encode_regions(body, op, &mut self.scratch.enc, &mut self.scratch.local, &mut self.scratch.blocks)?;
        if let Some(&k) = self.scratch.region_keys.get(self.scratch.enc.as_slice()) {
            return Some(k);
        }
        let n = self.scratch.region_keys.len() as u32 + 1;
        self.scratch.region_keys.insert(self.scratch.enc.clone(), n);
        Some(n)
    }
}

/// Adds a closed table's e-graph to `report`.
fn tally(t: &Table, report: &mut Report) {
    report.egraphs += 1;
    report.enodes += t.egraph.nodes().len() as u64;
    if t.full {
        report.node_limit += 1;
    } else {
        report.saturated += 1;
    }
}

/// Appends the structure of `op`'s regions to `enc`: block counts, argument types, and per op
/// its name, properties, attributes, result types, operands (local numbering inside, identity
/// outside), successors and nested regions. Locations are left out.
fn encode_regions(body: &Body, op: Op, enc: &mut Vec<u64>, local: &mut FxHashMap<Value, u64>, blocks: &mut FxHashMap<Block, u64>) -> Option<()> {
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
                enc.push(d.properties().map_or(u64::MAX, |p| p.index() as u64));
                enc.push(d.attrs.index() as u64);
                enc.push(body.num_operands(inner) as u64);
                for v in body.operands(inner) {
                    match local.get(&v) {
                        Some(&n) => enc.push(1 << 40 | n),
                        None => enc.push(2 << 40 | v.index() as u64),
                    }
                }
                enc.push(body.successors(inner).len() as u64);
                for s in body.successors(inner) {
                    enc.push(blocks.get(s).copied().unwrap_or(u64::MAX));
                }
                enc.push(body.results(inner).len() as u64);
                for &r in body.results(inner) {
                    enc.push(body.value_type(r).index() as u64);
                    let n = local.len() as u64;
                    local.insert(r, n);
                }
                encode_regions(body, inner, enc, local, blocks)?;
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
