//! Print plans: the text of an operation without regions, kept per signature and replayed.
//!
//! What a custom form printed by signature (a declarative format, see
//! [`OpDef::print_by_signature`]) or the generic form writes for an operation, from its name to
//! its location, is fixed text interleaved with the names of its operands, results and
//! successors, and that text depends only on the operation's signature: its name, properties,
//! discardable attributes, operand and result types, number of successors, the indentation and
//! the dialect whose prefix op names drop (given the printer's options and aliases, which do
//! not change while it prints). So the first operation of a signature is printed by its hook
//! while the printer notes where each value or block name went; the text around them becomes
//! a plan, and the next operation with the same signature is written from the plan, with its
//! own names, without looking up its definition or running the hook. Plans live in the
//! printer (one per printing thread) and never outlive it: the numbers of distinct attributes
//! they hold are that printer's.
//!
//! [`OpDef::print_by_signature`]: crate::OpDef::print_by_signature

use super::Printer;
use crate::body::{Block, Body, Op, OpData, Value};
use crate::{Attr, Ident, Type};
use hashbrown::HashTable;
use smallvec::SmallVec;
use std::hash::Hasher;

/// Signatures kept at most; past that the table starts again (operations that differ only in
/// a constant's value each have their own signature).
const MAX_PLANS: usize = 1 << 14;

/// The plans of one printer, and the names noted while a hook prints.
pub(super) struct OpMemo {
    /// The signatures met, with their plans.
    entries: Vec<Entry>,
    /// `entries` by the hash of their signature.
    index: HashTable<u32>,
    /// By a quick hash of the signature's name, attributes, indentation and dialect (see
    /// [`Sig::recent_slot`]): the entry used last there, [`NONE`] for none. (In place, and
    /// small: every printer has one, also those of one type or attribute.)
    recent: [u32; RECENT],
    /// By op name (identifier index): whether the op's custom form does not print by
    /// signature (known once one was printed).
    by_hook: Vec<bool>,
    /// Whether a hook is being recorded.
    pub(super) recording: bool,
    /// The names written while recording, in order.
    noted: Vec<Noted>,
}

impl Default for OpMemo {
    fn default() -> Self {
        OpMemo { entries: Vec::new(), index: HashTable::new(), recent: [NONE; RECENT], by_hook: Vec::new(), recording: false, noted: Vec::new() }
    }
}

/// Slots of [`OpMemo::recent`] (a power of two).
const RECENT: usize = 1 << 8;

/// No entry.
const NONE: u32 = u32::MAX;

/// A name written while recording: its place in the output and what it names.
struct Noted {
    start: usize,
    end: usize,
    what: Named,
    /// The body the value or block was looked up in (by address).
    body: usize,
}

/// A value or block whose name is written.
#[derive(Copy, Clone)]
pub(super) enum Named {
    Value(Value),
    Block(Block),
}

/// One signature and its plan.
struct Entry {
    hash: u64,
    name: Ident,
    properties: Option<Attr>,
    attrs: Attr,
    indent: usize,
    dialect: &'static str,
    operands: u32,
    successors: u32,
    /// The operand types, then the result types.
    types: SmallVec<[Type; 4]>,
    /// Pairs of positions (operands, then results, then successors) that named the same value
    /// or block in the operation the plan was made of (most often none). The plan writes the
    /// name of the first of a pair where the hook may have written either, so it holds only
    /// for operations where both are the same too.
    same: SamePairs,
    /// `None`: the hook names something other than the op's own operands, results and
    /// successors, so operations of this signature are always printed by the hook.
    plan: Option<Plan>,
}

/// Pairs of positions of an operation that name the same value or block (see `Entry::same`).
type SamePairs = Box<[(u32, u32)]>;

/// The signature of the operation being printed, as it is stored in the operation.
pub(super) struct Sig<'b> {
    data: &'b OpData,
    indent: usize,
    /// The dialect whose prefix op names drop (told apart by address).
    dialect: &'static str,
    operands: &'b [Value],
    results: &'b [Value],
    successors: &'b [Block],
}

impl<'b> Sig<'b> {
    /// The signature of `op` printed at `indent` with the prefix of `dialect` dropped, `None`
    /// when it has regions.
    #[inline]
    fn of(body: &'b Body, op: Op, indent: usize, dialect: &'static str) -> Option<Self> {
        let successors: &[Block] = match body.extra(op) {
            None => &[],
            Some(e) if e.regions.is_empty() && e.nested.is_none() => &e.successors,
            Some(_) => return None,
        };
        Some(Sig { data: body.op(op), indent, dialect, operands: body.operand_values(op), results: body.results(op), successors })
    }

    /// The slot of [`OpMemo::recent`] of this signature: a hash of its name, attributes,
    /// properties, indentation and dialect (what tells apart most signatures of one op kind:
    /// constants by their value, an op at two depths).
    #[inline]
    fn recent_slot(&self) -> usize {
        let data = self.data;
        let props = data.properties().map_or(u32::MAX, |a| a.0) as u64;
        let key = (data.name.0 as u64 | (data.attrs.0 as u64) << 32) ^ props.rotate_left(16) ^ (self.indent as u64) << 48 ^ self.dialect.as_ptr() as u64;
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT.trailing_zeros())) as usize
    }

    /// Whether `e` is the entry of this signature.
    #[inline]
    fn matches(&self, body: &Body, e: &Entry) -> bool {
        let data = self.data;
        if e.name != data.name || e.attrs != data.attrs || e.properties != data.properties() || e.indent != self.indent || !std::ptr::eq(e.dialect, self.dialect) {
            return false;
        }
        if e.operands as usize != self.operands.len() || e.successors as usize != self.successors.len() || e.types.len() != self.operands.len() + self.results.len() {
            return false;
        }
        // (Plain loops: `zip(..).all(..)` is not inlined here.)
        let types = &e.types[..];
        for (k, &v) in self.operands.iter().enumerate() {
            if body.value_type(v) != types[k] {
                return false;
            }
        }
        let types = &types[self.operands.len()..];
        for (k, &v) in self.results.iter().enumerate() {
            if body.value_type(v) != types[k] {
                return false;
            }
        }
        e.same.is_empty() || self.repeats(&e.same)
    }

    /// Whether each pair of `same` (see `Entry::same`) names one value or block here too.
    /// (Out of line: most plans have no pairs, and the check stays small where it is inlined.)
    #[inline(never)]
    fn repeats(&self, same: &[(u32, u32)]) -> bool {
        for &(a, b) in same {
            if self.item(a) != self.item(b) {
                return false;
            }
        }
        true
    }

    /// The index of the value or block at `position` among the operands, then the results,
    /// then the successors (to compare with another of the same kind).
    fn item(&self, position: u32) -> usize {
        use cranelift_entity::EntityRef;
        let k = position as usize;
        let (operands, results) = (self.operands.len(), self.results.len());
        if k < operands {
            self.operands[k].index()
        } else if k < operands + results {
            self.results[k - operands].index()
        } else {
            self.successors[k - operands - results].index()
        }
    }

    /// The hash of this signature (of what [`Sig::matches`] compares).
    fn hash(&self, body: &Body) -> u64 {
        let data = self.data;
        let mut h = rustc_hash::FxHasher::default();
        h.write_u32(data.name.0);
        h.write_u32(data.properties().map_or(u32::MAX, |a| a.0));
        h.write_u32(data.attrs.0);
        h.write_usize(self.indent);
        h.write_usize(self.dialect.as_ptr() as usize);
        h.write_usize(self.operands.len() | self.successors.len() << 16 | self.results.len() << 32);
        for &v in self.operands.iter().chain(self.results) {
            h.write_u32(body.value_type(v).0);
        }
        h.finish()
    }
}

/// The text of a signature: literal pieces, each followed by a name, and the text after the
/// last name.
struct Plan {
    pieces: Box<[(Box<str>, Slot)]>,
    tail: Box<str>,
}

/// A name of the operation's own.
#[derive(Copy, Clone)]
enum Slot {
    Operand(u32),
    Result(u32),
    Successor(u32),
}

impl Printer<'_> {
    /// Prints `op` (of `body`) without its results and location by its hook
    /// ([`Printer::print_by_hook`]), or from the plan of an operation printed before with the
    /// same signature. Operations with regions, those met while a hook is recorded and those
    /// whose custom form does not print by signature always go through their hook.
    #[inline]
    pub(super) fn print_memoized(&mut self, body: &Body, op: Op) {
        let sig = match Sig::of(body, op, self.indent, self.default_dialect) {
            Some(sig) if !self.memo.recording && self.memo.by_hook.get(sig.data.name.0 as usize) != Some(&true) => sig,
            _ => return self.print_by_hook(body, op, None),
        };
        let memo = &mut self.memo;
        let slot = sig.recent_slot();
        let recent = memo.recent[slot];
        let found = if recent != NONE && sig.matches(body, &memo.entries[recent as usize]) {
            recent
        } else {
            let hash = sig.hash(body);
            let entries = &memo.entries;
            match memo.index.find(hash, |&i| entries[i as usize].hash == hash && sig.matches(body, &entries[i as usize])) {
                Some(&i) => {
                    memo.recent[slot] = i;
                    i
                }
                None => return self.print_by_hook(body, op, Some((&sig, hash))),
            }
        };
        let entries = std::mem::take(&mut self.memo.entries);
        match &entries[found as usize].plan {
            Some(plan) => {
                self.replay(body, &sig, plan);
                self.memo.entries = entries;
            }
            None => {
                self.memo.entries = entries;
                self.print_by_hook(body, op, None);
            }
        }
    }

    /// Writes the text of `plan` with the names of the operation of `sig`.
    #[inline]
    fn replay(&mut self, body: &Body, sig: &Sig<'_>, plan: &Plan) {
        for (text, slot) in &plan.pieces {
            super::push_short(&mut self.out, text);
            match *slot {
                Slot::Operand(k) => self.print_value_use(body, sig.operands[k as usize]),
                Slot::Result(k) => self.print_value_use(body, sig.results[k as usize]),
                Slot::Successor(k) => self.print_block_name(body, sig.successors[k as usize]),
            }
        }
        super::push_short(&mut self.out, &plan.tail);
    }

    /// Prints the operation of `sig` with `print`, noting the names it writes, and keeps the
    /// plan made of them; `by_signature` false: the text is not a plan (the op's custom form
    /// does not print by signature), printed without noting anything. `print` must write text
    /// that depends only on the signature (see `Sig`) and on the printer's options and
    /// aliases, and write the names of the operation's operands, results and successors with
    /// [`Printer::print_value`] and [`Printer::print_block_name`] only, their text not
    /// depending on which of them are the same value. (Out of line: the first operation of a
    /// signature is the rare case.)
    #[inline(never)]
    pub(super) fn record(&mut self, body: &Body, sig: &Sig<'_>, hash: u64, by_signature: bool, print: impl FnOnce(&mut Self)) {
        if !by_signature {
            print(self);
            let (by_hook, name) = (&mut self.memo.by_hook, sig.data.name.0 as usize);
            if by_hook.len() <= name {
                by_hook.resize(name + 1, false);
            }
            by_hook[name] = true;
            return;
        }
        let start = self.out.len();
        self.memo.recording = true;
        self.memo.noted.clear();
        print(self);
        self.memo.recording = false;
        // A chunk printer that met a distinct attribute it cannot number wrote a guess.
        // (Once that happened the chunk is thrown away, and what it printed may be guesses.)
        if self.fork_failed {
            return;
        }
        let (plan, same) = match self.plan_of(body, sig, start) {
            Some((plan, same)) => (Some(plan), same),
            // A name that is not the op's own: printed by the hook from now on.
            None => (None, Box::default()),
        };
        let memo = &mut self.memo;
        if memo.entries.len() >= MAX_PLANS {
            memo.entries.clear();
            memo.index.clear();
            memo.recent = [NONE; RECENT];
        }
        let data = sig.data;
        let entry = Entry {
            hash,
            name: data.name,
            properties: data.properties(),
            attrs: data.attrs,
            indent: sig.indent,
            dialect: sig.dialect,
            operands: sig.operands.len() as u32,
            successors: sig.successors.len() as u32,
            types: sig.operands.iter().chain(sig.results).map(|&v| body.value_type(v)).collect(),
            same,
            plan,
        };
        let i = memo.entries.len() as u32;
        memo.entries.push(entry);
        let entries = &memo.entries;
        memo.index.insert_unique(hash, i, |&k| entries[k as usize].hash);
        memo.recent[sig.recent_slot()] = i;
    }

    /// The plan of the text written from `start` for the operation of `sig`, with the names
    /// noted, and the pairs of positions of the operation that hold the same value or block
    /// (see `Entry::same`); `None` when a name is not one of the operation's own.
    fn plan_of(&self, body: &Body, sig: &Sig<'_>, start: usize) -> Option<(Plan, SamePairs)> {
        let key = body as *const Body as usize;
        // (Text is handed to a sink only between the operations of a block, never inside one
        // without regions; should it have been, there is nothing to make a plan of.)
        if start > self.out.len() {
            return None;
        }
        let mut pieces = Vec::new();
        let mut at = start;
        for n in &self.memo.noted {
            if n.body != key || n.start < at || n.end > self.out.len() {
                return None;
            }
            let slot = match n.what {
                Named::Value(v) => match (first_position(sig.operands, v), first_position(sig.results, v)) {
                    (Some(k), _) => Slot::Operand(k),
                    (None, Some(k)) => Slot::Result(k),
                    (None, None) => return None,
                },
                Named::Block(b) => Slot::Successor(first_position(sig.successors, b)?),
            };
            pieces.push((self.out[at..n.start].into(), slot));
            at = n.end;
        }
        let plan = Plan { pieces: pieces.into_boxed_slice(), tail: self.out[at..].into() };
        // Which positions repeat an earlier one (values among the operands and results,
        // blocks among the successors).
        let mut same = Vec::new();
        let values = || sig.operands.iter().chain(sig.results);
        for (k, v) in values().enumerate() {
            if let Some(first) = values().take(k).position(|w| w == v) {
                same.push((first as u32, k as u32));
            }
        }
        let offset = sig.operands.len() + sig.results.len();
        for (k, b) in sig.successors.iter().enumerate() {
            if let Some(first) = sig.successors[..k].iter().position(|c| c == b) {
                same.push(((offset + first) as u32, (offset + k) as u32));
            }
        }
        Some((plan, same.into_boxed_slice()))
    }

    /// Notes, while recording, that the name of `what` (looked up in `body`) was written from
    /// `start` on.
    #[inline]
    pub(super) fn note_name(&mut self, body: &Body, start: usize, what: Named) {
        if self.memo.recording {
            self.memo.noted.push(Noted { start, end: self.out.len(), what, body: body as *const Body as usize });
        }
    }
}

/// Where `x` first is in `xs`.
fn first_position<T: PartialEq + Copy>(xs: &[T], x: T) -> Option<u32> {
    xs.iter().position(|&y| y == x).map(|k| k as u32)
}

#[cfg(test)]
mod tests {
    use crate::body::{Body, OperationState};
    use crate::Context;

    /// A plan made of an operation that names one value twice holds only for operations that
    /// do too: after `(%0, %0)`, `(%0, %1)` and `(%1, %0)` of the same signature are printed
    /// with their own names, and `(%1, %1)` from the plan.
    #[test]
    fn a_plan_with_a_repeated_name_is_replayed_only_where_the_names_repeat() {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let region = body.new_region();
        let block = body.append_block(region);
        let mut defs = Vec::new();
        for _ in 0..2 {
            let mut def = OperationState::new(ctx.ident("t.def"), ctx.empty_dict(), ctx.unknown_loc());
            def.result_types.push(i32t);
            let def = body.create_op(def);
            body.append_op(block, def);
            defs.push(body.results(def)[0]);
        }
        let (a, b) = (defs[0], defs[1]);
        for pair in [[a, a], [a, b], [b, a], [b, b]] {
            let mut user = OperationState::new(ctx.ident("t.use"), ctx.empty_dict(), ctx.unknown_loc());
            user.operands.extend(pair);
            let user = body.create_op(user);
            body.append_op(block, user);
        }
        let mut top = OperationState::new(ctx.ident("t.top"), ctx.empty_dict(), ctx.unknown_loc());
        top.regions.push(region);
        let top = body.create_op(top);
        let text = crate::printer::print_op_to_string(&ctx, &body, top, &Default::default());
        let uses: Vec<&str> = text.lines().map(str::trim).filter(|l| l.starts_with("\"t.use\"")).collect();
        assert_eq!(
            uses,
            ["\"t.use\"(%0, %0) : (i32, i32) -> ()", "\"t.use\"(%0, %1) : (i32, i32) -> ()", "\"t.use\"(%1, %0) : (i32, i32) -> ()", "\"t.use\"(%1, %1) : (i32, i32) -> ()"],
            "{text}"
        );
    }
}
