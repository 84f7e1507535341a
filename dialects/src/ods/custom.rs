//! `custom<Name>(...)` directives: hand-written pieces of syntax inside a declarative format,
//! as MLIR's `parseName`/`printName` C++ functions. A directive gets the parse state of the op
//! (its operands, types, attributes so far) and its arguments as slot references.

use super::format::Var;
use super::{OpSpec, OpView};
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, Block, Ident, OperationState, Printer, Type};
use smallvec::SmallVec;

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

/// Types parsed or inferred for one slot (most slots hold one value).
pub type SlotTypes = SmallVec<[Type; 2]>;

/// What has been parsed of an op so far, per slot of its spec.
pub struct ParseCtx<'s> {
    /// The op's spec.
    pub spec: &'s OpSpec,
    /// What each operand slot has so far.
    pub operands: SmallVec<[OperandSlot; 4]>,
    /// Result types per slot, once known.
    pub result_types: SmallVec<[Option<SlotTypes>; 2]>,
    /// Inherent attributes per attribute slot.
    pub attrs: SmallVec<[Option<Attr>; 4]>,
    /// Successors per successor slot.
    pub successors: SmallVec<[SmallVec<[Block; 2]>; 2]>,
    /// Region slot of each region parsed, in parse order.
    pub region_slots: SmallVec<[usize; 2]>,
    /// Entries of the attribute dictionary.
    pub dict: Vec<(Ident, Attr)>,
    /// Types given for all operands at once (`type(operands)`, `functional-type`), with the
    /// offset where they were written.
    pub all_operand_types: Option<(SlotTypes, usize)>,
    /// Types given for all results at once.
    pub all_result_types: Option<SlotTypes>,
    /// Byte offset of the op's first token after its name (MLIR reports some errors there).
    pub start: usize,
}

/// What has been parsed of one operand slot.
#[derive(Default)]
pub struct OperandSlot {
    /// Its operands.
    pub values: SmallVec<[UnresolvedOperand; 2]>,
    /// Its types, once known.
    pub types: Option<SlotTypes>,
    /// Its types came as a whole list from another type
    /// ([`super::Check::TypesMatchWithRange`]), so a count mismatch is MLIR's operand/type
    /// count error.
    pub ranged: bool,
}

impl<'s> ParseCtx<'s> {
    /// An empty state for `spec`.
    #[inline]
    pub fn new(spec: &'s OpSpec, start: usize) -> Self {
        let mut cx = Self {
            spec,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: SmallVec::new(),
            successors: SmallVec::new(),
            region_slots: SmallVec::new(),
            dict: Vec::new(),
            all_operand_types: None,
            all_result_types: None,
            start,
        };
        for _ in &spec.operands {
            cx.operands.push(OperandSlot::default());
        }
        for _ in &spec.results {
            cx.result_types.push(None);
        }
        for _ in &spec.attrs {
            cx.attrs.push(None);
        }
        for _ in &spec.successors {
            cx.successors.push(SmallVec::new());
        }
        cx
    }

    /// Records the types of `var`; `at` is where they were written.
    pub fn set_types(&mut self, var: &Var, types: impl Into<SlotTypes>, at: usize) {
        let types = types.into();
        match var {
            Var::Operand(i) => self.operands[*i].types = Some(types),
            Var::Result(i) => self.result_types[*i] = Some(types),
            Var::Operands => self.all_operand_types = Some((types, at)),
            Var::Results => self.all_result_types = Some(types),
        }
    }
}
