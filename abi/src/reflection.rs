//! V1 reflection metadata: the JSON object `{"a": [...], "r": [...], "v": 1}`
//! that describes a function's arguments and results, and its derivation
//! from a [`FunctionSignature`].
//!
//! Facts followed: IREE's `docs/developers/design_docs/function_abi.md`
//! ("Reflection": the JSON object with `a` and `r` is carried under key `d`
//! of the reflection attribute) and the `iree.abi` string attribute written
//! by `SavedModelToIreeABI.cpp` and `EmitDefaultIREEABI.cpp`, whose tests show
//! the exact text, keys in sorted order and no spaces:
//! `{"a":[["ndarray","f32",2,2,3],["ndarray","f32",1,3]],"r":[...],"v":1}`.
//! Type mapping of `mapTypeToJsonTypeRecord` in `SavedModelToIreeABI.cpp`:
//! shaped types → `ndarray` with static sizes or `null`, unranked → rank
//! `null`; integers → `iN`; `bf16` → `"bf16"`, other floats → `fN` by bit
//! width; anything else → `"unknown"`.

use serde_json::Value;

use crate::records::{RecordError, RecordErrorKind, TypeRecord};
use crate::types::{AbiType, FunctionSignature};

/// Name of the function attribute holding the reflection dictionary.
pub const REFLECTION_ATTR: &str = "iree.reflection";

/// Key of the reflection dictionary whose string value is the V1 JSON object.
pub const REFLECTION_JSON_KEY: &str = "d";

/// Name of the function attribute holding the same JSON object directly.
pub const ABI_ATTR: &str = "iree.abi";

/// The version written to `v` by [`ReflectionMetadata::from_signature`].
pub const REFLECTION_VERSION: u64 = 1;

/// The decoded JSON object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReflectionMetadata {
    /// `a`: one record per argument.
    pub args: Vec<TypeRecord>,
    /// `r`: one record per result.
    pub results: Vec<TypeRecord>,
    /// `v`: format version, when present.
    pub version: Option<u64>,
}

/// Bit width of an MLIR float type by its spelling, `None` when unknown.
pub fn float_width(name: &str) -> Option<u32> {
    match name {
        "f16" | "bf16" => Some(16),
        "tf32" => Some(19),
        "f32" => Some(32),
        "f64" => Some(64),
        "f80" => Some(80),
        "f128" => Some(128),
        "f4E2M1FN" => Some(4),
        n if n.starts_with("f8E") => Some(8),
        n if n.starts_with("f6E") => Some(6),
        _ => None,
    }
}

/// The record of one MLIR type. Mica's deviations from IREE's mapping:
/// `index` is recorded as `"i64"` (Mica's hosts use 64-bit indices, as the
/// memref descriptors do) and Mica's list and tuple types become
/// `py_homogeneous_list` and `stuple` records.
pub fn record_for_type(ty: &AbiType) -> TypeRecord {
    let ndarray = |elem: &AbiType, dims: Option<&[Option<i64>]>| TypeRecord::NdArray {
        elem: Box::new(record_for_type(elem)),
        dims: dims.map(|dims| {
            dims.iter()
                .map(|d| d.and_then(|n| u64::try_from(n).ok()))
                .collect()
        }),
    };
    match ty {
        AbiType::Int(w) => TypeRecord::Int(*w),
        AbiType::Index => TypeRecord::Int(64),
        AbiType::Float(name) if name == "bf16" => TypeRecord::BF16,
        AbiType::Float(name) => float_width(name).map_or(TypeRecord::Unknown, TypeRecord::Float),
        AbiType::Tensor { dims, elem } | AbiType::MemRef { dims, elem, .. } => {
            ndarray(elem, Some(dims))
        }
        AbiType::UnrankedTensor { elem } | AbiType::UnrankedMemRef { elem } => ndarray(elem, None),
        AbiType::Tuple(elems) => TypeRecord::STuple(elems.iter().map(record_for_type).collect()),
        AbiType::List(elem) => TypeRecord::PyHomogeneousList(Box::new(record_for_type(elem))),
        AbiType::Opaque(_) => TypeRecord::Unknown,
    }
}

fn records_at(v: Option<&Value>, key: &'static str) -> Result<Vec<TypeRecord>, RecordError> {
    let path = format!("$.{key}");
    let items = v
        .ok_or_else(|| RecordError::new("$", RecordErrorKind::MissingKey(key)))?
        .as_array()
        .ok_or_else(|| RecordError::new(&path, RecordErrorKind::NotAnArray))?;
    items
        .iter()
        .enumerate()
        .map(|(i, v)| TypeRecord::from_json_at(v, &format!("{path}[{i}]")))
        .collect()
}

fn write_records(out: &mut String, key: &str, records: &[TypeRecord]) {
    out.push('"');
    out.push_str(key);
    out.push_str("\":[");
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        r.write_json(out);
    }
    out.push(']');
}

impl ReflectionMetadata {
    /// Derives the records of every argument and result, with `v` = 1.
    pub fn from_signature(function: &FunctionSignature) -> ReflectionMetadata {
        ReflectionMetadata {
            args: function
                .args
                .iter()
                .map(|p| record_for_type(&p.ty))
                .collect(),
            results: function
                .results
                .iter()
                .map(|p| record_for_type(&p.ty))
                .collect(),
            version: Some(REFLECTION_VERSION),
        }
    }

    /// Parses the JSON object. `a` and `r` are required, `v` optional, and
    /// any other key is an error.
    pub fn parse(text: &str) -> Result<ReflectionMetadata, RecordError> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new("$", RecordErrorKind::Syntax(e.to_string())))?;
        let Value::Object(object) = &v else {
            return Err(RecordError::new("$", RecordErrorKind::NotAnObject));
        };
        if let Some(key) = object
            .keys()
            .find(|k| !matches!(k.as_str(), "a" | "r" | "v"))
        {
            return Err(RecordError::new(
                "$",
                RecordErrorKind::UnknownKey(key.clone()),
            ));
        }
        let version = match object.get("v") {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| RecordError::new("$.v", RecordErrorKind::BadVersion))?,
            ),
        };
        Ok(ReflectionMetadata {
            args: records_at(object.get("a"), "a")?,
            results: records_at(object.get("r"), "r")?,
            version,
        })
    }

    /// Compact JSON with keys in sorted order: `{"a":[...],"r":[...],"v":1}`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        write_records(&mut out, "a", &self.args);
        out.push(',');
        write_records(&mut out, "r", &self.results);
        if let Some(v) = self.version {
            out.push_str(&format!(",\"v\":{v}"));
        }
        out.push('}');
        out
    }
}
