//! The math dialect: elementwise mathematical functions on integer and floating-point scalars,
//! vectors and tensors (`math.sin`, `math.fma`, `math.ctlz`, `math.isnan`…), with arith's
//! fastmath flags, as MLIR 22 defines them.

use crate::arith::fastmath_none;
use crate::arith::FASTMATH;
use crate::ods::constraints::*;
use crate::ods::{Check, OpSpec};
use mica_ir::{Context, Traits};

/// Pure, elementwise-mappable math op.
fn math_op(name: &'static str) -> OpSpec {
    OpSpec::new(name).traits(Traits::PURE)
}

fn int_unary(name: &'static str) -> OpSpec {
    math_op(name)
        .operand("operand", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .result("result", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$operand attr-dict `:` type($result)")
}

fn float_unary(name: &'static str) -> OpSpec {
    math_op(name)
        .operand("operand", &FLOAT_LIKE)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &FLOAT_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
}

fn float_binary(name: &'static str) -> OpSpec {
    math_op(name)
        .operand("lhs", &FLOAT_LIKE)
        .operand("rhs", &FLOAT_LIKE)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &FLOAT_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
}

fn classification(name: &'static str) -> OpSpec {
    math_op(name)
        .operand("operand", &FLOAT_LIKE)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &BOOL_LIKE)
        .check(Check::TypesMatchWith {
            summary: "result type has i1 element type and same shape as operands",
            from: "operand",
            to: "result",
            transform: i1_same_shape,
        })
        .check(Check::Elementwise)
        .format("$operand attr-dict `:` type($operand)")
}

fn ops() -> Vec<OpSpec> {
    let others = [
        int_unary("math.absi"),
        int_unary("math.ctlz"),
        int_unary("math.ctpop"),
        int_unary("math.cttz"),
        float_binary("math.atan2"),
        float_binary("math.copysign"),
        float_binary("math.powf"),
        math_op("math.fma")
            .operand("a", &FLOAT_LIKE)
            .operand("b", &FLOAT_LIKE)
            .operand("c", &FLOAT_LIKE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("result", &FLOAT_LIKE)
            .check(Check::SameOperandsAndResultType)
            .check(Check::Elementwise)
            .format("$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"),
        math_op("math.clampf")
            .operand("value", &FLOAT_LIKE)
            .operand("min", &FLOAT_LIKE)
            .operand("max", &FLOAT_LIKE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("result", &FLOAT_LIKE)
            .check(Check::SameOperandsAndResultType)
            .check(Check::Elementwise)
            .format("$value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"),
        math_op("math.fpowi")
            .operand("lhs", &FLOAT_LIKE)
            .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("result", &FLOAT_LIKE)
            .check(Check::AllTypesMatch(&["lhs", "result"]))
            .check(Check::SameOperandsAndResultShape)
            .check(Check::Elementwise)
            .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)"),
        math_op("math.ipowi")
            .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .result("result", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .check(Check::SameOperandsAndResultType)
            .check(Check::Elementwise)
            .format("$lhs `,` $rhs attr-dict `:` type($result)"),
        classification("math.isfinite"),
        classification("math.isinf"),
        classification("math.isnan"),
        classification("math.isnormal"),
        math_op("math.sincos")
            .operand("operand", &FLOAT_LIKE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("sin", &FLOAT_LIKE)
            .result("cos", &FLOAT_LIKE)
            .check(Check::AllTypesMatch(&["operand", "sin", "cos"]))
            .check(Check::Elementwise)
            .format("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)")
            .result_name(crate::ods::name_results_by_slot),
    ];
    let unary = [
        "math.absf",
        "math.acos",
        "math.acosh",
        "math.asin",
        "math.asinh",
        "math.atan",
        "math.atanh",
        "math.cbrt",
        "math.ceil",
        "math.cos",
        "math.cosh",
        "math.erf",
        "math.erfc",
        "math.exp",
        "math.exp2",
        "math.expm1",
        "math.floor",
        "math.log",
        "math.log10",
        "math.log1p",
        "math.log2",
        "math.round",
        "math.roundeven",
        "math.rsqrt",
        "math.sin",
        "math.sinh",
        "math.sqrt",
        "math.tan",
        "math.tanh",
        "math.trunc",
    ];
    let mut v = Vec::with_capacity(others.len() + unary.len());
    v.extend(others);
    v.extend(unary.into_iter().map(float_unary));
    v
}

/// Registers the math dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        s.fold = crate::math_fold::fold(s.name);
    }
    crate::ods::register(ctx, specs, &[]);
    ctx.registry_mut().set_materializer("math", crate::arith_fold::materialize);
}
