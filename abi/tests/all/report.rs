//! The per-function ABI report as `ir-translate --emit=abi` prints it.

use mica_abi::{AbiParam, AbiType, FunctionAbiReport, FunctionSignature, PathKey};

fn t4() -> AbiType {
    AbiType::tensor(&[Some(4)], AbiType::float("f32"))
}

#[test]
fn report_with_index_paths() {
    let name = |s: &str| PathKey::Name(s.into());
    let f = FunctionSignature {
        name: "simple_mul".into(),
        args: vec![
            AbiParam::with_path(t4(), vec![PathKey::Index(0), name("x")]),
            AbiParam::with_path(t4(), vec![PathKey::Index(0), name("y")]),
        ],
        results: vec![AbiParam::with_path(t4(), vec![])],
    };
    let want = "\
func @simple_mul
  reflection: {\"a\":[[\"ndarray\",\"f32\",1,4],[\"ndarray\",\"f32\",1,4]],\"r\":[[\"ndarray\",\"f32\",1,4]],\"v\":1}
  sip: I23!S19!k0D13!K2!x_0K2!y_1R3!_0
  sip-text: ({\"x\": raw 0, \"y\": raw 1}) -> raw 0
  native: struct {f32*, f32*, i64, i64[1], i64[1]} simple_mul(f32* arg0_allocated, f32* arg0_aligned, i64 arg0_offset, i64 arg0_size0, i64 arg0_stride0, f32* arg1_allocated, f32* arg1_aligned, i64 arg1_offset, i64 arg1_size0, i64 arg1_stride0)
  ciface: void _mlir_ciface_simple_mul(struct {f32*, f32*, i64, i64[1], i64[1]}* res, struct {f32*, f32*, i64, i64[1], i64[1]}* arg0, struct {f32*, f32*, i64, i64[1], i64[1]}* arg1)
";
    assert_eq!(FunctionAbiReport::new(&f).to_string(), want);
}

#[test]
fn report_shows_errors_in_place() {
    let f = FunctionSignature {
        name: "g".into(),
        args: vec![
            AbiParam::with_path(
                AbiType::Tuple(vec![AbiType::Int(32)]),
                vec![PathKey::Index(0)],
            ),
            AbiParam::new(AbiType::Int(32)),
        ],
        results: vec![],
    };
    let want = "\
func @g
  reflection: {\"a\":[[\"stuple\",\"i32\"],\"i32\"],\"r\":[],\"v\":1}
  sip: error: argument 1 has no index path while others have one
  native: error: argument 0 of type tuple<i32> has no native lowering: tuples are not lowered to native values
  ciface: error: argument 0 of type tuple<i32> has no native lowering: tuples are not lowered to native values
";
    assert_eq!(FunctionAbiReport::new(&f).to_string(), want);
    let plain = FunctionSignature::new("h", vec![AbiType::Index], vec![AbiType::float("f64")]);
    assert_eq!(
        FunctionAbiReport::new(&plain).to_string(),
        "func @h\n  reflection: {\"a\":[\"i64\"],\"r\":[\"f64\"],\"v\":1}\n  native: f64 h(i64 arg0)\n  ciface: f64 _mlir_ciface_h(i64 arg0)\n"
    );
}
