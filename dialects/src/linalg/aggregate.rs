//! The linalg ops outside the structured-op interface whose custom form is declarative:
//! `linalg.softmax` and the three Winograd transforms (`winograd_filter_transform`,
//! `winograd_input_transform`, `winograd_output_transform`) with their `fmr(F_m_r)` enum,
//! their destination-style results and MLIR's shape checks.

use super::named::ANY_SHAPED;
use super::verify::dps_outputs;
use crate::ods::constraints::*;
use crate::ods::enums::{EnumSpec, EnumStorage};
use crate::ods::{Check, OpSpec, OpView};
use mica_ir::{Context, Type, TypeKind, DYNAMIC};

/// `WinogradConv2DFmr`: the F(m, r) variants, stored as an `i32`.
pub static FMR: EnumSpec = EnumSpec { cases: &[("F_2_3", 0), ("F_4_3", 1), ("F_2_5", 2)], bit_separator: None, storage: EnumStorage::Int(32) };
static FMR_ATTR: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::IntEnum(&FMR), check: |_, _| true };
static DIMENSION: AttrConstraint = AttrConstraint {
    summary: "64-bit signless integer attribute",
    syntax: AttrSyntax::Typed(|c| c.int_type(64)),
    check: |c, a| is_int_attr_of(c, a, 64),
};

/// A tensor of rank `N`, with MLIR's `TensorRankOf` summary.
macro_rules! tensor_of_rank {
    ($name:ident, $rank:expr, $summary:expr) => {
        static $name: TypeConstraint = TypeConstraint {
            summary: $summary,
            check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { shape, .. } if shape.len() == $rank),
            buildable: None,
        };
    };
}
tensor_of_rank!(TENSOR_4D, 4, "4D tensor of any type values");
tensor_of_rank!(TENSOR_6D, 6, "6D tensor of any type values");

/// The ops.
pub fn ops() -> [OpSpec; 4] {
    [
        OpSpec::new("linalg.softmax")
            .operand("input", &ANY_SHAPED)
            .operand("output", &ANY_SHAPED)
            .attr("dimension", &DIMENSION)
            .variadic_result("result", &ANY_RANKED_TENSOR)
            .check(Check::Pred { summary: "input and output have same element type", check: same_element_types })
            .format("attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` (`->` type($result)^)?")
            .verify(verify_softmax),
        winograd("linalg.winograd_filter_transform", "filter", &TENSOR_4D, &TENSOR_4D, verify_filter_transform),
        winograd("linalg.winograd_input_transform", "input", &TENSOR_4D, &TENSOR_6D, verify_input_transform),
        winograd("linalg.winograd_output_transform", "value", &TENSOR_6D, &TENSOR_4D, verify_output_transform),
    ]
}

/// A Winograd transform: `fmr(F_m_r) ins(input) outs(output) -> result`.
fn winograd(
    name: &'static str,
    input: &'static str,
    input_ty: &'static TypeConstraint,
    output_ty: &'static TypeConstraint,
    verify: crate::ods::OpVerifyFn,
) -> OpSpec {
    let format = match input {
        "filter" => "attr-dict `fmr` `` `(` $fmr `)` `ins` `(` $filter `:` type($filter) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
        "input" => "attr-dict `fmr` `` `(` $fmr `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
        _ => "attr-dict `fmr` `` `(` $fmr `)` `ins` `(` $value `:` type($value) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
    };
    OpSpec::new(name)
        .operand(input, input_ty)
        .operand("output", output_ty)
        .attr("fmr", &FMR_ATTR)
        .result("result", output_ty)
        .format(format)
        .verify(verify)
}

/// The shapes of the op's two operands.
fn shapes<'a>(ctx: &'a Context, v: &OpView<'_>) -> Option<(&'a [i64], &'a [i64])> {
    let ops = v.operands();
    let shape = |t: Type| match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => Some(&shape[..]),
        _ => None,
    };
    Some((shape(v.ty(*ops.first()?))?, shape(v.ty(*ops.get(1)?))?))
}

fn same_element_types(ctx: &Context, v: &OpView<'_>) -> bool {
    let elem = |n: &str| v.operand(n).and_then(|x| ctx.type_kind(v.ty(x)).element_type());
    elem("input") == elem("output")
}

/// The shapes agree where both are static.
fn compatible(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == DYNAMIC || *y == DYNAMIC)
}

/// MLIR's `SoftmaxOp::verify`, after the destination-style checks.
fn verify_softmax(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let outputs: Vec<_> = v.operand("output").into_iter().collect();
    dps_outputs(ctx, v, 1, &outputs)?;
    let Some((input, output)) = shapes(ctx, v) else { return Ok(()) };
    if !compatible(input, output) {
        return Err("incompatible output shape".into());
    }
    let dim = v.attr_i64("dimension").unwrap_or(0);
    if dim < 0 || dim >= input.len() as i64 {
        return Err("incorrect dimension specified".into());
    }
    Ok(())
}

/// (m, r) of the op's `fmr`.
fn fmr(ctx: &Context, v: &OpView<'_>) -> (i64, i64) {
    match v.attr("fmr").and_then(|a| FMR.int_value(ctx, a)) {
        Some(1) => (4, 3),
        Some(2) => (2, 5),
        _ => (2, 3),
    }
}

/// The destination-style checks of a transform (its output is operand 1).
fn transform_dps(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let outputs: Vec<_> = v.operand("output").into_iter().collect();
    dps_outputs(ctx, v, 1, &outputs)
}

/// Filter `(F, H, W, C)` to `(alphaH, alphaW, C, F)`.
fn verify_filter_transform(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    transform_dps(ctx, v)?;
    let Some((filter, output)) = shapes(ctx, v).filter(|(a, b)| a.len() == 4 && b.len() == 4) else { return Ok(()) };
    let (m, r) = fmr(ctx, v);
    let (h, w) = (filter[1], filter[2]);
    if h != r && h != 1 {
        return Err("expect filter height either equals to r or 1".into());
    }
    if w != r && w != 1 {
        return Err("expect filter width either equals to r or 1".into());
    }
    if h == 1 && w == 1 {
        return Err("expect either filter height or width equals to r".into());
    }
    let alpha = |d: i64| if d == r { m + r - 1 } else { 1 };
    let expected = [alpha(h), alpha(w), filter[3], filter[0]];
    if !compatible(&expected, output) {
        return Err("the output shape is not expected".into());
    }
    Ok(())
}

/// Input `(N, H, W, C)` to `(alphaH, alphaW, tileH, tileW, N, C)`.
fn verify_input_transform(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    transform_dps(ctx, v)?;
    let Some((input, output)) = shapes(ctx, v).filter(|(a, b)| a.len() == 4 && b.len() == 6) else { return Ok(()) };
    let (m, r) = fmr(ctx, v);
    let tile = m + r - 1;
    // (alpha, tiles) along one spatial dimension of size `d`, transformed or not.
    let along = |d: i64, transformed: bool| {
        if d == DYNAMIC {
            (tile, DYNAMIC)
        } else if transformed {
            (tile, (d - (r - 1)) / m)
        } else {
            (1, d)
        }
    };
    let (ah, th) = along(input[1], output[0] != 1);
    let (aw, tw) = along(input[2], output[1] != 1);
    let expected = [ah, aw, th, tw, input[0], input[3]];
    if !compatible(&expected, output) {
        return Err("the output shape is not expected".into());
    }
    Ok(())
}

/// Value `(alphaH, alphaW, tileH, tileW, N, F)` to `(N, H, W, F)`.
fn verify_output_transform(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    transform_dps(ctx, v)?;
    let Some((value, output)) = shapes(ctx, v).filter(|(a, b)| a.len() == 6 && b.len() == 4) else { return Ok(()) };
    let (m, r) = fmr(ctx, v);
    let along = |alpha: i64, tiles: i64, what: &str| -> Result<i64, String> {
        if alpha == DYNAMIC || tiles == DYNAMIC {
            return Ok(DYNAMIC);
        }
        let transformed = alpha != 1;
        if alpha != (if transformed { m + r - 1 } else { 1 }) {
            return Err(format!("expect input {what} equals to input tile size"));
        }
        Ok((if transformed { m } else { 1 }) * tiles)
    };
    let h = along(value[0], value[2], "height")?;
    let w = along(value[1], value[3], "width")?;
    let expected = [value[4], h, w, value[5]];
    if !compatible(&expected, output) {
        return Err("the output shape is not expected".into());
    }
    Ok(())
}
