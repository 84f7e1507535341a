//! The V1 ABI type model and its higher-level conventions.

use mica_abi::v1::{BufferLayout, FieldOrder, V1Error};
use mica_abi::{AbiType, StridedLayout, V1Type, ValueType};

#[test]
fn mlir_types_map_onto_v1_types() {
    let f = AbiType::float;
    let strided = |offset, strides: Vec<Option<i64>>| AbiType::MemRef {
        dims: vec![Some(4), Some(8)],
        elem: Box::new(f("f32")),
        layout: Some(StridedLayout { offset, strides }),
    };
    let cases: Vec<(AbiType, &str)> = vec![
        (AbiType::Int(1), "i8"),
        (AbiType::Int(8), "i8"),
        (AbiType::Int(16), "i16"),
        (AbiType::Int(32), "i32"),
        (AbiType::Int(64), "i64"),
        (f("f16"), "f16"),
        (f("f32"), "f32"),
        (f("f64"), "f64"),
        (AbiType::Index, "index"),
        (AbiType::tensor(&[Some(2), None], f("f32")), "buffer<f32>"),
        (
            AbiType::UnrankedTensor {
                elem: Box::new(AbiType::Int(64)),
            },
            "buffer<i64>",
        ),
        (AbiType::memref(&[Some(4)], AbiType::Int(16)), "buffer<i16>"),
        (strided(Some(0), vec![Some(8), Some(1)]), "buffer<f32>"),
        (
            strided(Some(0), vec![Some(1), Some(4)]),
            "buffer<f32, strided>",
        ),
        (
            strided(None, vec![Some(8), Some(1)]),
            "buffer<f32, strided>",
        ),
        (
            AbiType::UnrankedMemRef {
                elem: Box::new(f("f16")),
            },
            "buffer<f16>",
        ),
        (
            AbiType::tensor(&[Some(3)], AbiType::Opaque("!foo.obj".into())),
            "tuple<list<opaque>, list<index>>",
        ),
        (
            AbiType::tensor(&[Some(3)], AbiType::List(Box::new(AbiType::Int(8)))),
            "tuple<list<list<i8>>, list<index>>",
        ),
        (
            AbiType::Tuple(vec![AbiType::Int(32), AbiType::List(Box::new(f("f32")))]),
            "tuple<i32, list<f32>>",
        ),
        (AbiType::Opaque("!vm.ref<?>".into()), "opaque"),
    ];
    for (ty, want) in cases {
        let got = V1Type::from_abi_type(&ty).map(|t| t.to_string());
        assert_eq!(got.as_deref(), Ok(want), "V1 type of {ty}");
    }
}

#[test]
fn types_outside_v1_are_errors() {
    let err = |ty: &str, reason| {
        Err(V1Error {
            ty: ty.into(),
            reason,
        })
    };
    const VALUES: &str = "only i1/i8/i16/i32/i64 and f16/f32/f64 are value types";
    let cases: Vec<(AbiType, Result<V1Type, V1Error>)> = vec![
        (AbiType::Int(4), err("i4", VALUES)),
        (AbiType::float("bf16"), err("bf16", VALUES)),
        (
            AbiType::tensor(&[Some(2)], AbiType::float("f8E4M3FN")),
            err("f8E4M3FN", VALUES),
        ),
        (
            AbiType::tensor(&[Some(2)], AbiType::Index),
            err("index", "not a value or reference type"),
        ),
        (
            AbiType::Tuple(vec![AbiType::Int(32), AbiType::Int(128)]),
            err("i128", VALUES),
        ),
    ];
    for (ty, want) in cases {
        assert_eq!(V1Type::from_abi_type(&ty), want, "V1 type of {ty}");
    }
    let e = V1Type::from_abi_type(&AbiType::Int(4)).expect_err("i4");
    assert_eq!(
        e.to_string(),
        format!("type i4 has no V1 ABI representation: {VALUES}")
    );
}

#[test]
fn conventions_build_the_documented_shapes() {
    let i32 = V1Type::Value(ValueType::I32);
    let f32 = V1Type::Value(ValueType::F32);
    let fields = [
        ("zeta", i32.clone()),
        ("alpha", f32.clone()),
        ("Mid", V1Type::string()),
    ];
    assert_eq!(
        V1Type::structure(&fields, FieldOrder::Declaration),
        V1Type::Tuple(vec![i32.clone(), f32.clone(), V1Type::string()])
    );
    // Lexical (byte-wise) order: uppercase sorts before lowercase.
    assert_eq!(
        V1Type::structure(&fields, FieldOrder::SortedByName),
        V1Type::Tuple(vec![V1Type::string(), f32.clone(), i32.clone()])
    );
    assert_eq!(V1Type::string().to_string(), "list<i8>");
    assert_eq!(V1Type::typed_list(f32.clone()).to_string(), "list<f32>");
    assert_eq!(
        V1Type::ndarray_of_references(V1Type::string()).to_string(),
        "tuple<list<list<i8>>, list<index>>"
    );
    let strided = V1Type::Buffer {
        elem: ValueType::F64,
        layout: BufferLayout::Strided,
    };
    assert_eq!(strided.to_string(), "buffer<f64, strided>");
}

#[test]
fn value_types_know_their_sizes() {
    use ValueType::*;
    let sizes: Vec<(ValueType, u32)> = [I8, I16, I32, I64, F16, F32, F64]
        .iter()
        .map(|v| (*v, v.size_bytes()))
        .collect();
    assert_eq!(
        sizes,
        vec![
            (I8, 1),
            (I16, 2),
            (I32, 4),
            (I64, 8),
            (F16, 2),
            (F32, 4),
            (F64, 8)
        ]
    );
}
