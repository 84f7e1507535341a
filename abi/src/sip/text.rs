//! Renders `sip` structures as Python-like text.
//!
//! The format, designed for Mica (IREE's `ToStringVisitor` prints one line
//! per key instead):
//!
//! * a raw index leaf is `raw N`;
//! * a sequence is `[v0, v1]` when its keys are exactly `0..n`, otherwise
//!   every item shows its key: `[0: v, 2: w]`;
//! * a dict is `{"key": v, ...}` with keys quoted as JSON strings, in key order;
//! * a function is `(PARAMS) -> RESULTS`. `PARAMS` lists the children of the
//!   input root like a Python parameter list: positional values (a dense
//!   sequence root) as `v0, v1`, a sparse sequence root as `0: v, 2: w`, and a
//!   dict root as `name: v` with the name bare when it is an identifier
//!   (`[A-Za-z_][A-Za-z0-9_]*`) and quoted otherwise; an empty root (or an
//!   empty sequence or dict root) gives `()`. A raw input root, which stands
//!   for the whole argument list, is written without parentheses: `raw N`.
//!   `RESULTS` is the result root as a value, or `()` when empty.
//!
//! Example: `I23!S19!k0D13!K2!x_0K2!y_1R3!_0` (a function taking one dict
//! `{"x", "y"}` and returning one value) renders as
//! `({"x": raw 0, "y": raw 1}) -> raw 0`.

use std::collections::BTreeMap;

use super::value::{SipSignature, SipValue};
use crate::json_text::quote;

fn is_dense(children: &BTreeMap<u32, SipValue>) -> bool {
    children
        .keys()
        .enumerate()
        .all(|(i, k)| usize::try_from(*k).is_ok_and(|k| k == i))
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn sequence_items(children: &BTreeMap<u32, SipValue>) -> Vec<String> {
    let dense = is_dense(children);
    children
        .iter()
        .map(|(k, v)| {
            if dense {
                value_to_text(v)
            } else {
                format!("{k}: {}", value_to_text(v))
            }
        })
        .collect()
}

/// Renders one structured value.
pub fn value_to_text(value: &SipValue) -> String {
    match value {
        SipValue::Raw(i) => format!("raw {i}"),
        SipValue::Sequence(children) => format!("[{}]", sequence_items(children).join(", ")),
        SipValue::Dict(children) => {
            let items: Vec<String> = children
                .iter()
                .map(|(k, v)| format!("{}: {}", quote(k), value_to_text(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

/// Renders a function signature as `(PARAMS) -> RESULTS`.
pub fn signature_to_text(signature: &SipSignature) -> String {
    let results = match &signature.results {
        Some(v) => value_to_text(v),
        None => "()".to_string(),
    };
    let params = match &signature.inputs {
        None => Vec::new(),
        Some(SipValue::Raw(i)) => return format!("raw {i} -> {results}"),
        Some(SipValue::Sequence(children)) => sequence_items(children),
        Some(SipValue::Dict(children)) => children
            .iter()
            .map(|(k, v)| {
                let name = if is_identifier(k) {
                    k.clone()
                } else {
                    quote(k)
                };
                format!("{name}: {}", value_to_text(v))
            })
            .collect(),
    };
    format!("({}) -> {results}", params.join(", "))
}
