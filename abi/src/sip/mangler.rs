//! Builds `sip` structures from index paths and encodes them as signatures.
//!
//! Follows IREE's `SipSignatureMangler`
//! (`iree/compiler/Bindings/SIP/Utils/SignatureBuilder.cpp`): each raw
//! argument (result) `i` is placed at its index path; a structure level takes
//! the kind of the first key used on it (integer → sequence, string → dict)
//! and mixing kinds on one level, assigning one path twice, or using a leaf as
//! a structure are errors. Children are emitted in key order; a span is
//! `tag`, the content length plus one, `!`, the content; the function
//! signature is the inputs span `I` followed by the results span `R`. For
//! example, one positional argument and one plain result give
//! `I8!S5!k0_0R3!_0`, as IREE's TensorFlow tests show.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use super::MAX_DEPTH;
use super::value::{SipSignature, SipValue};
use crate::types::{FunctionSignature, PathKey, path_to_string};

/// Why a set of index paths has no `sip` encoding.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MangleError {
    /// An integer key below zero.
    #[error("index path {path} of raw index {raw} has a negative key")]
    NegativeKey {
        /// The raw index being placed.
        raw: u32,
        /// Its path, as text.
        path: String,
    },
    /// An integer key of 2^32 or more.
    #[error("index path {path} of raw index {raw} has a key that does not fit in 32 bits")]
    KeyOutOfRange {
        /// The raw index being placed.
        raw: u32,
        /// Its path, as text.
        path: String,
    },
    /// A path longer than [`MAX_DEPTH`] keys.
    #[error("index path of raw index {raw} has {len} keys, more than the limit of {MAX_DEPTH}")]
    TooDeep {
        /// The raw index being placed.
        raw: u32,
        /// Number of keys.
        len: usize,
    },
    /// A key of the other kind than earlier paths used at the same level.
    #[error(
        "index path {path} of raw index {raw} uses a {found} key at position {position} where other paths use {expected} keys"
    )]
    KindMismatch {
        /// The raw index being placed.
        raw: u32,
        /// Its path, as text.
        path: String,
        /// Zero-based position of the offending key.
        position: usize,
        /// `"string"` or `"integer"`.
        found: &'static str,
        /// The kind the level already has.
        expected: &'static str,
    },
    /// Two raw indices with the same path.
    #[error("raw indices {previous} and {raw} have the same index path {path}")]
    Duplicate {
        /// The raw index being placed.
        raw: u32,
        /// The one placed there before.
        previous: u32,
        /// The path, as text.
        path: String,
    },
    /// A path that goes through another value's leaf.
    #[error("index path {path} of raw index {raw} descends into raw index {leaf}, which is a leaf")]
    ThroughLeaf {
        /// The raw index being placed.
        raw: u32,
        /// The leaf in the way.
        leaf: u32,
        /// The path, as text.
        path: String,
    },
    /// A path that ends where other paths continue.
    #[error(
        "index path {path} of raw index {raw} names a structure that other index paths descend into"
    )]
    OntoStructure {
        /// The raw index being placed.
        raw: u32,
        /// The path, as text.
        path: String,
    },
    /// Some arguments/results have index paths and this one has none.
    #[error("{what} {index} has no index path while others have one")]
    MissingPath {
        /// `"argument"` or `"result"`.
        what: &'static str,
        /// Its position.
        index: usize,
    },
    /// More than 2^32 arguments or results.
    #[error("{what} {index} cannot be a raw index (more than 2^32 values)")]
    RawIndexOutOfRange {
        /// `"argument"` or `"result"`.
        what: &'static str,
        /// Its position.
        index: usize,
    },
}

/// A key checked to be valid for a `sip` structure.
enum Key<'a> {
    Int(u32),
    Str(&'a str),
}

impl Key<'_> {
    fn kind(&self) -> &'static str {
        match self {
            Key::Int(_) => "integer",
            Key::Str(_) => "string",
        }
    }

    /// An empty structure of the kind this key indexes.
    fn new_level(&self) -> SipValue {
        match self {
            Key::Int(_) => SipValue::Sequence(BTreeMap::new()),
            Key::Str(_) => SipValue::Dict(BTreeMap::new()),
        }
    }
}

/// Builds one structure (inputs or results) from raw-index placements.
#[derive(Clone, Debug, Default)]
pub struct SipMangler {
    root: Option<SipValue>,
}

impl SipMangler {
    /// An empty structure.
    pub fn new() -> SipMangler {
        SipMangler::default()
    }

    /// Places raw index `raw` at `path`. On error nothing changes.
    pub fn set_raw_index(&mut self, raw: u32, path: &[PathKey]) -> Result<(), MangleError> {
        if path.len() > MAX_DEPTH {
            return Err(MangleError::TooDeep {
                raw,
                len: path.len(),
            });
        }
        let text = || path_to_string(path);
        let mut keys = Vec::with_capacity(path.len());
        for key in path {
            keys.push(match key {
                PathKey::Index(i) if *i < 0 => {
                    return Err(MangleError::NegativeKey { raw, path: text() });
                }
                PathKey::Index(i) => Key::Int(
                    u32::try_from(*i)
                        .map_err(|_| MangleError::KeyOutOfRange { raw, path: text() })?,
                ),
                PathKey::Name(s) => Key::Str(s),
            });
        }
        let Some((first, _)) = keys.split_first() else {
            return match &self.root {
                None => {
                    self.root = Some(SipValue::Raw(raw));
                    Ok(())
                }
                Some(SipValue::Raw(previous)) => Err(MangleError::Duplicate {
                    raw,
                    previous: *previous,
                    path: text(),
                }),
                Some(_) => Err(MangleError::OntoStructure { raw, path: text() }),
            };
        };
        let root = self.root.get_or_insert_with(|| first.new_level());
        place(root, &keys, 0, raw, &text)
    }

    /// The structure built so far (`None` when nothing was placed).
    pub fn finish(self) -> Option<SipValue> {
        self.root
    }
}

/// Places `raw` below `node` following `keys[position..]`. Errors can only
/// arise before the first new level is created, so a failed placement leaves
/// the structure unchanged.
fn place(
    node: &mut SipValue,
    keys: &[Key<'_>],
    position: usize,
    raw: u32,
    text: &dyn Fn() -> String,
) -> Result<(), MangleError> {
    let key = &keys[position];
    let next = keys.get(position + 1);
    let mismatch = |expected| MangleError::KindMismatch {
        raw,
        path: text(),
        position,
        found: key.kind(),
        expected,
    };
    let child = match (node, key) {
        (SipValue::Sequence(children), Key::Int(k)) => slot(children.entry(*k), next, raw, text)?,
        (SipValue::Dict(children), Key::Str(k)) => {
            slot(children.entry((*k).to_string()), next, raw, text)?
        }
        (SipValue::Sequence(_), Key::Str(_)) => return Err(mismatch("integer")),
        (SipValue::Dict(_), Key::Int(_)) => return Err(mismatch("string")),
        (SipValue::Raw(leaf), _) => {
            return Err(MangleError::ThroughLeaf {
                raw,
                leaf: *leaf,
                path: text(),
            });
        }
    };
    match child {
        Some(child) => place(child, keys, position + 1, raw, text),
        None => Ok(()),
    }
}

/// Handles the child slot for one key: stores the leaf when the path ends
/// here (returning `None`), otherwise returns the child to descend into,
/// creating it with the kind of the next key.
fn slot<'m, K: Ord>(
    entry: Entry<'m, K, SipValue>,
    next: Option<&Key<'_>>,
    raw: u32,
    text: &dyn Fn() -> String,
) -> Result<Option<&'m mut SipValue>, MangleError> {
    match (entry, next) {
        (Entry::Vacant(v), None) => {
            v.insert(SipValue::Raw(raw));
            Ok(None)
        }
        (Entry::Vacant(v), Some(next)) => Ok(Some(v.insert(next.new_level()))),
        (Entry::Occupied(o), None) => match o.get() {
            SipValue::Raw(previous) => Err(MangleError::Duplicate {
                raw,
                previous: *previous,
                path: text(),
            }),
            _ => Err(MangleError::OntoStructure { raw, path: text() }),
        },
        (Entry::Occupied(o), Some(_)) => match o.into_mut() {
            SipValue::Raw(leaf) => Err(MangleError::ThroughLeaf {
                raw,
                leaf: *leaf,
                path: text(),
            }),
            child => Ok(Some(child)),
        },
    }
}

fn push_span(out: &mut String, tag: char, content: &str) {
    out.push(tag);
    out.push_str(&(content.len() + 1).to_string());
    out.push('!');
    out.push_str(content);
}

/// Appends the encoding of `value` to `out`.
fn mangle_into(value: &SipValue, out: &mut String) {
    match value {
        SipValue::Raw(i) => {
            out.push('_');
            out.push_str(&i.to_string());
        }
        SipValue::Sequence(children) => {
            let mut content = String::new();
            for (k, v) in children {
                content.push('k');
                content.push_str(&k.to_string());
                mangle_into(v, &mut content);
            }
            push_span(out, 'S', &content);
        }
        SipValue::Dict(children) => {
            let mut content = String::new();
            for (k, v) in children {
                push_span(&mut content, 'K', k);
                mangle_into(v, &mut content);
            }
            push_span(out, 'D', &content);
        }
    }
}

/// Encodes one structured value, e.g. `S9!k0_0k1_1`.
pub fn mangle_value(value: &SipValue) -> String {
    let mut out = String::new();
    mangle_into(value, &mut out);
    out
}

/// Encodes a function signature: `I` span of the inputs, `R` span of the
/// results (an empty structure is an empty span, `I1!`).
pub fn mangle_signature(signature: &SipSignature) -> String {
    let root = |v: &Option<SipValue>| v.as_ref().map(mangle_value).unwrap_or_default();
    let mut out = String::new();
    push_span(&mut out, 'I', &root(&signature.inputs));
    push_span(&mut out, 'R', &root(&signature.results));
    out
}

fn structure_of(
    params: &[crate::types::AbiParam],
    what: &'static str,
) -> Result<Option<SipValue>, MangleError> {
    let mut mangler = SipMangler::new();
    for (index, param) in params.iter().enumerate() {
        let path = param
            .index_path
            .as_ref()
            .ok_or(MangleError::MissingPath { what, index })?;
        let raw =
            u32::try_from(index).map_err(|_| MangleError::RawIndexOutOfRange { what, index })?;
        mangler.set_raw_index(raw, path)?;
    }
    Ok(mangler.finish())
}

/// The `sip` structure of a function whose arguments and results carry index
/// paths (argument `i` is raw input `i`, result `i` raw result `i`).
/// `Ok(None)` when no argument or result has an index path; an error when
/// only some have one, as IREE's TensorFlow importer required all of them.
pub fn signature_from_paths(
    function: &FunctionSignature,
) -> Result<Option<SipSignature>, MangleError> {
    let has_path = |p: &crate::types::AbiParam| p.index_path.is_some();
    if !function.args.iter().chain(&function.results).any(has_path) {
        return Ok(None);
    }
    Ok(Some(SipSignature {
        inputs: structure_of(&function.args, "argument")?,
        results: structure_of(&function.results, "result")?,
    }))
}
