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

/// A verifier hook: checks one operation of a body, given the operation whose region holds it
/// (which lives in an outer body when the region is isolated).
pub type VerifyFn = fn(&Context, &Body, Op, Option<(&Body, Op)>) -> Result<(), Diagnostic>;
/// A symbol-use verifier hook: checks one operation's references against the nearest
/// enclosing symbol table.
pub type VerifySymbolUsesFn = fn(&Context, &Body, Op, &crate::verify::SymbolTable<'_>) -> Result<(), Diagnostic>;
/// A custom-form parser hook: reads what follows the op name into `state`. Errors are already
/// reported through the parser when it returns `Err`.
pub type ParseFn = for<'c> fn(&mut dyn AsmParser<'c>, &mut OperationState) -> Result<(), ()>;
/// A custom-form printer hook: writes what follows the op name (and its results).
pub type PrintFn = fn(&mut Printer<'_>, &Body, Op);

/// What the registry knows about one operation.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// Traits.
    pub traits: Traits,
    /// Verifier, run after the generic structural checks.
    pub verify: Option<VerifyFn>,
    /// Checks of the symbols this op references, run once its symbol table is known.
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
    /// Custom-form parser.
    pub parse: Option<ParseFn>,
    /// Custom-form printer.
    pub print: Option<PrintFn>,
    /// Dialect whose ops may drop their `dialect.` prefix inside this op's regions.
    pub default_dialect: Option<&'static str>,
    /// Names of the properties (inherent attributes) this op keeps in `<{...}>`.
    pub properties: &'static [&'static str],
}

impl OpDef {
    /// A definition with only a name and traits.
    pub const fn new(name: &'static str, traits: Traits) -> Self {
        Self { name, traits, verify: None, verify_symbol_uses: None, parse: None, print: None, default_dialect: None, properties: &[] }
    }

    /// The dialect prefix of the name.
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }
}

/// Index of a definition in the registry.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct OpDefId(u32);

/// The registered operations and dialects.
#[derive(Default, Debug)]
pub struct Registry {
    defs: Vec<OpDef>,
    by_name: FxHashMap<Ident, OpDefId>,
    by_str: FxHashMap<&'static str, OpDefId>,
    dialects: Vec<&'static str>,
}

impl Registry {
    /// Adds (or replaces) a definition; `name` is its interned name.
    pub fn register(&mut self, name: Ident, def: OpDef) -> OpDefId {
        let dialect = def.dialect();
        if !self.dialects.contains(&dialect) {
            self.dialects.push(dialect);
        }
        if let Some(&id) = self.by_name.get(&name) {
            self.defs[id.0 as usize] = def;
            return id;
        }
        let id = OpDefId(self.defs.len() as u32);
        self.by_str.insert(def.name, id);
        self.defs.push(def);
        self.by_name.insert(name, id);
        id
    }

    /// The definition of an op by interned name.
    pub fn get(&self, name: Ident) -> Option<&OpDef> {
        self.by_name.get(&name).map(|id| &self.defs[id.0 as usize])
    }

    /// The definition of an op by name.
    pub fn get_str(&self, name: &str) -> Option<&OpDef> {
        self.by_str.get(name).map(|id| &self.defs[id.0 as usize])
    }

    /// Whether a dialect has registered ops.
    pub fn has_dialect(&self, dialect: &str) -> bool {
        self.dialects.contains(&dialect)
    }

    /// The traits of an op (none for unregistered ops).
    pub fn traits(&self, name: Ident) -> Traits {
        self.get(name).map_or(Traits::NONE, |d| d.traits)
    }
}
