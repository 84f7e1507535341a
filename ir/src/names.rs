//! SSA value and block numbering for the printer, following mlir-opt 22.
//!
//! Regions are numbered from a stack (the last operation's regions first). Each region
//! starts from the counters its parent region reached, except with unique ids (implied by the
//! generic form), where the counters run on across the whole walk. Entry-block arguments are
//! `%argN`, other values `%N`; an operation with several results takes one number for the group.
//!
//! What a region gets depends only on its ancestors (their counters and the names they hold),
//! which are complete before it is reached; with unique ids in the generic form, the numbers a
//! body takes can be counted ahead. So a table may leave the bodies of IsolatedFromAbove
//! operations out (it keeps the counters and scope each starts from), and the printer numbers
//! each when it prints it ([`NameTable::number_isolated`]): on the thread that prints it, into a table
//! of its own that sees its ancestors' names through the table it came from.

use crate::Context;
use crate::body::{Block, Body, Op, Region, Value};
use cranelift_entity::EntityRef;
use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use std::hash::BuildHasher;
use std::sync::Arc;

/// The names an op's `result_name` hook ([`crate::registry::ResultNameFn`]) suggests for its
/// results, written one after another into one buffer (no string per name).
#[derive(Default)]
pub struct ResultNames {
    /// The names' text, one after another.
    text: String,
    /// Per name: the result it names and where its text ends in `text`.
    ends: smallvec::SmallVec<[(u32, u32); 2]>,
}

impl ResultNames {
    /// Suggests `name` for result `result`.
    #[inline]
    pub fn set(&mut self, result: u32, name: &str) {
        self.text.push_str(name);
        self.commit(result);
    }

    /// Where to write the next name (after those set before); [`ResultNames::commit`] then
    /// gives it to a result.
    #[inline]
    pub fn buffer(&mut self) -> &mut String {
        &mut self.text
    }

    /// Suggests what was written into [`ResultNames::buffer`] since the last name for result
    /// `result`.
    #[inline]
    pub fn commit(&mut self, result: u32) {
        self.ends.push((result, self.text.len() as u32));
    }

    /// Forgets the names, keeping the room.
    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// The result and text of name `k`.
    fn get(&self, k: usize) -> (u32, &str) {
        let start = if k == 0 { 0 } else { self.ends[k - 1].1 as usize };
        let (result, end) = self.ends[k];
        (result, &self.text[start..end as usize])
    }
}

/// How a value is printed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueName {
    /// `%N`
    Id(u32),
    /// `%argN`
    Arg(u32),
    /// A name an op suggests for its result (`%f`, `%c0`), made unique with `_N` suffixes;
    /// an index into the table's name list.
    Named(u32),
}

/// Names of the values and blocks of some bodies. Bodies are told apart by address (they are
/// borrowed, so they do not move while the table is used). Once built, the table is only read,
/// so printers on several threads can share it; each finds a body's names once
/// ([`NameTable::slot`]) and keeps that.
#[derive(Default)]
pub struct NameTable {
    /// Per body: names indexed by value, block numbers indexed by block.
    bodies: Vec<BodyNames>,
    /// The address of each body in `bodies`.
    keys: Vec<usize>,
    /// Index into `bodies` by address, once there are more than a few.
    body_index: FxHashMap<usize, u32>,
    /// The text of `ValueName::Named` names, one after another.
    name_text: String,
    /// Where each `ValueName::Named` name ends in `name_text`.
    name_ends: Vec<u32>,
    /// Room for the names a `result_name` hook suggests.
    suggested: ResultNames,
    /// Room for a candidate name with a conflict suffix.
    candidate: String,
    /// Name scopes: a region sees the names of the regions enclosing it.
    scopes: Vec<Scope>,
    /// For a table of an isolated body: the table and scope its first scope continues.
    outer: Option<(Arc<NameTable>, u32)>,
    /// Isolated bodies left out, by address: the counters and scope they start from.
    deferred: FxHashMap<usize, (Counters, u32)>,
    /// Whether isolated bodies are left out.
    lazy: bool,
    /// Emptied name sets of scopes, for new scopes to reuse.
    spare_sets: Vec<HashTable<u32>>,
    /// Room for the walk's list of operations with regions.
    scratch: Vec<Op>,
    unique_ids: bool,
    generic: bool,
}

/// One name scope: its parent and the suggested names used in it (indices into the table's
/// names, found by the text's hash).
#[derive(Default)]
struct Scope {
    parent: Option<u32>,
    used: HashTable<u32>,
}

#[derive(Default)]
struct BodyNames {
    values: Vec<Option<ValueName>>,
    blocks: Vec<u32>,
    /// Ops whose results print as several groups (`%sum, %overflow = ...`): the first result
    /// index of each group.
    groups: FxHashMap<Op, smallvec::SmallVec<[u32; 2]>>,
}

impl BodyNames {
    /// Makes these the (still empty) names of `body`, in the room they have.
    fn reset(&mut self, body: &Body) {
        self.values.clear();
        self.values.resize(body.num_values(), None);
        self.blocks.clear();
        self.blocks.resize(body.num_blocks(), u32::MAX);
        self.groups.clear();
    }
}

/// A region still to number: its body, the region, the counters and name scope it starts
/// from, and the op holding it (that op's body, the op, the region's index there).
type PendingRegion<'b> = (&'b Body, Region, Counters, u32, (&'b Body, Op, usize));

/// What the walk has still to do: a region, or (with unique ids) the place of a left-out
/// isolated body in the numbering order.
enum Pending<'b> {
    Region(PendingRegion<'b>),
    /// The body at this address starts from the counters reached here and takes this many
    /// value and argument numbers.
    Isolated(usize, Counters),
}

/// The walk's work list (on the stack while it is short, as for a function's body).
type PendingStack<'b> = smallvec::SmallVec<[Pending<'b>; 8]>;

/// How many value and argument numbers the regions take when every region numbers on from
/// the last (unique ids) and no op suggests names (generic form).
fn unique_numbers(body: &Body, regions: &[Region]) -> Counters {
    let mut c = Counters::default();
    let mut stack: Vec<(&Body, Region)> = regions.iter().map(|r| (body, *r)).collect();
    while let Some((b, region)) = stack.pop() {
        for (i, &block) in b.region_blocks(region).iter().enumerate() {
            let args = b.block_args(block).len() as u32;
            if i == 0 {
                c.arg += args;
            } else {
                c.value += args;
            }
            for op in b.block_ops(block) {
                c.value += u32::from(!b.results(op).is_empty());
                let (rb, rs) = b.op_regions(op);
                stack.extend(rs.iter().map(|r| (rb, *r)));
            }
        }
    }
    c
}

#[derive(Copy, Clone, Default)]
struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
}

fn key(body: &Body) -> usize {
    body as *const Body as usize
}

fn hash_name(name: &str) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(name)
}

/// Name `index` of a table's names (`text`, cut at `ends`).
#[inline]
fn span<'t>(text: &'t str, ends: &[u32], index: u32) -> &'t str {
    let i = index as usize;
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    let bytes = &text.as_bytes()[start..ends[i] as usize];
    // SAFETY: names are appended to `text` whole, and `ends` holds the length of `text` after
    // each, so both ends of the span are ends of `str`s appended: char boundaries. (The check
    // `&text[..]` makes showed in profiles: every suggested name is looked up as it is printed.)
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// Bodies a table finds by a linear search before it keeps an index.
const FEW_BODIES: usize = 8;

impl NameTable {
    /// Numbers everything inside `top` (an operation of `body`), but with `lazy` the bodies of
    /// isolated operations under it, which [`NameTable::number_isolated`] numbers when they are printed
    /// (`lazy` is ignored with unique ids in the custom form, where a body's numbers are not
    /// known before the walk reaches it). Suggested result names (custom form only) come from
    /// the ops' `result_name` hooks.
    pub fn build(ctx: &Context, body: &Body, top: Op, unique_ids: bool, generic: bool, lazy: bool) -> Self {
        let mut t = NameTable { lazy: lazy && (!unique_ids || generic), unique_ids, generic, ..NameTable::default() };
        t.scopes.push(Scope::default());
        let mut counters = Counters::default();
        // The top operation's own results.
        let bi = t.body_slot(body);
        if let Some(&first) = body.results(top).first() {
            t.bodies[bi].values[first.index()] = Some(ValueName::Id(counters.value));
            counters.value += 1;
        }
        let (rb, regions) = body.op_regions(top);
        let stack = regions.iter().enumerate().map(|(i, r)| Pending::Region((rb, *r, counters, 0, (body, top, i)))).collect();
        t.run(ctx, stack, &mut counters);
        t
    }

    /// Makes this table (whatever it held before; its room is kept) the names of the body of
    /// `op` (an isolated operation of `body`) when `outer`, the table that numbered `body`, left
    /// it out; they see the names of `outer`. Returns false (and leaves the table) when `outer`
    /// numbered that body itself.
    pub fn number_isolated(&mut self, ctx: &Context, outer: &Arc<NameTable>, body: &Body, op: Op) -> bool {
        let (rb, regions) = body.op_regions(op);
        let Some(&(mut counters, scope)) = outer.deferred.get(&key(rb)) else { return false };
        self.clear();
        self.outer = Some((outer.clone(), scope));
        (self.lazy, self.unique_ids, self.generic) = (true, outer.unique_ids, outer.generic);
        self.scopes.push(Scope::default());
        let stack = regions.iter().enumerate().map(|(i, r)| Pending::Region((rb, *r, counters, 0, (body, op, i)))).collect();
        self.run(ctx, stack, &mut counters);
        true
    }

    /// Empties the table, keeping its room (the bodies' name vectors and the scopes' sets).
    fn clear(&mut self) {
        self.keys.clear();
        self.body_index.clear();
        self.name_text.clear();
        self.name_ends.clear();
        for s in self.scopes.drain(..) {
            let mut used = s.used;
            if used.capacity() > 0 {
                used.clear();
                self.spare_sets.push(used);
            }
        }
        self.outer = None;
        self.deferred.clear();
    }

    /// Numbers the regions on `stack` and everything inside them (but left-out bodies).
    fn run<'b>(&mut self, ctx: &Context, mut stack: PendingStack<'b>, counters: &mut Counters) {
        let mut with_regions = std::mem::take(&mut self.scratch);
        while let Some(next) = stack.pop() {
            let (b, region, saved, parent_scope, (pb, parent, index)) = match next {
                Pending::Region(r) => r,
                Pending::Isolated(k, takes) => {
                    if let Some(d) = self.deferred.get_mut(&k) {
                        d.0 = *counters;
                    }
                    counters.value += takes.value;
                    counters.arg += takes.arg;
                    continue;
                }
            };
            if !self.unique_ids {
                *counters = saved;
            }
            self.scopes.push(Scope { parent: Some(parent_scope), used: HashTable::new() });
            let scope = (self.scopes.len() - 1) as u32;
            let bi = self.body_slot(b);
            if !self.generic {
                self.name_block_args(ctx, bi, pb, parent, index, scope, counters);
            }
            with_regions.clear();
            self.number_region(ctx, b, bi, region, counters, scope, &mut with_regions);
            for &op in &with_regions {
                let (rb, regions) = b.op_regions(op);
                if self.lazy && !std::ptr::eq(rb, b) {
                    self.deferred.insert(key(rb), (*counters, scope));
                    if self.unique_ids {
                        // Numbered where the walk would reach it.
                        stack.push(Pending::Isolated(key(rb), unique_numbers(rb, regions)));
                    }
                } else {
                    stack.extend(regions.iter().enumerate().map(|(i, r)| Pending::Region((rb, *r, *counters, scope, (b, op, i)))));
                }
            }
        }
        self.scratch = with_regions;
    }

    /// Names the block arguments of region `index` of `parent` (an op of `pb`) that its op
    /// suggests names for; the arguments live in the body at `bi`.
    #[allow(clippy::too_many_arguments)]
    fn name_block_args(&mut self, ctx: &Context, bi: usize, pb: &Body, parent: Op, index: usize, scope: u32, c: &mut Counters) {
        let Some(f) = ctx.registry().get(pb.op(parent).name).and_then(|d| d.block_arg_names) else { return };
        let mut suggested: Vec<(Value, String)> = Vec::new();
        f(ctx, pb, parent, index, &mut |v, n| suggested.push((v, n)));
        for (v, n) in suggested {
            if self.bodies[bi].values.get(v.index()).is_none_or(|x| x.is_some()) {
                continue;
            }
            let name = ValueName::Named(self.unique_name(&n, scope, c));
            self.bodies[bi].values[v.index()] = Some(name);
        }
    }

    /// Whether `name` (of hash `h`) is used in `scope` or a scope enclosing it.
    fn name_used(&self, mut scope: u32, h: u64, name: &str) -> bool {
        loop {
            let s = &self.scopes[scope as usize];
            // Most scopes name nothing (a function's own scope, regions without constants).
            if !s.used.is_empty() && s.used.find(h, |&i| self.name_text(i) == name).is_some() {
                return true;
            }
            match s.parent {
                Some(p) => scope = p,
                None => break,
            }
        }
        self.outer.as_ref().is_some_and(|(t, s)| t.name_used(*s, h, name))
    }

    /// `name`, or `name_N` with the next free conflict number, recorded in `scope`.
    fn unique_name(&mut self, name: &str, scope: u32, c: &mut Counters) -> u32 {
        let mut h = hash_name(name);
        if self.name_used(scope, h, name) {
            let mut candidate = std::mem::take(&mut self.candidate);
            loop {
                candidate.clear();
                candidate.push_str(name);
                candidate.push('_');
                crate::intbits::push_u64(&mut candidate, u64::from(c.conflict));
                c.conflict += 1;
                h = hash_name(&candidate);
                if !self.name_used(scope, h, &candidate) {
                    break;
                }
            }
            self.name_text.push_str(&candidate);
            self.candidate = candidate;
        } else {
            self.name_text.push_str(name);
        }
        let id = self.name_ends.len() as u32;
        self.name_ends.push(self.name_text.len() as u32);
        let used = &mut self.scopes[scope as usize].used;
        if used.capacity() == 0 {
            if let Some(spare) = self.spare_sets.pop() {
                *used = spare;
            }
        }
        let (text, ends) = (&self.name_text, &self.name_ends);
        used.insert_unique(h, id, |&i| hash_name(span(text, ends, i)));
        id
    }

    /// The text of a suggested name.
    #[inline]
    pub fn name_text(&self, index: u32) -> &str {
        span(&self.name_text, &self.name_ends, index)
    }

    /// The index of `body`'s names, made when it has none.
    fn body_slot(&mut self, body: &Body) -> usize {
        if let Some(i) = self.slot(body) {
            return i as usize;
        }
        let k = key(body);
        let i = self.keys.len();
        if i == self.bodies.len() {
            self.bodies.push(BodyNames::default());
        }
        self.bodies[i].reset(body);
        self.keys.push(k);
        if self.keys.len() > FEW_BODIES {
            if self.body_index.is_empty() {
                self.body_index.extend(self.keys.iter().enumerate().map(|(i, &k)| (k, i as u32)));
            } else {
                self.body_index.insert(k, i as u32);
            }
        }
        i
    }

    /// Where the names of `body` are in this table, if it has them (for [`Self::value`] and the
    /// others).
    pub fn slot(&self, body: &Body) -> Option<u32> {
        let k = key(body);
        if self.keys.len() <= FEW_BODIES {
            self.keys.iter().position(|&x| x == k).map(|i| i as u32)
        } else {
            self.body_index.get(&k).copied()
        }
    }

    /// Numbers the blocks, block arguments and results of `region` (of `body`, at `bi`) and
    /// notes its ops that have regions.
    #[allow(clippy::too_many_arguments)]
    fn number_region(&mut self, ctx: &Context, body: &Body, bi: usize, region: Region, c: &mut Counters, scope: u32, with_regions: &mut Vec<Op>) {
        for (i, &block) in body.region_blocks(region).iter().enumerate() {
            let names = &mut self.bodies[bi];
            names.blocks[block.index()] = i as u32;
            for &a in body.block_args(block) {
                let slot = &mut names.values[a.index()];
                if slot.is_some() {
                    continue;
                }
                *slot = Some(if i == 0 {
                    c.arg += 1;
                    ValueName::Arg(c.arg - 1)
                } else {
                    c.value += 1;
                    ValueName::Id(c.value - 1)
                });
            }
            for op in body.block_ops(block) {
                if body.num_regions(op) != 0 {
                    with_regions.push(op);
                }
                let results = body.results(op);
                let Some(&first) = results.first() else { continue };
                if !self.generic {
                    if let Some(f) = ctx.registry().get(body.op(op).name).and_then(|d| d.result_name) {
                        self.name_results(ctx, body, bi, op, f, scope, c);
                    }
                }
                let slot = &mut self.bodies[bi].values[first.index()];
                if slot.is_none() {
                    *slot = Some(ValueName::Id(c.value));
                    c.value += 1;
                }
            }
        }
    }

    /// Gives the results of `op` the names its `result_name` hook suggests.
    #[allow(clippy::too_many_arguments)]
    fn name_results(&mut self, ctx: &Context, body: &Body, bi: usize, op: Op, f: crate::registry::ResultNameFn, scope: u32, c: &mut Counters) {
        let mut suggested = std::mem::take(&mut self.suggested);
        suggested.clear();
        f(ctx, body, op, &mut suggested);
        let results = body.results(op);
        let mut groups: smallvec::SmallVec<[u32; 2]> = smallvec::smallvec![0];
        for k in 0..suggested.ends.len() {
            let (i, n) = suggested.get(k);
            let Some(&v) = results.get(i as usize) else { continue };
            let name = ValueName::Named(self.unique_name(n, scope, c));
            self.bodies[bi].values[v.index()] = Some(name);
            if i != 0 {
                groups.push(i);
            }
        }
        self.suggested = suggested;
        if groups.len() > 1 {
            groups.sort_unstable();
            groups.dedup();
            self.bodies[bi].groups.insert(op, groups);
        }
    }

    /// The name of a value of the body at `slot` (the group name for results of multi-result
    /// operations).
    pub fn value(&self, slot: u32, v: Value) -> Option<ValueName> {
        self.bodies[slot as usize].values.get(v.index()).copied().flatten()
    }

    /// The first result index of each result group of `op`, when it has several groups.
    pub fn result_groups(&self, slot: u32, op: Op) -> Option<&[u32]> {
        let groups = &self.bodies[slot as usize].groups;
        if groups.is_empty() {
            return None;
        }
        groups.get(&op).map(|g| g.as_slice())
    }

    /// The number of a block within its region (`^bbN`).
    pub fn block(&self, slot: u32, b: Block) -> Option<u32> {
        self.bodies[slot as usize].blocks.get(b.index()).copied().filter(|n| *n != u32::MAX)
    }
}
