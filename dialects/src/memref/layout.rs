//! Facts about memref types that the memref verifiers need, as MLIR computes them: the strides
//! and offset of a layout (`getStridesAndOffset`), the layout-free canonical strides, the
//! rank-reduction mask of a sliced shape, and builders of strided memref types.

use mica_affine::{AffineExpr, BinaryOp};
use mica_ir::{Attr, AttrKind, Context, Type, TypeKind, DYNAMIC};

/// The parts of a ranked memref type.
pub struct MemRefParts<'a> {
    /// The shape (`DYNAMIC` for `?`).
    pub shape: &'a [i64],
    /// The element type.
    pub elem: Type,
    /// The layout attribute, if any.
    pub layout: Option<Attr>,
    /// The memory space, if any.
    pub memory_space: Option<Attr>,
}

/// The parts of `t` when it is a ranked memref.
pub fn memref_parts(ctx: &Context, t: Type) -> Option<MemRefParts<'_>> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, elem, layout, memory_space } => {
            Some(MemRefParts { shape, elem: *elem, layout: *layout, memory_space: *memory_space })
        }
        _ => None,
    }
}

/// The element type and memory space of a ranked or unranked memref.
pub fn elem_and_space(ctx: &Context, t: Type) -> Option<(Type, Option<Attr>)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { elem, memory_space, .. } | TypeKind::UnrankedMemRef { elem, memory_space } => Some((*elem, *memory_space)),
        _ => None,
    }
}

/// Whether a layout attribute is the identity (absent, or an identity affine map).
pub fn is_identity_layout(ctx: &Context, layout: Option<Attr>) -> bool {
    match layout.map(|l| ctx.attr_kind(l)) {
        None => true,
        Some(AttrKind::AffineMap(m)) => m.is_identity(),
        Some(_) => false,
    }
}

/// `a * b` saturating to `DYNAMIC` when either is dynamic, except that a static 0 times
/// anything is 0 (MLIR's `SaturatedInteger`).
pub fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.wrapping_mul(b)
    }
}

/// `a + b` saturating to `DYNAMIC` when either is dynamic.
pub fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC { DYNAMIC } else { a.wrapping_add(b) }
}

/// The row-major strides of an identity layout: a dimension of size 0 or `?` makes every
/// outer stride dynamic (MLIR's canonical strided layout expression).
pub fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running: i64 = 1;
    let mut poisoned = false;
    for (i, &size) in shape.iter().enumerate().rev() {
        strides[i] = if poisoned { DYNAMIC } else { running };
        if size > 0 {
            running = running.wrapping_mul(size);
        } else {
            poisoned = true;
        }
    }
    strides
}

/// The strides and offset of a ranked memref type; `None` when its layout is not strided.
pub fn strides_and_offset(ctx: &Context, t: Type) -> Option<(Vec<i64>, i64)> {
    let parts = memref_parts(ctx, t)?;
    let Some(layout) = parts.layout else { return Some((canonical_strides(parts.shape), 0)) };
    match ctx.attr_kind(layout) {
        AttrKind::StridedLayout { offset, strides } => Some((strides.to_vec(), *offset)),
        AttrKind::AffineMap(m) if m.is_identity() => Some((canonical_strides(parts.shape), 0)),
        AttrKind::AffineMap(m) if m.results.len() == 1 => {
            let rank = parts.shape.len();
            let mut strides = vec![AffineExpr::constant(0); rank];
            let mut offset = AffineExpr::constant(0);
            if !extract_strides(&m.results[0], &AffineExpr::constant(1), &mut strides, &mut offset) {
                return None;
            }
            let value = |e: &AffineExpr| e.as_constant().unwrap_or(DYNAMIC);
            Some((strides.iter().map(value).collect(), value(&offset)))
        }
        _ => None,
    }
}

/// Splits a layout expression into per-dimension strides and an offset (MLIR's
/// `extractStrides`); false when it is not a sum of scaled dimensions, symbols and constants.
fn extract_strides(e: &AffineExpr, factor: &AffineExpr, strides: &mut [AffineExpr], offset: &mut AffineExpr) -> bool {
    match e {
        AffineExpr::Dim(d) => match strides.get_mut(*d as usize) {
            Some(s) => {
                *s = AffineExpr::add(s.clone(), factor.clone());
                true
            }
            None => false,
        },
        AffineExpr::Constant(_) | AffineExpr::Symbol(_) => {
            *offset = AffineExpr::add(offset.clone(), AffineExpr::mul(e.clone(), factor.clone()));
            true
        }
        _ => match e.as_binary() {
            Some((BinaryOp::Add, l, r)) => extract_strides(l, factor, strides, offset) && extract_strides(r, factor, strides, offset),
            Some((BinaryOp::Mul, l, r)) if matches!(r, AffineExpr::Symbol(_) | AffineExpr::Constant(_)) => {
                extract_strides(l, &AffineExpr::mul(factor.clone(), r.clone()), strides, offset)
            }
            _ => false,
        },
    }
}

/// Whether a ranked memref type has a strided layout.
pub fn is_strided(ctx: &Context, t: Type) -> bool {
    strides_and_offset(ctx, t).is_some()
}

/// A `strided<[...], offset: ...>` layout attribute.
pub fn strided_layout(ctx: &Context, strides: &[i64], offset: i64) -> Attr {
    ctx.attr(AttrKind::StridedLayout { offset, strides: strides.into() })
}

/// A ranked memref type.
pub fn memref_type(ctx: &Context, shape: &[i64], elem: Type, layout: Option<Attr>, memory_space: Option<Attr>) -> Type {
    ctx.ty(TypeKind::MemRef { shape: shape.into(), elem, layout, memory_space })
}

/// Which dimensions of `original` a `reduced` shape drops (MLIR's `computeRankReductionMask`):
/// each dimension is kept when it matches the next reduced one, else it must be 1.
pub fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    let mut next = 0;
    for (i, &size) in original.iter().enumerate() {
        if next < reduced.len() && size == reduced[next] {
            next += 1;
            continue;
        }
        dropped[i] = true;
        if size != 1 {
            return None;
        }
    }
    (next == reduced.len()).then_some(dropped)
}

/// `DYNAMIC` as MLIR's diagnostics spell it, or the number.
pub fn static_or_dynamic(v: i64) -> String {
    if v == DYNAMIC { "dynamic".to_string() } else { v.to_string() }
}
