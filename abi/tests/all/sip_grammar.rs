//! Every production of the `sip` grammar, the signatures IREE's TensorFlow
//! tests expected, and every parse error with its byte offset.

use std::collections::BTreeMap;

use mica_abi::PathKey;
use mica_abi::sip::{
    MAX_DEPTH, SipError, SipErrorKind, SipMangler, SipSignature, SipValue, TagByte, decode_to_text,
    mangle_signature, parse_signature,
};

fn raw(i: u32) -> SipValue {
    SipValue::Raw(i)
}

fn seq(items: &[(u32, SipValue)]) -> SipValue {
    SipValue::Sequence(items.iter().cloned().collect())
}

fn dict(items: &[(&str, SipValue)]) -> SipValue {
    SipValue::Dict(
        items
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

fn i(n: i64) -> PathKey {
    PathKey::Index(n)
}

fn s(name: &str) -> PathKey {
    PathKey::Name(name.to_string())
}

fn from_paths(paths: &Paths) -> Option<SipValue> {
    let mut mangler = SipMangler::new();
    for (raw, path) in paths.iter().enumerate() {
        mangler
            .set_raw_index(raw as u32, path)
            .expect("valid paths");
    }
    mangler.finish()
}

/// One index path per raw argument (or result).
type Paths = Vec<Vec<PathKey>>;

struct Case {
    signature: &'static str,
    inputs: Option<SipValue>,
    results: Option<SipValue>,
    /// Index paths of the arguments and results, when the case came from them.
    paths: Option<(Paths, Paths)>,
    text: &'static str,
}

/// Signatures from IREE's `saved_model_adopt_exports.py` (with the Python
/// functions they came from) and Mica's own cases for the other productions.
fn cases() -> Vec<Case> {
    vec![
        // def f(self): self.v.assign(...) -- no arguments, no results.
        Case {
            signature: "I1!R1!",
            inputs: None,
            results: None,
            paths: Some((vec![], vec![])),
            text: "() -> ()",
        },
        // def f(self): return self.v
        Case {
            signature: "I1!R3!_0",
            inputs: None,
            results: Some(raw(0)),
            paths: Some((vec![], vec![vec![]])),
            text: "() -> raw 0",
        },
        // def f(self, a): self.v.assign(a)
        Case {
            signature: "I8!S5!k0_0R1!",
            inputs: Some(seq(&[(0, raw(0))])),
            results: None,
            paths: Some((vec![vec![i(0)]], vec![])),
            text: "(raw 0) -> ()",
        },
        // def simple_mul(self, d): return d["x"] * d["y"]
        Case {
            signature: "I23!S19!k0D13!K2!x_0K2!y_1R3!_0",
            inputs: Some(seq(&[(0, dict(&[("x", raw(0)), ("y", raw(1))]))])),
            results: Some(raw(0)),
            paths: Some((vec![vec![i(0), s("x")], vec![i(0), s("y")]], vec![vec![]])),
            text: "({\"x\": raw 0, \"y\": raw 1}) -> raw 0",
        },
        // return {"x": product, "x_squared": product * product}
        Case {
            signature: "I12!S9!k0_0k1_1R26!D22!K2!x_0K10!x_squared_1",
            inputs: Some(seq(&[(0, raw(0)), (1, raw(1))])),
            results: Some(dict(&[("x", raw(0)), ("x_squared", raw(1))])),
            paths: Some((
                vec![vec![i(0)], vec![i(1)]],
                vec![vec![s("x")], vec![s("x_squared")]],
            )),
            text: "(raw 0, raw 1) -> {\"x\": raw 0, \"x_squared\": raw 1}",
        },
        // return {"x": product}
        Case {
            signature: "I12!S9!k0_0k1_1R10!D7!K2!x_0",
            inputs: Some(seq(&[(0, raw(0)), (1, raw(1))])),
            results: Some(dict(&[("x", raw(0))])),
            paths: Some((vec![vec![i(0)], vec![i(1)]], vec![vec![s("x")]])),
            text: "(raw 0, raw 1) -> {\"x\": raw 0}",
        },
        // return product
        Case {
            signature: "I12!S9!k0_0k1_1R3!_0",
            inputs: Some(seq(&[(0, raw(0)), (1, raw(1))])),
            results: Some(raw(0)),
            paths: Some((vec![vec![i(0)], vec![i(1)]], vec![vec![]])),
            text: "(raw 0, raw 1) -> raw 0",
        },
        // return product, a, b
        Case {
            signature: "I12!S9!k0_0k1_1R17!S13!k0_0k1_1k2_2",
            inputs: Some(seq(&[(0, raw(0)), (1, raw(1))])),
            results: Some(seq(&[(0, raw(0)), (1, raw(1)), (2, raw(2))])),
            paths: Some((
                vec![vec![i(0)], vec![i(1)]],
                vec![vec![i(0)], vec![i(1)], vec![i(2)]],
            )),
            text: "(raw 0, raw 1) -> [raw 0, raw 1, raw 2]",
        },
        // return product, {"a": a, "b": b}
        Case {
            signature: "I12!S9!k0_0k1_1R27!S23!k0_0k1D13!K2!a_1K2!b_2",
            inputs: Some(seq(&[(0, raw(0)), (1, raw(1))])),
            results: Some(seq(&[
                (0, raw(0)),
                (1, dict(&[("a", raw(1)), ("b", raw(2))])),
            ])),
            paths: Some((
                vec![vec![i(0)], vec![i(1)]],
                vec![vec![i(0)], vec![i(1), s("a")], vec![i(1), s("b")]],
            )),
            text: "(raw 0, raw 1) -> [raw 0, {\"a\": raw 1, \"b\": raw 2}]",
        },
        // A keyword-argument root (dict) holding a dict holding a list.
        Case {
            signature: "I28!D24!K2!aD16!K2!xS9!k0_0k1_1R3!_0",
            inputs: Some(dict(&[(
                "a",
                dict(&[("x", seq(&[(0, raw(0)), (1, raw(1))]))]),
            )])),
            results: Some(raw(0)),
            paths: Some((
                vec![vec![s("a"), s("x"), i(0)], vec![s("a"), s("x"), i(1)]],
                vec![vec![]],
            )),
            text: "(a: {\"x\": [raw 0, raw 1]}) -> raw 0",
        },
        // The nesting of IREE's `dict_nest` test:
        // f({"dict": {"a": t, "b": t}, "list": [t, t]}, scalar).
        Case {
            signature: "I56!S52!k0D42!K5!dictD13!K2!a_0K2!b_1K5!listS9!k0_2k1_3k1_4R1!",
            inputs: Some(seq(&[
                (
                    0,
                    dict(&[
                        ("dict", dict(&[("a", raw(0)), ("b", raw(1))])),
                        ("list", seq(&[(0, raw(2)), (1, raw(3))])),
                    ]),
                ),
                (1, raw(4)),
            ])),
            results: None,
            paths: Some((
                vec![
                    vec![i(0), s("dict"), s("a")],
                    vec![i(0), s("dict"), s("b")],
                    vec![i(0), s("list"), i(0)],
                    vec![i(0), s("list"), i(1)],
                    vec![i(1)],
                ],
                vec![],
            )),
            text: "({\"dict\": {\"a\": raw 0, \"b\": raw 1}, \"list\": [raw 2, raw 3]}, raw 4) -> ()",
        },
        // Sparse sequences show their keys; non-identifier root keys are quoted.
        Case {
            signature: "I12!S9!k0_0k2_1R12!D9!K4!a b_2",
            inputs: Some(seq(&[(0, raw(0)), (2, raw(1))])),
            results: Some(dict(&[("a b", raw(2))])),
            paths: None,
            text: "(0: raw 0, 2: raw 1) -> {\"a b\": raw 2}",
        },
        Case {
            signature: "I23!D19!K1!S5!k3_1K4!a b_0R19!S15!k0S1!k1D1!k7_2",
            inputs: Some(dict(&[("a b", raw(0)), ("", seq(&[(3, raw(1))]))])),
            results: Some(seq(&[(0, seq(&[])), (1, dict(&[])), (7, raw(2))])),
            paths: None,
            text: "(\"\": [3: raw 1], \"a b\": raw 0) -> [0: [], 1: {}, 7: raw 2]",
        },
        // A raw input root; keys and contents that look like grammar.
        Case {
            signature: "I3!_5R26!D22!K1!_1K2!!_0K6!12!S1_0",
            inputs: Some(raw(5)),
            results: Some(dict(&[("12!S1", raw(0)), ("!", raw(0)), ("", raw(1))])),
            paths: None,
            text: "raw 5 -> {\"\": raw 1, \"!\": raw 0, \"12!S1\": raw 0}",
        },
        // The full range of raw indices and keys.
        Case {
            signature: "I27!S23!k4294967295_4294967295R1!",
            inputs: Some(seq(&[(u32::MAX, raw(u32::MAX))])),
            results: None,
            paths: None,
            text: "(4294967295: raw 4294967295) -> ()",
        },
    ]
}

#[test]
fn signatures_parse_to_their_structures() {
    for case in cases() {
        let parsed = parse_signature(case.signature)
            .unwrap_or_else(|e| panic!("{} should parse: {e}", case.signature));
        assert_eq!(parsed.inputs, case.inputs, "inputs of {}", case.signature);
        assert_eq!(
            parsed.results, case.results,
            "results of {}",
            case.signature
        );
    }
}

#[test]
fn structures_mangle_to_their_signatures() {
    for case in cases() {
        let sig = SipSignature {
            inputs: case.inputs.clone(),
            results: case.results.clone(),
        };
        // Every case is written in canonical (key) order.
        assert_eq!(mangle_signature(&sig), case.signature);
    }
}

#[test]
fn index_paths_mangle_to_their_signatures() {
    for case in cases() {
        let Some((inputs, results)) = &case.paths else {
            continue;
        };
        let sig = SipSignature {
            inputs: from_paths(inputs),
            results: from_paths(results),
        };
        assert_eq!(mangle_signature(&sig), case.signature);
    }
}

#[test]
fn signatures_render_as_text() {
    for case in cases() {
        assert_eq!(
            decode_to_text(case.signature).as_deref(),
            Ok(case.text),
            "text of {}",
            case.signature
        );
    }
}

#[test]
fn integers_may_have_leading_zeros_and_minus_zero() {
    // `integer ::= -?[0-9]+` admits both; the canonical form drops them.
    let parsed = parse_signature("I11!S8!k007_-0R1!").expect("parses");
    assert_eq!(parsed.inputs, Some(seq(&[(7, raw(0))])));
    let parsed = parse_signature("I5!_007R1!").expect("parses");
    assert_eq!(parsed.inputs, Some(raw(7)));
    assert!(
        parse_signature("I7!S4!k0_1R1!").is_err(),
        "length must match exactly"
    );
}

fn err(offset: usize, kind: SipErrorKind) -> Result<SipSignature, SipError> {
    Err(SipError { offset, kind })
}

fn tag(b: u8) -> TagByte {
    TagByte(b)
}

const VALUE: &str = "a structured value ('_', 'S' or 'D')";

#[test]
fn malformed_signatures_report_offsets() {
    use SipErrorKind::*;
    let cases: Vec<(&[u8], Result<SipSignature, SipError>)> = vec![
        (b"", err(0, UnexpectedEnd("the inputs span 'I'"))),
        (
            b"R1!I1!",
            err(
                0,
                UnexpectedTag {
                    expected: "the inputs span 'I'",
                    found: tag(b'R'),
                },
            ),
        ),
        (b"I1!", err(3, UnexpectedEnd("the results span 'R'"))),
        (
            b"I1!_0",
            err(
                3,
                UnexpectedTag {
                    expected: "the results span 'R'",
                    found: tag(b'_'),
                },
            ),
        ),
        (b"I1!R1!_0", err(6, TrailingData("the results span"))),
        (b"I1!R1!\xff", err(6, TrailingData("the results span"))),
        (
            b"I5!_0_1R1!",
            err(5, TrailingData("the root structured value")),
        ),
        (
            b"I3!k0R1!",
            err(
                3,
                UnexpectedTag {
                    expected: VALUE,
                    found: tag(b'k'),
                },
            ),
        ),
        (
            b"I4!K1!R1!",
            err(
                3,
                UnexpectedTag {
                    expected: VALUE,
                    found: tag(b'K'),
                },
            ),
        ),
        (
            b"I6!S3!_0R1!",
            err(
                6,
                UnexpectedTag {
                    expected: "an integer key 'k' or the end of the sequence",
                    found: tag(b'_'),
                },
            ),
        ),
        (
            b"I10!S7!K2!a_0R1!",
            err(
                7,
                UnexpectedTag {
                    expected: "an integer key 'k' or the end of the sequence",
                    found: tag(b'K'),
                },
            ),
        ),
        (
            b"I8!D5!k0_0R1!",
            err(
                6,
                UnexpectedTag {
                    expected: "a string key 'K' or the end of the dict",
                    found: tag(b'k'),
                },
            ),
        ),
        (b"I6!S3!k0R1!", err(8, UnexpectedEnd(VALUE))),
        (b"I8!D5!K2!aR1!", err(10, UnexpectedEnd(VALUE))),
        (
            b"I8!S5!k0k1R1!",
            err(
                8,
                UnexpectedTag {
                    expected: VALUE,
                    found: tag(b'k'),
                },
            ),
        ),
        (b"I12!S9!k0_0k0_1R1!", err(11, DuplicateIntegerKey(0))),
        (
            b"I17!D13!K2!a_0K2!a_1R1!",
            err(14, DuplicateStringKey("a".to_string())),
        ),
        (b"I10!D7!K2!\xff_0R1!", err(10, InvalidUtf8Key)),
        (b"I4!_-1R1!", err(3, NegativeInteger(tag(b'_')))),
        (b"I9!S6!k-1_0R1!", err(6, NegativeInteger(tag(b'k')))),
        (b"I12!_4294967296R1!", err(4, IntegerOutOfRange(tag(b'_')))),
        (b"I2!?R1!", err(3, InvalidTag(tag(b'?')))),
        (b"I2!\x01R1!", err(3, InvalidTag(tag(1)))),
        (b"I2!_R1!", err(3, MissingInteger(tag(b'_')))),
        (b"I3!_-R1!", err(3, MissingInteger(tag(b'_')))),
        (
            b"I9!S5!k0",
            err(
                0,
                Truncated {
                    tag: tag(b'I'),
                    needed: 9,
                    available: 6,
                },
            ),
        ),
        (
            b"I5!S9!kR1!",
            err(
                3,
                Truncated {
                    tag: tag(b'S'),
                    needed: 9,
                    available: 2,
                },
            ),
        ),
        (b"I3_0R1!", err(2, MissingBang)),
        (b"I0!R1!", err(0, ZeroLength(tag(b'I')))),
        (b"I!R1!", err(0, MissingLength(tag(b'I')))),
        (b"I-1!R1!", err(0, NegativeLength(tag(b'I')))),
        (
            b"I1!R99999999999999999999999!",
            err(3, LengthTooLarge(tag(b'R'))),
        ),
        (
            b"I4!X1!R1!",
            err(
                3,
                UnexpectedTag {
                    expected: VALUE,
                    found: tag(b'X'),
                },
            ),
        ),
        (
            b"I1!R3!S1",
            err(
                6,
                Truncated {
                    tag: tag(b'S'),
                    needed: 1,
                    available: 0,
                },
            ),
        ),
    ];
    for (input, want) in cases {
        assert_eq!(
            parse_signature(input),
            want,
            "input {:?}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn integers_beyond_i64_are_out_of_range() {
    let digits = "9".repeat(25);
    let sig = format!("I{}!_{digits}R1!", digits.len() + 2);
    assert_eq!(
        parse_signature(&sig),
        err(4, SipErrorKind::IntegerOutOfRange(tag(b'_')))
    );
}

#[test]
fn error_messages_name_the_offset() {
    let e = parse_signature("I12!S9!k0_0k0_1R1!").expect_err("duplicate");
    assert_eq!(
        e.to_string(),
        "invalid sip signature at byte 11: duplicate sequence key 0"
    );
    let e = parse_signature("I5!S9!kR1!").expect_err("truncated");
    assert_eq!(
        e.to_string(),
        "invalid sip signature at byte 3: span after tag 'S' needs 9 bytes but only 2 remain"
    );
    let e = parse_signature(b"I2!\x01R1!").expect_err("bad tag");
    assert_eq!(
        e.to_string(),
        "invalid sip signature at byte 3: invalid component tag byte 0x01"
    );
}

/// `depth` nested single-child sequences around `_0`.
fn nested(depth: usize) -> String {
    let mut value = "_0".to_string();
    for _ in 0..depth {
        let content = format!("k0{value}");
        value = format!("S{}!{content}", content.len() + 1);
    }
    format!("I{}!{value}R1!", value.len() + 1)
}

#[test]
fn nesting_is_bounded() {
    let ok = parse_signature(nested(MAX_DEPTH)).expect("MAX_DEPTH levels parse");
    assert_eq!(ok.inputs.map(|v| v.depth()), Some(MAX_DEPTH));
    let deep = nested(MAX_DEPTH + 1);
    let e = parse_signature(&deep).expect_err("too deep");
    assert_eq!(e.kind, SipErrorKind::TooDeep);
    // The offending structure is the innermost one: its tag is the last 'S'.
    assert_eq!(Some(e.offset), deep.rfind('S'));
    // Far deeper inputs fail the same way without exhausting the stack.
    assert_eq!(
        parse_signature(nested(3000))
            .map(|_| ())
            .map_err(|e| e.kind),
        Err(SipErrorKind::TooDeep)
    );
}

#[test]
fn wide_structures_parse() {
    let children: BTreeMap<u32, SipValue> = (0..20_000).map(|k| (k, raw(k))).collect();
    let sig = SipSignature {
        inputs: Some(SipValue::Sequence(children)),
        results: None,
    };
    let text = mangle_signature(&sig);
    assert_eq!(parse_signature(&text), Ok(sig));
}
