//! The op registry: what Mica knows about each registered operation.
//!
//! An [`OpDef`] gives an operation's traits, its verifier and, when it has a custom assembly
//! form, the hooks that parse and print it. Dialect crates fill the registry; the parser, the
//! printer, the verifier and the passes read it.

use crate::asm::AsmParser;
use crate::printer::Printer;
use crate::body::{Body, Op, OperationState};
use crate::{Context, Diagnostic, Ident};
use rustc_hash::FxHashMap;

/// Operation traits, as a bit set.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Traits(u32);

impl Traits {
    /// No traits.
    pub const NONE: Traits = Traits(0);
    /// Must be the last operation of its block.
    pub const TERMINATOR: Traits = Traits(1);
    /// Regions cannot see values defined outside.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 1);
    /// Its region holds a symbol table (symbol names unique inside).
    pub const SYMBOL_TABLE: Traits = Traits(1 << 2);
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: Traits = Traits(1 << 3);
    /// No memory effects.
    pub const PURE: Traits = Traits(1 << 4);
    /// Operand order does not matter.
    pub const COMMUTATIVE: Traits = Traits(1 << 5);
    /// Its regions are graph regions (no dominance, no terminator requirement).
    pub const GRAPH_REGION: Traits = Traits(1 << 6);
    /// Its regions have at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 7);
    /// Its regions need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 8);
    /// Returns control to the parent operation.
    pub const RETURN_LIKE: Traits = Traits(1 << 9);
    /// Has no operands, produces a constant.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 10);
    /// Its memory effects are those of the ops in its regions (MLIR's `RecursiveMemoryEffects`).
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 11);
    /// Its only memory effects are reads.
    pub const MEMORY_READ: Traits = Traits(1 << 12);
    /// Its only memory effect is allocating the memory its results refer to (`memref.alloc`).
    pub const MEMORY_ALLOC: Traits = Traits(1 << 13);
    /// Frees the stack allocations made in its regions when control leaves them (MLIR's
    /// `AutomaticAllocationScope`).
    pub const AUTOMATIC_ALLOCATION_SCOPE: Traits = Traits(1 << 14);
    /// `op(x, x) == x` (MLIR's `Idempotent`, folded by the greedy driver).
    pub const IDEMPOTENT: Traits = Traits(1 << 15);

    /// Whether every trait of `other` is in `self`.
    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// How many of something an op takes: exactly `n`, or at least `n` (variadic).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Count {
    /// Exactly this many.
    Exactly(u32),
    /// This many or more.
    AtLeast(u32),
}

impl Count {
    /// Whether `n` satisfies the count.
    #[inline]
    fn allows(self, n: usize) -> bool {
        match self {
            Count::Exactly(k) => n == k as usize,
            Count::AtLeast(k) => n >= k as usize,
        }
    }

    /// MLIR's message for `n` things of kind `what` (`operands`, `results`, `regions` or
    /// `successors`) violating the count, worded as its count traits word it.
    fn check(self, n: usize, what: &str) -> Result<(), String> {
        if self.allows(n) {
            return Ok(());
        }
        let one = what.trim_end_matches('s');
        Err(match (what, self) {
            // `ZeroSuccessors`, `OneSuccessor`, `NSuccessors`, `AtLeastNSuccessors`.
            ("successors", Count::Exactly(1)) => format!("requires 1 successor but found {n}"),
            ("successors", Count::Exactly(k)) => format!("requires {k} successors but found {n}"),
            ("successors", Count::AtLeast(k)) => format!("requires at least {k} successors but found {n}"),
            (_, Count::Exactly(0)) => format!("requires zero {what}"),
            ("operands", Count::Exactly(1)) => "requires a single operand".to_string(),
            (_, Count::Exactly(1)) => format!("requires one {one}"),
            // Only the operand traits say how many they found.
            ("operands", Count::Exactly(k)) => format!("expected {k} operands, but found {n}"),
            ("operands", Count::AtLeast(k)) => format!("expected {k} or more operands, but found {n}"),
            (_, Count::Exactly(k)) => format!("expected {k} {what}"),
            (_, Count::AtLeast(k)) => format!("expected {k} or more {what}"),
        })
    }
}

/// The counts of operands, results, regions and successors an op must have.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Shape {
    /// Operands.
    pub operands: Count,
    /// Results.
    pub results: Count,
    /// Regions.
    pub regions: Count,
    /// Successors.
    pub successors: Count,
}

impl Shape {
    /// No constraint at all.
    pub const ANY: Shape =
        Shape { operands: Count::AtLeast(0), results: Count::AtLeast(0), regions: Count::AtLeast(0), successors: Count::AtLeast(0) };

    /// The first violated count as MLIR words it (`requires zero results`), if any.
    #[inline]
    pub fn check(&self, operands: usize, results: usize, regions: usize, successors: usize) -> Result<(), String> {
        if self.regions.allows(regions) && self.results.allows(results) && self.successors.allows(successors) && self.operands.allows(operands) {
            return Ok(());
        }
        self.violation(operands, results, regions, successors)
    }

    /// [`Self::check`] once some count is violated.
    #[cold]
    fn violation(&self, operands: usize, results: usize, regions: usize, successors: usize) -> Result<(), String> {
        // MLIR verifies the region, result, successor and operand traits in this order.
        self.regions.check(regions, "regions")?;
        self.results.check(results, "results")?;
        self.successors.check(successors, "successors")?;
        self.operands.check(operands, "operands")
    }
}

/// A verifier hook: checks one operation of a body, given the operation whose region holds it
/// (which lives in an outer body when the region is isolated).
pub type VerifyFn = fn(&OpDef, &Context, &Body, Op, Option<(&Body, Op)>) -> Result<(), Diagnostic>;
/// A symbol-use verifier hook: checks one operation's references against the nearest
/// enclosing symbol table.
pub type VerifySymbolUsesFn = fn(&Context, &Body, Op, &crate::verify::SymbolTable<'_>) -> Result<(), Diagnostic>;
/// Suggests names for an op's results in the custom form (`%f`, `%c0`, `%sum, %overflow`):
/// calls `names.set(result_index, name)` (or writes the name into `names.buffer()` and calls
/// `names.commit(result_index)`) for each named result, as MLIR's `getAsmResultNames`;
/// results left unnamed keep the default numbering.
pub type ResultNameFn = fn(&Context, &Body, Op, &mut crate::names::ResultNames);
/// Suggests names for the arguments of the blocks of an op's region `region` (its index among
/// the op's regions) in the custom form (`%in`, `%out`): calls `set(value, name)` for each
/// named argument, as MLIR's `getAsmBlockArgumentNames`; the values live in the body holding
/// the op's regions.
pub type BlockArgNameFn = fn(&Context, &Body, Op, usize, &mut dyn FnMut(crate::Value, String));
/// A custom-form parser hook: reads what follows the op name into `state`. Errors are already
/// reported through the parser when it returns `Err`.
pub type ParseFn = for<'c> fn(&OpDef, &mut dyn AsmParser<'c>, &mut OperationState) -> Result<(), ()>;
/// A custom-form printer hook: writes what follows the op name (and its results).
pub type PrintFn = fn(&OpDef, &mut Printer<'_>, &Body, Op);
/// Data a dialect attaches to a definition for its hooks (e.g. a declarative op spec).
pub type Ext = std::sync::Arc<dyn std::any::Any + Send + Sync>;

/// What the registry knows about one operation.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// Traits.
    pub traits: Traits,
    /// Verifier of the op itself, run after the generic structural checks and before the ops
    /// in its regions are verified (MLIR's `verifyInvariants` and `verify`).
    pub verify: Option<VerifyFn>,
    /// Whether `verify` reads nothing of an op without regions and successors but its name,
    /// properties, attributes, operand and result types and its parent op's name: then one op
    /// passing it vouches for every op that shares all of these, and the verifier skips
    /// them (see `verify/signatures.rs`).
    pub verify_by_signature: bool,
    /// Verifier run after the ops in its regions (MLIR's `verifyRegions`).
    pub verify_regions: Option<VerifyFn>,
    /// The ops that may hold this terminator (MLIR's `HasParent` or `ParentOneOf`): a
    /// structural trait, which MLIR checks before `IsTerminator`, so a misplaced terminator in
    /// the wrong parent reports its parent. Empty for ops that declare none (the op's verifier
    /// still checks its parent; this only orders the two errors).
    pub parents_before_terminator: &'static [&'static str],
    /// Checks of the symbols this op references, run once its symbol table is known.
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
    /// Custom-form parser.
    pub parse: Option<ParseFn>,
    /// Custom-form printer.
    pub print: Option<PrintFn>,
    /// Whether `print` writes text that depends only on the op's signature (name, properties,
    /// discardable attributes, operand and result types, number of successors) for an op
    /// without regions, given the printer's options, aliases, indentation and the dialect
    /// whose prefix op names drop, naming the op's operands, results and successors with
    /// [`Printer::print_value`] and [`Printer::print_block_name`] only (their text not
    /// depending on which of them are the same value): then the printer writes the next op
    /// of a signature from the text of the first, without running `print`.
    pub print_by_signature: bool,
    /// Dialect whose ops may drop their `dialect.` prefix inside this op's regions.
    pub default_dialect: Option<&'static str>,
    /// Names of the properties (inherent attributes) this op keeps in `<{...}>`.
    pub properties: Vec<&'static str>,
    /// Operand, result, region and successor counts, checked before `verify`.
    pub shape: Shape,
    /// The names suggested for the results in the custom form.
    pub result_name: Option<ResultNameFn>,
    /// The names suggested for the arguments of the op's region blocks in the custom form.
    pub block_arg_names: Option<BlockArgNameFn>,
    /// What the dialect attached for its hooks.
    pub ext: Option<Ext>,
    /// Which entry of `ext` is this op's, when the dialect attaches one table to all its ops.
    pub ext_index: u32,
    /// Properties with a default value, which an op gets when written without them (also in
    /// the generic form, as MLIR's `populateDefaultProperties`).
    pub property_defaults: Vec<(&'static str, fn(&Context) -> crate::Attr)>,
    /// The memory-effect traits of one instance, for ops whose effects depend on their
    /// operands (MLIR's hand-written `getEffects`); added to `traits` by effect queries.
    pub effects: Option<EffectsFn>,
    /// The folder (MLIR's `fold`).
    pub fold: Option<FoldFn>,
    /// Canonicalization patterns rooted at this op, in declaration order.
    pub canonicalize: Vec<Pattern>,
    /// The operands forwarded to each successor (branch ops).
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Removes one operand, keeping segment-size properties right (ops with operand
    /// segments); without it, removing an operand is [`Body::erase_operand`].
    pub erase_operand: Option<EraseOperandFn>,
    /// Appends a value to the operands forwarded to a successor (branch ops).
    pub append_successor_operand: Option<AppendSuccessorOperandFn>,
    /// The successor a branch takes for constant operands (MLIR's
    /// `getSuccessorForOperands`).
    pub branch_target: Option<crate::control_flow::BranchTargetFn>,
    /// How control flows through the op's regions (MLIR's `RegionBranchOpInterface`).
    pub region_branch: Option<crate::control_flow::RegionBranch>,
    /// Where a terminator sends control from its region, when it decides that itself.
    pub region_terminator: Option<crate::control_flow::RegionTerminator>,
}

/// Appends a value to the operands an op forwards to successor `succ`.
pub type AppendSuccessorOperandFn = fn(&Context, &mut Body, Op, usize, crate::Value);

/// Removes operand `index` of an op and updates the properties that size its groups.
pub type EraseOperandFn = fn(&Context, &mut Body, Op, usize);

/// The memory-effect traits (`PURE`, `MEMORY_READ`…) of one op instance.
pub type EffectsFn = fn(&Context, &Body, Op) -> Traits;

/// What one result folds to: an existing value or a constant to materialize.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Folded {
    /// An existing value (of the result's type).
    Value(crate::Value),
    /// A constant attribute, materialized by the op's dialect.
    Attr(crate::Attr),
}

/// The outcome of a successful fold (MLIR's `fold` returning success).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// The op was updated in place.
    InPlace,
    /// One replacement per result.
    Results(smallvec::SmallVec<[Folded; 1]>),
}

impl FoldResult {
    /// A single result folded to a value.
    pub fn value(v: crate::Value) -> Option<FoldResult> {
        Some(FoldResult::Results(smallvec::smallvec![Folded::Value(v)]))
    }

    /// A single result folded to a constant.
    pub fn attr(a: crate::Attr) -> Option<FoldResult> {
        Some(FoldResult::Results(smallvec::smallvec![Folded::Attr(a)]))
    }
}

/// MLIR's `fold`: given the constant value of each operand (if its defining op is
/// constant-like), folds the op in place or to existing values/constants; `None` when it does
/// not fold. It must not create or erase operations.
pub type FoldFn = fn(&Context, &mut Body, Op, &[Option<crate::Attr>]) -> Option<FoldResult>;

/// A canonicalization pattern's rewrite: tries to rewrite `op` through the rewriter and says
/// whether it changed anything (it must change nothing when it says no).
pub type PatternFn = fn(&Context, &mut crate::rewrite::Rewriter<'_>, Op) -> bool;

/// A canonicalization pattern declared with an op.
#[derive(Copy, Clone, Debug)]
pub struct Pattern {
    /// Its label (MLIR's pattern name, for `disable-patterns` / `enable-patterns`).
    pub name: &'static str,
    /// Higher benefits are tried first.
    pub benefit: u16,
    /// The rewrite.
    pub apply: PatternFn,
}

/// The operand indices an op forwards to its successor `i` (MLIR's `BranchOpInterface`).
pub type SuccessorOperandsFn = fn(&Context, &Body, Op, usize) -> Option<std::ops::Range<usize>>;

/// Builds the op that holds the constant `value` of type `ty` (MLIR's per-dialect
/// `materializeConstant`); `None` when the dialect cannot.
pub type MaterializeFn = fn(&Context, crate::Attr, crate::Type, crate::Attr) -> Option<OperationState>;

impl OpDef {
    /// A definition with only a name and traits.
    pub const fn new(name: &'static str, traits: Traits) -> Self {
        Self { name, traits, verify: None, verify_by_signature: false, verify_regions: None, parents_before_terminator: &[], verify_symbol_uses: None, parse: None, print: None, print_by_signature: false, default_dialect: None, properties: Vec::new(), shape: Shape::ANY, result_name: None, block_arg_names: None, ext: None, ext_index: 0, property_defaults: Vec::new(), effects: None, fold: None, canonicalize: Vec::new(), successor_operands: None, erase_operand: None, append_successor_operand: None, branch_target: None, region_branch: None, region_terminator: None }
    }

    /// The traits of `op` (of `body`, defined by this): the definition's, with the memory
    /// effects its [`OpDef::effects`] hook gives this op.
    pub fn traits_of(&self, ctx: &Context, body: &Body, op: Op) -> Traits {
        match self.effects {
            Some(f) => self.traits | f(ctx, body, op),
            None => self.traits,
        }
    }

    /// The dialect prefix of the name.
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }
}

/// Whether an op may be inlined into a region: `(ctx, callee body, op, caller body, region)`,
/// the region being where the call sits in the caller (MLIR's
/// `DialectInlinerInterface::isLegalToInline(Operation *, Region *, ...)`).
pub type InlineOpFn = fn(&Context, &Body, Op, &Body, crate::Region) -> bool;
/// Whether a callee's region may be inlined into a region held by an op of the dialect:
/// `(ctx, caller body, destination region, callee body, callee region, caller value of each
/// callee entry argument)` (MLIR's `isLegalToInline(Region *, Region *, ...)`).
pub type InlineRegionFn = fn(&Context, &Body, crate::Region, &Body, crate::Region, &dyn Fn(crate::Value) -> Option<crate::Value>) -> bool;
/// Whether a call op of the dialect may be inlined: `(ctx, caller body, call, callee body,
/// callee op)` (MLIR's `isLegalToInline(Operation *call, Operation *callable, ...)`).
pub type InlineCallFn = fn(&Context, &Body, Op, &Body, Op) -> bool;

/// How a dialect takes part in inlining (MLIR's `DialectInlinerInterface`). A dialect without
/// one has none of its ops inlined.
#[derive(Clone, Copy, Debug, Default)]
pub struct InlinerDef {
    /// Calls of the dialect that may be inlined; `None`: all.
    pub legal_call: Option<InlineCallFn>,
    /// Ops of the dialect that may be inlined; `None`: all.
    pub legal_op: Option<InlineOpFn>,
    /// Whether callees may be inlined into the regions of the dialect's ops; `None`: never.
    pub legal_dest: Option<InlineRegionFn>,
}

/// Whether an op may run where it would not have run (MLIR's `ConditionallySpeculatable`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Speculation {
    /// It may have undefined behaviour.
    Not,
    /// It never has undefined behaviour.
    Speculatable,
    /// It is speculatable when every op in its regions is.
    Recursive,
}

/// The speculatability of one op instance.
pub type SpeculationFn = fn(&Context, &Body, Op) -> Speculation;

/// Parses a dialect attribute's parameters (what follows `#dialect.mnemonic`).
pub type AttrParseFn = for<'c> fn(&AttrDef, &mut dyn AsmParser<'c>) -> Result<Vec<crate::Attr>, ()>;
/// Prints a dialect attribute's parameters (what follows `#dialect.mnemonic`).
pub type AttrPrintFn = fn(&AttrDef, &mut Printer<'_>, &[crate::Attr]);

/// A registered dialect attribute: `#dialect.mnemonic<...>`.
#[derive(Clone, Debug)]
pub struct AttrDef {
    /// The dialect name.
    pub dialect: &'static str,
    /// The name after the dot.
    pub mnemonic: &'static str,
    /// Parser of the parameters.
    pub parse: AttrParseFn,
    /// Printer of the parameters.
    pub print: AttrPrintFn,
    /// What the dialect attached for its hooks.
    pub ext: Option<Ext>,
}

/// Index of a definition in the registry.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct OpDefId(u32);

/// The registered operations and dialects.
#[derive(Default, Debug)]
pub struct Registry {
    defs: Vec<OpDef>,
    /// Definition by interned name, indexed by the name's id (identifiers are dense).
    by_name: Vec<Option<OpDefId>>,
    by_str: FxHashMap<&'static str, (OpDefId, Ident)>,
    dialects: Vec<&'static str>,
    attr_defs: FxHashMap<&'static str, Vec<AttrDef>>,
    materializers: FxHashMap<&'static str, MaterializeFn>,
    inliners: FxHashMap<&'static str, InlinerDef>,
    speculation: FxHashMap<&'static str, SpeculationFn>,
}

impl Registry {
    /// Makes room for `ops` more op definitions with names interned as identifiers below
    /// `idents`, so that registering them moves no definition (each is a few hundred bytes).
    pub fn reserve(&mut self, ops: usize, idents: usize) {
        self.defs.reserve(ops);
        self.by_str.reserve(ops);
        self.by_name.reserve(idents.saturating_sub(self.by_name.len()));
    }

    /// Adds (or replaces) a definition; `name` is its interned name.
    pub fn register(&mut self, name: Ident, def: OpDef) -> OpDefId {
        let dialect = def.dialect();
        // Ops come grouped by dialect: the last one registered is most likely theirs.
        if self.dialects.last() != Some(&dialect) && !self.dialects.contains(&dialect) {
            self.dialects.push(dialect);
        }
        if let Some(id) = self.by_name.get(name.0 as usize).copied().flatten() {
            self.defs[id.0 as usize] = def;
            return id;
        }
        let id = OpDefId(self.defs.len() as u32);
        self.by_str.insert(def.name, (id, name));
        self.defs.push(def);
        if self.by_name.len() <= name.0 as usize {
            self.by_name.resize(name.0 as usize + 1, None);
        }
        self.by_name[name.0 as usize] = Some(id);
        id
    }

    /// Every registered op definition, in registration order.
    pub fn ops(&self) -> impl Iterator<Item = &OpDef> {
        self.defs.iter()
    }

    /// The definition of an op by interned name.
    #[inline]
    pub fn get(&self, name: Ident) -> Option<&OpDef> {
        let id = (*self.by_name.get(name.0 as usize)?)?;
        Some(&self.defs[id.0 as usize])
    }

    /// The definition registered under the name `name`, with its identifier.
    pub fn lookup_str(&self, name: &str) -> Option<(Ident, &OpDef)> {
        self.by_str.get(name).map(|&(id, ident)| (ident, &self.defs[id.0 as usize]))
    }

    /// The definition of an op by name.
    pub fn get_str(&self, name: &str) -> Option<&OpDef> {
        self.lookup_str(name).map(|(_, d)| d)
    }

    /// Whether a dialect has registered ops.
    pub fn has_dialect(&self, dialect: &str) -> bool {
        self.dialects.contains(&dialect)
    }

    /// Registers a dialect attribute.
    pub fn register_attr(&mut self, def: AttrDef) {
        if !self.dialects.contains(&def.dialect) {
            self.dialects.push(def.dialect);
        }
        let defs = self.attr_defs.entry(def.dialect).or_default();
        defs.retain(|d| d.mnemonic != def.mnemonic);
        defs.push(def);
    }

    /// The definition of `#dialect.mnemonic`, if registered.
    pub fn attr_def(&self, dialect: &str, mnemonic: &str) -> Option<&AttrDef> {
        self.attr_defs.get(dialect)?.iter().find(|d| d.mnemonic == mnemonic)
    }

    /// Sets the constant materializer of a dialect.
    pub fn set_materializer(&mut self, dialect: &'static str, f: MaterializeFn) {
        self.materializers.insert(dialect, f);
    }

    /// The constant materializer of a dialect, if it has one.
    pub fn materializer(&self, dialect: &str) -> Option<MaterializeFn> {
        self.materializers.get(dialect).copied()
    }

    /// Adds a fold hook and canonicalization patterns to a registered op (for dialect crates
    /// that register ops first and their rewrites after).
    pub fn add_rewrites(&mut self, name: Ident, fold: Option<FoldFn>, patterns: &[Pattern]) {
        if let Some(id) = self.by_name.get(name.0 as usize).copied().flatten() {
            let def = &mut self.defs[id.0 as usize];
            if fold.is_some() {
                def.fold = fold;
            }
            def.canonicalize.extend_from_slice(patterns);
        }
    }

    /// Declares how ops of `dialect` take part in inlining.
    pub fn register_inliner(&mut self, dialect: &'static str, def: InlinerDef) {
        self.inliners.insert(dialect, def);
    }

    /// The inliner interface of `dialect`, if it has one.
    pub fn inliner(&self, dialect: &str) -> Option<&InlinerDef> {
        self.inliners.get(dialect)
    }

    /// Declares the speculatability of the op named `name`, for ops that are not simply
    /// speculatable when `PURE` and not otherwise.
    pub fn register_speculation(&mut self, name: &'static str, f: SpeculationFn) {
        self.speculation.insert(name, f);
    }

    /// The speculatability of `op` (an op of `body`): its declared one, else speculatable when
    /// `PURE` (MLIR's `Pure` includes `AlwaysSpeculatable`); unregistered ops are not.
    pub fn speculation(&self, ctx: &Context, body: &Body, op: Op) -> Speculation {
        let name = body.op(op).name;
        if let Some(f) = self.speculation.get(ctx.str(name)) {
            return f(ctx, body, op);
        }
        if self.traits(name).contains(Traits::PURE) { Speculation::Speculatable } else { Speculation::Not }
    }

    /// The traits of an op (none for unregistered ops).
    pub fn traits(&self, name: Ident) -> Traits {
        self.get(name).map_or(Traits::NONE, |d| d.traits)
    }
}
