//! Tests of the dialect conversion driver: a failed conversion leaves the IR as it was, a
//! pattern whose result cannot be legalized is undone and the next one tried, type conversion
//! with source and target materializations and signature conversion, unresolved
//! materializations, full conversion of unknown ops, and recursive legality.

use mica_ir::{Attr, Body, Context, Op, OperationState, PrintOptions, Type, Value};
use mica_passes::conversion::scf_to_cf::populate_patterns;
use mica_passes::conversion::{apply_full_conversion, apply_partial_conversion, ConversionPattern, ConversionRewriter, ConversionTarget, PatternSet, SignatureConversion, TypeConverter};
use std::sync::Arc;

fn context() -> Context {
    let mut ctx = Context::new();
    mica_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn print(ctx: &Context, body: &Body, top: Op) -> String {
    mica_ir::print_op_to_string(ctx, body, top, &PrintOptions::default()).trim_end().to_string()
}

/// An op named `name` with `operands` and results of `types`, at the place of `op`.
fn state(ctx: &Context, rw: &ConversionRewriter<'_, '_>, op: Op, name: &str, operands: &[Value], types: &[Type]) -> OperationState {
    let mut st = OperationState::new(ctx.ident(name), ctx.empty_dict(), rw.body().op(op).loc);
    st.operands.extend_from_slice(operands);
    st.result_types.extend_from_slice(types);
    st
}

/// Replaces ops named `from` by ops named `to` with the same operands (as the pattern sees
/// them) and results of the converted types.
struct Rename {
    from: &'static str,
    to: &'static str,
    benefit: u16,
    converter: Option<Arc<TypeConverter>>,
}

impl ConversionPattern for Rename {
    fn name(&self) -> &'static str {
        "Rename"
    }

    fn root(&self) -> Option<&'static str> {
        Some(self.from)
    }

    fn benefit(&self) -> u16 {
        self.benefit
    }

    fn type_converter(&self) -> Option<&TypeConverter> {
        self.converter.as_deref()
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, operands: &[Value]) -> bool {
        let types: Vec<Type> = rw.body().results(op).iter().map(|r| rw.body().value_type(*r)).collect();
        let types = match &self.converter {
            Some(c) => match c.convert_types(ctx, &types) {
                Some(t) => t,
                None => return false,
            },
            None => types,
        };
        let st = state(ctx, rw, op, self.to, operands, &types);
        let new = rw.create_before(st, op);
        let results = rw.body().results(new).to_vec();
        rw.replace_op(op, &results);
        true
    }
}

/// Converts the signature of a `func.func` (its entry block and `function_type`).
struct FuncSignature(Arc<TypeConverter>);

impl ConversionPattern for FuncSignature {
    fn name(&self) -> &'static str {
        "FuncSignature"
    }

    fn root(&self) -> Option<&'static str> {
        Some("func.func")
    }

    fn type_converter(&self) -> Option<&TypeConverter> {
        Some(&self.0)
    }

    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, _: &[Value]) -> bool {
        let Some(fn_type) = ctx.op_attr(rw.body(), op, "function_type").and_then(|a| ctx.as_type(a)) else { return false };
        let Some((inputs, results)) = ctx.function_signature(fn_type) else { return false };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        let mut sig = SignatureConversion::new(inputs.len());
        let conv: &'p TypeConverter = &self.0;
        let Some(new_results) = conv.convert_types(ctx, &results) else { return false };
        if !conv.convert_signature_args(ctx, &inputs, &mut sig, 0) {
            return false;
        }
        let converted = rw.nested(op, |n| {
            let region = n.body().roots[0];
            n.convert_region_types(region, conv, Some(&sig)).is_ok()
        });
        if converted != Some(true) {
            return false;
        }
        let new_type = ctx.type_attr(ctx.function_type(sig.converted_types(), &new_results));
        let props = rw.body().op(op).properties().expect("func.func has properties");
        let entries: Vec<(mica_ir::Ident, Attr)> =
            ctx.dict_entries(props).iter().map(|&(k, v)| if ctx.str(k) == "function_type" { (k, new_type) } else { (k, v) }).collect();
        let dict = ctx.dict_attr(entries);
        rw.modify_op(op, |b| b.op_mut(op).set_properties(Some(dict)));
        true
    }
}

fn i32_to_i64(with_materializations: bool) -> Arc<TypeConverter> {
    let mut c = TypeConverter::new();
    c.add_identity_conversion();
    c.add_conversion(|ctx: &Context, t: Type| (t == ctx.int_type(32)).then(|| Ok(smallvec::smallvec![ctx.int_type(64)])));
    if with_materializations {
        c.add_cast_materializations();
    }
    Arc::new(c)
}

/// A target where `illegal` ops are illegal, `func.func` and `func.return` are legal when
/// the converter (if any) says their types are, and everything else is legal.
fn target(illegal: &[&str], converter: Option<Arc<TypeConverter>>) -> ConversionTarget {
    let mut t = ConversionTarget::new();
    for name in illegal {
        t.add_illegal_op(name);
    }
    if let Some(c) = converter {
        let c2 = c.clone();
        t.add_dynamically_legal_op(
            "func.func",
            Arc::new(move |ctx: &Context, body: &Body, op: Op| Some(ctx.op_attr(body, op, "function_type").and_then(|a| ctx.as_type(a)).is_some_and(|ty| c.is_signature_legal(ctx, ty)))),
        );
        t.add_dynamically_legal_op("func.return", Arc::new(move |ctx: &Context, body: &Body, op: Op| Some(c2.is_legal_op(ctx, body, op))));
    }
    t.mark_unknown_op_dynamically_legal(Arc::new(|_, _, _| Some(true)));
    t
}

fn run(src: &str, target: &ConversionTarget, patterns: &PatternSet, full: bool) -> (String, Result<String, String>) {
    let ctx = context();
    let mut m = mica_parser::parse_source(&ctx, "test.mlir", src).expect("parses");
    let before = print(&ctx, &m.body, m.top);
    let result = if full {
        apply_full_conversion(&ctx, &mut m.body, m.top, target, patterns)
    } else {
        apply_partial_conversion(&ctx, &mut m.body, m.top, target, patterns)
    };
    let after = print(&ctx, &m.body, m.top);
    match result {
        Ok(()) => (before, Ok(after)),
        Err(d) => {
            assert_eq!(before, after, "a failed conversion changed the IR");
            (before, Err(d.message))
        }
    }
}

const SCF_OPS: &[&str] = &["scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch", "scf.parallel", "scf.forall"];

#[test]
fn failed_partial_conversion_leaves_the_ir_unchanged() {
    // The scf.if is lowered before the illegal op without a pattern is reached; the failure
    // must undo that lowering too.
    let src = "func.func @f(%c: i1) {\n  scf.if %c {\n    \"test.x\"() : () -> ()\n  }\n  \"test.bad\"() : () -> ()\n  return\n}\n";
    let mut illegal = SCF_OPS.to_vec();
    illegal.push("test.bad");
    let mut patterns = PatternSet::new();
    populate_patterns(&mut patterns);
    let (before, result) = run(src, &target(&illegal, None), &patterns, false);
    assert_eq!(result, Err("failed to legalize operation 'test.bad' that was explicitly marked illegal".to_string()));
    assert!(before.contains("scf.if"), "{before}");
    // Without the illegal op the same conversion succeeds.
    let (_, ok) = run(&src.replace("  \"test.bad\"() : () -> ()\n", ""), &target(&illegal, None), &patterns, false);
    let ok = ok.expect("converts");
    assert!(ok.contains("cf.cond_br %arg0, ^bb1, ^bb2") && !ok.contains("scf.if"), "{ok}");
}

#[test]
fn pattern_whose_result_is_illegal_is_undone() {
    // Rename to test.y (benefit 2) applies first but produces an illegal op without patterns:
    // it is undone and the rename to test.z applies; the scf.if lowered earlier stays lowered.
    let src = "func.func @f(%c: i1, %v: i32) -> i32 {\n  scf.if %c {\n    \"test.x\"() : () -> ()\n  }\n  %r = \"test.x\"(%v) : (i32) -> i32\n  return %r : i32\n}\n";
    let mut illegal = SCF_OPS.to_vec();
    illegal.extend(["test.x", "test.y"]);
    let mut patterns = PatternSet::new();
    populate_patterns(&mut patterns);
    patterns.add(Rename { from: "test.x", to: "test.y", benefit: 2, converter: None });
    patterns.add(Rename { from: "test.x", to: "test.z", benefit: 1, converter: None });
    let (_, result) = run(src, &target(&illegal, None), &patterns, false);
    let out = result.expect("converts");
    let expected = "module {
  func.func @f(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    \"test.z\"() : () -> ()
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %0 = \"test.z\"(%arg1) : (i32) -> i32
    return %0 : i32
  }
}";
    assert_eq!(out, expected);
}

#[test]
fn type_conversion_with_materializations() {
    // i32 becomes i64: the signature and the converted ops take i64; the op left
    // unconverted reads its old values through source materializations (the argument's at the
    // start of the block, the result's right after its replacement).
    let src = "func.func @f(%a: i32) -> i32 {
  %0 = \"test.def\"(%a) : (i32) -> i32
  %1 = \"test.widen\"(%0) : (i32) -> i32
  \"test.keep\"(%0, %a) : (i32, i32) -> ()
  return %1 : i32
}
";
    let conv = i32_to_i64(true);
    let mut patterns = PatternSet::new();
    patterns.add(FuncSignature(conv.clone()));
    patterns.add(Rename { from: "test.def", to: "test.def64", benefit: 1, converter: Some(conv.clone()) });
    patterns.add(Rename { from: "test.widen", to: "test.widen64", benefit: 1, converter: Some(conv.clone()) });
    patterns.add(Rename { from: "func.return", to: "func.return", benefit: 1, converter: Some(conv.clone()) });
    let t = target(&["test.def", "test.widen"], Some(conv.clone()));
    let (_, result) = run(src, &t, &patterns, false);
    let expected = "module {
  func.func @f(%arg0: i64) -> i64 {
    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    %1 = \"test.def64\"(%arg0) : (i64) -> i64
    %2 = builtin.unrealized_conversion_cast %1 : i64 to i32
    %3 = \"test.widen64\"(%1) : (i64) -> i64
    \"test.keep\"(%2, %0) : (i32, i32) -> ()
    return %3 : i64
  }
}";
    assert_eq!(result.expect("converts"), expected);

    // A converted op reading an unconverted value gets a target materialization; with no
    // user left for the results of converted ops, their source materializations go.
    let src = "func.func @g(%a: i64) -> i64 {
  %0 = \"test.src\"(%a) : (i64) -> i32
  %1 = \"test.widen\"(%0) : (i32) -> i32
  %2 = \"test.widen\"(%1) : (i32) -> i32
  \"test.sink\"(%2) : (i32) -> ()
  return %a : i64
}
";
    let (_, result) = run(src, &t, &patterns, false);
    let expected = "module {
  func.func @g(%arg0: i64) -> i64 {
    %0 = \"test.src\"(%arg0) : (i64) -> i32
    %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
    %2 = \"test.widen64\"(%1) : (i64) -> i64
    %3 = \"test.widen64\"(%2) : (i64) -> i64
    %4 = builtin.unrealized_conversion_cast %3 : i64 to i32
    \"test.sink\"(%4) : (i32) -> ()
    return %arg0 : i64
  }
}";
    assert_eq!(result.expect("converts"), expected);
}

#[test]
fn materialization_without_a_callback_fails() {
    let src = "func.func @f(%a: i64) {\n  %0 = \"test.def\"(%a) : (i64) -> i32\n  \"test.keep\"(%0) : (i32) -> ()\n  return\n}\n";
    let conv = i32_to_i64(false);
    let mut patterns = PatternSet::new();
    patterns.add(Rename { from: "test.def", to: "test.def64", benefit: 1, converter: Some(conv.clone()) });
    let (_, result) = run(src, &target(&["test.def"], None), &patterns, false);
    assert_eq!(result, Err("failed to legalize unresolved materialization from (i64) to (i32) that remained live after conversion".to_string()));
}

#[test]
fn full_conversion_needs_every_op_legal() {
    let src = "func.func @f() {\n  \"test.unknown\"() : () -> ()\n  return\n}\n";
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("builtin");
    t.add_legal_dialect("func");
    let patterns = PatternSet::new();
    let (_, result) = run(src, &t, &patterns, true);
    assert_eq!(result, Err("failed to legalize operation 'test.unknown'".to_string()));
    // The same op is fine in a partial conversion, and with a pattern in a full one.
    assert!(run(src, &t, &patterns, false).1.is_ok());
    let mut patterns = PatternSet::new();
    patterns.add(Rename { from: "test.unknown", to: "test.known", benefit: 1, converter: None });
    t.add_legal_op("test.known");
    let out = run(src, &t, &patterns, true).1.expect("converts");
    assert!(out.contains("\"test.known\"() : () -> ()"), "{out}");
}

#[test]
fn recursively_legal_ops_are_left_alone() {
    let src = "func.func @f(%c: i1) {\n  \"test.wrap\"() ({\n    scf.if %c {\n      \"test.x\"() : () -> ()\n    }\n    \"test.end\"() : () -> ()\n  }) : () -> ()\n  return\n}\n";
    let mut t = target(SCF_OPS, None);
    t.add_legal_op("test.wrap");
    t.mark_op_recursively_legal("test.wrap", None);
    let mut patterns = PatternSet::new();
    populate_patterns(&mut patterns);
    let (before, result) = run(src, &t, &patterns, false);
    assert_eq!(result.expect("converts"), before);
    // Dynamically recursively legal: the callback says no, so the scf.if is lowered.
    let mut t = target(SCF_OPS, None);
    t.add_legal_op("test.wrap");
    t.mark_op_recursively_legal("test.wrap", Some(Arc::new(|_, _, _| Some(false))));
    let out = run(src, &t, &patterns, false).1.expect("converts");
    assert!(out.contains("cf.cond_br") && !out.contains("scf.if"), "{out}");
}
