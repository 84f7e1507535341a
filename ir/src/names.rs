//! SSA value and block numbering for the printer, following mlir-opt 22.
//!
//! Regions are numbered from a stack (the last operation's regions first). Each region
//! starts from the counters its parent region reached, except with unique ids (implied by the
//! generic form), where the counters run on across the whole walk. Entry-block arguments are
//! `%argN`, other values `%N`; an operation with several results takes one number for the group.
//!
//! Without unique ids, what a region gets depends only on its ancestors (their counters and the
//! names they hold), which are complete before it is reached: so the bodies of
//! IsolatedFromAbove operations are numbered on the context's threads when there are enough of
//! them, each into a table of its own that is then appended to the main one.

use crate::Context;
use crate::body::{Block, Body, Op, Region, Value};
use crate::parallel::{map_in_order, threads_for};
use cranelift_entity::EntityRef;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

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

/// Names of all values and blocks under one printed operation. Bodies are told apart by address
/// (they are borrowed, so they do not move while the table is used). Once built, the table is
/// only read, so printers on several threads can share it; each finds a body's names once
/// ([`NameTable::slot`]) and keeps that.
pub struct NameTable {
    /// Per body: names indexed by value, block numbers indexed by block.
    bodies: Vec<BodyNames>,
    /// Index into `bodies`, by body address.
    body_index: FxHashMap<usize, u32>,
    /// The body numbered last and its index (consecutive lookups mostly hit the same body).
    last: (usize, u32),
    /// The text of `ValueName::Named` names.
    names: Vec<String>,
    /// Name scopes: the parent scope and the suggested names used in it. A region sees the
    /// names of the regions enclosing it. (Shared, so that a table numbering an isolated body
    /// on another thread can see its ancestors' names.)
    scopes: Vec<(Option<usize>, Arc<FxHashSet<String>>)>,
}

/// Where a body's names are in a [`NameTable`] (found by [`NameTable::slot`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct NameSlot {
    /// The body's address.
    pub body: usize,
    index: u32,
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
    fn for_body(body: &Body) -> Self {
        Self { values: vec![None; body.num_values()], blocks: vec![u32::MAX; body.num_blocks()], groups: FxHashMap::default() }
    }
}

/// A region still to number: its body, the region, the counters and name scope it starts
/// from, and the op holding it (that op's body, the op, the region's index there).
type PendingRegion<'b> = (&'b Body, Region, Counters, usize, (&'b Body, Op, usize));

/// The regions of an isolated operation's body, numbered apart: the regions (as on the stack,
/// the last one first), the size of the body, and the counters it starts from.
struct IsolatedJob<'b> {
    regions: Vec<PendingRegion<'b>>,
    ops: usize,
    start: Counters,
}

/// What the walk has still to do: a region, or (with unique ids) the place of an isolated
/// job in the numbering order.
enum Pending<'b> {
    Region(PendingRegion<'b>),
    /// Job N starts from the counters reached here and takes this many value and argument
    /// numbers.
    Job(usize, Counters),
}

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

impl Default for NameTable {
    fn default() -> Self {
        Self {
            bodies: Vec::new(),
            body_index: FxHashMap::default(),
            last: (0, u32::MAX),
            names: Vec::new(),
            scopes: Vec::new(),
        }
    }
}

impl NameTable {
    /// Numbers everything inside `top` (an operation of `body`).
    /// Suggested result names (custom form only) come from the ops' `result_name` hooks.
    pub fn build(ctx: &Context, body: &Body, top: Op, unique_ids: bool, generic: bool) -> Self {
        let mut t = NameTable::default();
        t.scopes.push((None, Default::default()));
        let mut counters = Counters::default();
        // The top operation's own results.
        t.number_op_results(body, top, &mut counters);
        let mut stack: Vec<PendingRegion<'_>> = Vec::new();
        let (rb, regions) = body.op_regions(top);
        for (i, r) in regions.iter().enumerate() {
            stack.push((rb, *r, counters, 0, (body, top, i)));
        }
        // Isolated bodies met on the way, when they may be numbered apart: with unique ids
        // only in the generic form, where their numbers can be counted ahead.
        let apart = ctx.threads > 1 && (!unique_ids || generic);
        let mut jobs: Option<Vec<IsolatedJob<'_>>> = apart.then(Vec::new);
        t.run(ctx, stack.into_iter().map(Pending::Region).collect(), &mut counters, unique_ids, generic, &mut jobs);
        let jobs = jobs.unwrap_or_default();
        let work = jobs.iter().map(|j| j.ops).sum();
        let number = |t: &mut NameTable, job: &IsolatedJob<'_>| {
            let mut counters = job.start;
            t.run(ctx, job.regions.iter().map(|r| Pending::Region(*r)).collect(), &mut counters, unique_ids, generic, &mut None);
        };
        if threads_for(ctx.threads, work) <= 1 || jobs.len() < 2 {
            for job in &jobs {
                number(&mut t, job);
            }
            return t;
        }
        let parts = map_in_order(&jobs, ctx.threads, |job| {
            // The job's scopes start with its ancestors' (complete by now), shared.
            let mut sub = NameTable { scopes: t.scopes.clone(), ..NameTable::default() };
            number(&mut sub, job);
            sub
        });
        for sub in parts {
            t.append(sub);
        }
        t
    }

    /// Numbers the regions on `stack` and everything inside them. With `jobs`, the regions of
    /// isolated bodies go there instead, with the counters they start from.
    fn run<'b>(&mut self, ctx: &Context, mut stack: Vec<Pending<'b>>, counters: &mut Counters, unique_ids: bool, generic: bool, jobs: &mut Option<Vec<IsolatedJob<'b>>>) {
        while let Some(next) = stack.pop() {
            let (b, region, saved, parent_scope, (pb, parent, index)) = match next {
                Pending::Region(r) => r,
                Pending::Job(i, takes) => {
                    if let Some(job) = jobs.as_mut().and_then(|j| j.get_mut(i)) {
                        job.start = *counters;
                    }
                    counters.value += takes.value;
                    counters.arg += takes.arg;
                    continue;
                }
            };
            if !unique_ids {
                *counters = saved;
            }
            self.scopes.push((Some(parent_scope), Default::default()));
            let scope = self.scopes.len() - 1;
            if !generic {
                self.name_block_args(ctx, b, pb, parent, index, scope, counters);
            }
            self.number_region(ctx, b, region, counters, scope, generic);
            for &block in b.region_blocks(region) {
                for op in b.block_ops(block) {
                    let (rb, regions) = b.op_regions(op);
                    let pending = regions.iter().enumerate().map(|(i, r)| (rb, *r, *counters, scope, (b, op, i)));
                    match jobs {
                        Some(jobs) if !std::ptr::eq(rb, b) && !regions.is_empty() => {
                            jobs.push(IsolatedJob { regions: pending.collect(), ops: rb.num_ops(), start: *counters });
                            if unique_ids {
                                // Numbered where the walk would reach it.
                                stack.push(Pending::Job(jobs.len() - 1, unique_numbers(rb, regions)));
                            }
                        }
                        _ => stack.extend(pending.map(Pending::Region)),
                    }
                }
            }
        }
    }

    /// Takes in the names of a table that numbered bodies this one has not seen.
    fn append(&mut self, sub: NameTable) {
        let names_base = self.names.len() as u32;
        let bodies_base = self.bodies.len() as u32;
        for (k, i) in sub.body_index {
            self.body_index.insert(k, i + bodies_base);
        }
        for mut b in sub.bodies {
            if names_base != 0 {
                for v in b.values.iter_mut() {
                    if let Some(ValueName::Named(n)) = v {
                        *n += names_base;
                    }
                }
            }
            self.bodies.push(b);
        }
        self.names.extend(sub.names);
    }

    /// Names the block arguments of region `index` of `parent` (an op of `pb`) that its op
    /// suggests names for; the arguments live in `b`.
    #[allow(clippy::too_many_arguments)]
    fn name_block_args(&mut self, ctx: &Context, b: &Body, pb: &Body, parent: Op, index: usize, scope: usize, c: &mut Counters) {
        let Some(f) = ctx.registry().get(pb.op(parent).name).and_then(|d| d.block_arg_names) else { return };
        let mut suggested: Vec<(Value, String)> = Vec::new();
        f(ctx, pb, parent, index, &mut |v, n| suggested.push((v, n)));
        for (v, n) in suggested {
            if self.names_of(b).values.get(v.index()).is_none_or(|x| x.is_some()) {
                continue;
            }
            let name = ValueName::Named(self.unique_name(n, scope, c));
            self.names_of(b).values[v.index()] = Some(name);
        }
    }

    fn name_used(&self, mut scope: usize, name: &str) -> bool {
        loop {
            let (parent, names) = &self.scopes[scope];
            if names.contains(name) {
                return true;
            }
            match parent {
                Some(p) => scope = *p,
                None => return false,
            }
        }
    }

    /// `name`, or `name_N` with the next free conflict number, recorded in `scope`.
    fn unique_name(&mut self, name: String, scope: usize, c: &mut Counters) -> u32 {
        let chosen = if self.name_used(scope, &name) {
            loop {
                let candidate = format!("{name}_{}", c.conflict);
                c.conflict += 1;
                if !self.name_used(scope, &candidate) {
                    break candidate;
                }
            }
        } else {
            name
        };
        Arc::make_mut(&mut self.scopes[scope].1).insert(chosen.clone());
        self.names.push(chosen);
        (self.names.len() - 1) as u32
    }

    /// The text of a suggested name.
    pub fn name_text(&self, index: u32) -> &str {
        &self.names[index as usize]
    }

    fn names_of(&mut self, body: &Body) -> &mut BodyNames {
        let k = key(body);
        let i = match self.last {
            (last_key, last) if last_key == k && last != u32::MAX => last,
            _ => match self.body_index.get(&k) {
                Some(&i) => i,
                None => {
                    self.bodies.push(BodyNames::for_body(body));
                    let i = (self.bodies.len() - 1) as u32;
                    self.body_index.insert(k, i);
                    i
                }
            },
        };
        self.last = (k, i);
        &mut self.bodies[i as usize]
    }

    /// Where the names of `body` are, if it has any (for [`Self::value`] and the others).
    pub fn slot(&self, body: &Body) -> Option<NameSlot> {
        self.body_index.get(&key(body)).map(|&i| NameSlot { body: key(body), index: i })
    }

    fn body_names(&self, slot: NameSlot) -> &BodyNames {
        &self.bodies[slot.index as usize]
    }

    fn number_op_results(&mut self, body: &Body, op: Op, c: &mut Counters) {
        if let Some(&first) = body.results(op).first() {
            self.names_of(body).values[first.index()] = Some(ValueName::Id(c.value));
            c.value += 1;
        }
    }

    fn number_region(&mut self, ctx: &Context, body: &Body, region: Region, c: &mut Counters, scope: usize, generic: bool) {
        self.names_of(body);
        for (i, &block) in body.region_blocks(region).iter().enumerate() {
            let names = self.names_of(body);
            names.blocks[block.index()] = i as u32;
            for &a in body.block_args(block) {
                if names.values[a.index()].is_some() {
                    continue;
                }
                let name = if i == 0 {
                    c.arg += 1;
                    ValueName::Arg(c.arg - 1)
                } else {
                    c.value += 1;
                    ValueName::Id(c.value - 1)
                };
                names.values[a.index()] = Some(name);
            }
            for op in body.block_ops(block) {
                let results = body.results(op);
                let Some(&first) = results.first() else { continue };
                let mut suggested: smallvec::SmallVec<[(u32, String); 2]> = smallvec::SmallVec::new();
                if !generic {
                    if let Some(f) = ctx.registry().get(body.op(op).name).and_then(|d| d.result_name) {
                        f(ctx, body, op, &mut |i, n| suggested.push((i, n)));
                    }
                }
                let mut groups: smallvec::SmallVec<[u32; 2]> = smallvec::smallvec![0];
                for (i, n) in suggested {
                    let Some(&v) = results.get(i as usize) else { continue };
                    let name = ValueName::Named(self.unique_name(n, scope, c));
                    self.names_of(body).values[v.index()] = Some(name);
                    if i != 0 {
                        groups.push(i);
                    }
                }
                let names = self.names_of(body);
                if names.values[first.index()].is_none() {
                    names.values[first.index()] = Some(ValueName::Id(c.value));
                    c.value += 1;
                }
                if groups.len() > 1 {
                    groups.sort_unstable();
                    groups.dedup();
                    names.groups.insert(op, groups);
                }
            }
        }
    }

    /// The name of a value of the body at `slot` (the group name for results of multi-result
    /// operations).
    pub fn value(&self, slot: NameSlot, v: Value) -> Option<ValueName> {
        self.body_names(slot).values.get(v.index()).copied().flatten()
    }

    /// The first result index of each result group of `op`, when it has several groups.
    pub fn result_groups(&self, slot: NameSlot, op: Op) -> Option<&[u32]> {
        self.body_names(slot).groups.get(&op).map(|g| g.as_slice())
    }

    /// The number of a block within its region (`^bbN`).
    pub fn block(&self, slot: NameSlot, b: Block) -> Option<u32> {
        self.body_names(slot).blocks.get(b.index()).copied().filter(|n| *n != u32::MAX)
    }
}
