//! Reads a `sip` structure written as JSON, for encoding signatures by hand.
//!
//! Two forms are accepted (Mica's design; IREE had no JSON form):
//!
//! * nested: `{"inputs": V, "results": V}` where a value `V` is a
//!   non-negative integer (a raw index), an array (a sequence; the array
//!   position is the key and `null` items are gaps), or an object (a dict).
//!   A missing key or `null` root is an empty structure.
//!   Example: `{"inputs": [{"x": 0, "y": 1}], "results": 0}`.
//! * index paths: `{"input_paths": [P...], "result_paths": [P...]}` where
//!   the `i`-th path `P` (an array of integers and strings) places raw index
//!   `i`, exactly as the `tf_saved_model.index_path` attributes would.
//!   Example: `{"input_paths": [[0, "x"], [0, "y"]], "result_paths": [[]]}`.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::MAX_DEPTH;
use super::mangler::{MangleError, SipMangler, mangle_signature};
use super::value::{SipSignature, SipValue};
use crate::types::PathKey;

/// Why a JSON description is not a `sip` structure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SipJsonError {
    /// Not JSON at all.
    #[error("invalid JSON: {0}")]
    Syntax(String),
    /// The top level is not an object.
    #[error(
        "expected a JSON object with \"inputs\"/\"results\" or \"input_paths\"/\"result_paths\""
    )]
    NotAnObject,
    /// A top-level key of neither form.
    #[error("unknown key {0:?}")]
    UnknownKey(String),
    /// Keys of both forms.
    #[error(
        "keys of the nested form (inputs/results) and the path form (input_paths/result_paths) are mixed"
    )]
    MixedForms,
    /// A JSON value of the wrong kind at `at` (a `$`-rooted path).
    #[error("at {at}: expected {expected}")]
    Invalid {
        /// Where, e.g. `$.inputs[0].x`.
        at: String,
        /// What the format allows there.
        expected: &'static str,
    },
    /// An integer outside `0..2^32`.
    #[error("at {at}: {value} is not in 0..2^32")]
    OutOfRange {
        /// Where.
        at: String,
        /// The number as written.
        value: String,
    },
    /// Structures nested deeper than [`MAX_DEPTH`].
    #[error("at {0}: structures nested deeper than {MAX_DEPTH} levels")]
    TooDeep(String),
    /// The index paths do not form a structure.
    #[error(transparent)]
    Mangle(#[from] MangleError),
}

const VALUE: &str = "a raw index (non-negative integer), an array or an object";

fn raw_index(v: &Value, at: &str) -> Result<u32, SipJsonError> {
    let out_of_range = || SipJsonError::OutOfRange {
        at: at.to_string(),
        value: v.to_string(),
    };
    match v.as_u64() {
        Some(n) => u32::try_from(n).map_err(|_| out_of_range()),
        None if v.is_i64() => Err(out_of_range()),
        None => Err(SipJsonError::Invalid {
            at: at.to_string(),
            expected: VALUE,
        }),
    }
}

/// Converts a non-null nested-form value at nesting `depth`.
fn value_from_json(v: &Value, at: &str, depth: usize) -> Result<SipValue, SipJsonError> {
    if (v.is_array() || v.is_object()) && depth >= MAX_DEPTH {
        return Err(SipJsonError::TooDeep(at.to_string()));
    }
    match v {
        Value::Array(items) => {
            let mut children = BTreeMap::new();
            for (i, item) in items.iter().enumerate() {
                let key = u32::try_from(i).map_err(|_| SipJsonError::OutOfRange {
                    at: at.to_string(),
                    value: i.to_string(),
                })?;
                if !item.is_null() {
                    children.insert(
                        key,
                        value_from_json(item, &format!("{at}[{i}]"), depth + 1)?,
                    );
                }
            }
            Ok(SipValue::Sequence(children))
        }
        Value::Object(entries) => {
            let mut children = BTreeMap::new();
            for (k, item) in entries {
                let item_at = format!("{at}.{k}");
                children.insert(k.clone(), value_from_json(item, &item_at, depth + 1)?);
            }
            Ok(SipValue::Dict(children))
        }
        other => raw_index(other, at).map(SipValue::Raw),
    }
}

fn root_from_json(v: Option<&Value>, at: &str) -> Result<Option<SipValue>, SipJsonError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => value_from_json(v, at, 0).map(Some),
    }
}

fn structure_from_paths(v: Option<&Value>, at: &str) -> Result<Option<SipValue>, SipJsonError> {
    const PATHS: &str = "an array of index paths";
    const PATH: &str = "an index path (an array of integers and strings)";
    const KEY: &str = "an integer or a string key";
    let Some(v) = v else {
        return Ok(None);
    };
    let paths = v.as_array().ok_or_else(|| SipJsonError::Invalid {
        at: at.to_string(),
        expected: PATHS,
    })?;
    let mut mangler = SipMangler::new();
    for (raw, path) in paths.iter().enumerate() {
        let path_at = format!("{at}[{raw}]");
        let keys = path.as_array().ok_or_else(|| SipJsonError::Invalid {
            at: path_at.clone(),
            expected: PATH,
        })?;
        let mut parsed = Vec::with_capacity(keys.len());
        for (j, key) in keys.iter().enumerate() {
            let key_at = format!("{path_at}[{j}]");
            parsed.push(match key {
                Value::String(s) => PathKey::Name(s.clone()),
                Value::Number(n) => {
                    PathKey::Index(n.as_i64().ok_or_else(|| SipJsonError::OutOfRange {
                        at: key_at,
                        value: n.to_string(),
                    })?)
                }
                _ => {
                    return Err(SipJsonError::Invalid {
                        at: key_at,
                        expected: KEY,
                    });
                }
            });
        }
        let raw = u32::try_from(raw).map_err(|_| SipJsonError::OutOfRange {
            at: path_at,
            value: raw.to_string(),
        })?;
        mangler.set_raw_index(raw, &parsed)?;
    }
    Ok(mangler.finish())
}

fn signature_from_object(object: &Map<String, Value>) -> Result<SipSignature, SipJsonError> {
    let mut nested = false;
    let mut paths = false;
    for key in object.keys() {
        match key.as_str() {
            "inputs" | "results" => nested = true,
            "input_paths" | "result_paths" => paths = true,
            other => return Err(SipJsonError::UnknownKey(other.to_string())),
        }
    }
    if nested && paths {
        return Err(SipJsonError::MixedForms);
    }
    if paths {
        Ok(SipSignature {
            inputs: structure_from_paths(object.get("input_paths"), "$.input_paths")?,
            results: structure_from_paths(object.get("result_paths"), "$.result_paths")?,
        })
    } else {
        Ok(SipSignature {
            inputs: root_from_json(object.get("inputs"), "$.inputs")?,
            results: root_from_json(object.get("results"), "$.results")?,
        })
    }
}

/// Reads a signature from JSON text in either form.
pub fn signature_from_json(text: &str) -> Result<SipSignature, SipJsonError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| SipJsonError::Syntax(e.to_string()))?;
    match &value {
        Value::Object(object) => signature_from_object(object),
        _ => Err(SipJsonError::NotAnObject),
    }
}

/// Reads a signature from JSON text and encodes it, e.g.
/// `{"inputs": [0], "results": 0}` → `I8!S5!k0_0R3!_0`.
pub fn encode_from_json(text: &str) -> Result<String, SipJsonError> {
    signature_from_json(text).map(|s| mangle_signature(&s))
}
