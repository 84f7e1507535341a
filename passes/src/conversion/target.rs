//! The conversion target (MLIR's `ConversionTarget`): which ops are legal after a conversion.
//!
//! An op is looked up by its name, then by its dialect, then as an unknown op. Each may be
//! legal, illegal, or dynamically legal (a callback decides per op instance; `None` from the
//! callback defers to the static action, as MLIR's chained callbacks do). A legal op may also be
//! recursively legal: the ops nested in it are then left alone.

use mica_ir::{Body, Context, Op};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Decides whether one op instance is legal; `None`: no opinion.
pub type LegalityFn = Arc<dyn Fn(&Context, &Body, Op) -> Option<bool> + Send + Sync>;

/// What the target says about an op name, dialect or unknown op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Always legal.
    Legal,
    /// Legal when its callback says so.
    Dynamic,
    /// Must be converted.
    Illegal,
}

#[derive(Clone)]
struct Info {
    action: Action,
    callback: Option<LegalityFn>,
    recursive: bool,
    recursive_callback: Option<LegalityFn>,
}

/// What legality says about a legal op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LegalDetails {
    /// The ops nested in it need no conversion.
    pub recursively_legal: bool,
}

/// Which ops, dialects and unknown ops are legal.
#[derive(Clone, Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Info>,
    dialects: FxHashMap<String, Action>,
    dialect_callbacks: FxHashMap<String, LegalityFn>,
    unknown: Option<LegalityFn>,
}

fn compose(old: Option<LegalityFn>, new: LegalityFn) -> LegalityFn {
    match old {
        None => new,
        Some(old) => Arc::new(move |ctx: &Context, body: &Body, op: Op| new(ctx, body, op).or_else(|| old(ctx, body, op))),
    }
}

fn dialect_of(name: &str) -> &str {
    name.split_once('.').map_or("", |(d, _)| d)
}

impl ConversionTarget {
    /// A target that knows nothing: every op is unknown.
    pub fn new() -> Self {
        Self::default()
    }

    fn set_op(&mut self, name: &str, action: Action) {
        let info = self.ops.entry(name.to_string()).or_insert(Info { action, callback: None, recursive: false, recursive_callback: None });
        info.action = action;
    }

    /// Marks the ops named `name` legal.
    pub fn add_legal_op(&mut self, name: &str) {
        self.set_op(name, Action::Legal);
    }

    /// Marks the ops named `name` illegal.
    pub fn add_illegal_op(&mut self, name: &str) {
        self.set_op(name, Action::Illegal);
    }

    /// Makes the ops named `name` legal when `f` says so (chained after earlier callbacks).
    pub fn add_dynamically_legal_op(&mut self, name: &str, f: LegalityFn) {
        self.set_op(name, Action::Dynamic);
        let info = self.ops.get_mut(name).expect("just set");
        info.callback = Some(compose(info.callback.take(), f));
    }

    /// Marks every op of `dialect` legal (unless the op itself says otherwise).
    pub fn add_legal_dialect(&mut self, dialect: &str) {
        self.dialects.insert(dialect.to_string(), Action::Legal);
    }

    /// Marks every op of `dialect` illegal (unless the op itself says otherwise).
    pub fn add_illegal_dialect(&mut self, dialect: &str) {
        self.dialects.insert(dialect.to_string(), Action::Illegal);
    }

    /// Makes the ops of `dialect` legal when `f` says so.
    pub fn add_dynamically_legal_dialect(&mut self, dialect: &str, f: LegalityFn) {
        self.dialects.insert(dialect.to_string(), Action::Dynamic);
        let old = self.dialect_callbacks.remove(dialect);
        self.dialect_callbacks.insert(dialect.to_string(), compose(old, f));
    }

    /// Makes ops the target knows nothing about legal when `f` says so.
    pub fn mark_unknown_op_dynamically_legal(&mut self, f: LegalityFn) {
        self.unknown = Some(compose(self.unknown.take(), f));
    }

    /// Makes the legal ops named `name` recursively legal (when `f`, if given, says so):
    /// nothing nested in them is converted. The op must have been made legal or dynamically
    /// legal first.
    pub fn mark_op_recursively_legal(&mut self, name: &str, f: Option<LegalityFn>) {
        if let Some(info) = self.ops.get_mut(name)
            && info.action != Action::Illegal
        {
            info.recursive = true;
            info.recursive_callback = f.map(|f| compose(info.recursive_callback.take(), f));
        }
    }

    /// The action for ops named `name` (by op, dialect, then unknown), if the target has one.
    pub fn action(&self, name: &str) -> Option<Action> {
        if let Some(info) = self.ops.get(name) {
            return Some(info.action);
        }
        if let Some(a) = self.dialects.get(dialect_of(name)) {
            return Some(*a);
        }
        self.unknown.as_ref().map(|_| Action::Dynamic)
    }

    /// The static action and the callback that applies to `name`, if the target knows it.
    fn info(&self, name: &str) -> Option<(Action, Option<&LegalityFn>, Option<&Info>)> {
        if let Some(info) = self.ops.get(name) {
            return Some((info.action, info.callback.as_ref(), Some(info)));
        }
        let dialect = dialect_of(name);
        if let Some(a) = self.dialects.get(dialect) {
            return Some((*a, self.dialect_callbacks.get(dialect), None));
        }
        self.unknown.as_ref().map(|f| (Action::Dynamic, Some(f), None))
    }

    /// Whether `op` (of `body`) is legal; `None` when it is not or the target does not know.
    pub fn is_legal(&self, ctx: &Context, body: &Body, op: Op) -> Option<LegalDetails> {
        let (action, callback, info) = self.info(ctx.str(body.op(op).name))?;
        let legal = match (action, callback) {
            (Action::Dynamic, Some(f)) => f(ctx, body, op).unwrap_or(false),
            (a, _) => a == Action::Legal,
        };
        if !legal {
            return None;
        }
        let recursively_legal = info.is_some_and(|i| i.recursive && i.recursive_callback.as_ref().is_none_or(|f| f(ctx, body, op).unwrap_or(true)));
        Some(LegalDetails { recursively_legal })
    }

    /// Whether `op` is known to be illegal (explicitly, or by a callback saying no).
    pub fn is_illegal(&self, ctx: &Context, body: &Body, op: Op) -> bool {
        match self.info(ctx.str(body.op(op).name)) {
            None => false,
            Some((Action::Dynamic, Some(f), _)) => f(ctx, body, op) == Some(false),
            Some((a, _, _)) => a == Action::Illegal,
        }
    }
}
