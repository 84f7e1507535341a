//! Reflection type records: the JSON values that describe each argument and
//! result in V1 reflection metadata.
//!
//! Facts followed: the "Reflection" section of IREE's
//! `docs/developers/design_docs/function_abi.md` (primitive strings `i[0-9]+`,
//! `f[0-9]+`, `bf16`; `null`; `"unknown"`; compound tuples `named`, `ndarray`,
//! `slist`, `stuple`, `sdict`, `py_homogeneous_list`), plus `sdict_kwargs`,
//! which IREE's `SavedModelToIreeABI` pass emits for keyword arguments
//! (`integrations/tensorflow/iree_tf_compiler/TF/test/saved_model_to_iree_abi.mlir`).
//! Serialization is compact with no spaces, as LLVM's JSON writer prints it
//! (`["ndarray","f32",1,16]`).

use serde_json::Value;

use crate::json_text::quote;

/// One type record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeRecord {
    /// `"iN"`: integer of width N.
    Int(u32),
    /// `"fN"`: IEEE float of width N.
    Float(u32),
    /// `"bf16"`.
    BF16,
    /// JSON `null`: a null reference value (also an empty slot of a sequence).
    Null,
    /// `"unknown"`: an unmapped type.
    Unknown,
    /// `["named", key, T]`: a named slot (named root arguments).
    Named {
        /// The name.
        name: String,
        /// The slot's type.
        ty: Box<TypeRecord>,
    },
    /// `["ndarray", elem, rank|null, dim|null...]`.
    NdArray {
        /// Element type record.
        elem: Box<TypeRecord>,
        /// `None` for unknown rank; otherwise one entry per dimension, `None`
        /// for an unknown size.
        dims: Option<Vec<Option<u64>>>,
    },
    /// `["slist", T...]`: fixed-arity list with per-slot types.
    SList(Vec<TypeRecord>),
    /// `["stuple", T...]`: like `slist`, for languages that tell tuples apart.
    STuple(Vec<TypeRecord>),
    /// `["sdict", [key, T]...]`: named slots (keys are not passed at run time).
    SDict(Vec<(String, TypeRecord)>),
    /// `["sdict_kwargs", [key, T]...]`: the keyword arguments of a function.
    SDictKwargs(Vec<(String, TypeRecord)>),
    /// `["py_homogeneous_list", T]`: a list of unknown length.
    PyHomogeneousList(Box<TypeRecord>),
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The text is not JSON.
    #[error("invalid JSON: {0}")]
    Syntax(String),
    /// Neither a string, `null` nor an array.
    #[error("expected a type record (string, null or array), found {0}")]
    NotARecord(&'static str),
    /// A string that is no primitive type name.
    #[error("{0:?} is not a primitive type name (iN, fN, bf16) or \"unknown\"")]
    BadPrimitive(String),
    /// `[]`.
    #[error("compound record has no type identifier")]
    EmptyCompound,
    /// First element of a compound record is not a string.
    #[error("compound record must start with a string type identifier")]
    CompoundTagNotString,
    /// Unknown compound identifier.
    #[error("unknown compound record {0:?}")]
    UnknownCompound(String),
    /// Wrong number of elements.
    #[error("{0:?} record needs {1}, found {2} elements")]
    Arity(&'static str, &'static str, usize),
    /// A string was expected.
    #[error("expected a string")]
    ExpectedString,
    /// A rank that is neither a non-negative integer nor `null`.
    #[error("expected a rank (non-negative integer) or null")]
    BadRank,
    /// A dimension that is neither a non-negative integer nor `null`.
    #[error("expected a dimension (non-negative integer) or null")]
    BadDim,
    /// The number of dims differs from the rank.
    #[error("ndarray of rank {rank} has {dims} dimensions")]
    RankMismatch {
        /// Declared rank.
        rank: u64,
        /// Dimensions given.
        dims: usize,
    },
    /// An unknown-rank ndarray with dims.
    #[error("ndarray of unknown rank must not list dimensions")]
    DimsWithoutRank,
    /// An `sdict` entry that is not `[key, T]`.
    #[error("expected a [key, type] pair")]
    BadDictEntry,
    /// The reflection object is not an object.
    #[error("expected a JSON object")]
    NotAnObject,
    /// A required key is missing.
    #[error("missing key {0:?}")]
    MissingKey(&'static str),
    /// An unexpected key.
    #[error("unknown key {0:?}")]
    UnknownKey(String),
    /// `a` or `r` is not an array.
    #[error("expected an array of type records")]
    NotAnArray,
    /// `v` is not a non-negative integer.
    #[error("expected a version number (non-negative integer)")]
    BadVersion,
}

/// A record error and where it is, as a `$`-rooted path like `$.a[0][2]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at {path}: {kind}")]
pub struct RecordError {
    /// Location in the JSON document.
    pub path: String,
    /// The problem.
    pub kind: RecordErrorKind,
}

impl RecordError {
    pub(crate) fn new(path: &str, kind: RecordErrorKind) -> RecordError {
        RecordError {
            path: path.to_string(),
            kind,
        }
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parses the width of `iN`/`fN`: decimal, no sign, no leading zero.
fn width(digits: &str) -> Option<u32> {
    let well_formed = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if well_formed {
        digits.parse().ok()
    } else {
        None
    }
}

fn primitive(s: &str, path: &str) -> Result<TypeRecord, RecordError> {
    let record = match s {
        "bf16" => Some(TypeRecord::BF16),
        "unknown" => Some(TypeRecord::Unknown),
        _ => match s.split_at_checked(1) {
            Some(("i", w)) => width(w).map(TypeRecord::Int),
            Some(("f", w)) => width(w).map(TypeRecord::Float),
            _ => None,
        },
    };
    record.ok_or_else(|| RecordError::new(path, RecordErrorKind::BadPrimitive(s.to_string())))
}

fn optional_count(v: &Value, path: &str, bad: RecordErrorKind) -> Result<Option<u64>, RecordError> {
    match v {
        Value::Null => Ok(None),
        v => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| RecordError::new(path, bad)),
    }
}

fn dict_entries(items: &[Value], path: &str) -> Result<Vec<(String, TypeRecord)>, RecordError> {
    let mut entries = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("{path}[{}]", i + 1);
        match item.as_array().map(Vec::as_slice) {
            Some([Value::String(key), ty]) => entries.push((
                key.clone(),
                TypeRecord::from_json_at(ty, &format!("{at}[1]"))?,
            )),
            _ => return Err(RecordError::new(&at, RecordErrorKind::BadDictEntry)),
        }
    }
    Ok(entries)
}

fn slots(items: &[Value], path: &str) -> Result<Vec<TypeRecord>, RecordError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| TypeRecord::from_json_at(v, &format!("{path}[{}]", i + 1)))
        .collect()
}

fn compound(items: &[Value], path: &str) -> Result<TypeRecord, RecordError> {
    let Some((tag, rest)) = items.split_first() else {
        return Err(RecordError::new(path, RecordErrorKind::EmptyCompound));
    };
    let Value::String(tag) = tag else {
        return Err(RecordError::new(
            &format!("{path}[0]"),
            RecordErrorKind::CompoundTagNotString,
        ));
    };
    let arity =
        |name, need| RecordError::new(path, RecordErrorKind::Arity(name, need, items.len()));
    let at = |i: usize| format!("{path}[{i}]");
    match tag.as_str() {
        "named" => match rest {
            [Value::String(name), ty] => Ok(TypeRecord::Named {
                name: name.clone(),
                ty: Box::new(TypeRecord::from_json_at(ty, &at(2))?),
            }),
            [_, _] => Err(RecordError::new(&at(1), RecordErrorKind::ExpectedString)),
            _ => Err(arity("named", "3 (\"named\", key, type)")),
        },
        "ndarray" => {
            let [elem, rank, dims @ ..] = rest else {
                return Err(arity(
                    "ndarray",
                    "at least 3 (\"ndarray\", element type, rank)",
                ));
            };
            let elem = Box::new(TypeRecord::from_json_at(elem, &at(1))?);
            let rank = optional_count(rank, &at(2), RecordErrorKind::BadRank)?;
            let dims = match rank {
                None if dims.is_empty() => None,
                None => return Err(RecordError::new(path, RecordErrorKind::DimsWithoutRank)),
                Some(rank) => {
                    if u64::try_from(dims.len()).ok() != Some(rank) {
                        return Err(RecordError::new(
                            path,
                            RecordErrorKind::RankMismatch {
                                rank,
                                dims: dims.len(),
                            },
                        ));
                    }
                    let parsed: Result<Vec<_>, _> = dims
                        .iter()
                        .enumerate()
                        .map(|(i, d)| optional_count(d, &at(i + 3), RecordErrorKind::BadDim))
                        .collect();
                    Some(parsed?)
                }
            };
            Ok(TypeRecord::NdArray { elem, dims })
        }
        "slist" => Ok(TypeRecord::SList(slots(rest, path)?)),
        "stuple" => Ok(TypeRecord::STuple(slots(rest, path)?)),
        "sdict" => Ok(TypeRecord::SDict(dict_entries(rest, path)?)),
        "sdict_kwargs" => Ok(TypeRecord::SDictKwargs(dict_entries(rest, path)?)),
        "py_homogeneous_list" => match rest {
            [elem] => Ok(TypeRecord::PyHomogeneousList(Box::new(
                TypeRecord::from_json_at(elem, &at(1))?,
            ))),
            _ => Err(arity(
                "py_homogeneous_list",
                "2 (\"py_homogeneous_list\", element type)",
            )),
        },
        other => Err(RecordError::new(
            &format!("{path}[0]"),
            RecordErrorKind::UnknownCompound(other.to_string()),
        )),
    }
}

fn write_list<'a>(out: &mut String, tag: &str, items: impl Iterator<Item = &'a TypeRecord>) {
    out.push('[');
    out.push_str(&quote(tag));
    for item in items {
        out.push(',');
        item.write_json(out);
    }
    out.push(']');
}

fn write_dict(out: &mut String, tag: &str, entries: &[(String, TypeRecord)]) {
    out.push('[');
    out.push_str(&quote(tag));
    for (key, ty) in entries {
        out.push_str(",[");
        out.push_str(&quote(key));
        out.push(',');
        ty.write_json(out);
        out.push(']');
    }
    out.push(']');
}

impl TypeRecord {
    /// Converts a parsed JSON value; `path` names its location in errors.
    pub fn from_json_at(v: &Value, path: &str) -> Result<TypeRecord, RecordError> {
        match v {
            Value::Null => Ok(TypeRecord::Null),
            Value::String(s) => primitive(s, path),
            Value::Array(items) => compound(items, path),
            other => Err(RecordError::new(
                path,
                RecordErrorKind::NotARecord(kind_name(other)),
            )),
        }
    }

    /// Parses one record from JSON text.
    pub fn parse(text: &str) -> Result<TypeRecord, RecordError> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new("$", RecordErrorKind::Syntax(e.to_string())))?;
        TypeRecord::from_json_at(&v, "$")
    }

    /// Appends the compact JSON of this record to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            TypeRecord::Int(w) => out.push_str(&format!("\"i{w}\"")),
            TypeRecord::Float(w) => out.push_str(&format!("\"f{w}\"")),
            TypeRecord::BF16 => out.push_str("\"bf16\""),
            TypeRecord::Null => out.push_str("null"),
            TypeRecord::Unknown => out.push_str("\"unknown\""),
            TypeRecord::Named { name, ty } => {
                out.push_str("[\"named\",");
                out.push_str(&quote(name));
                out.push(',');
                ty.write_json(out);
                out.push(']');
            }
            TypeRecord::NdArray { elem, dims } => {
                out.push_str("[\"ndarray\",");
                elem.write_json(out);
                match dims {
                    None => out.push_str(",null"),
                    Some(dims) => {
                        out.push_str(&format!(",{}", dims.len()));
                        for d in dims {
                            match d {
                                Some(n) => out.push_str(&format!(",{n}")),
                                None => out.push_str(",null"),
                            }
                        }
                    }
                }
                out.push(']');
            }
            TypeRecord::SList(items) => write_list(out, "slist", items.iter()),
            TypeRecord::STuple(items) => write_list(out, "stuple", items.iter()),
            TypeRecord::SDict(entries) => write_dict(out, "sdict", entries),
            TypeRecord::SDictKwargs(entries) => write_dict(out, "sdict_kwargs", entries),
            TypeRecord::PyHomogeneousList(elem) => {
                write_list(out, "py_homogeneous_list", std::iter::once(&**elem))
            }
        }
    }

    /// The compact JSON of this record.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }
}
