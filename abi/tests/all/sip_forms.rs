//! The mangler's index-path rules and errors, the visitor API, and the JSON
//! form of `sip` signatures.

use mica_abi::sip::{
    MAX_DEPTH, MangleError, SipJsonError, SipMangler, SipSignature, SipValue, SipVisitor,
    StructKind, encode_from_json, parse_signature, signature_from_paths, visit_inputs,
    visit_results,
};
use mica_abi::{AbiParam, AbiType, FunctionSignature, PathKey};

fn i(n: i64) -> PathKey {
    PathKey::Index(n)
}

fn s(name: &str) -> PathKey {
    PathKey::Name(name.to_string())
}

/// Places raw indices 0, 1, ... at `paths`; returns the first error.
fn place_all(paths: &[Vec<PathKey>]) -> Result<Option<SipValue>, MangleError> {
    let mut mangler = SipMangler::new();
    for (raw, path) in paths.iter().enumerate() {
        mangler.set_raw_index(raw as u32, path)?;
    }
    Ok(mangler.finish())
}

#[test]
fn invalid_index_paths_are_rejected() {
    let p = |path: &str| path.to_string();
    let cases: Vec<(Vec<Vec<PathKey>>, MangleError)> = vec![
        (
            vec![vec![i(-1)]],
            MangleError::NegativeKey {
                raw: 0,
                path: p("[-1]"),
            },
        ),
        (
            vec![vec![s("a"), i(1 << 32)]],
            MangleError::KeyOutOfRange {
                raw: 0,
                path: p("[\"a\", 4294967296]"),
            },
        ),
        (
            vec![vec![i(0); MAX_DEPTH + 1]],
            MangleError::TooDeep {
                raw: 0,
                len: MAX_DEPTH + 1,
            },
        ),
        (
            vec![vec![i(0)], vec![s("x")]],
            MangleError::KindMismatch {
                raw: 1,
                path: p("[\"x\"]"),
                position: 0,
                found: "string",
                expected: "integer",
            },
        ),
        (
            vec![vec![s("a"), s("b")], vec![s("a"), i(3)]],
            MangleError::KindMismatch {
                raw: 1,
                path: p("[\"a\", 3]"),
                position: 1,
                found: "integer",
                expected: "string",
            },
        ),
        (
            vec![vec![i(0), s("x")], vec![i(0), s("x")]],
            MangleError::Duplicate {
                raw: 1,
                previous: 0,
                path: p("[0, \"x\"]"),
            },
        ),
        (
            vec![vec![], vec![]],
            MangleError::Duplicate {
                raw: 1,
                previous: 0,
                path: p("[]"),
            },
        ),
        (
            vec![vec![i(0)], vec![i(0), s("x")]],
            MangleError::ThroughLeaf {
                raw: 1,
                leaf: 0,
                path: p("[0, \"x\"]"),
            },
        ),
        (
            vec![vec![], vec![i(2)]],
            MangleError::ThroughLeaf {
                raw: 1,
                leaf: 0,
                path: p("[2]"),
            },
        ),
        (
            vec![vec![i(0), s("x")], vec![i(0)]],
            MangleError::OntoStructure {
                raw: 1,
                path: p("[0]"),
            },
        ),
        (
            vec![vec![i(0)], vec![]],
            MangleError::OntoStructure {
                raw: 1,
                path: p("[]"),
            },
        ),
    ];
    for (paths, want) in cases {
        assert_eq!(place_all(&paths), Err(want), "paths {paths:?}");
    }
}

#[test]
fn failed_placements_change_nothing() {
    let mut mangler = SipMangler::new();
    mangler.set_raw_index(0, &[i(0), s("x")]).expect("valid");
    let bad: [&[PathKey]; 5] = [
        &[i(0), i(1)],
        &[i(1), i(-2)],
        &[i(0), s("x"), s("y")],
        &[i(0), s("x")],
        &[s("z")],
    ];
    for path in bad {
        assert!(
            mangler.set_raw_index(7, path).is_err(),
            "{path:?} must fail"
        );
    }
    let want = parse_signature("I16!S12!k0D7!K2!x_0R1!")
        .expect("parses")
        .inputs;
    assert_eq!(mangler.finish(), want);
}

#[test]
fn mangle_errors_read_well() {
    let e = place_all(&[vec![i(0)], vec![s("x")]]).expect_err("mismatch");
    assert_eq!(
        e.to_string(),
        "index path [\"x\"] of raw index 1 uses a string key at position 0 where other paths use integer keys"
    );
    let e = place_all(&[vec![i(0), s("x")], vec![i(0), s("x")]]).expect_err("duplicate");
    assert_eq!(
        e.to_string(),
        "raw indices 0 and 1 have the same index path [0, \"x\"]"
    );
}

#[test]
fn function_signatures_need_paths_everywhere_or_nowhere() {
    let t = || AbiType::tensor(&[Some(4)], AbiType::float("f32"));
    let plain = FunctionSignature::new("f", vec![t(), t()], vec![t()]);
    assert_eq!(signature_from_paths(&plain), Ok(None));

    let mut with_paths = plain.clone();
    with_paths.args = vec![
        AbiParam::with_path(t(), vec![i(0), s("x")]),
        AbiParam::with_path(t(), vec![i(0), s("y")]),
    ];
    with_paths.results = vec![AbiParam::with_path(t(), vec![])];
    let sip = signature_from_paths(&with_paths)
        .expect("valid")
        .expect("has paths");
    assert_eq!(
        mica_abi::sip::mangle_signature(&sip),
        "I23!S19!k0D13!K2!x_0K2!y_1R3!_0"
    );

    let mut missing = with_paths.clone();
    missing.args[1].index_path = None;
    assert_eq!(
        signature_from_paths(&missing),
        Err(MangleError::MissingPath {
            what: "argument",
            index: 1
        })
    );
    let mut missing = with_paths.clone();
    missing.results[0].index_path = None;
    assert_eq!(
        signature_from_paths(&missing),
        Err(MangleError::MissingPath {
            what: "result",
            index: 0
        })
    );

    // Only results with paths: the inputs are an empty structure.
    let results_only = FunctionSignature {
        name: "g".into(),
        args: vec![],
        results: vec![AbiParam::with_path(t(), vec![s("out")])],
    };
    let sip = signature_from_paths(&results_only)
        .expect("valid")
        .expect("has paths");
    assert_eq!(mica_abi::sip::mangle_signature(&sip), "I1!R12!D9!K4!out_0");
}

/// Records visitor events as text.
#[derive(Default)]
struct Recorder(Vec<String>);

impl SipVisitor for Recorder {
    fn integer_key(&mut self, key: u32) {
        self.0.push(format!("k{key}"));
    }
    fn string_key(&mut self, key: &str) {
        self.0.push(format!("K{key}"));
    }
    fn open_struct(&mut self, kind: StructKind) {
        self.0.push(match kind {
            StructKind::Sequence => "[".into(),
            StructKind::Dict => "{".into(),
        });
    }
    fn close_struct(&mut self) {
        self.0.push("end".into());
    }
    fn raw_index(&mut self, index: u32) {
        self.0.push(format!("raw{index}"));
    }
}

#[test]
fn visitors_see_keys_structures_and_leaves_in_order() {
    let sig = "I12!S9!k0_0k1_1R27!S23!k0_0k1D13!K2!a_1K2!b_2";
    let mut inputs = Recorder::default();
    visit_inputs(sig, &mut inputs).expect("valid");
    assert_eq!(inputs.0, ["[", "k0", "raw0", "k1", "raw1", "end"]);
    let mut results = Recorder::default();
    visit_results(sig, &mut results).expect("valid");
    assert_eq!(
        results.0,
        [
            "[", "k0", "raw0", "k1", "{", "Ka", "raw1", "Kb", "raw2", "end", "end"
        ]
    );

    let mut nothing = Recorder::default();
    assert!(visit_inputs("I8!S5!k0", &mut nothing).is_err());
    assert!(nothing.0.is_empty(), "malformed signatures are not visited");
    visit_inputs("I1!R1!", &mut nothing).expect("valid");
    assert!(nothing.0.is_empty(), "empty structures have no events");
}

#[test]
fn leaves_recover_index_paths() {
    let sig = parse_signature("I56!S52!k0D42!K5!dictD13!K2!a_0K2!b_1K5!listS9!k0_2k1_3k1_4R1!")
        .expect("parses");
    let leaves = sig.inputs.expect("inputs").leaves();
    let want = vec![
        (vec![i(0), s("dict"), s("a")], 0),
        (vec![i(0), s("dict"), s("b")], 1),
        (vec![i(0), s("list"), i(0)], 2),
        (vec![i(0), s("list"), i(1)], 3),
        (vec![i(1)], 4),
    ];
    assert_eq!(leaves, want);
    assert_eq!(SipValue::Raw(3).leaves(), vec![(vec![], 3)]);
}

#[test]
fn json_forms_encode() {
    let cases = [
        (
            r#"{"inputs": [{"x": 0, "y": 1}], "results": 0}"#,
            "I23!S19!k0D13!K2!x_0K2!y_1R3!_0",
        ),
        (
            r#"{"input_paths": [[0, "x"], [0, "y"]], "result_paths": [[]]}"#,
            "I23!S19!k0D13!K2!x_0K2!y_1R3!_0",
        ),
        (r#"{}"#, "I1!R1!"),
        (r#"{"inputs": null, "results": null}"#, "I1!R1!"),
        (r#"{"input_paths": []}"#, "I1!R1!"),
        (r#"{"inputs": [0, null, 1]}"#, "I12!S9!k0_0k2_1R1!"),
        (r#"{"inputs": [], "results": {}}"#, "I4!S1!R4!D1!"),
        (
            r#"{"results": {"b": 1, "a": [[2]]}}"#,
            "I1!R28!D24!K2!aS10!k0S5!k0_2K2!b_1",
        ),
        (r#"{"inputs": 4294967295}"#, "I12!_4294967295R1!"),
    ];
    for (json, want) in cases {
        assert_eq!(encode_from_json(json).as_deref(), Ok(want), "json {json}");
    }
}

#[test]
fn json_errors_say_where() {
    let invalid = |at: &str, expected| {
        Err(SipJsonError::Invalid {
            at: at.to_string(),
            expected,
        })
    };
    const VALUE: &str = "a raw index (non-negative integer), an array or an object";
    let cases: Vec<(&str, Result<SipSignature, SipJsonError>)> = vec![
        ("[]", Err(SipJsonError::NotAnObject)),
        (r#"{"foo": 1}"#, Err(SipJsonError::UnknownKey("foo".into()))),
        (
            r#"{"inputs": 0, "result_paths": []}"#,
            Err(SipJsonError::MixedForms),
        ),
        (r#"{"inputs": [true]}"#, invalid("$.inputs[0]", VALUE)),
        (r#"{"inputs": {"a": null}}"#, invalid("$.inputs.a", VALUE)),
        (
            r#"{"results": [{"a": 1.5}]}"#,
            invalid("$.results[0].a", VALUE),
        ),
        (
            r#"{"inputs": -1}"#,
            Err(SipJsonError::OutOfRange {
                at: "$.inputs".into(),
                value: "-1".into(),
            }),
        ),
        (
            r#"{"inputs": 4294967296}"#,
            Err(SipJsonError::OutOfRange {
                at: "$.inputs".into(),
                value: "4294967296".into(),
            }),
        ),
        (
            r#"{"input_paths": 5}"#,
            invalid("$.input_paths", "an array of index paths"),
        ),
        (
            r#"{"input_paths": [[0], 1]}"#,
            invalid(
                "$.input_paths[1]",
                "an index path (an array of integers and strings)",
            ),
        ),
        (
            r#"{"input_paths": [[0, true]]}"#,
            invalid("$.input_paths[0][1]", "an integer or a string key"),
        ),
        (
            r#"{"input_paths": [[0.5]]}"#,
            Err(SipJsonError::OutOfRange {
                at: "$.input_paths[0][0]".into(),
                value: "0.5".into(),
            }),
        ),
        (
            r#"{"result_paths": [[0], ["x"]]}"#,
            Err(SipJsonError::Mangle(MangleError::KindMismatch {
                raw: 1,
                path: "[\"x\"]".into(),
                position: 0,
                found: "string",
                expected: "integer",
            })),
        ),
    ];
    for (json, want) in cases {
        assert_eq!(
            mica_abi::sip::signature_from_json(json),
            want,
            "json {json}"
        );
    }
    assert!(matches!(
        encode_from_json("{"),
        Err(SipJsonError::Syntax(_))
    ));
    let deep = format!(
        r#"{{"inputs": {}0{}}}"#,
        "[".repeat(MAX_DEPTH + 1),
        "]".repeat(MAX_DEPTH + 1)
    );
    let at = format!("$.inputs{}", "[0]".repeat(MAX_DEPTH));
    assert_eq!(encode_from_json(&deep), Err(SipJsonError::TooDeep(at)));
    let ok = format!(
        r#"{{"inputs": {}0{}}}"#,
        "[".repeat(MAX_DEPTH),
        "]".repeat(MAX_DEPTH)
    );
    assert!(encode_from_json(&ok).is_ok());
}
