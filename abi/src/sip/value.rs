//! The structure a `sip` signature describes: nested sequences (integer keys)
//! and dicts (string keys) whose leaves name raw argument/result indices.
//!
//! Children are kept in key order (`BTreeMap`), which is the order IREE's
//! `SipSignatureMangler` emits them in (a `std::map` ordered by integer key,
//! then by byte-wise string comparison), so mangling a value is canonical.

use std::collections::BTreeMap;

use crate::types::PathKey;

/// One structured value: a raw index leaf, a sequence or a dict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SipValue {
    /// `_N`: the raw (flattened) argument or result number `N`.
    Raw(u32),
    /// `S...`: a sequence; keys are positions and may have gaps.
    Sequence(BTreeMap<u32, SipValue>),
    /// `D...`: a dict keyed by strings.
    Dict(BTreeMap<String, SipValue>),
}

/// Which kind of structure a visitor is entering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructKind {
    /// A sequence with integer keys.
    Sequence,
    /// A dict with string keys.
    Dict,
}

/// A full `sip` function signature: the input and the result structures.
/// `None` is an empty structure (the mangler's unassigned root, encoded as an
/// empty span such as `I1!`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SipSignature {
    /// Structure of the arguments.
    pub inputs: Option<SipValue>,
    /// Structure of the results.
    pub results: Option<SipValue>,
}

/// Receives the parts of a structure in depth-first, key order, mirroring
/// IREE's `SipSignatureParser` visitor: a key is followed by its value; a
/// sequence or dict value is bracketed by `open_struct` and `close_struct`.
pub trait SipVisitor {
    /// The next child of the enclosing sequence has this key.
    fn integer_key(&mut self, key: u32);
    /// The next child of the enclosing dict has this key.
    fn string_key(&mut self, key: &str);
    /// A sequence or dict value starts.
    fn open_struct(&mut self, kind: StructKind);
    /// The innermost open sequence or dict ends.
    fn close_struct(&mut self);
    /// A leaf maps to raw argument/result `index`.
    fn raw_index(&mut self, index: u32);
}

impl SipValue {
    /// Walks this value, calling `visitor` for every key, structure and leaf.
    pub fn accept(&self, visitor: &mut dyn SipVisitor) {
        match self {
            SipValue::Raw(i) => visitor.raw_index(*i),
            SipValue::Sequence(children) => {
                visitor.open_struct(StructKind::Sequence);
                for (k, v) in children {
                    visitor.integer_key(*k);
                    v.accept(visitor);
                }
                visitor.close_struct();
            }
            SipValue::Dict(children) => {
                visitor.open_struct(StructKind::Dict);
                for (k, v) in children {
                    visitor.string_key(k);
                    v.accept(visitor);
                }
                visitor.close_struct();
            }
        }
    }

    /// Every leaf with its index path, in key order: the inverse of building a
    /// value from index paths with [`crate::sip::SipMangler`].
    pub fn leaves(&self) -> Vec<(Vec<PathKey>, u32)> {
        let mut collector = LeafCollector::default();
        self.accept(&mut collector);
        collector.leaves
    }

    /// Nesting depth: 0 for a raw leaf, 1 + the deepest child otherwise.
    pub fn depth(&self) -> usize {
        match self {
            SipValue::Raw(_) => 0,
            SipValue::Sequence(c) => 1 + c.values().map(SipValue::depth).max().unwrap_or(0),
            SipValue::Dict(c) => 1 + c.values().map(SipValue::depth).max().unwrap_or(0),
        }
    }
}

impl SipSignature {
    /// Walks the input structure (nothing happens for an empty one).
    pub fn visit_inputs(&self, visitor: &mut dyn SipVisitor) {
        if let Some(v) = &self.inputs {
            v.accept(visitor);
        }
    }

    /// Walks the result structure (nothing happens for an empty one).
    pub fn visit_results(&self, visitor: &mut dyn SipVisitor) {
        if let Some(v) = &self.results {
            v.accept(visitor);
        }
    }
}

/// Visitor that records the path to every leaf.
#[derive(Default)]
struct LeafCollector {
    /// Keys of the enclosing structures, plus the pending key of the value
    /// being visited when inside one.
    path: Vec<PathKey>,
    /// One flag per open structure: whether a key of it is on `path`.
    key_pushed: Vec<bool>,
    leaves: Vec<(Vec<PathKey>, u32)>,
}

impl LeafCollector {
    /// After a complete child value, drops its key from the path.
    fn end_value(&mut self) {
        if let Some(pushed) = self.key_pushed.last_mut()
            && *pushed
        {
            self.path.pop();
            *pushed = false;
        }
    }

    fn push_key(&mut self, key: PathKey) {
        self.path.push(key);
        if let Some(pushed) = self.key_pushed.last_mut() {
            *pushed = true;
        }
    }
}

impl SipVisitor for LeafCollector {
    fn integer_key(&mut self, key: u32) {
        self.push_key(PathKey::Index(i64::from(key)));
    }
    fn string_key(&mut self, key: &str) {
        self.push_key(PathKey::Name(key.to_string()));
    }
    fn open_struct(&mut self, _kind: StructKind) {
        self.key_pushed.push(false);
    }
    fn close_struct(&mut self) {
        self.key_pushed.pop();
        self.end_value();
    }
    fn raw_index(&mut self, index: u32) {
        self.leaves.push((self.path.clone(), index));
        self.end_value();
    }
}
