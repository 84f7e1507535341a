//! Reflection type records and metadata: every record form, every error,
//! IREE's own reflection strings, derivation from MLIR types, and random
//! round trips.

use mica_abi::records::RecordErrorKind as K;
use mica_abi::{
    AbiType, FunctionSignature, RecordError, ReflectionMetadata, StridedLayout, TypeRecord,
    record_for_type,
};

use crate::common::{Rng, random_record};

fn b(r: TypeRecord) -> Box<TypeRecord> {
    Box::new(r)
}

fn nd(elem: TypeRecord, dims: Option<Vec<Option<u64>>>) -> TypeRecord {
    TypeRecord::NdArray {
        elem: b(elem),
        dims,
    }
}

/// Canonical JSON text and the record it stands for.
fn forms() -> Vec<(&'static str, TypeRecord)> {
    use TypeRecord::*;
    vec![
        (r#""i32""#, Int(32)),
        (r#""i1""#, Int(1)),
        (r#""i0""#, Int(0)),
        (r#""i4294967295""#, Int(u32::MAX)),
        (r#""f16""#, Float(16)),
        (r#""f64""#, Float(64)),
        (r#""bf16""#, BF16),
        ("null", Null),
        (r#""unknown""#, Unknown),
        (
            r#"["named","a",["ndarray","f32",1,16]]"#,
            Named {
                name: "a".into(),
                ty: b(nd(Float(32), Some(vec![Some(16)]))),
            },
        ),
        (
            r#"["named","",null]"#,
            Named {
                name: String::new(),
                ty: b(Null),
            },
        ),
        (r#"["ndarray","f32",0]"#, nd(Float(32), Some(vec![]))),
        (r#"["ndarray","i8",null]"#, nd(Int(8), None)),
        (
            r#"["ndarray","f32",3,null,4,18446744073709551615]"#,
            nd(Float(32), Some(vec![None, Some(4), Some(u64::MAX)])),
        ),
        (
            r#"["ndarray","unknown",1,2]"#,
            nd(Unknown, Some(vec![Some(2)])),
        ),
        (r#"["slist"]"#, SList(vec![])),
        (
            r#"["slist","i32",null,"f32"]"#,
            SList(vec![Int(32), Null, Float(32)]),
        ),
        (
            r#"["stuple",["stuple"],"bf16"]"#,
            STuple(vec![STuple(vec![]), BF16]),
        ),
        (r#"["sdict"]"#, SDict(vec![])),
        (
            r#"["sdict",["b","i32"],["a",["slist"]]]"#,
            SDict(vec![("b".into(), Int(32)), ("a".into(), SList(vec![]))]),
        ),
        (
            r#"["sdict_kwargs",["x\"y","f32"]]"#,
            SDictKwargs(vec![("x\"y".into(), Float(32))]),
        ),
        (
            r#"["py_homogeneous_list","i64"]"#,
            PyHomogeneousList(b(Int(64))),
        ),
        (
            r#"["py_homogeneous_list",["py_homogeneous_list","i8"]]"#,
            PyHomogeneousList(b(PyHomogeneousList(b(Int(8))))),
        ),
    ]
}

#[test]
fn every_record_form_parses_and_serializes() {
    for (json, record) in forms() {
        assert_eq!(
            TypeRecord::parse(json),
            Ok(record.clone()),
            "parsing {json}"
        );
        assert_eq!(record.to_json(), json);
    }
}

#[test]
fn records_accept_any_json_spacing() {
    let parsed = TypeRecord::parse(" [ \"ndarray\" , \"f32\" , 2 , null , 7 ] ").expect("parses");
    assert_eq!(parsed.to_json(), r#"["ndarray","f32",2,null,7]"#);
}

fn err(path: &str, kind: K) -> Result<TypeRecord, RecordError> {
    Err(RecordError {
        path: path.into(),
        kind,
    })
}

#[test]
fn malformed_records_say_what_and_where() {
    let cases = vec![
        ("true", err("$", K::NotARecord("a boolean"))),
        ("3", err("$", K::NotARecord("a number"))),
        ("{}", err("$", K::NotARecord("an object"))),
        (r#""i""#, err("$", K::BadPrimitive("i".into()))),
        (r#""i08""#, err("$", K::BadPrimitive("i08".into()))),
        (r#""i-8""#, err("$", K::BadPrimitive("i-8".into()))),
        (r#""f32x""#, err("$", K::BadPrimitive("f32x".into()))),
        (
            r#""i4294967296""#,
            err("$", K::BadPrimitive("i4294967296".into())),
        ),
        (r#""bf32""#, err("$", K::BadPrimitive("bf32".into()))),
        (r#""""#, err("$", K::BadPrimitive(String::new()))),
        (r#""é""#, err("$", K::BadPrimitive("é".into()))),
        ("[]", err("$", K::EmptyCompound)),
        ("[1]", err("$[0]", K::CompoundTagNotString)),
        (
            r#"["tuple"]"#,
            err("$[0]", K::UnknownCompound("tuple".into())),
        ),
        (
            r#"["named","a"]"#,
            err("$", K::Arity("named", "3 (\"named\", key, type)", 2)),
        ),
        (r#"["named",1,"i8"]"#, err("$[1]", K::ExpectedString)),
        (
            r#"["named","a","i9x"]"#,
            err("$[2]", K::BadPrimitive("i9x".into())),
        ),
        (
            r#"["ndarray","f32"]"#,
            err(
                "$",
                K::Arity("ndarray", "at least 3 (\"ndarray\", element type, rank)", 2),
            ),
        ),
        (r#"["ndarray","f32",-1]"#, err("$[2]", K::BadRank)),
        (r#"["ndarray","f32",1.5,1]"#, err("$[2]", K::BadRank)),
        (
            r#"["ndarray","f32",2,1]"#,
            err("$", K::RankMismatch { rank: 2, dims: 1 }),
        ),
        (r#"["ndarray","f32",null,1]"#, err("$", K::DimsWithoutRank)),
        (r#"["ndarray","f32",2,1,"x"]"#, err("$[4]", K::BadDim)),
        (r#"["ndarray","f32",1,-4]"#, err("$[3]", K::BadDim)),
        (
            r#"["ndarray","x",1,4]"#,
            err("$[1]", K::BadPrimitive("x".into())),
        ),
        (
            r#"["slist","i32",7]"#,
            err("$[2]", K::NotARecord("a number")),
        ),
        (
            r#"["stuple",["slist",[]]]"#,
            err("$[1][1]", K::EmptyCompound),
        ),
        (r#"["sdict","i32"]"#, err("$[1]", K::BadDictEntry)),
        (r#"["sdict",["a"]]"#, err("$[1]", K::BadDictEntry)),
        (r#"["sdict",[1,"i32"]]"#, err("$[1]", K::BadDictEntry)),
        (r#"["sdict",["a","i32","x"]]"#, err("$[1]", K::BadDictEntry)),
        (
            r#"["sdict_kwargs",["a","i32"],["b","q"]]"#,
            err("$[2][1]", K::BadPrimitive("q".into())),
        ),
        (
            r#"["py_homogeneous_list"]"#,
            err(
                "$",
                K::Arity(
                    "py_homogeneous_list",
                    "2 (\"py_homogeneous_list\", element type)",
                    1,
                ),
            ),
        ),
        (
            r#"["py_homogeneous_list","i8","i8"]"#,
            err(
                "$",
                K::Arity(
                    "py_homogeneous_list",
                    "2 (\"py_homogeneous_list\", element type)",
                    3,
                ),
            ),
        ),
    ];
    for (json, want) in cases {
        assert_eq!(TypeRecord::parse(json), want, "parsing {json}");
    }
    let e = TypeRecord::parse(r#"["ndarray","f32",2,1]"#).expect_err("mismatch");
    assert_eq!(e.to_string(), "at $: ndarray of rank 2 has 1 dimensions");
    assert!(matches!(
        TypeRecord::parse("[\"i8\""),
        Err(RecordError {
            kind: K::Syntax(_),
            ..
        })
    ));
    // serde_json's recursion limit turns absurd nesting into an error.
    let deep = format!("{}\"i8\"{}", "[\"slist\",".repeat(1000), "]".repeat(1000));
    assert!(matches!(
        TypeRecord::parse(&deep),
        Err(RecordError {
            kind: K::Syntax(_),
            ..
        })
    ));
}

/// `iree.abi` strings of IREE's `saved_model_to_iree_abi.mlir` and
/// `emit_default_iree_abi.mlir` tests (with `\22` unescaped).
const IREE_REFLECTIONS: &[&str] = &[
    r#"{"a":[["ndarray","f32",1,16],["ndarray","f32",1,16]],"r":[["stuple",["ndarray","f32",1,16],["ndarray","f32",1,16]]],"v":1}"#,
    r#"{"a":[["ndarray","f32",2,2,3],["ndarray","f32",1,3]],"r":[["ndarray","f32",1,3],["ndarray","f32",2,2,3]],"v":1}"#,
    r#"{"a":[["sdict",["dict",["sdict",["a",["ndarray","f32",1,16]],["b",["ndarray","f32",1,16]]]],["list",["slist",["ndarray","f32",1,16],["ndarray","f32",1,16]]]],["ndarray","f32",0]],"r":[["sdict",["dict",["sdict",["a",["ndarray","f32",1,16]],["b",["ndarray","f32",1,16]]]],["list",["stuple",["ndarray","f32",1,16],["ndarray","f32",1,16]]]]],"v":1}"#,
    r#"{"a":[["sdict",["list",["slist",["ndarray","f32",1,16],["ndarray","f32",1,16]]]],["ndarray","f32",0],["sdict_kwargs",["a",["ndarray","f32",1,16]],["b",["ndarray","f32",1,16]]]],"r":[["sdict",["dict",["sdict",["a",["ndarray","f32",1,16]],["b",["ndarray","f32",1,16]]]],["list",["stuple",["ndarray","f32",1,16],["ndarray","f32",1,16]]]]],"v":1}"#,
    r#"{"a":[],"r":[["py_homogeneous_list","i64"]]}"#,
];

#[test]
fn iree_reflection_strings_round_trip_byte_for_byte() {
    for json in IREE_REFLECTIONS {
        let meta = ReflectionMetadata::parse(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(&meta.to_json(), json);
    }
    let kwargs = ReflectionMetadata::parse(IREE_REFLECTIONS[3]).expect("parses");
    assert_eq!(kwargs.args.len(), 3);
    assert!(matches!(&kwargs.args[2], TypeRecord::SDictKwargs(entries) if entries.len() == 2));
    assert_eq!(kwargs.version, Some(1));
}

#[test]
fn metadata_is_serialized_in_sorted_key_order() {
    let meta =
        ReflectionMetadata::parse(r#"{ "v": 7, "r": [ ], "a": [ "i32" ] }"#).expect("parses");
    assert_eq!(
        meta,
        ReflectionMetadata {
            args: vec![TypeRecord::Int(32)],
            results: vec![],
            version: Some(7)
        }
    );
    assert_eq!(meta.to_json(), r#"{"a":["i32"],"r":[],"v":7}"#);
}

#[test]
fn malformed_metadata_says_what_and_where() {
    let e = |path: &str, kind| {
        Err(RecordError {
            path: path.into(),
            kind,
        })
    };
    let cases = vec![
        ("[]", e("$", K::NotAnObject)),
        (r#"{"r":[]}"#, e("$", K::MissingKey("a"))),
        (r#"{"a":[]}"#, e("$", K::MissingKey("r"))),
        (
            r#"{"a":[],"r":[],"d":1}"#,
            e("$", K::UnknownKey("d".into())),
        ),
        (r#"{"a":{},"r":[]}"#, e("$.a", K::NotAnArray)),
        (r#"{"a":[],"r":[],"v":"1"}"#, e("$.v", K::BadVersion)),
        (r#"{"a":[],"r":[],"v":-1}"#, e("$.v", K::BadVersion)),
        (
            r#"{"a":["i32",["ndarray","f32",1]],"r":[]}"#,
            e("$.a[1]", K::RankMismatch { rank: 1, dims: 0 }),
        ),
        (
            r#"{"a":[],"r":[["sdict",["k",["named","n",false]]]]}"#,
            e("$.r[0][1][1][2]", K::NotARecord("a boolean")),
        ),
    ];
    for (json, want) in cases {
        assert_eq!(ReflectionMetadata::parse(json), want, "parsing {json}");
    }
    assert!(matches!(
        ReflectionMetadata::parse("{"),
        Err(RecordError {
            kind: K::Syntax(_),
            ..
        })
    ));
}

#[test]
fn records_follow_mlir_types() {
    let f = AbiType::float;
    let cases = vec![
        (AbiType::Int(1), r#""i1""#),
        (AbiType::Int(32), r#""i32""#),
        (AbiType::Index, r#""i64""#),
        (f("f16"), r#""f16""#),
        (f("bf16"), r#""bf16""#),
        (f("f32"), r#""f32""#),
        (f("f64"), r#""f64""#),
        (f("f80"), r#""f80""#),
        (f("f128"), r#""f128""#),
        (f("tf32"), r#""f19""#),
        (f("f8E4M3FN"), r#""f8""#),
        (f("f6E2M3FN"), r#""f6""#),
        (f("f4E2M1FN"), r#""f4""#),
        (f("f7"), r#""unknown""#),
        (
            AbiType::tensor(&[Some(2), None, Some(4)], f("f32")),
            r#"["ndarray","f32",3,2,null,4]"#,
        ),
        (
            AbiType::tensor(&[], AbiType::Int(8)),
            r#"["ndarray","i8",0]"#,
        ),
        (
            AbiType::UnrankedTensor {
                elem: Box::new(f("bf16")),
            },
            r#"["ndarray","bf16",null]"#,
        ),
        (
            AbiType::MemRef {
                dims: vec![Some(4), Some(4)],
                elem: Box::new(f("f64")),
                layout: Some(StridedLayout {
                    offset: None,
                    strides: vec![Some(8), Some(1)],
                }),
            },
            r#"["ndarray","f64",2,4,4]"#,
        ),
        (
            AbiType::UnrankedMemRef {
                elem: Box::new(AbiType::Int(16)),
            },
            r#"["ndarray","i16",null]"#,
        ),
        (
            AbiType::tensor(&[Some(3)], AbiType::Opaque("!foo.bar".into())),
            r#"["ndarray","unknown",1,3]"#,
        ),
        (
            AbiType::Tuple(vec![AbiType::Int(32), AbiType::tensor(&[], f("f32"))]),
            r#"["stuple","i32",["ndarray","f32",0]]"#,
        ),
        (AbiType::Tuple(vec![]), r#"["stuple"]"#),
        (
            AbiType::List(Box::new(AbiType::Int(8))),
            r#"["py_homogeneous_list","i8"]"#,
        ),
        (
            AbiType::List(Box::new(AbiType::Opaque("?".into()))),
            r#"["py_homogeneous_list","unknown"]"#,
        ),
        (AbiType::Opaque("!llvm.ptr".into()), r#""unknown""#),
    ];
    for (ty, want) in cases {
        assert_eq!(record_for_type(&ty).to_json(), want, "record of {ty}");
    }
}

#[test]
fn metadata_derives_from_signatures_as_iree_emits_it() {
    // emit_default_iree_abi.mlir: @valid(tensor<2x3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<2x3xf32>)
    let t = |dims: &[i64]| {
        AbiType::tensor(
            &dims.iter().map(|d| Some(*d)).collect::<Vec<_>>(),
            AbiType::float("f32"),
        )
    };
    let sig = FunctionSignature::new(
        "valid",
        vec![t(&[2, 3]), t(&[3])],
        vec![t(&[3]), t(&[2, 3])],
    );
    assert_eq!(
        ReflectionMetadata::from_signature(&sig).to_json(),
        IREE_REFLECTIONS[1]
    );
    let none = FunctionSignature::new("none", vec![], vec![]);
    assert_eq!(
        ReflectionMetadata::from_signature(&none).to_json(),
        r#"{"a":[],"r":[],"v":1}"#
    );
}

fn random_metadata(rng: &mut Rng) -> ReflectionMetadata {
    ReflectionMetadata {
        args: (0..rng.below(4)).map(|_| random_record(rng, 5)).collect(),
        results: (0..rng.below(4)).map(|_| random_record(rng, 5)).collect(),
        version: if rng.chance(50) {
            Some(rng.below(3))
        } else {
            None
        },
    }
}

#[test]
fn random_records_round_trip() {
    let mut rng = Rng::new(11);
    for case in 0..5000 {
        let record = random_record(&mut rng, 6);
        let json = record.to_json();
        assert_eq!(
            TypeRecord::parse(&json).as_ref(),
            Ok(&record),
            "case {case}: {json}"
        );
        // The writer's JSON is plain JSON: serde_json re-serializes it identically.
        let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(TypeRecord::from_json_at(&value, "$"), Ok(record));

        let meta = random_metadata(&mut rng);
        assert_eq!(
            ReflectionMetadata::parse(&meta.to_json()),
            Ok(meta),
            "case {case}"
        );
    }
}

#[test]
fn corrupted_metadata_fails_cleanly() {
    let mut rng = Rng::new(12);
    let mut failures = 0;
    for _ in 0..5000 {
        let mut text = random_metadata(&mut rng).to_json().into_bytes();
        for _ in 0..1 + rng.below(3) {
            if text.is_empty() {
                break;
            }
            let at = rng.below(text.len() as u64) as usize;
            match rng.below(3) {
                0 => text.truncate(at),
                1 => text[at] = *rng.pick(b"[]{}\",:0-1nulx"),
                _ => text.insert(at, *rng.pick(b"[]\"\",9")),
            }
        }
        let Ok(text) = String::from_utf8(text) else {
            continue;
        };
        if let Ok(meta) = ReflectionMetadata::parse(&text) {
            assert_eq!(ReflectionMetadata::parse(&meta.to_json()), Ok(meta));
        } else {
            failures += 1;
        }
    }
    assert!(failures > 2500, "only {failures} corruptions were rejected");
}
