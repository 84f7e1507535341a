//! Parses a `sip` signature into its input and result structures.
//!
//! Grammar (IREE's `docs/design_docs/function_abi.md`, "Structured Index Path
//! ABI"):
//!
//! ```text
//! signature        ::= 'I' length-prefixed(structured-value)
//!                      'R' length-prefixed(structured-value)
//! structured-value ::= raw-fn-index | sequence | dict
//! raw-fn-index     ::= '_' integer
//! sequence         ::= 'S' length-prefixed( (integer-key structured-value)* )
//! integer-key      ::= 'k' integer
//! dict             ::= 'D' length-prefixed( (string-key structured-value)* )
//! string-key       ::= 'K' length-prefixed( any-byte-sequence )
//! ```
//!
//! The root spans may also be empty (`I1!`): that is what IREE's mangler
//! emits for a function with no arguments or no results. This parser is
//! stricter than IREE's reference `SipSignatureParser`, which seeks the `I`
//! and `R` tags and lets keys of either kind appear in any structure: here the
//! signature is exactly `I` then `R`, sequences take only `k` keys, dicts only
//! `K` keys, every key has a value, keys are unique, raw indices and keys are
//! in `0..2^32`, dict keys are UTF-8 and nesting is bounded by
//! [`MAX_DEPTH`](crate::sip::MAX_DEPTH).

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use super::MAX_DEPTH;
use super::error::{SipError, SipErrorKind, TagByte};
use super::lexer::{Body, Component, Lexer};
use super::value::{SipSignature, SipValue};

/// Parses a whole signature such as `I8!S5!k0_0R3!_0`.
pub fn parse_signature(signature: impl AsRef<[u8]>) -> Result<SipSignature, SipError> {
    let bytes = signature.as_ref();
    let mut lexer = Lexer::new(bytes, 0, bytes.len());
    let inputs = expect_span(&mut lexer, b'I', "the inputs span 'I'")?;
    let results = expect_span(&mut lexer, b'R', "the results span 'R'")?;
    if !lexer.at_end() {
        return Err(SipError::new(
            lexer.pos(),
            SipErrorKind::TrailingData("the results span"),
        ));
    }
    Ok(SipSignature {
        inputs: parse_root(bytes, inputs)?,
        results: parse_root(bytes, results)?,
    })
}

/// Reads the next component, which must be a span with `tag`; returns its
/// content range.
fn expect_span(
    lexer: &mut Lexer<'_>,
    tag: u8,
    what: &'static str,
) -> Result<(usize, usize), SipError> {
    match lexer.next_component()? {
        Some(Component {
            tag: t,
            body: Body::Span { start, end },
            ..
        }) if t == tag => Ok((start, end)),
        Some(c) => Err(SipError::new(
            c.offset,
            SipErrorKind::UnexpectedTag {
                expected: what,
                found: TagByte(c.tag),
            },
        )),
        None => Err(SipError::new(
            lexer.pos(),
            SipErrorKind::UnexpectedEnd(what),
        )),
    }
}

/// Parses the content of an `I` or `R` span: empty, or one structured value.
fn parse_root(bytes: &[u8], (start, end): (usize, usize)) -> Result<Option<SipValue>, SipError> {
    let mut lexer = Lexer::new(bytes, start, end);
    let Some(first) = lexer.next_component()? else {
        return Ok(None);
    };
    let value = parse_value(bytes, first, 0)?;
    if !lexer.at_end() {
        return Err(SipError::new(
            lexer.pos(),
            SipErrorKind::TrailingData("the root structured value"),
        ));
    }
    Ok(Some(value))
}

/// Converts the integer of component `c` to a raw index or key.
fn to_u32(c: &Component, value: i64) -> Result<u32, SipError> {
    if value < 0 {
        return Err(SipError::new(
            c.offset,
            SipErrorKind::NegativeInteger(TagByte(c.tag)),
        ));
    }
    u32::try_from(value)
        .map_err(|_| SipError::new(c.offset, SipErrorKind::IntegerOutOfRange(TagByte(c.tag))))
}

const VALUE: &str = "a structured value ('_', 'S' or 'D')";

/// Parses the structured value that starts with component `c`, at nesting
/// `depth` (the number of enclosing sequences and dicts).
fn parse_value(bytes: &[u8], c: Component, depth: usize) -> Result<SipValue, SipError> {
    match (c.tag, c.body) {
        (b'_', Body::Integer(i)) => Ok(SipValue::Raw(to_u32(&c, i)?)),
        (b'S' | b'D', Body::Span { start, end }) => {
            if depth >= MAX_DEPTH {
                return Err(SipError::new(c.offset, SipErrorKind::TooDeep));
            }
            let mut lexer = Lexer::new(bytes, start, end);
            if c.tag == b'S' {
                parse_sequence(bytes, &mut lexer, depth).map(SipValue::Sequence)
            } else {
                parse_dict(bytes, &mut lexer, depth).map(SipValue::Dict)
            }
        }
        _ => Err(SipError::new(
            c.offset,
            SipErrorKind::UnexpectedTag {
                expected: VALUE,
                found: TagByte(c.tag),
            },
        )),
    }
}

/// Reads the value component that must follow a key.
fn value_after_key(
    bytes: &[u8],
    lexer: &mut Lexer<'_>,
    depth: usize,
) -> Result<SipValue, SipError> {
    match lexer.next_component()? {
        Some(v) => parse_value(bytes, v, depth + 1),
        None => Err(SipError::new(
            lexer.pos(),
            SipErrorKind::UnexpectedEnd(VALUE),
        )),
    }
}

fn parse_sequence(
    bytes: &[u8],
    lexer: &mut Lexer<'_>,
    depth: usize,
) -> Result<BTreeMap<u32, SipValue>, SipError> {
    const KEY: &str = "an integer key 'k' or the end of the sequence";
    let mut children = BTreeMap::new();
    while let Some(k) = lexer.next_component()? {
        let key = match (k.tag, k.body) {
            (b'k', Body::Integer(i)) => to_u32(&k, i)?,
            _ => {
                return Err(SipError::new(
                    k.offset,
                    SipErrorKind::UnexpectedTag {
                        expected: KEY,
                        found: TagByte(k.tag),
                    },
                ));
            }
        };
        let value = value_after_key(bytes, lexer, depth)?;
        match children.entry(key) {
            Entry::Vacant(slot) => {
                slot.insert(value);
            }
            Entry::Occupied(_) => {
                return Err(SipError::new(
                    k.offset,
                    SipErrorKind::DuplicateIntegerKey(key),
                ));
            }
        }
    }
    Ok(children)
}

fn parse_dict(
    bytes: &[u8],
    lexer: &mut Lexer<'_>,
    depth: usize,
) -> Result<BTreeMap<String, SipValue>, SipError> {
    const KEY: &str = "a string key 'K' or the end of the dict";
    let mut children = BTreeMap::new();
    while let Some(k) = lexer.next_component()? {
        let key = match (k.tag, k.body) {
            (b'K', Body::Span { start, end }) => std::str::from_utf8(&bytes[start..end])
                .map_err(|_| SipError::new(start, SipErrorKind::InvalidUtf8Key))?
                .to_string(),
            _ => {
                return Err(SipError::new(
                    k.offset,
                    SipErrorKind::UnexpectedTag {
                        expected: KEY,
                        found: TagByte(k.tag),
                    },
                ));
            }
        };
        let value = value_after_key(bytes, lexer, depth)?;
        match children.entry(key) {
            Entry::Vacant(slot) => {
                slot.insert(value);
            }
            Entry::Occupied(slot) => {
                return Err(SipError::new(
                    k.offset,
                    SipErrorKind::DuplicateStringKey(slot.key().clone()),
                ));
            }
        }
    }
    Ok(children)
}
