//! `custom<Name>(...)` directives: hand-written pieces of syntax inside a declarative format,
//! as MLIR's `parseName`/`printName` C++ functions. A directive gets the parse state of the op
//! (its operands, types, attributes so far) and its arguments as slot references.

use super::format::Var;
use super::{OpSpec, OpView};
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, Block, Ident, OperationState, Printer, Type};
use smallvec::{smallvec, SmallVec};

/// An argument of a custom directive.
#[derive(Clone, Debug, PartialEq)]
pub enum CustomArg {
    /// `$operand`
    Operand(usize),
    /// `$attr`
    Attr(usize),
    /// `$region`
    Region(usize),
    /// `$successor`
    Successor(usize),
    /// `type($x)`
    Type(Var),
    /// `attr-dict`
    AttrDict,
    /// A string literal argument.
    Literal(String),
}

/// Parses a directive's text into the op's parse state. `Ok(false)`: it was absent (only
/// meaningful for directives that anchor an optional group).
pub type CustomParseFn = for<'c> fn(&mut dyn AsmParser<'c>, &mut ParseCtx<'_>, &mut OperationState, &[CustomArg]) -> Result<bool, ()>;
/// Prints a directive. What it writes must depend only on the op's name, properties,
/// attributes, operand and result types, successor count, regions and the printer's
/// indentation, and name the op's values and successors with `print_value` and
/// `print_block_name` (the printer replays the text of an op without regions for the next
/// op of the same signature, see `Printer::print_memoized`).
pub type CustomPrintFn = fn(&mut Printer<'_>, &OpView<'_>, &[CustomArg]);

/// A named custom directive.
#[derive(Debug)]
pub struct CustomDirective {
    /// The name in `custom<Name>`.
    pub name: &'static str,
    /// Its parser.
    pub parse: CustomParseFn,
    /// Its printer.
    pub print: CustomPrintFn,
}

/// The types known for one operand or result slot.
#[derive(Copy, Clone, Debug)]
pub(super) enum Known {
    /// `len` values of type `ty` (a type written once, or inferred for the whole slot).
    Each { ty: Type, len: u32 },
    /// `len` types from `start` in [`ParseCtx`]'s type list, one per value; `ranged`: they came
    /// as a whole list from another type ([`super::Check::TypesMatchWithRange`]), so a count
    /// mismatch is MLIR's operand/type count error.
    List { start: u32, len: u32, ranged: bool },
}

impl Known {
    /// How many types.
    pub(super) fn len(self) -> usize {
        match self {
            Known::Each { len, .. } | Known::List { len, .. } => len as usize,
        }
    }

    /// The `len` types from the `from`th on (a slot's share of types given for all slots).
    pub(super) fn part(self, from: u32, len: u32) -> Known {
        match self {
            Known::Each { ty, .. } => Known::Each { ty, len },
            Known::List { start, .. } => Known::List { start: start + from, len, ranged: false },
        }
    }
}

/// What has been parsed of an op so far, per slot of its spec. Everything it holds is plain
/// data in a few flat lists, so making one per op and dropping it cost next to nothing.
pub struct ParseCtx<'s> {
    /// The op's spec.
    pub spec: &'s OpSpec,
    /// Byte offset of the op's first token after its name (MLIR reports some errors there).
    pub start: usize,
    /// Inherent attributes per attribute slot.
    pub attrs: SmallVec<[Option<Attr>; 4]>,
    /// Region slot of each region parsed, in parse order.
    pub region_slots: SmallVec<[usize; 2]>,
    /// Entries of the attribute dictionary.
    pub dict: Vec<(Ident, Attr)>,
    /// The operands in the order written, each with its slot (put in slot order by
    /// [`ParseCtx::sort_operands`] once the format is parsed, unless the format writes them in
    /// that order).
    pub(super) operands: SmallVec<[(usize, UnresolvedOperand); 4]>,
    /// The types of each operand slot, once known.
    pub(super) operand_types: SmallVec<[Option<Known>; 4]>,
    /// The types of each result slot, once known.
    pub(super) result_types: SmallVec<[Option<Known>; 2]>,
    /// The types [`Known::List`] refers to.
    pub(super) types: SmallVec<[Type; 4]>,
    /// The successors in the order written, each with its slot.
    pub(super) successors: SmallVec<[(usize, Block); 2]>,
    /// Types given for all operands at once (`type(operands)`, `functional-type`), with the
    /// offset where they were written.
    pub(super) all_operand_types: Option<(Known, usize)>,
    /// Types given for all results at once.
    pub(super) all_result_types: Option<Known>,
}

/// `n` times `None` (as `smallvec![None; n]`, without its loop when they fit inline).
#[inline(always)]
fn nones<T: Copy, const N: usize>(n: usize) -> SmallVec<[Option<T>; N]> {
    if n <= N {
        SmallVec::from_buf_and_len([None; N], n)
    } else {
        smallvec![None; n]
    }
}

impl<'s> ParseCtx<'s> {
    /// An empty state for `spec`.
    #[inline]
    pub fn new(spec: &'s OpSpec, start: usize) -> Self {
        Self {
            spec,
            start,
            attrs: nones(spec.attrs.len()),
            region_slots: SmallVec::new(),
            dict: Vec::new(),
            operands: SmallVec::new(),
            operand_types: nones(spec.operands.len()),
            result_types: nones(spec.results.len()),
            types: SmallVec::new(),
            successors: SmallVec::new(),
            all_operand_types: None,
            all_result_types: None,
        }
    }

    /// Adds an operand to slot `slot`.
    #[inline]
    pub fn push_operand(&mut self, slot: usize, o: UnresolvedOperand) {
        self.operands.push((slot, o));
    }

    /// Adds a successor to slot `slot`.
    pub fn push_successor(&mut self, slot: usize, b: Block) {
        self.successors.push((slot, b));
    }

    /// The first type known for operand slot `slot`.
    pub fn operand_type(&self, slot: usize) -> Option<Type> {
        self.first(self.operand_types[slot]?)
    }

    /// The first of the types `k`, if any.
    pub(super) fn first(&self, k: Known) -> Option<Type> {
        match k {
            Known::Each { ty, len } => (len > 0).then_some(ty),
            Known::List { start, len, .. } => (len > 0).then(|| self.types[start as usize]),
        }
    }

    /// Type `k` of the types `known`.
    #[inline]
    pub(super) fn nth(&self, known: Known, k: usize) -> Type {
        match known {
            Known::Each { ty, .. } => ty,
            Known::List { start, .. } => self.types[start as usize + k],
        }
    }

    /// Appends the types `known` to `out`.
    pub(super) fn extend_with(&self, known: Known, out: &mut impl Extend<Type>) {
        match known {
            Known::Each { ty, len } => out.extend(std::iter::repeat_n(ty, len as usize)),
            Known::List { start, len, .. } => out.extend(self.types[start as usize..(start + len) as usize].iter().copied()),
        }
    }

    /// Keeps `types` and says where (a [`Known::List`]).
    pub(super) fn list(&mut self, types: &[Type], ranged: bool) -> Known {
        let start = self.types.len() as u32;
        self.types.extend_from_slice(types);
        Known::List { start, len: types.len() as u32, ranged }
    }

    /// Records the types of `var`; `at` is where they were written.
    pub fn set_types(&mut self, var: &Var, types: &[Type], at: usize) {
        let known = self.list(types, false);
        self.set_known(var, known, at);
    }

    /// Records the types `known` of `var`; `at` is where they were written.
    pub(super) fn set_known(&mut self, var: &Var, known: Known, at: usize) {
        match var {
            Var::Operand(i) => self.operand_types[*i] = Some(known),
            Var::Result(i) => self.result_types[*i] = Some(known),
            Var::Operands => self.all_operand_types = Some((known, at)),
            Var::Results => self.all_result_types = Some(known),
        }
    }

    /// Puts the operands in slot order (those of one slot in the order written).
    pub(super) fn sort_operands(&mut self) {
        if !self.operands.is_sorted_by_key(|(s, _)| *s) {
            self.operands.sort_by_key(|(s, _)| *s);
        }
    }

    /// The index range in [`ParseCtx::operands`] of slot `slot`'s operands (once sorted).
    #[inline]
    pub(super) fn operand_range(&self, slot: usize) -> std::ops::Range<usize> {
        let start = self.operands.partition_point(|(s, _)| *s < slot);
        start..start + self.operands[start..].iter().take_while(|(s, _)| *s == slot).count()
    }
}
