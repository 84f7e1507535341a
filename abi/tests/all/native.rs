//! Native and `_mlir_ciface_` signatures: fixed expectations in the C-like
//! and LLVM forms, and a comparison with `mlir-opt --convert-func-to-llvm`
//! over random function types.

use std::io::Write;
use std::process::{Command, Stdio};

use mica_abi::memref::DescriptorField;
use mica_abi::{
    AbiType, FunctionSignature, NativeSignature, NativeType, ParamSource, StridedLayout,
    ciface_signature, flattened_signature,
};

use crate::common::Rng;

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

fn f32() -> AbiType {
    AbiType::float("f32")
}

fn memref(dims: &[Option<i64>], elem: AbiType) -> AbiType {
    AbiType::memref(dims, elem)
}

/// `@f(memref<2x3xf32>, memref<*xf32>, index, i1, memref<f64>) -> (memref<2x3xf32>, i32)`
fn mixed() -> FunctionSignature {
    FunctionSignature::new(
        "f",
        vec![
            memref(&[Some(2), Some(3)], f32()),
            AbiType::UnrankedMemRef {
                elem: Box::new(f32()),
            },
            AbiType::Index,
            AbiType::Int(1),
            memref(&[], AbiType::float("f64")),
        ],
        vec![memref(&[Some(2), Some(3)], f32()), AbiType::Int(32)],
    )
}

#[test]
fn flattened_signature_expands_descriptors() {
    let native = flattened_signature(&mixed()).expect("lowers");
    assert_eq!(
        native.to_string(),
        "struct {struct {f32*, f32*, i64, i64[2], i64[2]}, i32} f(f32* arg0_allocated, f32* arg0_aligned, \
         i64 arg0_offset, i64 arg0_size0, i64 arg0_size1, i64 arg0_stride0, i64 arg0_stride1, i64 arg1_rank, \
         ptr arg1_descriptor, i64 arg2, i1 arg3, f64* arg4_allocated, f64* arg4_aligned, i64 arg4_offset)"
    );
    // Exactly what mlir-opt 22 prints for this function.
    assert_eq!(
        native.to_llvm_header(),
        "llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, \
         %arg6: i64, %arg7: i64, %arg8: !llvm.ptr, %arg9: i64, %arg10: i1, %arg11: !llvm.ptr, %arg12: !llvm.ptr, \
         %arg13: i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i32)>"
    );
    let sources: Vec<ParamSource> = native.params.iter().map(|p| p.source).collect();
    use DescriptorField::*;
    let d = |arg, field| ParamSource::Descriptor { arg, field };
    assert_eq!(
        sources,
        vec![
            d(0, Allocated),
            d(0, Aligned),
            d(0, Offset),
            d(0, Size(0)),
            d(0, Size(1)),
            d(0, Stride(0)),
            d(0, Stride(1)),
            ParamSource::UnrankedRank { arg: 1 },
            ParamSource::UnrankedDescriptor { arg: 1 },
            ParamSource::Value { arg: 2 },
            ParamSource::Value { arg: 3 },
            d(4, Allocated),
            d(4, Aligned),
            d(4, Offset),
        ]
    );
}

#[test]
fn ciface_signature_passes_descriptors_by_pointer() {
    let native = ciface_signature(&mixed()).expect("lowers");
    assert_eq!(
        native.to_string(),
        "void _mlir_ciface_f(struct {struct {f32*, f32*, i64, i64[2], i64[2]}, i32}* res, \
         struct {f32*, f32*, i64, i64[2], i64[2]}* arg0, struct {i64, ptr}* arg1, i64 arg2, i1 arg3, \
         struct {f64*, f64*, i64}* arg4)"
    );
    assert_eq!(
        native.to_llvm_header(),
        "llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i1, %arg5: !llvm.ptr)"
    );
    let sources: Vec<ParamSource> = native.params.iter().map(|p| p.source).collect();
    assert_eq!(
        sources,
        vec![
            ParamSource::ResultPointer,
            ParamSource::DescriptorPointer { arg: 0 },
            ParamSource::DescriptorPointer { arg: 1 },
            ParamSource::Value { arg: 2 },
            ParamSource::Value { arg: 3 },
            ParamSource::DescriptorPointer { arg: 4 },
        ]
    );
}

#[test]
fn results_pack_by_count_and_kind() {
    let cases: Vec<(Vec<AbiType>, Vec<AbiType>, &str, &str)> = vec![
        (vec![], vec![], "void f()", "void _mlir_ciface_f()"),
        (
            vec![AbiType::Int(32)],
            vec![AbiType::Int(32)],
            "i32 f(i32 arg0)",
            "i32 _mlir_ciface_f(i32 arg0)",
        ),
        (
            vec![AbiType::Int(32), f32()],
            vec![AbiType::Int(32), f32()],
            "struct {i32, f32} f(i32 arg0, f32 arg1)",
            "void _mlir_ciface_f(struct {i32, f32}* res, i32 arg0, f32 arg1)",
        ),
        (
            vec![memref(&[None], AbiType::Int(8))],
            vec![AbiType::UnrankedMemRef {
                elem: Box::new(f32()),
            }],
            "struct {i64, ptr} f(i8* arg0_allocated, i8* arg0_aligned, i64 arg0_offset, i64 arg0_size0, i64 arg0_stride0)",
            "void _mlir_ciface_f(struct {i64, ptr}* res, struct {i8*, i8*, i64, i64[1], i64[1]}* arg0)",
        ),
        // Tensors lower as the memrefs they bufferize to; lists and opaque
        // types are opaque references.
        (
            vec![
                AbiType::tensor(&[Some(4)], AbiType::Index),
                AbiType::List(Box::new(AbiType::Int(8))),
            ],
            vec![AbiType::Opaque("!llvm.ptr".into())],
            "ptr f(i64* arg0_allocated, i64* arg0_aligned, i64 arg0_offset, i64 arg0_size0, i64 arg0_stride0, ptr arg1)",
            "ptr _mlir_ciface_f(struct {i64*, i64*, i64, i64[1], i64[1]}* arg0, ptr arg1)",
        ),
        (
            vec![AbiType::UnrankedTensor {
                elem: Box::new(AbiType::float("bf16")),
            }],
            vec![AbiType::tensor(&[], AbiType::float("bf16"))],
            "struct {bf16*, bf16*, i64} f(i64 arg0_rank, ptr arg0_descriptor)",
            "void _mlir_ciface_f(struct {bf16*, bf16*, i64}* res, struct {i64, ptr}* arg0)",
        ),
    ];
    for (args, results, flat, ciface) in cases {
        let sig = FunctionSignature::new("f", args, results);
        assert_eq!(
            flattened_signature(&sig).map(|s| s.to_string()).as_deref(),
            Ok(flat)
        );
        assert_eq!(
            ciface_signature(&sig).map(|s| s.to_string()).as_deref(),
            Ok(ciface)
        );
    }
}

#[test]
fn unlowerable_types_are_errors() {
    let tuple = AbiType::Tuple(vec![AbiType::Int(32)]);
    let sig = FunctionSignature::new("f", vec![AbiType::Int(32), tuple.clone()], vec![]);
    let e = flattened_signature(&sig).expect_err("tuple argument");
    assert_eq!(
        e.to_string(),
        "argument 1 of type tuple<i32> has no native lowering: tuples are not lowered to native values"
    );
    let sig = FunctionSignature::new("f", vec![], vec![memref(&[Some(2)], tuple)]);
    let e = ciface_signature(&sig).expect_err("memref of tuples");
    assert_eq!(
        e.to_string(),
        "result 0 of type memref<2xtuple<i32>> has no native lowering: memref elements must be integers, floats or index"
    );
}

/// A random type `convert-func-to-llvm` accepts.
fn random_type(rng: &mut Rng) -> AbiType {
    let scalars = [
        "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32", "f64",
    ];
    let scalar = |rng: &mut Rng| match *rng.pick(&scalars) {
        "index" => AbiType::Index,
        s if s.starts_with('i') => AbiType::Int(s[1..].parse().expect("width")),
        s => AbiType::float(s),
    };
    match rng.below(4) {
        0 | 1 => scalar(rng),
        2 => AbiType::UnrankedMemRef {
            elem: Box::new(scalar(rng)),
        },
        _ => {
            let rank = rng.below(4) as usize;
            let dims: Vec<Option<i64>> = (0..rank)
                .map(|_| {
                    if rng.chance(40) {
                        None
                    } else {
                        Some(rng.below(9) as i64)
                    }
                })
                .collect();
            let layout = rng.chance(30).then(|| StridedLayout {
                offset: None,
                strides: vec![None; rank],
            });
            AbiType::MemRef {
                dims,
                elem: Box::new(scalar(rng)),
                layout,
            }
        }
    }
}

/// Splits `s` at commas outside `<>` and `()`.
fn split_top_level(s: &str) -> Vec<String> {
    let (mut parts, mut depth, mut current) = (Vec::new(), 0i32, String::new());
    for c in s.chars() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        parts.push(current.trim().to_string());
    }
    parts
}

/// Parameter types and result of the `llvm.func @name` line of `output`.
fn oracle_header(output: &str, name: &str) -> Option<(Vec<String>, Option<String>)> {
    let needle = format!("@{name}(");
    let line = output
        .lines()
        .find(|l| l.contains("llvm.func") && l.contains(&needle))?;
    let start = line.find(&needle)? + needle.len();
    let mut depth = 1;
    let end = start
        + line[start..].char_indices().find_map(|(i, c)| {
            match c {
                '(' | '<' => depth += 1,
                ')' | '>' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        })?;
    let params = split_top_level(&line[start..end])
        .into_iter()
        .map(|p| p.split_once(": ").map_or(p.clone(), |(_, t)| t.to_string()))
        .collect();
    let rest = &line[end + 1..];
    let result = rest.strip_prefix(" -> ").map(|r| {
        let stop = r
            .find(" attributes")
            .or_else(|| r.find(" {"))
            .unwrap_or(r.len());
        r[..stop].to_string()
    });
    Some((params, result))
}

fn ours(sig: &NativeSignature) -> (Vec<String>, Option<String>) {
    (
        sig.params.iter().map(|p| p.ty.to_llvm(false)).collect(),
        sig.result.as_ref().map(|t| t.to_llvm(false)),
    )
}

#[test]
fn signatures_match_mlir_opt() {
    if !std::path::Path::new(MLIR_OPT).exists() {
        assert!(
            std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
            "{MLIR_OPT} is required but missing"
        );
        println!("skipping signatures_match_mlir_opt: {MLIR_OPT} not found");
        return;
    }
    let mut rng = Rng::new(21);
    let functions: Vec<FunctionSignature> = (0..300)
        .map(|i| {
            let args = (0..rng.below(5)).map(|_| random_type(&mut rng)).collect();
            let results = (0..rng.below(4)).map(|_| random_type(&mut rng)).collect();
            FunctionSignature::new(&format!("fn{i}"), args, results)
        })
        .collect();
    let mut module = String::new();
    for f in &functions {
        let list = |ps: &[mica_abi::AbiParam]| {
            ps.iter()
                .map(|p| p.ty.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        module.push_str(&format!(
            "func.func private @{}({}) -> ({}) attributes {{llvm.emit_c_interface}}\n",
            f.name,
            list(&f.args),
            list(&f.results)
        ));
    }
    let mut child = Command::new(MLIR_OPT)
        .arg("--convert-func-to-llvm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mlir-opt starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(module.as_bytes())
        .expect("write module");
    let out = child.wait_with_output().expect("mlir-opt finishes");
    assert!(
        out.status.success(),
        "mlir-opt failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    for f in &functions {
        let flat = flattened_signature(f).expect("lowers");
        let ciface = ciface_signature(f).expect("lowers");
        assert_eq!(
            oracle_header(&text, &flat.name),
            Some(ours(&flat)),
            "flattened {}: {f:?}",
            flat.name
        );
        assert_eq!(
            oracle_header(&text, &ciface.name),
            Some(ours(&ciface)),
            "ciface {}: {f:?}",
            ciface.name
        );
    }
}

#[test]
fn native_types_render_in_both_forms() {
    let desc = mica_abi::native::descriptor_type(&NativeType::Float("f16".into()), 3);
    assert_eq!(desc.to_string(), "struct {f16*, f16*, i64, i64[3], i64[3]}");
    assert_eq!(
        desc.to_llvm(false),
        "!llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>"
    );
    let ptr = NativeType::Ptr(Some(Box::new(desc)));
    assert_eq!(ptr.to_llvm(false), "!llvm.ptr");
    assert_eq!(
        NativeType::Array(Box::new(NativeType::Int(8)), 4).to_llvm(false),
        "!llvm.array<4 x i8>"
    );
    assert_eq!(
        mica_abi::native::unranked_descriptor_type().to_string(),
        "struct {i64, ptr}"
    );
}
