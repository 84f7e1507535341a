//! Hand-written checks of the vector ops that MLIR 22 verifies in C++ rather than in ODS:
//! `broadcast` (broadcastability of the source), `insert` and `extract` (positions against
//! the vector's rank and sizes), `create_mask` and `constant_mask` (operands or sizes per
//! dimension), `reduction` (rank and combining kind), `outerproduct` (the outer and AXPY
//! shapes) and the memory ops (`load`/`store` layouts and element types, the masked, gather,
//! scatter, expand and compress forms' index counts and shapes), with MLIR's messages.

use super::{supports_kind, vector_parts, COMBINING_KIND};
use crate::ods::{plain_error, OpView};
use mica_ir::printer::type_string;
use mica_ir::{Context, Type, TypeKind};

/// MLIR's `ShapedType::kDynamic`, the marker of a dynamic position.
const DYNAMIC: i64 = i64::MIN;

/// The type of the named operand or result.
fn ty_of(v: &OpView<'_>, name: &str) -> Option<Type> {
    v.operand(name).or_else(|| v.result(name)).map(|x| v.ty(x))
}

/// `N`, or `[N]` for a scalable dimension (MLIR's `stringifyDimension`).
fn dim_text(size: i64, scalable: bool) -> String {
    if scalable {
        format!("[{size}]")
    } else {
        size.to_string()
    }
}

/// MLIR's `BroadcastOp::verify` (through `isBroadcastableTo`): a scalar of the result's
/// element type, or a vector of no greater rank whose dimensions are 1 or the result's.
pub(super) fn verify_broadcast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dst)) = (ty_of(v, "source"), ty_of(v, "vector")) else { return Ok(()) };
    let Some((ds, dsc, delem)) = vector_parts(ctx, dst) else { return Ok(()) };
    let Some((ss, ssc, _)) = vector_parts(ctx, src) else {
        if src == delem {
            return Ok(());
        }
        return Err("source type is not a vector".into());
    };
    if ss.len() > ds.len() {
        return Err("source rank higher than destination rank".into());
    }
    let lead = ds.len() - ss.len();
    for i in 0..ss.len() {
        let (s, d, s_sc, d_sc) = (ss[i], ds[lead + i], ssc[i], dsc[lead + i]);
        let mismatch = (s != 1 && s != d) || (s == 1 && s_sc && d != 1) || (s_sc != d_sc && (s != 1 || s_sc));
        if mismatch {
            return Err(format!("dimension mismatch ({} vs. {})", dim_text(s, s_sc), dim_text(d, d_sc)));
        }
    }
    Ok(())
}

/// Each constant position (of at most `shape`'s rank) is in range or the poison index `-1`
/// (MLIR's `isValidPositionIndex`); the message names the first that is not, and ends with
/// `what` it is compared with.
fn positions_in_bounds(position: &[i64], shape: &[i64], what: &str) -> Result<(), String> {
    for (i, (&p, &size)) in position.iter().zip(shape).enumerate() {
        if p != DYNAMIC && p != -1 && !(0..size).contains(&p) {
            return Err(format!("expected position attribute #{} to be a non-negative integer smaller than the corresponding {what}", i + 1));
        }
    }
    Ok(())
}

/// MLIR's `InsertOp::verify`: a scalar or vector source that fills the positions left after
/// the indexed ones, and constant positions inside the destination.
pub(super) fn verify_insert(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dst)) = (ty_of(v, "valueToStore"), ty_of(v, "dest")) else { return Ok(()) };
    let src_rank = vector_parts(ctx, src).map(|p| p.0.len());
    if src_rank == Some(0) {
        return Err(plain_error("expected a scalar instead of a 0-d vector as the source operand"));
    }
    let Some((shape, _, _)) = vector_parts(ctx, dst) else { return Ok(()) };
    let position = v.attr_dense_i64("static_position").unwrap_or_default();
    if position.len() > shape.len() {
        return Err("expected position attribute of rank no greater than dest vector rank".into());
    }
    match src_rank {
        Some(r) if r + position.len() != shape.len() => {
            return Err("expected position attribute rank + source rank to match dest vector rank".into());
        }
        None if position.len() != shape.len() => {
            return Err("expected position attribute rank to match the dest vector rank".into());
        }
        _ => {}
    }
    positions_in_bounds(&position, shape, "dest vector dimension")
}

/// MLIR's `CreateMaskOp::verify`: one operand per dimension, exactly one for a 0-d mask.
pub(super) fn verify_create_mask(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((shape, _, _)) = ty_of(v, "result").and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let n = v.operands_named("operands").len();
    if shape.is_empty() {
        if n != 1 {
            return Err("must specify exactly one operand for 0-D create_mask".into());
        }
    } else if n != shape.len() {
        return Err("must specify an operand for each result vector dimension".into());
    }
    Ok(())
}

/// MLIR's `ConstantMaskOp::verify`: one size per dimension, each within its dimension (and
/// none or all of a scalable one), all zero if any is.
pub(super) fn verify_constant_mask(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((shape, scalable, _)) = ty_of(v, "result").and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let sizes = v.attr_dense_i64("mask_dim_sizes").unwrap_or_default();
    if shape.is_empty() {
        if sizes.len() != 1 {
            return Err(plain_error("array attr must have length 1 for 0-D vectors"));
        }
        if sizes[0] != 0 && sizes[0] != 1 {
            return Err(plain_error("mask dim size must be either 0 or 1 for 0-D vectors"));
        }
        return Ok(());
    }
    if sizes.len() != shape.len() {
        return Err("must specify array attr of size equal vector result rank".into());
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 || s > shape[i] {
            return Err("array attr of size out of bounds of vector result dimension size".into());
        }
        if scalable[i] && s != 0 && s != shape[i] {
            return Err("only supports 'none set' or 'all set' scalable dimensions".into());
        }
    }
    if sizes.contains(&0) && !sizes.iter().all(|s| *s == 0) {
        return Err("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim".into());
    }
    Ok(())
}

/// MLIR's `ReductionOp::verify`: a 0-d or 1-d source and a kind that suits the result type
/// (whose quoted name MLIR's message quotes once more).
pub(super) fn verify_reduction(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dest)) = (ty_of(v, "vector"), ty_of(v, "dest")) else { return Ok(()) };
    let Some((shape, _, _)) = vector_parts(ctx, src) else { return Ok(()) };
    if shape.len() > 1 {
        return Err(format!("unsupported reduction rank: {}", shape.len()));
    }
    if let Some(kind) = v.attr("kind").and_then(|k| COMBINING_KIND.int_value(ctx, k)) {
        if !supports_kind(ctx, kind, dest) {
            return Err(format!(
                "unsupported reduction type ''{}'' for kind '{}'",
                type_string(ctx, dest),
                COMBINING_KIND.stringify(kind).unwrap_or_default()
            ));
        }
    }
    Ok(())
}

/// MLIR's `OuterProductOp::verify`: 1-d operands and a 2-d result of their sizes (or, with a
/// scalar right-hand side, a 1-d result of the left-hand side's size), an accumulator of the
/// result's type and a kind that suits the element type.
pub(super) fn verify_outerproduct(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(lt), Some(rt), Some(res)) = (ty_of(v, "lhs"), ty_of(v, "rhs"), ty_of(v, "result")) else { return Ok(()) };
    let (Some((ls, lsc, _)), Some((xs, _, elem))) = (vector_parts(ctx, lt), vector_parts(ctx, res)) else { return Ok(()) };
    if ls.len() != 1 {
        return Err("expected 1-d vector for operand #1".into());
    }
    let dim = |s: &[i64], i: usize| s.get(i).copied();
    if let Some((rs, rsc, _)) = vector_parts(ctx, rt) {
        if rs.len() != 1 {
            return Err("expected 1-d vector for operand #2".into());
        }
        if xs.len() != 2 {
            return Err("expected 2-d vector result".into());
        }
        if dim(ls, 0) != dim(xs, 0) {
            return Err("expected #1 operand dim to match result dim #1".into());
        }
        if dim(rs, 0) != dim(xs, 1) {
            return Err("expected #2 operand dim to match result dim #2".into());
        }
        if lsc.iter().any(|s| *s) && !rsc.iter().any(|s| *s) {
            return Err("expected either both or only #2 operand dim to be scalable".into());
        }
    } else {
        if xs.len() != 1 {
            return Err("expected 1-d vector result".into());
        }
        if dim(ls, 0) != dim(xs, 0) {
            return Err("expected #1 operand dim to match result dim #1".into());
        }
    }
    if ty_of(v, "acc").is_some_and(|a| a != res) {
        return Err("expected operand #3 of same type as result type".into());
    }
    if let Some(kind) = v.attr("kind").and_then(|k| COMBINING_KIND.int_value(ctx, k)) {
        if !supports_kind(ctx, kind, elem) {
            return Err("unsupported outerproduct type".into());
        }
    }
    Ok(())
}

/// The shape and element type of a memref or ranked tensor.
pub(super) fn shaped_parts(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, elem, .. } | TypeKind::RankedTensor { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

/// MLIR's `verifyLoadStoreMemRefLayout`: unless the vector holds a single fixed element, the
/// memref's innermost stride is 1.
fn unit_stride_layout(ctx: &Context, vector: Type, memref: Type) -> Result<(), String> {
    let Some((shape, scalable, _)) = vector_parts(ctx, vector) else { return Ok(()) };
    if !scalable.iter().any(|s| *s) && (shape.is_empty() || shape.iter().product::<i64>() == 1) {
        return Ok(());
    }
    let unit = crate::memref::layout::strides_and_offset(ctx, memref).is_some_and(|(s, _)| s.last().is_none_or(|x| *x == 1));
    if !unit {
        return Err("most minor memref dim must have unit stride".into());
    }
    Ok(())
}

/// MLIR's `LoadOp::verify` and `StoreOp::verify` (`value` names the vector: `result` or
/// `valueToStore`; MLIR says "types" for the load's element types, "type" for the store's).
fn verify_load_store(ctx: &Context, v: &OpView<'_>, value: &str, types: &str) -> Result<(), String> {
    let (Some(vector), Some(base)) = (ty_of(v, value), ty_of(v, "base")) else { return Ok(()) };
    let Some((shape, mut elem)) = shaped_parts(ctx, base) else { return Ok(()) };
    unit_stride_layout(ctx, vector, base)?;
    if let Some((_, _, inner)) = vector_parts(ctx, elem) {
        if elem != vector {
            return Err(format!("base memref and {value} vector types should match"));
        }
        elem = inner;
    }
    if vector_parts(ctx, vector).map(|p| p.2) != Some(elem) {
        return Err(format!("base and {value} element {types} should match"));
    }
    indices(v, "indices", shape.len())
}

pub(super) fn verify_load(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_load_store(ctx, v, "result", "types")
}

pub(super) fn verify_store(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_load_store(ctx, v, "valueToStore", "type")
}

/// One index per dimension of the base: the operands of group `name`, for a base of rank
/// `rank`.
pub(super) fn indices(v: &OpView<'_>, name: &str, rank: usize) -> Result<(), String> {
    if v.operands_named(name).len() != rank {
        return Err(format!("requires {rank} indices"));
    }
    Ok(())
}

/// The checks MLIR's masked, gather/scatter and expand/compress ops share: the vector (named
/// `value`) has the base's element type, one index per base dimension (in `index_group`),
/// and each of `shapes` (operand, word in the message, whole shape or leading dimension)
/// agrees with it, then a pass-through of the vector's type if there is one.
fn verify_masked_access(
    ctx: &Context,
    v: &OpView<'_>,
    value: &str,
    index_group: &str,
    shapes: &[(&str, &str, bool)],
) -> Result<(), String> {
    let (Some(vector), Some(base)) = (ty_of(v, value), ty_of(v, "base")) else { return Ok(()) };
    let (Some((vshape, _, velem)), Some((bshape, belem))) = (vector_parts(ctx, vector), shaped_parts(ctx, base)) else { return Ok(()) };
    if velem != belem {
        return Err(format!("base and {value} element type should match"));
    }
    indices(v, index_group, bshape.len())?;
    for &(operand, word, whole) in shapes {
        let Some((oshape, _, _)) = ty_of(v, operand).and_then(|t| vector_parts(ctx, t)) else { continue };
        let same = if whole { oshape == vshape } else { oshape.first() == vshape.first() };
        if !same {
            return Err(format!("expected {value} {word} to match {operand} {word}"));
        }
    }
    if ty_of(v, "pass_thru").is_some_and(|p| p != vector) {
        return Err("expected pass_thru of same type as result type".into());
    }
    Ok(())
}

pub(super) fn verify_maskedload(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_masked_access(ctx, v, "result", "indices", &[("mask", "shape", true)])
}

pub(super) fn verify_maskedstore(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_masked_access(ctx, v, "valueToStore", "indices", &[("mask", "shape", true)])
}

pub(super) fn verify_gather(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    base_memref_or_tensor(ctx, v)?;
    verify_masked_access(ctx, v, "result", "offsets", &[("indices", "dim", true), ("mask", "dim", true)])
}

pub(super) fn verify_scatter(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    base_memref_or_tensor(ctx, v)?;
    verify_masked_access(ctx, v, "valueToStore", "offsets", &[("indices", "dim", true), ("mask", "dim", true)])
}

pub(super) fn verify_expandload(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_masked_access(ctx, v, "result", "indices", &[("mask", "dim", false)])
}

pub(super) fn verify_compressstore(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_masked_access(ctx, v, "valueToStore", "indices", &[("mask", "dim", false)])
}

/// Gather and scatter address a memref or a ranked tensor.
fn base_memref_or_tensor(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    match ty_of(v, "base") {
        Some(b) if shaped_parts(ctx, b).is_none() => Err("requires base to be a memref or ranked tensor type".into()),
        _ => Ok(()),
    }
}

/// MLIR's `ExtractOp::verify`: a scalar or non-0-d result, as many dynamic positions as
/// markers, no more positions than the source's rank and constant positions inside it.
pub(super) fn verify_extract(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    if ty_of(v, "result").and_then(|t| vector_parts(ctx, t)).is_some_and(|p| p.0.is_empty()) {
        return Err(plain_error("expected a scalar instead of a 0-d vector as the result type"));
    }
    let Some((shape, _, _)) = ty_of(v, "source").and_then(|t| vector_parts(ctx, t)) else { return Ok(()) };
    let position = v.attr_dense_i64("static_position").unwrap_or_default();
    if position.iter().filter(|p| **p == DYNAMIC).count() != v.operands_named("dynamic_position").len() {
        return Err("mismatch between dynamic and static positions".into());
    }
    if position.len() > shape.len() {
        return Err("expected position attribute of rank no greater than vector rank".into());
    }
    positions_in_bounds(&position, shape, "vector dimension or poison (-1)")
}
