//! `linalg.pack` and `linalg.unpack`: tensors relaid out into tiles and back, with optional
//! padding value, outer dimension permutation, inner dimension positions and static or dynamic
//! inner tiles, and MLIR's checks of the packed shape.

use crate::fold_util::value_i64;
use crate::ods::constraints::*;
use crate::ods::{Check, OpSpec, OpView};
use mica_ir::printer::type_string;
use mica_ir::{Context, Type, TypeKind, DYNAMIC};

/// The ops.
pub fn ops() -> [OpSpec; 2] {
    [
        OpSpec::new("linalg.pack")
            .traits(mica_ir::Traits::PURE)
            .operand("source", &ANY_RANKED_TENSOR)
            .operand("dest", &ANY_RANKED_TENSOR)
            .optional_operand("padding_value", &ANY_TYPE)
            .default_optional_attr("outer_dims_perm", &DENSE_I64_ARRAY_ATTR, empty_array)
            .attr("inner_dims_pos", &DENSE_I64_ARRAY_ATTR)
            .variadic("inner_tiles", &INDEX)
            .attr("static_inner_tiles", &DENSE_I64_ARRAY_ATTR)
            .operand_segments()
            .result("result", &ANY_RANKED_TENSOR)
            .check(Check::TypesMatchWith { summary: "result type matches type of dest", from: "dest", to: "result", transform: |_, t| Some(t) })
            .format(
                "$source (`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? \
                 (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
            )
            .verify(verify_pack)
            .result_name(|_, _, _, names| names.set(0, "pack")),
        OpSpec::new("linalg.unpack")
            .traits(mica_ir::Traits::PURE)
            .operand("source", &ANY_RANKED_TENSOR)
            .operand("dest", &ANY_RANKED_TENSOR)
            .default_optional_attr("outer_dims_perm", &DENSE_I64_ARRAY_ATTR, empty_array)
            .attr("inner_dims_pos", &DENSE_I64_ARRAY_ATTR)
            .variadic("inner_tiles", &INDEX)
            .attr("static_inner_tiles", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_RANKED_TENSOR)
            .check(Check::TypesMatchWith { summary: "result type matches type of dest", from: "dest", to: "result", transform: |_, t| Some(t) })
            .format(
                "$source (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
            )
            .verify(verify_unpack)
            .result_name(|_, _, _, names| names.set(0, "unpack")),
    ]
}

fn empty_array(ctx: &Context) -> mica_ir::Attr {
    ctx.dense_int_array(64, Vec::new())
}

fn shape(ctx: &Context, t: Type) -> &[i64] {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// MLIR's `isInvalidPackingPosSpecification`: too many positions, a repeated one, or one out
/// of range.
fn invalid_positions(pos: &[i64], rank: usize) -> bool {
    let mut seen = pos.to_vec();
    seen.sort_unstable();
    seen.dedup();
    pos.len() > rank || seen.len() != pos.len() || pos.iter().any(|p| *p < 0 || *p >= rank as i64)
}

/// The shape MLIR infers for packing `unpacked` (`getPackOpResultTypeShape`): each tiled
/// dimension divided (rounding up) by its tile, the outer dimensions permuted, then the tiles.
fn packed_shape(unpacked: &[i64], tiles: &[i64], inner: &[i64], outer: &[i64]) -> Vec<i64> {
    let mut out = unpacked.to_vec();
    for (k, &pos) in inner.iter().enumerate() {
        let Some(d) = out.get_mut(pos as usize) else { continue };
        if *d == DYNAMIC {
            continue;
        }
        *d = match tiles[k] {
            DYNAMIC => DYNAMIC,
            0 => *d,
            t => (*d as f64 / t as f64).ceil() as i64,
        };
    }
    if !outer.is_empty() {
        out = outer.iter().map(|p| out[*p as usize]).collect();
    }
    out.extend_from_slice(tiles);
    out
}

/// MLIR's `commonVerifierPackAndUnPackOp` (errors reported without the op prefix).
fn verify_common(ctx: &Context, v: &OpView<'_>, pack: bool) -> Result<(), String> {
    let plain = crate::ods::plain_error;
    let (Some(src), Some(dst)) = (v.operand("source"), v.operand("dest")) else { return Ok(()) };
    let (unpacked_ty, packed_ty) = if pack { (v.ty(src), v.ty(dst)) } else { (v.ty(dst), v.ty(src)) };
    let (unpacked, packed) = (shape(ctx, unpacked_ty), shape(ctx, packed_ty));
    let tiles = v.attr_dense_i64("static_inner_tiles").unwrap_or_default();
    let inner = v.attr_dense_i64("inner_dims_pos").unwrap_or_default();
    let outer = v.attr_dense_i64("outer_dims_perm").unwrap_or_default();
    if known_tiles(ctx, v, &tiles).contains(&0) {
        return Err(plain("invalid zero tile factor"));
    }
    let rank = unpacked.len();
    if invalid_positions(&inner, rank) {
        return Err(plain("invalid inner_dims_pos vector"));
    }
    if invalid_positions(&outer, rank) {
        return Err(plain("invalid outer_dims_perm vector"));
    }
    if !outer.is_empty() && outer.len() != rank {
        return Err(plain("outer_dims_perm must be a permutation or empty"));
    }
    if tiles.len() > rank {
        return Err(plain("tiling factors must be less than or equal to the input rank for pack or output rank for unpack"));
    }
    if tiles.len() != inner.len() {
        return Err(plain("tiling factors must equal the number of dimensions to tile"));
    }
    if packed.len() != rank + tiles.len() {
        return Err(plain(&format!("packed rank != (unpacked rank + num tiling factors), got {} != {}", packed.len(), rank + tiles.len())));
    }
    let tiled = &packed[packed.len() - tiles.len()..];
    if tiled.iter().zip(&tiles).any(|(d, t)| if *t == DYNAMIC { *d != DYNAMIC } else { d != t }) {
        return Err(plain("mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type"));
    }
    let expected = packed_shape(unpacked, &tiles, &inner, &outer);
    let compatible = expected.len() == packed.len() && expected.iter().zip(packed).all(|(a, b)| a == b || *a == DYNAMIC || *b == DYNAMIC);
    if !compatible {
        let elem = ctx.type_kind(packed_ty).element_type().unwrap_or(packed_ty);
        let expected_ty = ctx.ty(TypeKind::RankedTensor { shape: expected.into(), elem, encoding: None });
        return Err(plain(&format!(
            "expected '{}' for the packed domain value, got '{}'",
            type_string(ctx, expected_ty),
            type_string(ctx, packed_ty)
        )));
    }
    Ok(())
}

/// MLIR's `PackOp::verify`: the common checks, the padding value's type, and full tiles when
/// there is no padding value (`requirePaddingValue`).
fn verify_pack(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_common(ctx, v, true)?;
    let (Some(src), Some(dst)) = (v.operand("source"), v.operand("dest")) else { return Ok(()) };
    let (src_ty, dst_ty) = (v.ty(src), v.ty(dst));
    let elem = ctx.type_kind(src_ty).element_type().unwrap_or(src_ty);
    if let Some(pad) = v.operand("padding_value") {
        let pad_ty = v.ty(pad);
        if pad_ty != elem {
            return Err(format!("expected padding_value has '{}' but got: '{}'", type_string(ctx, elem), type_string(ctx, pad_ty)));
        }
        return Ok(());
    }
    let (input, output) = (shape(ctx, src_ty), shape(ctx, dst_ty));
    let tiles = v.attr_dense_i64("static_inner_tiles").unwrap_or_default();
    let inner = v.attr_dense_i64("inner_dims_pos").unwrap_or_default();
    let outer = v.attr_dense_i64("outer_dims_perm").unwrap_or_default();
    let mut outer_sizes: Vec<i64> = output.iter().take(input.len()).copied().collect();
    if !outer.is_empty() {
        // Back to the source's order: the inverse permutation.
        let mut inverse = outer_sizes.clone();
        for (k, &p) in outer.iter().enumerate() {
            if let (Some(slot), Some(size)) = (inverse.get_mut(p as usize), outer_sizes.get(k)) {
                *slot = *size;
            }
        }
        outer_sizes = inverse;
    }
    let tiles = known_tiles(ctx, v, &tiles);
    let partial = inner.iter().zip(&tiles).any(|(&pos, &tile)| {
        let d = input[pos as usize];
        if d == DYNAMIC {
            return false;
        }
        if tile == DYNAMIC {
            let o = outer_sizes[pos as usize];
            o != DYNAMIC && o != 0 && d % o != 0
        } else {
            d % tile != 0
        }
    });
    if partial {
        return Err("invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set".into());
    }
    Ok(())
}

/// The tiles with each dynamic one defined by a constant taken as that constant (MLIR's
/// `getConstantIntValue` on the mixed tiles).
fn known_tiles(ctx: &Context, v: &OpView<'_>, tiles: &[i64]) -> Vec<i64> {
    let mut dynamic = v.operand_group(v.spec.operand_index("inner_tiles").unwrap_or(0)).iter();
    tiles
        .iter()
        .map(|&t| if t == DYNAMIC { dynamic.next().and_then(|x| value_i64(ctx, v.body, *x)).unwrap_or(DYNAMIC) } else { t })
        .collect()
}

fn verify_unpack(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_common(ctx, v, false)
}
