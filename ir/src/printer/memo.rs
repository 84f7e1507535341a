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
    /// `None`: the hook names something other than the op's own operands, results and
    /// successors, so operations of this signature are always printed by the hook.
    plan: Option<Plan>,
}

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
        true
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
        let plan = match self.plan_of(body, sig, start) {
            Ok(plan) => Some(plan),
            // A name that is not the op's own: printed by the hook from now on.
            Err(Unplanned::Foreign) => None,
            // The op names one value (or block) twice: the next op of the signature may not.
            Err(Unplanned::Ambiguous) => return,
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
            plan,
        };
        let i = memo.entries.len() as u32;
        memo.entries.push(entry);
        let entries = &memo.entries;
        memo.index.insert_unique(hash, i, |&k| entries[k as usize].hash);
        memo.recent[sig.recent_slot()] = i;
    }

    /// The plan of the text written from `start` for the operation of `sig`, with the names
    /// noted.
    fn plan_of(&self, body: &Body, sig: &Sig<'_>, start: usize) -> Result<Plan, Unplanned> {
        let key = body as *const Body as usize;
        // (Text is handed to a sink only between the operations of a block, never inside one
        // without regions; should it have been, there is nothing to make a plan of.)
        if start > self.out.len() {
            return Err(Unplanned::Foreign);
        }
        let mut pieces = Vec::new();
        let mut at = start;
        for n in &self.memo.noted {
            if n.body != key || n.start < at || n.end > self.out.len() {
                return Err(Unplanned::Foreign);
            }
            let slot = match n.what {
                Named::Value(v) => {
                    let operand = unique_position(sig.operands, v)?;
                    let result = unique_position(sig.results, v)?;
                    match (operand, result) {
                        (Some(k), None) => Slot::Operand(k),
                        (None, Some(k)) => Slot::Result(k),
                        (Some(_), Some(_)) => return Err(Unplanned::Ambiguous),
                        (None, None) => return Err(Unplanned::Foreign),
                    }
                }
                Named::Block(b) => match unique_position(sig.successors, b)? {
                    Some(k) => Slot::Successor(k),
                    None => return Err(Unplanned::Foreign),
                },
            };
            pieces.push((self.out[at..n.start].into(), slot));
            at = n.end;
        }
        Ok(Plan { pieces: pieces.into_boxed_slice(), tail: self.out[at..].into() })
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

/// Why no plan was made.
enum Unplanned {
    /// A name that is not one of the operation's operands, results or successors.
    Foreign,
    /// A name that is more than one of them.
    Ambiguous,
}

/// Where `x` is in `xs`, if it is there once; `Ambiguous` if more than once.
fn unique_position<T: PartialEq + Copy>(xs: &[T], x: T) -> Result<Option<u32>, Unplanned> {
    let mut found = None;
    for (k, &y) in xs.iter().enumerate() {
        if y == x {
            if found.is_some() {
                return Err(Unplanned::Ambiguous);
            }
            found = Some(k as u32);
        }
    }
    Ok(found)
}
