//! The op-definition model: an operation described declaratively, as MLIR's ODS describes it —
//! operands, results, attributes (properties), regions and successors with their constraints,
//! traits, checks and an assembly format string in MLIR's declarative syntax. One generic
//! parser ([`parse`]), one generic printer ([`print`]) and one generic verifier ([`verify`])
//! interpret every spec; an op only adds hooks where MLIR itself has hand-written C++.
//!
//! Adding an op is a few builder calls:
//! ```ignore
//! OpSpec::new("arith.addf")
//!     .traits(Traits::PURE)
//!     .operand("lhs", &FLOAT_LIKE)
//!     .operand("rhs", &FLOAT_LIKE)
//!     .default_attr("fastmath", &FASTMATH, fastmath_none)
//!     .result("result", &FLOAT_LIKE)
//!     .check(Check::SameOperandsAndResultType)
//!     .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
//! ```

pub mod constraints;
pub mod custom;
pub mod directives;
pub mod enums;
mod fast;
pub mod format;
mod hooks;
mod parse;
mod print;
pub mod type_class;
mod verify;
mod view;
pub mod view_like;

pub use constraints::{AttrConstraint, AttrSyntax, TypeConstraint};
pub use custom::{CustomArg, CustomDirective, ParseCtx};
pub use enums::EnumSpec;
pub use format::{Elem, Format};
pub use type_class::{ClassTable, TypeClass};
pub use verify::compatible_shape as verify_compatible_shape;
/// The verifier every declared op registers: its constraints, traits and hand-written checks
/// (for a dialect that wraps it in a verifier of its own).
pub(crate) use verify::verify_op as verify_declared;
pub use view::OpView;

use mica_ir::{Attr, Body, Context, Count, Diagnostic, Ident, Op, OpDef, Shape, Traits, Type};
use std::sync::{Arc, OnceLock};

/// How many values an operand or result slot holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// An operand or result slot.
#[derive(Clone, Debug)]
pub struct ValueSpec {
    /// Its name in the format (`$lhs`).
    pub name: &'static str,
    /// How many values it holds.
    pub arity: Arity,
    /// What its types must satisfy.
    pub ty: &'static TypeConstraint,
    /// How many slots before this one are single, and how many are not (set when the op is
    /// registered): where the slot starts when no segment sizes size the slots. Kept small:
    /// every op has a few slot lists, each allocated for four slots when first pushed to.
    pub(crate) before: (u16, u16),
    /// The class its type is parsed as by a `type(...)` directive when the slot is single (set
    /// when the op is registered, from its constraint).
    pub(crate) class: TypeClass,
}

/// Whether an attribute must be there.
#[derive(Copy, Clone, Debug)]
pub enum Presence {
    /// It must be present.
    Required,
    /// It may be absent.
    Optional,
    /// Absent means this value; parsing fills it in (MLIR's `DefaultValuedAttr`).
    Default(fn(&Context) -> Attr),
    /// Absent means this value, but parsing leaves it absent; `attr-dict` still elides it when
    /// equal to the default (MLIR's `DefaultValuedOptionalAttr`).
    DefaultOptional(fn(&Context) -> Attr),
}

/// An inherent attribute (a property).
#[derive(Clone, Debug)]
pub struct AttrSpec {
    /// Its name.
    pub name: &'static str,
    /// What it must satisfy and how a format writes it.
    pub constraint: &'static AttrConstraint,
    /// Whether it must be there.
    pub presence: Presence,
    /// The default value, the interned name and whether the default satisfies the constraint,
    /// filled at registration.
    pub(crate) interned: Option<(Option<Attr>, mica_ir::Ident, bool)>,
}

impl AttrSpec {
    /// The default value (interned at registration).
    pub fn default_value(&self, ctx: &Context) -> Option<Attr> {
        match (self.interned, self.presence) {
            (Some((d, _, _)), _) => d,
            (None, Presence::Default(f) | Presence::DefaultOptional(f)) => Some(f(ctx)),
            (None, _) => None,
        }
    }

    /// The name as an identifier.
    pub fn ident(&self, ctx: &Context) -> mica_ir::Ident {
        self.interned.map_or_else(|| ctx.ident(self.name), |(_, id, _)| id)
    }

    /// Whether `a` is the default value, known at registration to satisfy the constraint (the
    /// verifier need not check it again).
    pub(crate) fn is_valid_default(&self, a: Attr) -> bool {
        matches!(self.interned, Some((Some(d), _, true)) if d == a)
    }
}

/// A region slot.
#[derive(Clone, Debug)]
pub struct RegionSpec {
    /// Its name in the format.
    pub name: &'static str,
    /// Whether it stands for any number of regions.
    pub variadic: bool,
    /// `Some(n)`: each region must have exactly `n` blocks (MLIR's `SizedRegion<n>`).
    pub blocks: Option<usize>,
}

/// A successor slot.
#[derive(Clone, Debug)]
pub struct SuccessorSpec {
    /// Its name in the format.
    pub name: &'static str,
    /// Whether it stands for any number of successors.
    pub variadic: bool,
}

/// Rewrites a type (for [`Check::TypesMatchWith`]); `None` when it does not apply.
pub type TypeTransform = fn(&Context, Type) -> Option<Type>;
/// Rewrites a type into the types of a variadic group (for [`Check::TypesMatchWithRange`]).
pub type TypeRangeTransform = fn(&Context, Type) -> Option<Vec<Type>>;
/// An op-level predicate over the whole op.
pub type OpPredicate = fn(&Context, &OpView<'_>) -> bool;
/// A hand-written verifier, run after the declarative checks; the message is the part after
/// `'name' op `.
pub type OpVerifyFn = fn(&Context, &OpView<'_>) -> Result<(), String>;
/// A hand-written verifier that reports a whole diagnostic: an error with notes at other ops
/// (MLIR's `emitOpError(...).attachNote(loc)`), or several errors. Made with
/// [`OpView::error`]; runs after the [`OpVerifyFn`] of the same kind, if the op has both.
pub type OpDiagVerifyFn = fn(&Context, &OpView<'_>) -> Result<(), Diagnostic>;
/// The operand indices an op forwards to its successor `i` (MLIR's `BranchOpInterface`).
pub type SuccessorOperandsFn = fn(&OpView<'_>, usize) -> Option<std::ops::Range<usize>>;
/// Infers result types from operand types and properties (MLIR's `InferTypeOpInterface`).
pub type InferFn = fn(&Context, &[Type], &ParsedAttrs<'_>) -> Result<Vec<Type>, String>;

/// The attributes known when result types are inferred during parsing.
pub struct ParsedAttrs<'a> {
    ctx: &'a Context,
    spec: &'a OpSpec,
    values: &'a [Option<Attr>],
    operand_counts: Vec<usize>,
}

impl ParsedAttrs<'_> {
    /// The inherent attribute `name`, if set.
    pub fn get(&self, name: &str) -> Option<Attr> {
        let i = self.spec.attrs.iter().position(|a| a.name == name)?;
        self.values[i]
    }

    /// The context.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    /// How many operands were parsed into the operand slot `name`.
    pub fn operand_count(&self, name: &str) -> Option<usize> {
        self.operand_counts.get(self.spec.operand_index(name)?).copied()
    }
}

/// Checks of the whole op that MLIR expresses as traits.
#[derive(Clone, Debug)]
pub enum Check {
    /// Every operand and result has the same type.
    SameOperandsAndResultType,
    /// Every operand has the same type.
    SameTypeOperands,
    /// Every operand and result has the same shape.
    SameOperandsAndResultShape,
    /// Every operand and result has the same element type.
    SameOperandsAndResultElementType,
    /// The named operands, results and typed attributes all have the same type.
    AllTypesMatch(&'static [&'static str]),
    /// `to`'s type is `transform(from's type)`.
    TypesMatchWith { summary: &'static str, from: &'static str, to: &'static str, transform: TypeTransform },
    /// The types of the variadic group `to` are exactly `transform(from's type)` (MLIR's
    /// `TypesMatchWith` whose transform yields a list).
    TypesMatchWithRange { summary: &'static str, from: &'static str, to: &'static str, transform: TypeRangeTransform },
    /// MLIR's `Elementwise`: scalar, or vectors/tensors of one shape.
    Elementwise,
    /// A predicate with MLIR's summary (`failed to verify that <summary>`).
    Pred { summary: &'static str, check: OpPredicate },
    /// MLIR's `HasParent<...>`: the op's parent is one of these ops.
    HasParent(&'static [&'static str]),
}

impl Check {
    /// Whether MLIR checks this inside the op's generated invariants (predicate traits) rather
    /// than as a native trait after them.
    fn is_predicate(&self) -> bool {
        matches!(self, Check::AllTypesMatch(_) | Check::TypesMatchWith { .. } | Check::TypesMatchWithRange { .. } | Check::Pred { .. })
    }
}

/// A declaratively defined operation.
#[derive(Clone, Debug)]
pub struct OpSpec {
    /// Full name (`arith.addi`).
    pub name: &'static str,
    /// Traits.
    pub traits: Traits,
    /// Operand slots in order.
    pub operands: Vec<ValueSpec>,
    /// Result slots in order.
    pub results: Vec<ValueSpec>,
    /// Inherent attributes (properties).
    pub attrs: Vec<AttrSpec>,
    /// Region slots.
    pub regions: Vec<RegionSpec>,
    /// Successor slots.
    pub successors: Vec<SuccessorSpec>,
    /// Whole-op checks, in declared order.
    pub checks: Vec<Check>,
    /// The operand groups' sizes live in `operandSegmentSizes`.
    pub operand_segments: bool,
    /// The result groups' sizes live in `resultSegmentSizes`.
    pub result_segments: bool,
    /// The terminator a `SingleBlockImplicitTerminator` region gets when written without one.
    pub implicit_terminator: Option<&'static str>,
    /// The interned name of `implicit_terminator` (set at registration).
    pub(crate) implicit_terminator_ident: Option<Ident>,
    /// The assembly format source, if any.
    pub format_src: Option<&'static str>,
    /// The parsed assembly format, made on first use (see [`OpSpec::format`]); boxed, as most
    /// specs never parse theirs and a spec is moved a few times while it is built.
    format: OnceLock<Option<Box<Format>>>,
    /// The custom directives the format may use (set at registration).
    directives: &'static [CustomDirective],
    /// The checks in the order the verifier runs them, with their names resolved to slots
    /// (made on first use, see [`OpSpec::check_plan`]).
    check_plan: OnceLock<Vec<verify::PlannedCheck>>,
    /// How many operand slots and how many result slots are single (set at registration;
    /// [`OpView`] lays values out with them).
    pub(crate) single_slots: (usize, usize),
    /// Hand-written verification after the declarative checks.
    pub verify: Option<OpVerifyFn>,
    /// Whether the hand-written checks (`verify` and [`Check::Pred`]) read only the op's
    /// signature: its properties, attributes, operand and result types and its parent's name
    /// (declared by the dialect; ops without hand-written checks need not declare it). See
    /// [`mica_ir::OpDef::verify_by_signature`].
    pub verify_by_signature: bool,
    /// Hand-written verification after the ops in the regions (MLIR's `verifyRegions`).
    pub verify_regions: Option<OpVerifyFn>,
    /// Hand-written verification reporting whole diagnostics, run after `verify`.
    pub verify_diag: Option<OpDiagVerifyFn>,
    /// Hand-written region verification reporting whole diagnostics, run after
    /// `verify_regions`.
    pub verify_regions_diag: Option<OpDiagVerifyFn>,
    /// Result type inference.
    pub infer: Option<InferFn>,
    /// Suggested result name in the custom form.
    pub result_name: Option<mica_ir::registry::ResultNameFn>,
    /// Suggested block argument names in the custom form.
    pub block_arg_names: Option<mica_ir::registry::BlockArgNameFn>,
    /// Memory effects that depend on the instance (MLIR's hand-written `getEffects`).
    pub effects: Option<mica_ir::registry::EffectsFn>,
    /// Hand-written custom form (MLIR ops with a C++ `parse`/`print`), overriding the format.
    pub custom: Option<(mica_ir::registry::ParseFn, mica_ir::registry::PrintFn)>,
    /// Dialect whose ops may drop their prefix inside this op's regions.
    pub default_dialect: Option<&'static str>,
    /// The operands forwarded to each successor, checked against the successors' arguments.
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// The operand slot (and sub-group of a `VariadicOfVariadic` slot) holding the operands
    /// of each successor, for ops whose slots are sized by `operandSegmentSizes`.
    pub successor_slot: Option<fn(usize) -> (usize, Option<usize>)>,
    /// The dense i32 array attribute holding per-successor weights (`WeightedBranchOpInterface`).
    pub branch_weights: Option<&'static str>,
    /// Attributes sizing the sub-groups of `VariadicOfVariadic` operands (never in attr-dict).
    pub segment_attrs: Vec<&'static str>,
    /// Checks of the symbols the op references (MLIR's `verifySymbolUses`).
    pub verify_symbol_uses: Option<mica_ir::registry::VerifySymbolUsesFn>,
    /// `VariadicOfVariadic` operand slots and the attribute sizing their sub-groups.
    pub operand_sub_segments: Vec<(usize, &'static str)>,
    /// The folder (MLIR's `fold`).
    pub fold: Option<mica_ir::registry::FoldFn>,
    /// Canonicalization patterns rooted at this op.
    pub patterns: Vec<mica_ir::Pattern>,
    /// The successor a branch takes for constant operands.
    pub branch_target: Option<mica_ir::control_flow::BranchTargetFn>,
    /// How control flows through the op's regions.
    pub region_branch: Option<mica_ir::control_flow::RegionBranch>,
    /// Where the op, a terminator, sends control from its region.
    pub region_terminator: Option<mica_ir::control_flow::RegionTerminator>,
}

impl OpSpec {
    /// A spec with only a name.
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            traits: Traits::NONE,
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            checks: Vec::new(),
            operand_segments: false,
            result_segments: false,
            implicit_terminator: None,
            implicit_terminator_ident: None,
            format_src: None,
            format: OnceLock::new(),
            directives: &[],
            check_plan: OnceLock::new(),
            single_slots: (0, 0),
            verify: None,
            verify_by_signature: false,
            verify_regions: None,
            verify_diag: None,
            verify_regions_diag: None,
            infer: None,
            result_name: None,
            block_arg_names: None,
            effects: None,
            custom: None,
            default_dialect: None,
            successor_operands: None,
            successor_slot: None,
            branch_weights: None,
            segment_attrs: Vec::new(),
            verify_symbol_uses: None,
            operand_sub_segments: Vec::new(),
            fold: None,
            patterns: Vec::new(),
            branch_target: None,
            region_branch: None,
            region_terminator: None,
        }
    }

    /// Adds traits.
    pub fn traits(mut self, t: Traits) -> Self {
        self.traits = self.traits | t;
        self
    }

    /// Adds an operand.
    pub fn operand(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.operands.push(ValueSpec { name, arity: Arity::Single, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds an optional operand.
    pub fn optional_operand(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.operands.push(ValueSpec { name, arity: Arity::Optional, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds a variadic operand.
    pub fn variadic(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.operands.push(ValueSpec { name, arity: Arity::Variadic, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds a result.
    pub fn result(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.results.push(ValueSpec { name, arity: Arity::Single, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds an optional result.
    pub fn optional_result(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.results.push(ValueSpec { name, arity: Arity::Optional, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds a variadic result.
    pub fn variadic_result(mut self, name: &'static str, ty: &'static TypeConstraint) -> Self {
        self.results.push(ValueSpec { name, arity: Arity::Variadic, ty, before: (0, 0), class: TypeClass::Any });
        self
    }

    /// Adds a variadic operand made of sub-groups whose sizes live in the dense i32 array
    /// attribute `segments` (MLIR's `VariadicOfVariadic`).
    pub fn variadic_of_variadic(mut self, name: &'static str, ty: &'static TypeConstraint, segments: &'static str) -> Self {
        self.operand_sub_segments.push((self.operands.len(), segments));
        self.operands.push(ValueSpec { name, arity: Arity::Variadic, ty, before: (0, 0), class: TypeClass::Any });
        self.attrs.push(AttrSpec { name: segments, constraint: &constraints::DENSE_I32_ARRAY_ATTR, presence: Presence::Required, interned: None });
        self.segment_attrs.push(segments);
        self
    }

    /// Adds a required attribute.
    pub fn attr(mut self, name: &'static str, constraint: &'static AttrConstraint) -> Self {
        self.attrs.push(AttrSpec { name, constraint, presence: Presence::Required, interned: None });
        self
    }

    /// Adds an optional attribute.
    pub fn optional_attr(mut self, name: &'static str, constraint: &'static AttrConstraint) -> Self {
        self.attrs.push(AttrSpec { name, constraint, presence: Presence::Optional, interned: None });
        self
    }

    /// Adds an attribute with a default value.
    pub fn default_attr(mut self, name: &'static str, constraint: &'static AttrConstraint, default: fn(&Context) -> Attr) -> Self {
        self.attrs.push(AttrSpec { name, constraint, presence: Presence::Default(default), interned: None });
        self
    }

    /// Adds an optional attribute that the custom form leaves out when it equals `default`.
    pub fn default_optional_attr(mut self, name: &'static str, constraint: &'static AttrConstraint, default: fn(&Context) -> Attr) -> Self {
        self.attrs.push(AttrSpec { name, constraint, presence: Presence::DefaultOptional(default), interned: None });
        self
    }

    /// Adds a region (`blocks`: `Some(1)` for `SizedRegion<1>`).
    pub fn region(mut self, name: &'static str, blocks: Option<usize>) -> Self {
        self.regions.push(RegionSpec { name, variadic: false, blocks });
        self
    }

    /// Adds a variadic region slot.
    pub fn variadic_region(mut self, name: &'static str, blocks: Option<usize>) -> Self {
        self.regions.push(RegionSpec { name, variadic: true, blocks });
        self
    }

    /// Adds a successor.
    pub fn successor(mut self, name: &'static str) -> Self {
        self.successors.push(SuccessorSpec { name, variadic: false });
        self
    }

    /// Adds a variadic successor slot.
    pub fn variadic_successor(mut self, name: &'static str) -> Self {
        self.successors.push(SuccessorSpec { name, variadic: true });
        self
    }

    /// Adds a whole-op check.
    pub fn check(mut self, c: Check) -> Self {
        self.checks.push(c);
        self
    }

    /// Operand group sizes live in `operandSegmentSizes` (`AttrSizedOperandSegments`).
    pub fn operand_segments(mut self) -> Self {
        self.operand_segments = true;
        self
    }

    /// Result group sizes live in `resultSegmentSizes` (`AttrSizedResultSegments`).
    pub fn result_segments(mut self) -> Self {
        self.result_segments = true;
        self
    }

    /// Regions have one block ending in `terminator`, which the custom form may leave out.
    pub fn implicit_terminator(mut self, terminator: &'static str) -> Self {
        self.implicit_terminator = Some(terminator);
        self.traits = self.traits | Traits::SINGLE_BLOCK;
        self
    }

    /// The parsed assembly format, if the op has one (parsed on the first call).
    ///
    /// # Panics
    /// When the format string is malformed: that is a bug in the dialect's definition, caught
    /// by the test that parses the format of every registered op.
    pub fn parsed_format(&self) -> Option<&Format> {
        self.format
            .get_or_init(|| {
                self.format_src.map(|src| {
                    Box::new(format::parse_format(src, self, self.directives).unwrap_or_else(|e| panic!("bad assembly format of {}: {e}", self.name)))
                })
            })
            .as_deref()
    }

    /// The checks in the order the verifier runs them, their names resolved to slots (planned
    /// on the first call: most runs verify a few of the ops).
    pub(crate) fn check_plan(&self) -> &[verify::PlannedCheck] {
        self.check_plan.get_or_init(|| verify::plan_checks(self))
    }

    /// Sets the assembly format.
    pub fn format(mut self, src: &'static str) -> Self {
        self.format_src = Some(src);
        self
    }

    /// Sets the hand-written verifier.
    pub fn verify(mut self, f: OpVerifyFn) -> Self {
        self.verify = Some(f);
        self
    }

    /// Declares that the hand-written checks read only the op's signature (see
    /// [`OpSpec::verify_by_signature`]).
    pub fn verify_by_signature(mut self) -> Self {
        self.verify_by_signature = true;
        self
    }

    /// Sets the hand-written region verifier.
    pub fn verify_regions(mut self, f: OpVerifyFn) -> Self {
        self.verify_regions = Some(f);
        self
    }

    /// Sets the hand-written verifier that reports whole diagnostics (with notes).
    pub fn verify_diag(mut self, f: OpDiagVerifyFn) -> Self {
        self.verify_diag = Some(f);
        self
    }

    /// Sets the hand-written region verifier that reports whole diagnostics (with notes).
    pub fn verify_regions_diag(mut self, f: OpDiagVerifyFn) -> Self {
        self.verify_regions_diag = Some(f);
        self
    }

    /// Sets result type inference.
    pub fn infer(mut self, f: InferFn) -> Self {
        self.infer = Some(f);
        self
    }

    /// Sets the memory effects of each instance, for ops whose effects depend on it.
    pub fn effects(mut self, f: mica_ir::registry::EffectsFn) -> Self {
        self.effects = Some(f);
        self
    }

    /// Sets the suggested result name.
    pub fn result_name(mut self, f: mica_ir::registry::ResultNameFn) -> Self {
        self.result_name = Some(f);
        self
    }

    /// Sets the suggested block argument names.
    pub fn block_arg_names(mut self, f: mica_ir::registry::BlockArgNameFn) -> Self {
        self.block_arg_names = Some(f);
        self
    }

    /// Uses hand-written parse and print hooks instead of a format.
    pub fn custom(mut self, parse: mica_ir::registry::ParseFn, print: mica_ir::registry::PrintFn) -> Self {
        self.custom = Some((parse, print));
        self
    }

    /// Sets the symbol-use verifier.
    pub fn verify_symbol_uses(mut self, f: mica_ir::registry::VerifySymbolUsesFn) -> Self {
        self.verify_symbol_uses = Some(f);
        self
    }

    /// Sets the default dialect inside the op's regions.
    pub fn default_dialect(mut self, d: &'static str) -> Self {
        self.default_dialect = Some(d);
        self
    }

    /// Makes the op a branch (`BranchOpInterface`): `f` gives the operands each successor
    /// receives, which must match its block arguments.
    pub fn branch(mut self, f: SuccessorOperandsFn) -> Self {
        self.successor_operands = Some(f);
        self
    }

    /// Says which successor the branch takes when its operands are known constants.
    pub fn branch_target(mut self, f: mica_ir::control_flow::BranchTargetFn) -> Self {
        self.branch_target = Some(f);
        self
    }

    /// Describes how control flows through the op's regions.
    pub fn region_branch(mut self, r: mica_ir::control_flow::RegionBranch) -> Self {
        self.region_branch = Some(r);
        self
    }

    /// Makes the op a terminator deciding itself where control goes from its region.
    pub fn region_terminator(mut self, t: mica_ir::control_flow::RegionTerminator) -> Self {
        self.region_terminator = Some(t);
        self
    }

    /// Names the operand slot (and sub-group) of each successor's operands, so operands can be
    /// appended to a successor while `operandSegmentSizes` stays right.
    pub fn successor_slot(mut self, f: fn(usize) -> (usize, Option<usize>)) -> Self {
        self.successor_slot = Some(f);
        self
    }

    /// The attribute `attr` weighs the successors (`WeightedBranchOpInterface`): one weight per
    /// successor, not all zero.
    pub fn branch_weights(mut self, attr: &'static str) -> Self {
        self.branch_weights = Some(attr);
        self
    }

    /// Sets the folder (MLIR's `fold`).
    pub fn fold(mut self, f: mica_ir::registry::FoldFn) -> Self {
        self.fold = Some(f);
        self
    }

    /// Adds a canonicalization pattern of benefit 1 labelled `name`.
    pub fn pattern(self, name: &'static str, f: mica_ir::registry::PatternFn) -> Self {
        self.pattern_with_benefit(name, 1, f)
    }

    /// Adds a canonicalization pattern with a benefit (higher ones are tried first).
    pub fn pattern_with_benefit(mut self, name: &'static str, benefit: u16, f: mica_ir::registry::PatternFn) -> Self {
        self.patterns.push(mica_ir::Pattern { name, benefit, apply: f });
        self
    }

    /// The index of the operand slot `name`.
    pub fn operand_index(&self, name: &str) -> Option<usize> {
        self.operands.iter().position(|o| o.name == name)
    }

    /// The index of the result slot `name`.
    pub fn result_index(&self, name: &str) -> Option<usize> {
        self.results.iter().position(|o| o.name == name)
    }

    /// The index of the attribute `name`.
    pub fn attr_index(&self, name: &str) -> Option<usize> {
        self.attrs.iter().position(|o| o.name == name)
    }

    /// The shape counts implied by the slots.
    fn shape(&self) -> Shape {
        fn count<T>(items: &[T], fixed: impl Fn(&T) -> bool) -> Count {
            let n = items.iter().filter(|i| fixed(i)).count() as u32;
            if items.iter().all(fixed) { Count::Exactly(n) } else { Count::AtLeast(n) }
        }
        Shape {
            operands: count(&self.operands, |v| v.arity == Arity::Single),
            results: count(&self.results, |v| v.arity == Arity::Single),
            regions: count(&self.regions, |r| !r.variadic),
            successors: count(&self.successors, |s| !s.variadic),
        }
    }
}

/// The spec behind a registered definition, if it has one.
pub fn spec_of(def: &OpDef) -> Option<&OpSpec> {
    def.ext.as_ref()?.downcast_ref::<Vec<OpSpec>>()?.get(def.ext_index as usize)
}

/// Registers `specs`; their formats are parsed on first use against `directives`, then the
/// common ones in [`directives::COMMON`]. The specs stay where they are: each definition
/// refers to its entry of the one shared list (no spec is moved or allocated again).
pub fn register(ctx: &mut Context, specs: Vec<OpSpec>, directives: &'static [CustomDirective]) {
    register_with_classes(ctx, specs, directives, &[]);
}

/// [`register`], with the classes of the dialect's own type constraints (those of the shared
/// ones are known): a single slot's `type(...)` is parsed as its constraint's class.
pub fn register_with_classes(ctx: &mut Context, mut specs: Vec<OpSpec>, directives: &'static [CustomDirective], classes: ClassTable) {
    // Many ops share a default (every fastmath flag defaults to `#arith.fastmath<none>`):
    // each default function (by address: two with one address compute the same) is called
    // once, and each default checked once against each constraint.
    let mut defaults: Vec<(usize, Attr)> = Vec::new();
    let mut checked: Vec<(&'static AttrConstraint, Attr, bool)> = Vec::new();
    for spec in &mut specs {
        for a in &mut spec.attrs {
            let default = match a.presence {
                Presence::Default(f) | Presence::DefaultOptional(f) => Some(match defaults.iter().find(|d| d.0 == f as usize) {
                    Some(&(_, d)) => d,
                    None => {
                        let d = f(ctx);
                        defaults.push((f as usize, d));
                        d
                    }
                }),
                _ => None,
            };
            let valid = default.is_some_and(|d| match checked.iter().find(|c| std::ptr::eq(c.0, a.constraint) && c.1 == d) {
                Some(&(_, _, valid)) => valid,
                None => {
                    let valid = a.constraint.satisfied(ctx, d);
                    checked.push((a.constraint, d, valid));
                    valid
                }
            });
            a.interned = Some((default, ctx.ident(a.name), valid));
        }
        // The format is parsed when an op first needs it: most runs meet a few of the ops.
        spec.directives = directives;
        let singles = |slots: &[ValueSpec]| slots.iter().filter(|s| s.arity == Arity::Single).count();
        spec.single_slots = (singles(&spec.operands), singles(&spec.results));
        spec.implicit_terminator_ident = spec.implicit_terminator.map(|t| ctx.ident(t));
        for slots in [&mut spec.operands, &mut spec.results] {
            let mut before = (0, 0);
            for s in slots.iter_mut() {
                s.before = before;
                // MLIR reads an optional or variadic slot's types as any types.
                s.class = if s.arity == Arity::Single { TypeClass::of(s.ty, classes) } else { TypeClass::Any };
                match s.arity {
                    Arity::Single => before.0 += 1,
                    _ => before.1 += 1,
                }
            }
        }
    }
    let table = Arc::new(specs);
    let ext: mica_ir::registry::Ext = table.clone();
    for (i, spec) in table.iter().enumerate() {
        let mut def = OpDef::new(spec.name, spec.traits);
        def.shape = spec.shape();
        def.verify = Some(if spec.verify_diag.is_some() { verify_op_then_diag } else { verify::verify_op });
        let hand_written = spec.verify.is_some() || spec.verify_diag.is_some() || spec.checks.iter().any(|c| matches!(c, Check::Pred { .. }));
        def.verify_by_signature = spec.verify_by_signature || !hand_written;
        // Only ops with something to check after their regions get the region hook.
        if spec.verify_regions_diag.is_some() {
            def.verify_regions = Some(verify_op_regions_then_diag);
        } else if spec.implicit_terminator.is_some() || spec.verify_regions.is_some() {
            def.verify_regions = Some(verify::verify_op_regions);
        }
        def.default_dialect = spec.default_dialect;
        def.result_name = spec.result_name;
        def.effects = spec.effects;
        def.property_defaults = spec
            .attrs
            .iter()
            .filter_map(|a| match a.presence {
                Presence::Default(f) => Some((a.name, f)),
                _ => None,
            })
            .collect();
        def.verify_symbol_uses = spec.verify_symbol_uses;
        if let Some(Check::HasParent(names)) = spec.checks.iter().find(|c| matches!(c, Check::HasParent(_))) {
            def.parents_before_terminator = names;
        }
        def.fold = spec.fold;
        def.canonicalize = spec.patterns.clone();
        def.branch_target = spec.branch_target;
        def.region_branch = spec.region_branch;
        def.region_terminator = spec.region_terminator;
        if spec.successor_operands.is_some() {
            def.successor_operands = Some(hooks::successor_operands);
        }
        if spec.operand_segments {
            def.erase_operand = Some(hooks::erase_operand);
        }
        if spec.successor_operands.is_some() && (!spec.operand_segments || spec.successor_slot.is_some()) {
            def.append_successor_operand = Some(hooks::append_successor_operand);
        }
        def.block_arg_names = spec.block_arg_names;
        let mut props: Vec<&'static str> = Vec::with_capacity(spec.attrs.len() + usize::from(spec.operand_segments) + usize::from(spec.result_segments));
        props.extend(spec.attrs.iter().map(|a| a.name));
        if spec.operand_segments {
            props.push("operandSegmentSizes");
        }
        if spec.result_segments {
            props.push("resultSegmentSizes");
        }
        def.properties = props;
        if let Some((parse, print)) = spec.custom {
            def.parse = Some(parse);
            def.print = Some(print);
        } else if spec.format_src.is_some() {
            def.parse = Some(parse::parse_op);
            def.print = Some(print::print_op);
            def.print_by_signature = true;
        }
        def.ext = Some(ext.clone());
        def.ext_index = i as u32;
        crate::register(ctx, def);
    }
}

/// Names each result after its slot (`%sum, %overflow`), for ops whose `getAsmResultNames`
/// does exactly that.
pub fn name_results_by_slot(ctx: &Context, body: &Body, op: Op, names: &mut mica_ir::names::ResultNames) {
    let Some(spec) = ctx.registry().get(body.op(op).name).and_then(spec_of) else { return };
    let Ok(view) = OpView::new(ctx, spec, body, op) else { return };
    for (i, r) in spec.results.iter().enumerate() {
        if !view.result_group(i).is_empty() {
            names.set(view.result_start(i) as u32, r.name);
        }
    }
}

impl OpView<'_> {
    /// The error an [`OpDiagVerifyFn`] reports on the op: `'name' op message`, or `message`
    /// alone when it was made by [`plain_error`] (so a message of an [`OpVerifyFn`] passes
    /// through unchanged). Notes go on with [`Diagnostic::with_note`].
    pub fn error(&self, msg: &str) -> Diagnostic {
        op_error(self.ctx, self.body, self.op, msg)
    }
}

/// The verify hook of an op with an [`OpDiagVerifyFn`]: the generic verifier, then that one.
fn verify_op_then_diag(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    verify::verify_op(def, ctx, body, op, parent)?;
    run_diag_hook(def, ctx, body, op, parent, |s| s.verify_diag)
}

/// The region verify hook of an op with a region [`OpDiagVerifyFn`]: the generic one, then
/// that one.
fn verify_op_regions_then_diag(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    verify::verify_op_regions(def, ctx, body, op, parent)?;
    run_diag_hook(def, ctx, body, op, parent, |s| s.verify_regions_diag)
}

/// Runs the [`OpDiagVerifyFn`] that `hook` picks from the op's spec.
fn run_diag_hook(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>, hook: fn(&OpSpec) -> Option<OpDiagVerifyFn>) -> Result<(), Diagnostic> {
    let Some((spec, f)) = spec_of(def).and_then(|s| hook(s).map(|f| (s, f))) else { return Ok(()) };
    let mut view = OpView::new(ctx, spec, body, op).map_err(|m| op_error(ctx, body, op, &m))?;
    view.parent = parent;
    f(ctx, &view)
}

/// Marks the start of a message that a hand-written verifier reports as a plain error at the
/// op (MLIR's `emitError`), without the `'name' op ` prefix.
const PLAIN_MARK: char = '\u{1}';

/// A verifier message reported without the `'name' op ` prefix (MLIR's `op->emitError(...)`
/// rather than `emitOpError(...)`).
pub fn plain_error(msg: impl Into<String>) -> String {
    format!("{PLAIN_MARK}{}", msg.into())
}

/// The diagnostic for an op-level failure: `'name' op message`, or `message` alone when it was
/// made by [`plain_error`].
pub(crate) fn op_error(ctx: &Context, body: &Body, op: Op, msg: &str) -> Diagnostic {
    let d = body.op(op);
    match msg.strip_prefix(PLAIN_MARK) {
        Some(plain) => Diagnostic::on_op(body, op, plain.to_string()),
        None => Diagnostic::on_op(body, op, format!("'{}' op {msg}", ctx.str(d.name))),
    }
}

#[cfg(test)]
mod tests {
    use super::spec_of;

    /// Formats are parsed on first use; this parses every one, so that a malformed format is
    /// caught here rather than by the first input that uses the op.
    #[test]
    fn every_registered_format_parses() {
        let mut ctx = mica_ir::Context::new();
        crate::register_all(&mut ctx);
        let mut formats = 0;
        for def in ctx.registry().ops() {
            if let Some(spec) = spec_of(def).filter(|s| s.format_src.is_some()) {
                assert!(spec.parsed_format().is_some(), "{}", spec.name);
                formats += 1;
            }
        }
        assert!(formats > 250, "only {formats} formats");
    }
}
