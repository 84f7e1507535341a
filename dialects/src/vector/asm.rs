//! The vector ops whose custom form MLIR writes by hand: `transfer_read` and `transfer_write`
//! (default permutation map and in-bounds flags left out, mask type inferred), `contract` (its
//! trait dictionary first), `outerproduct` (result type inferred) and `mask` (one masked op in
//! braces, its `vector.yield` implied), with their hand-written verifiers (for the transfers,
//! MLIR's index, type, permutation map, mask, in-bounds and padding checks in MLIR's order).

use super::{kind_add, vector_parts, ITERATOR_TYPE, KIND};
use crate::ods::constraints::*;
use crate::ods::{Check, OpSpec, OpView};
use mica_affine::{AffineExpr, AffineMap};
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, AttrKind, Body, Context, Ident, Op, OpDef, OperationState, Printer, Traits, Type, TypeKind};

static AFFINE_MAP: AttrConstraint =
    AttrConstraint { summary: "AffineMap attribute", syntax: AttrSyntax::Plain, check: |c, a| matches!(c.attr_kind(a), AttrKind::AffineMap(_)) };
static BOOL_ARRAY: AttrConstraint = AttrConstraint {
    summary: "1-bit boolean array attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(items) if items.iter().all(|x| is_int_attr_of(c, *x, 1))),
};
static AFFINE_MAP_ARRAY: AttrConstraint = AttrConstraint {
    summary: "AffineMap array attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(items) if items.iter().all(|x| matches!(c.attr_kind(*x), AttrKind::AffineMap(_)))),
};
static ITERATOR_TYPE_ARRAY: AttrConstraint = AttrConstraint {
    summary: "Iterator type should be an enum.",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(items) if items.iter().all(|x| ITERATOR_TYPE.int_value(c, *x).is_some())),
};
pub(super) static SHAPED: TypeConstraint = TypeConstraint {
    summary: "shaped of any type values",
    check: |c, t| c.type_kind(t).is_shaped(),
    buildable: None,
};
pub(super) static VECTOR_OF_I1: TypeConstraint = TypeConstraint {
    summary: "vector of 1-bit signless integer values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { shape, elem, .. } if !shape.is_empty() && is_signless_int_of(c, *elem, 1)),
    buildable: None,
};

/// `vector.transfer_read`
pub(super) fn transfer_read() -> OpSpec {
    OpSpec::new("vector.transfer_read")
        .effects(|c, b, op| if on_memref(c, b, op) { Traits::MEMORY_READ } else { Traits::PURE })
        .operand("base", &SHAPED)
        .variadic("indices", &INDEX)
        .operand("padding", &ANY_TYPE)
        .optional_operand("mask", &VECTOR_OF_I1)
        .attr("permutation_map", &AFFINE_MAP)
        .attr("in_bounds", &BOOL_ARRAY)
        .result("vector", &ANY_VECTOR)
        .operand_segments()
        .verify(verify_transfer_read)
        .custom(parse_transfer_read, print_transfer_read)
}

/// `vector.transfer_write`
pub(super) fn transfer_write() -> OpSpec {
    OpSpec::new("vector.transfer_write")
        .effects(|c, b, op| if on_memref(c, b, op) { Traits::NONE } else { Traits::PURE })
        .operand("valueToStore", &ANY_VECTOR)
        .operand("base", &SHAPED)
        .variadic("indices", &INDEX)
        .optional_operand("mask", &VECTOR_OF_I1)
        .attr("permutation_map", &AFFINE_MAP)
        .attr("in_bounds", &BOOL_ARRAY)
        .optional_result("result", &ANY_RANKED_TENSOR)
        .operand_segments()
        .verify(verify_transfer_write)
        .verify_regions(verify_transfer_write_dps)
        .custom(parse_transfer_write, print_transfer_write)
}

/// `vector.transfer_read`'s verifier, in MLIR's order: one index per source dimension, the
/// checks shared with `transfer_write` ([`Transfer::verify_common`]), the padding value against
/// the source's element type, and the permutation map's shape ([`verify_permutation`]).
fn verify_transfer_read(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(t) = Transfer::of(ctx, v) else { return Ok(()) };
    t.verify_indices(v)?;
    t.verify_common(ctx, v)?;
    if let Some(padding) = v.operand("padding").map(|p| v.ty(p)) {
        match ctx.type_kind(t.elem) {
            TypeKind::Vector { .. } => {
                if padding != t.elem {
                    return Err("requires source element type and padding type to match.".into());
                }
            }
            _ => {
                if !is_vector_element(ctx, padding) {
                    return Err("requires valid padding vector elemental type".into());
                }
                if padding != t.elem {
                    return Err("requires formal padding and source of the same elemental type".into());
                }
            }
        }
    }
    verify_permutation(&t.map)
}

/// `vector.transfer_write`'s verifier, in MLIR's order: one index per destination dimension,
/// no broadcast (constant `0`) results in the permutation map, the checks shared with
/// `transfer_read` ([`Transfer::verify_common`]), and the permutation map's shape.
fn verify_transfer_write(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(t) = Transfer::of(ctx, v) else { return Ok(()) };
    t.verify_indices(v)?;
    if t.map.results.iter().any(|r| matches!(r, AffineExpr::Constant(0))) {
        return Err("should not have broadcast dimensions".into());
    }
    t.verify_common(ctx, v)?;
    verify_permutation(&t.map)
}

/// `transfer_write`'s destination-style check, which MLIR makes after the op's own verifier:
/// a tensor destination gives one result of its type, a memref none.
fn verify_transfer_write_dps(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(base) = v.operand("base") else { return Ok(()) };
    let base_ty = v.ty(base);
    let tensors = match ctx.type_kind(base_ty) {
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => 1,
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => 0,
        _ => return Err("expected that operand #1 is a tensor or a ranked memref".into()),
    };
    let results = v.results();
    if results.len() != tensors {
        return Err(format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({tensors})",
            results.len()
        ));
    }
    if let Some(r) = results.first().map(|r| v.ty(*r)).filter(|r| *r != base_ty) {
        return Err(format!(
            "expected type of operand #1 ('{}') to match type of corresponding result ('{}')",
            mica_ir::printer::type_string(ctx, base_ty),
            mica_ir::printer::type_string(ctx, r)
        ));
    }
    Ok(())
}

/// What the transfer verifiers look at: the shaped operand's type and element type, the vector
/// type, the permutation map and the number of in-bounds flags.
struct Transfer {
    shaped: Type,
    elem: Type,
    vector: Type,
    map: AffineMap,
    in_bounds: usize,
}

impl Transfer {
    fn of(ctx: &Context, v: &OpView<'_>) -> Option<Transfer> {
        let shaped = v.ty(v.operand("base")?);
        let elem = ctx.type_kind(shaped).element_type()?;
        let vector = match v.operand("valueToStore") {
            Some(x) => v.ty(x),
            None => v.ty(v.result("vector")?),
        };
        let map = match ctx.attr_kind(v.attr("permutation_map")?) {
            AttrKind::AffineMap(m) => m.clone(),
            _ => return None,
        };
        let in_bounds = match ctx.attr_kind(v.attr("in_bounds")?) {
            AttrKind::Array(items) => items.len(),
            _ => return None,
        };
        Some(Transfer { shaped, elem, vector, map, in_bounds })
    }

    /// One index per dimension of the shaped operand (an unranked one counts as rank 0, as in
    /// MLIR).
    fn verify_indices(&self, v: &OpView<'_>) -> Result<(), String> {
        super::verify::indices(v, "indices", v.ctx.type_kind(self.shaped).shape().map_or(0, |s| s.len()))
    }

    /// The checks MLIR's `transfer_read` and `transfer_write` share: no `masked` attribute, a
    /// memref or ranked tensor, vector and element sizes that fit, a permutation map from the
    /// shaped rank without symbols to the vector rank, the mask type and the in-bounds flags.
    fn verify_common(&self, ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
        if ctx.op_attr(v.body, v.op, "masked").is_some() {
            return Err("masked attribute has been removed. Use in_bounds instead.".into());
        }
        let Some((shape, _)) = super::verify::shaped_parts(ctx, self.shaped) else {
            return Err("requires source to be a memref or ranked tensor type".into());
        };
        let rank = shape.len();
        let Some((vshape, _, velem)) = vector_parts(ctx, self.vector) else { return Ok(()) };
        let velem_bits = type_bits(ctx, velem);
        let mask = v.operand("mask").map(|m| v.ty(m));
        let map_results = self.map.results.len();
        if let TypeKind::Vector { shape: eshape, elem: eelem, .. } = ctx.type_kind(self.elem) {
            // The source's elements are vectors: the result's minor 1-D vector holds whole ones.
            let sizes = (type_bits(ctx, *eelem), velem_bits, eshape.last(), vshape.last());
            if let (Some(eb), Some(vb), Some(&en), Some(&vn)) = sizes {
                let (source, result) = (eb * en as u64, vb * vn as u64);
                if source != 0 && result % source != 0 {
                    return Err("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source".into());
                }
            }
            if eshape.len() > vshape.len() {
                return Err("requires source vector element and vector result ranks to match.".into());
            }
            if map_results != vshape.len() - eshape.len() {
                return Err("requires a permutation_map with result dims of the same rank as the vector type".into());
            }
            if mask.is_some() {
                return Err("does not support masks with vector element type".into());
            }
        } else {
            let minor = vshape.last().copied().unwrap_or(1) as u64;
            if let (Some(vb), Some(eb)) = (velem_bits, type_bits(ctx, self.elem)) {
                if !(vb * minor).is_multiple_of(eb) {
                    return Err("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type".into());
                }
            }
            if map_results != vshape.len() {
                return Err("requires a permutation_map with result dims of the same rank as the vector type".into());
            }
        }
        if self.map.num_symbols != 0 {
            return Err("requires permutation_map without symbols".into());
        }
        if self.map.num_dims as usize != rank {
            return Err("requires a permutation_map with input dims of the same rank as the source type".into());
        }
        if let Some(mask) = mask {
            if let Some(inferred) = mask_type(ctx, self.vector, &self.map).filter(|t| *t != mask) {
                return Err(format!(
                    "inferred mask type ('{}') and mask operand type ('{}') don't match",
                    mica_ir::printer::type_string(ctx, inferred),
                    mica_ir::printer::type_string(ctx, mask)
                ));
            }
        }
        if map_results != self.in_bounds {
            let map = mica_ir::printer::attr_string(ctx, ctx.attr(AttrKind::AffineMap(self.map.clone())));
            return Err(format!(
                "expects the in_bounds attr of same rank as permutation_map results: {map} vs inBounds of size: {}",
                self.in_bounds
            ));
        }
        Ok(())
    }
}

/// MLIR's `verifyPermutationMap`: each result is a dimension or the constant `0`, and no
/// dimension appears twice.
fn verify_permutation(map: &AffineMap) -> Result<(), String> {
    let mut seen = vec![false; map.num_dims as usize];
    for r in &map.results {
        match r {
            AffineExpr::Constant(0) => {}
            AffineExpr::Dim(d) => {
                let Some(s) = seen.get_mut(*d as usize) else { continue };
                if *s {
                    return Err("requires a permutation_map that is a permutation (found one dim used more than once)".into());
                }
                *s = true;
            }
            _ => {
                return Err("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)".into())
            }
        }
    }
    Ok(())
}

/// Whether MLIR accepts `t` as the element type of a vector (integers, `index`, floats; a
/// type Mica keeps as text is given the benefit of the doubt).
fn is_vector_element(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::Opaque { .. })
}

/// The size in bits MLIR's default data layout gives a scalar type: an integer's or float's
/// width, 64 for `index`, and for `complex<T>` the element aligned to its preferred alignment
/// (the power of two at or above its byte size) plus the element. `None` for other types and
/// for those of no bits (`i0`), whose size checks are skipped.
fn type_bits(ctx: &Context, t: Type) -> Option<u64> {
    match ctx.type_kind(t) {
        TypeKind::Complex(e) => {
            let bits = type_bits(ctx, *e)?;
            let align = bits.div_ceil(8).max(1).next_power_of_two() * 8;
            Some(bits.div_ceil(align) * align + bits)
        }
        _ => Some(u64::from(ctx.int_width(t))).filter(|w| *w > 0),
    }
}

/// `vector.contract`
pub(super) fn contract() -> OpSpec {
    OpSpec::new("vector.contract")
        .traits(Traits::PURE)
        .operand("lhs", &ANY_VECTOR)
        .operand("rhs", &ANY_VECTOR)
        .operand("acc", &ANY_TYPE)
        .attr("indexing_maps", &AFFINE_MAP_ARRAY)
        .attr("iterator_types", &ITERATOR_TYPE_ARRAY)
        .default_attr("kind", &KIND, kind_add)
        .result("result", &ANY_TYPE)
        .check(Check::Pred { summary: "lhs and rhs have same element type", check: |c, v| elem_of(c, v, "lhs") == elem_of(c, v, "rhs") })
        .check(Check::Pred { summary: "third operand acc and result have same element type", check: |c, v| elem_of(c, v, "acc") == elem_of(c, v, "result") })
        .custom(parse_contract, print_contract)
        .verify(verify_contract)
}

/// `vector.outerproduct`
pub(super) fn outerproduct() -> OpSpec {
    OpSpec::new("vector.outerproduct")
        .traits(Traits::PURE)
        .operand("lhs", &ANY_VECTOR)
        .operand("rhs", &ANY_TYPE)
        .optional_operand("acc", &ANY_VECTOR)
        .default_attr("kind", &KIND, kind_add)
        .result("result", &ANY_VECTOR)
        .check(Check::Pred { summary: "lhs operand and result have same element type", check: |c, v| elem_of(c, v, "lhs") == elem_of(c, v, "result") })
        .check(Check::Pred { summary: "rhs operand and result have same element type", check: |c, v| elem_of(c, v, "rhs") == elem_of(c, v, "result") })
        .custom(parse_outerproduct, print_outerproduct)
        .verify(super::verify::verify_outerproduct)
}

/// `vector.mask`
pub(super) fn mask() -> OpSpec {
    OpSpec::new("vector.mask")
        .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
        .operand("mask", &VECTOR_OF_I1)
        .optional_operand("passthru", &ANY_TYPE)
        .variadic_result("results", &ANY_TYPE)
        .region("maskRegion", None)
        .traits(Traits::SINGLE_BLOCK)
        .custom(parse_mask, print_mask)
        .verify(verify_mask)
}

// ------------------------------------------------------------------------------ helpers

fn parse_operand_list(p: &mut dyn AsmParser<'_>) -> Result<Vec<UnresolvedOperand>, ()> {
    let mut out = Vec::new();
    if p.peek_ssa_name() {
        loop {
            out.push(p.parse_operand()?);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
    }
    Ok(out)
}

fn resolve_all(p: &mut dyn AsmParser<'_>, state: &mut OperationState, ops: &[UnresolvedOperand], ty: Type) -> Result<(), ()> {
    for o in ops {
        let v = p.resolve_operand(o, ty)?;
        state.operands.push(v);
    }
    Ok(())
}

fn print_list(p: &mut Printer<'_>, body: &Body, values: &[mica_ir::Value]) {
    for (k, v) in values.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        p.print_value(body, *v);
    }
}

fn segments(ctx: &Context, sizes: &[usize]) -> (Ident, Attr) {
    (ctx.ident("operandSegmentSizes"), ctx.dense_int_array(32, sizes.iter().map(|s| *s as i64)))
}

/// Splits parsed dictionary entries into the op's inherent attributes and the rest.
fn split_dict(ctx: &Context, entries: Vec<(Ident, Attr)>, inherent: &[&str]) -> (Vec<(Ident, Attr)>, Vec<(Ident, Attr)>) {
    entries.into_iter().partition(|(k, _)| inherent.contains(&ctx.str(*k)))
}

fn view<'a>(ctx: &'a Context, def: &'a OpDef, body: &'a Body, op: Op) -> Option<OpView<'a>> {
    OpView::new(ctx, crate::ods::spec_of(def)?, body, op).ok()
}

// ------------------------------------------------------------------------------ transfers

/// The rank a transfer's permutation map starts from: the shaped type's rank, and the number
/// of vector dimensions the element type does not already cover (`None` if the element type
/// has more dimensions than the vector).
fn transfer_ranks(ctx: &Context, shaped: Type, vector: Type) -> Option<(usize, Option<usize>)> {
    let rank = ctx.type_kind(shaped).shape()?.len();
    let vrank = ctx.type_kind(vector).shape()?.len();
    let elem_rank = match ctx.type_kind(element_or_self(ctx, shaped)) {
        TypeKind::Vector { shape, .. } => shape.len(),
        _ => 0,
    };
    Some((rank, vrank.checked_sub(elem_rank)))
}

/// `(d0, ..., dn-1) -> (dn-k, ..., dn-1)`
fn minor_identity(rank: usize, results: usize) -> AffineMap {
    let first = rank.saturating_sub(results) as u32;
    AffineMap::new(rank as u32, 0, (first..rank as u32).map(AffineExpr::Dim).collect())
}

/// The mask type of a transfer: `i1` over the vector dimensions that the map reads from the
/// memory, in memory order (`vector<1xi1>` when there are none).
fn mask_type(ctx: &Context, vector: Type, map: &AffineMap) -> Option<Type> {
    let (shape, scalable, _) = vector_parts(ctx, vector)?;
    let mut dims: Vec<(u32, i64, bool)> = Vec::new();
    for (k, r) in map.results.iter().enumerate() {
        if let AffineExpr::Dim(d) = r {
            dims.push((*d, *shape.get(k)?, *scalable.get(k)?));
        }
    }
    dims.sort_by_key(|d| d.0);
    if dims.is_empty() {
        // Masks have at least one dimension: a 0-d transfer takes a one-element mask.
        dims.push((0, 1, false));
    }
    Some(ctx.ty(TypeKind::Vector {
        shape: dims.iter().map(|d| d.1).collect(),
        scalable: dims.iter().map(|d| d.2).collect(),
        elem: ctx.int_type(1),
    }))
}

/// Moves `permutation_map` and `in_bounds` from the dictionary into the properties, filling
/// the defaults; returns the map.
fn transfer_props(
    p: &mut dyn AsmParser<'_>,
    dict: Vec<(Ident, Attr)>,
    shaped: Type,
    vector: Type,
    at: usize,
) -> Result<(Vec<(Ident, Attr)>, Vec<(Ident, Attr)>, AffineMap), ()> {
    let ctx = p.ctx();
    let (mut props, rest) = split_dict(ctx, dict, &["permutation_map", "in_bounds"]);
    let Some((rank, vrank)) = transfer_ranks(ctx, shaped, vector) else {
        p.error_at(at, "requires memref or ranked tensor type and vector type");
        return Err(());
    };
    let map = match props.iter().find(|(k, _)| ctx.str(*k) == "permutation_map").map(|(_, a)| ctx.attr_kind(*a)) {
        Some(AttrKind::AffineMap(m)) => m.clone(),
        Some(_) => {
            p.error_at(at, "expected an affine map for permutation_map");
            return Err(());
        }
        None => {
            let Some(vrank) = vrank.filter(|v| *v <= rank) else {
                p.error_at(at, "expected a custom permutation_map when rank(source) != rank(destination)");
                return Err(());
            };
            let m = minor_identity(rank, vrank);
            props.push((ctx.ident("permutation_map"), ctx.attr(AttrKind::AffineMap(m.clone()))));
            m
        }
    };
    if !props.iter().any(|(k, _)| ctx.str(*k) == "in_bounds") {
        let f = ctx.bool_attr(false);
        props.push((ctx.ident("in_bounds"), ctx.array_attr(&vec![f; map.results.len()])));
    }
    Ok((props, rest, map))
}

/// `: type, type` after a transfer's operands, reported from the colon as MLIR does.
fn parse_types2(p: &mut dyn AsmParser<'_>) -> Result<(Type, Type, usize), ()> {
    let at = p.offset();
    p.parse_punct(":")?;
    let mut types = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        types.push(p.parse_type()?);
    }
    match types[..] {
        [a, b] => Ok((a, b, at)),
        _ => {
            p.error_at(at, "requires two types");
            Err(())
        }
    }
}

/// The mask operand of a transfer: the element type must be scalar and the map must have one
/// result per vector dimension for MLIR to infer the mask's type.
fn resolve_mask(
    p: &mut dyn AsmParser<'_>,
    state: &mut OperationState,
    mask: &UnresolvedOperand,
    (shaped, vector, map): (Type, Type, &AffineMap),
    at: usize,
) -> Result<(), ()> {
    let ctx = p.ctx();
    if matches!(ctx.type_kind(element_or_self(ctx, shaped)), TypeKind::Vector { .. }) {
        p.error_at(mask.offset, "does not support masks with vector element type");
        return Err(());
    }
    let rank = ctx.type_kind(vector).shape().map_or(0, |s| s.len());
    let Some(mt) = mask_type(ctx, vector, map).filter(|_| rank == map.results.len()) else {
        p.error_at(at, "expected the same rank for the vector and the results of the permutation map");
        return Err(());
    };
    let v = p.resolve_operand(mask, mt)?;
    state.operands.push(v);
    Ok(())
}

fn parse_transfer_read(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let base = p.parse_operand()?;
    p.parse_punct("[")?;
    let indices = parse_operand_list(p)?;
    p.parse_punct("]")?;
    p.parse_punct(",")?;
    let padding = p.parse_operand()?;
    let mask = if p.parse_optional_punct(",") { Some(p.parse_operand()?) } else { None };
    let dict = p.parse_optional_attr_dict()?.unwrap_or_default();
    let (shaped, vector, at) = parse_types2(p)?;
    if !matches!(ctx.type_kind(shaped), TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. }) {
        p.error_at(at, "requires memref or ranked tensor type");
        return Err(());
    }
    if !matches!(ctx.type_kind(vector), TypeKind::Vector { .. }) {
        p.error_at(at, "requires vector type");
        return Err(());
    }
    let (mut props, rest, map) = transfer_props(p, dict, shaped, vector, at)?;
    let v = p.resolve_operand(&base, shaped)?;
    state.operands.push(v);
    resolve_all(p, state, &indices, ctx.index_type())?;
    let v = p.resolve_operand(&padding, element_or_self(ctx, shaped))?;
    state.operands.push(v);
    if let Some(m) = &mask {
        resolve_mask(p, state, m, (shaped, vector, &map), at)?;
    }
    props.push(segments(ctx, &[1, indices.len(), 1, mask.is_some() as usize]));
    state.properties = Some(ctx.dict_attr(props));
    state.attrs = ctx.dict_attr(rest);
    state.result_types.push(vector);
    Ok(())
}

fn parse_transfer_write(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let value = p.parse_operand()?;
    p.parse_punct(",")?;
    let base = p.parse_operand()?;
    p.parse_punct("[")?;
    let indices = parse_operand_list(p)?;
    p.parse_punct("]")?;
    let mask = if p.parse_optional_punct(",") { Some(p.parse_operand()?) } else { None };
    let dict = p.parse_optional_attr_dict()?.unwrap_or_default();
    let (vector, shaped, at) = parse_types2(p)?;
    if !matches!(ctx.type_kind(vector), TypeKind::Vector { .. }) {
        p.error_at(at, "requires vector type");
        return Err(());
    }
    if !matches!(ctx.type_kind(shaped), TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. }) {
        p.error_at(at, "requires memref or ranked tensor type");
        return Err(());
    }
    let (mut props, rest, map) = transfer_props(p, dict, shaped, vector, at)?;
    let v = p.resolve_operand(&value, vector)?;
    state.operands.push(v);
    let v = p.resolve_operand(&base, shaped)?;
    state.operands.push(v);
    resolve_all(p, state, &indices, ctx.index_type())?;
    if let Some(m) = &mask {
        resolve_mask(p, state, m, (shaped, vector, &map), at)?;
    }
    props.push(segments(ctx, &[1, 1, indices.len(), mask.is_some() as usize]));
    state.properties = Some(ctx.dict_attr(props));
    state.attrs = ctx.dict_attr(rest);
    if matches!(ctx.type_kind(shaped), TypeKind::RankedTensor { .. }) {
        state.result_types.push(shaped);
    }
    Ok(())
}

fn print_transfer_read(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(v) = view(ctx, def, body, op) else { return };
    let (Some(base), Some(padding), Some(res)) = (v.operand("base"), v.operand("padding"), v.result("vector")) else { return };
    p.write(" ");
    p.print_value(body, base);
    p.write("[");
    print_list(p, body, v.operands_named("indices"));
    p.write("], ");
    p.print_value(body, padding);
    if let Some(m) = v.operand("mask") {
        p.write(", ");
        p.print_value(body, m);
    }
    let (shaped, vector) = (v.ty(base), v.ty(res));
    let elided = transfer_elided(ctx, body, op, 0, true);
    p.print_attr_dict(ctx.op_attr_dict(body, op), &elided, false);
    p.write(" : ");
    p.print_type(shaped);
    p.write(", ");
    p.print_type(vector);
}

fn print_transfer_write(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(v) = view(ctx, def, body, op) else { return };
    let (Some(value), Some(base)) = (v.operand("valueToStore"), v.operand("base")) else { return };
    p.write(" ");
    p.print_value(body, value);
    p.write(", ");
    p.print_value(body, base);
    p.write("[");
    print_list(p, body, v.operands_named("indices"));
    p.write("]");
    if let Some(m) = v.operand("mask") {
        p.write(", ");
        p.print_value(body, m);
    }
    let (shaped, vector) = (v.ty(base), v.ty(value));
    let elided = transfer_elided(ctx, body, op, 1, false);
    p.print_attr_dict(ctx.op_attr_dict(body, op), &elided, false);
    p.write(" : ");
    p.print_type(vector);
    p.write(", ");
    p.print_type(shaped);
}

// ------------------------------------------------------------------------------ contract

const CONTRACT_TRAIT: [&str; 3] = ["indexing_maps", "iterator_types", "kind"];

fn parse_contract(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let at = p.offset();
    // Any attribute that is a dictionary, an alias of one included.
    let trait_attr = p.parse_attribute()?;
    let AttrKind::Dictionary(traits) = ctx.attr_kind(trait_attr).clone() else {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    };
    let mut props = Vec::new();
    for (k, a) in traits.iter().copied() {
        let a = if ctx.str(k) == "iterator_types" {
            // Written as strings, kept as `#vector.iterator_type<...>`.
            let AttrKind::Array(items) = ctx.attr_kind(a).clone() else {
                p.error_at(at, "expected an array of iterator types");
                return Err(());
            };
            let mut out = Vec::new();
            for it in items.iter() {
                match ctx.as_str(*it).and_then(|s| ITERATOR_TYPE.symbolize(s)) {
                    Some(v) => out.push(ITERATOR_TYPE.attr(ctx, v)),
                    None => {
                        p.error_at(at, "expected iterator type to be a string");
                        return Err(());
                    }
                }
            }
            ctx.array_attr(&out)
        } else {
            a
        };
        props.push((k, a));
    }
    if !props.iter().any(|(k, _)| ctx.str(*k) == "kind") {
        props.push((ctx.ident("kind"), kind_add(ctx)));
    }
    let lhs = p.parse_operand()?;
    p.parse_punct(",")?;
    let rhs = p.parse_operand()?;
    p.parse_punct(",")?;
    let acc = p.parse_operand()?;
    // Trailing mask operands, one per vector operand: still parsed, though the op no longer
    // has them (two make an operand count error in the verifier).
    let mut masks: Vec<UnresolvedOperand> = Vec::new();
    while p.parse_optional_punct(",") {
        masks.push(p.parse_operand()?);
    }
    let dict = p.parse_optional_attr_dict()?.unwrap_or_default();
    p.parse_punct(":")?;
    let lt = p.parse_type()?;
    p.parse_punct(",")?;
    let rt = p.parse_type()?;
    p.parse_keyword("into")?;
    let res = p.parse_type()?;
    for (o, t) in [(&lhs, lt), (&rhs, rt), (&acc, res)] {
        let v = p.resolve_operand(o, t)?;
        state.operands.push(v);
    }
    if !masks.is_empty() {
        if masks.len() != 2 {
            let at = p.name_offset();
            p.error_at(at, "expected zero or exactly 2 vector mask operands");
            return Err(());
        }
        for (o, t) in masks.iter().zip([lt, rt]) {
            let v = p.resolve_operand(o, i1_same_shape(ctx, t).unwrap_or(t))?;
            state.operands.push(v);
        }
    }
    let (inherent, rest) = split_dict(ctx, dict, &CONTRACT_TRAIT);
    props.extend(inherent);
    state.properties = Some(ctx.dict_attr(props));
    state.attrs = ctx.dict_attr(rest);
    state.result_types.push(res);
    Ok(())
}

/// MLIR's `ContractionOp::verify`: one projected-permutation map per operand, contracting and
/// batch dimensions of matching sizes, the accumulator and result shaped as the free and batch
/// dimensions say, and a combining kind that suits the element type.
fn verify_contract(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let (Some(lhs), Some(rhs), Some(acc), Some(res)) = (v.operand("lhs"), v.operand("rhs"), v.operand("acc"), v.result("result")) else {
        return Ok(());
    };
    let (Some((ls, _, le)), Some((rs, _, _))) = (vector_parts(ctx, v.ty(lhs)), vector_parts(ctx, v.ty(rhs))) else { return Ok(()) };
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(le) {
        if *signedness != mica_ir::Signedness::Signless {
            return Err("only supports signless integer types".into());
        }
    }
    let maps: Vec<AffineMap> = match v.attr("indexing_maps").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .filter_map(|m| match ctx.attr_kind(*m) {
                AttrKind::AffineMap(m) => Some(m.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    if maps.len() != 3 {
        return Err("expected an indexing map for each vector operand".into());
    }
    let iterators: Vec<u64> = match v.attr("iterator_types").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().map(|i| ITERATOR_TYPE.int_value(ctx, *i).unwrap_or(0)).collect(),
        _ => Vec::new(),
    };
    let operand_types = [v.ty(lhs), v.ty(rhs), v.ty(acc)];
    for (index, map) in maps.iter().enumerate() {
        if map.num_symbols != 0 {
            return Err(format!("expected indexing map {index} to have no symbols"));
        }
        let rank = vector_parts(ctx, operand_types[index]).map_or(0, |p| p.0.len());
        if map.num_dims as usize != iterators.len() {
            return Err(format!("expected indexing map {index} to have {} number of inputs", iterators.len()));
        }
        if map.results.len() != rank {
            return Err(format!("expected indexing map {index} to have {rank} number of outputs"));
        }
        if !map.is_projected_permutation() {
            return Err(format!("expected indexing map {index} to be a projected permutation of its inputs"));
        }
    }
    // Pairs of (lhs, rhs) result positions of the iterators of one kind found in both.
    let position = |map: &AffineMap, d: usize| map.results.iter().position(|r| *r == AffineExpr::Dim(d as u32));
    let dim_map = |kind: u64| -> Vec<(usize, usize)> {
        (0..iterators.len())
            .filter(|i| iterators[*i] == kind)
            .filter_map(|i| Some((position(&maps[0], i)?, position(&maps[1], i)?)))
            .collect()
    };
    let (contracting, batch) = (dim_map(1), dim_map(0));
    if contracting.is_empty() {
        return Err("expected at least one contracting dimension pair".into());
    }
    let valid = |pairs: &[(usize, usize)]| pairs.iter().all(|(a, b)| *a < ls.len() && *b < rs.len() && ls[*a] == rs[*b]);
    if !valid(&contracting) {
        return Err("invalid contracting dimension map".into());
    }
    if !valid(&batch) {
        return Err("invalid batch dimension map".into());
    }
    // The free and batch dimensions of lhs, then the free ones of rhs.
    let free_lhs = (0..ls.len()).filter(|i| !contracting.iter().any(|(a, _)| a == i));
    let free_rhs = (0..rs.len()).filter(|i| !contracting.iter().any(|(_, b)| b == i) && !batch.iter().any(|(_, b)| b == i));
    let expected_dims = free_lhs.count() + free_rhs.count();
    let (res_ty, acc_ty) = (v.ty(res), v.ty(acc));
    let (res_v, acc_v) = (vector_parts(ctx, res_ty), vector_parts(ctx, acc_ty));
    if expected_dims == 0 {
        if res_v.is_some() || acc_v.is_some() {
            return Err("invalid accumulator/result vector shape".into());
        }
    } else {
        let (Some((_, res_scalable, res_elem)), Some(_)) = (res_v, acc_v) else {
            return Err("invalid accumulator/result vector shape".into());
        };
        let mut extents: Vec<Option<i64>> = vec![None; iterators.len()];
        for (shape, map) in [(ls, &maps[0]), (rs, &maps[1])] {
            for (k, r) in map.results.iter().enumerate() {
                if let (AffineExpr::Dim(d), Some(size)) = (r, shape.get(k)) {
                    extents[*d as usize].get_or_insert(*size);
                }
            }
        }
        if extents.iter().any(Option::is_none) {
            return Err("expected all dimensions to be either a LHS or a RHS dimension".into());
        }
        let shape: Vec<i64> = maps[2].results.iter().map(|r| if let AffineExpr::Dim(d) = r { extents[*d as usize].unwrap_or(0) } else { 0 }).collect();
        let expected = ctx.ty(TypeKind::Vector { shape: shape.into(), scalable: res_scalable.into(), elem: res_elem });
        if res_ty != expected || acc_ty != expected {
            return Err(format!("invalid accumulator/result vector shape, expected: '{}'", mica_ir::printer::type_string(ctx, expected)));
        }
    }
    let elem = res_v.map_or(res_ty, |p| p.2);
    let supported = v.attr("kind").and_then(|k| super::COMBINING_KIND.int_value(ctx, k)).is_none_or(|k| super::supports_kind(ctx, k, elem));
    if !supported {
        return Err("unsupported contraction type".into());
    }
    // `IndexingMapOpInterface`: every iterator shows up in some map.
    let covered = |d: usize| maps.iter().any(|m| m.results.contains(&AffineExpr::Dim(d as u32)));
    if !(0..iterators.len()).all(covered) {
        let all = AffineMap::new(iterators.len() as u32, 0, maps.iter().flat_map(|m| m.results.iter().cloned()).collect());
        return Err(format!("invalid indexing maps are non-invertible: ({all})"));
    }
    Ok(())
}

fn print_contract(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let mut traits = Vec::new();
    for name in CONTRACT_TRAIT {
        let Some(a) = ctx.op_attr(body, op, name) else { continue };
        let a = match (name, ctx.attr_kind(a)) {
            ("iterator_types", AttrKind::Array(items)) => {
                let strs: Vec<Attr> = items
                    .iter()
                    .map(|it| match ITERATOR_TYPE.int_value(ctx, *it).and_then(|v| ITERATOR_TYPE.stringify(v)) {
                        Some(s) => ctx.string_attr(&s),
                        None => *it,
                    })
                    .collect();
                ctx.array_attr(&strs)
            }
            _ => a,
        };
        traits.push((ctx.ident(name), a));
    }
    p.write(" ");
    p.print_dict_literal(ctx.dict_attr(traits), &[]);
    p.write(" ");
    let operands: Vec<_> = body.operands(op).collect();
    print_list(p, body, &operands);
    p.print_attr_dict(ctx.op_attr_dict(body, op), &CONTRACT_TRAIT, false);
    p.write(" : ");
    if operands.len() >= 2 {
        p.print_type(body.value_type(operands[0]));
        p.write(", ");
        p.print_type(body.value_type(operands[1]));
    }
    p.write(" into ");
    if let Some(&r) = body.results(op).first() {
        p.print_type(body.value_type(r));
    }
}

// ------------------------------------------------------------------------------ outerproduct

fn parse_outerproduct(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let ops = parse_operand_list(p)?;
    let dict = p.parse_optional_attr_dict()?.unwrap_or_default();
    p.parse_punct(":")?;
    let at = p.offset();
    let lt = p.parse_type()?;
    p.parse_punct(",")?;
    let rt = p.parse_type()?;
    if ops.len() < 2 || ops.len() > 3 {
        p.error_at(at, "expected at least 2 operands");
        return Err(());
    }
    let Some((ls, lsc, elem)) = vector_parts(ctx, lt) else {
        p.error_at(at, "expected vector type for operand #1");
        return Err(());
    };
    let res = match vector_parts(ctx, rt) {
        Some((rs, rsc, _)) => ctx.ty(TypeKind::Vector {
            shape: vec![ls.first().copied().unwrap_or(0), rs.first().copied().unwrap_or(0)].into(),
            scalable: vec![lsc.first().copied().unwrap_or(false), rsc.first().copied().unwrap_or(false)].into(),
            elem,
        }),
        None => lt,
    };
    for (o, t) in ops.iter().zip([lt, rt, res]) {
        let v = p.resolve_operand(o, t)?;
        state.operands.push(v);
    }
    let (mut props, rest) = split_dict(ctx, dict, &["kind"]);
    if props.is_empty() {
        props.push((ctx.ident("kind"), kind_add(ctx)));
    }
    state.properties = Some(ctx.dict_attr(props));
    state.attrs = ctx.dict_attr(rest);
    state.result_types.push(res);
    Ok(())
}

fn print_outerproduct(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    let operands: Vec<_> = body.operands(op).collect();
    print_list(p, body, &operands);
    // MLIR prints the attributes (the kind included, even the default) only after an
    // accumulator: without one they are left out altogether.
    if operands.len() > 2 {
        p.print_attr_dict(ctx.op_attr_dict(body, op), &[], false);
    }
    p.write(" : ");
    if operands.len() >= 2 {
        p.print_type(body.value_type(operands[0]));
        p.write(", ");
        p.print_type(body.value_type(operands[1]));
    }
}

// ------------------------------------------------------------------------------ mask

/// MLIR's `MaskOp::verify`: one maskable op and the terminator yielding its results, and a
/// passthru value only for ops that take one (`vector.transfer_read`).
fn verify_mask(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let ops: Vec<Op> = rb.block_ops(block).collect();
    if ops.len() > 2 {
        return Err("expects only one operation to mask".into());
    }
    let Some(&terminator) = ops.last() else {
        return Err("expects a terminator within the mask region".into());
    };
    if ctx.str(rb.op(terminator).name) != "vector.yield" {
        return Err("expects a terminator within the mask region".into());
    }
    if rb.operands(terminator).count() != v.body.results(v.op).len() {
        return Err("expects number of results to match mask region yielded values".into());
    }
    let Some(&masked) = ops.first().filter(|_| ops.len() == 2) else { return Ok(()) };
    let (inner, outer) = (rb.results(masked), v.body.results(v.op));
    if inner.len() != outer.len() {
        return Err("expects number of results to match maskable operation number of results".into());
    }
    if !rb.operands(terminator).eq(inner.iter().copied()) {
        return Err("expects all the results from the MaskableOpInterface to match all the values returned by the terminator".into());
    }
    if inner.iter().zip(outer).any(|(a, b)| rb.value_type(*a) != v.body.value_type(*b)) {
        return Err("expects result type to match maskable operation result type".into());
    }
    let mask = v.ty(v.body.operand(v.op, 0));
    if let Some(expected) = expected_mask_type(ctx, rb, masked).filter(|t| *t != mask) {
        return Err(format!("expects a '{}' mask for the maskable operation", mica_ir::printer::type_string(ctx, expected)));
    }
    let Some(passthru) = v.operand("passthru") else { return Ok(()) };
    if ctx.str(rb.op(masked).name) != "vector.transfer_read" {
        return Err("doesn't expect a passthru argument for this maskable operation".into());
    }
    if rb.results(masked).len() != 1 {
        return Err("expects result when passthru argument is provided".into());
    }
    if rb.value_type(rb.results(masked)[0]) != v.ty(passthru) {
        return Err("expects passthru type to match result type".into());
    }
    Ok(())
}

/// The mask type a maskable op expects (MLIR's `getExpectedMaskType`): `i1` over the source
/// vector of a reduction or multi-reduction, over the iteration space of a contraction, over the
/// dimensions a transfer reads or writes; `None` for other ops or malformed ones.
fn expected_mask_type(ctx: &Context, body: &Body, op: Op) -> Option<Type> {
    let i1_vector = |shape: Vec<i64>, scalable: Vec<bool>| ctx.ty(TypeKind::Vector { shape: shape.into(), scalable: scalable.into(), elem: ctx.int_type(1) });
    let operand_type = |i: usize| body.operands(op).nth(i).map(|v| body.value_type(v));
    let map_attr = |a: Attr| match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    };
    match ctx.str(body.op(op).name) {
        "vector.reduction" | "vector.multi_reduction" => {
            let (shape, scalable, _) = vector_parts(ctx, operand_type(0)?)?;
            Some(i1_vector(shape.to_vec(), scalable.to_vec()))
        }
        "vector.transfer_read" | "vector.transfer_write" => {
            let map = map_attr(ctx.op_attr(body, op, "permutation_map")?)?;
            let vector = if ctx.str(body.op(op).name) == "vector.transfer_read" { body.value_type(*body.results(op).first()?) } else { operand_type(0)? };
            mask_type(ctx, vector, &map)
        }
        "vector.contract" => {
            let AttrKind::Array(maps) = ctx.attr_kind(ctx.op_attr(body, op, "indexing_maps")?) else { return None };
            let n = map_attr(*maps.first()?)?.num_dims as usize;
            let (mut shape, mut scalable) = (vec![mica_ir::DYNAMIC; n], vec![false; n]);
            for (k, map) in maps.iter().take(2).enumerate() {
                let map = map_attr(*map)?;
                let (dims, flags, _) = vector_parts(ctx, operand_type(k)?)?;
                for (r, (d, f)) in map.results.iter().zip(dims.iter().zip(flags)) {
                    let AffineExpr::Dim(pos) = r else { return None };
                    *shape.get_mut(*pos as usize)? = *d;
                    *scalable.get_mut(*pos as usize)? = *f;
                }
            }
            Some(i1_vector(shape, scalable))
        }
        _ => None,
    }
}

fn parse_mask(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let mask = p.parse_operand()?;
    let passthru = if p.parse_optional_punct(",") { Some(p.parse_operand()?) } else { None };
    p.parse_region(state, &[])?;
    p.ensure_terminator_yielding(state, 0, "vector.yield");
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = ctx.dict_attr(entries);
    }
    p.parse_punct(":")?;
    let mt = p.parse_type()?;
    let mut results = Vec::new();
    if p.parse_optional_punct("->") {
        results.push(p.parse_type()?);
        while p.parse_optional_punct(",") {
            results.push(p.parse_type()?);
        }
    }
    let v = p.resolve_operand(&mask, mt)?;
    state.operands.push(v);
    if let Some(pt) = &passthru {
        let Some(&t) = results.first() else {
            let at = p.offset();
            p.error_at(at, "expects a result if passthru operand is provided");
            return Err(());
        };
        let v = p.resolve_operand(pt, t)?;
        state.operands.push(v);
    }
    state.result_types.extend(results);
    Ok(())
}

fn print_mask(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    let operands: Vec<_> = body.operands(op).collect();
    print_list(p, body, &operands);
    p.write(" { ");
    let (rb, regions) = body.op_regions(op);
    if let Some(first) = regions.first().and_then(|r| rb.region_blocks(*r).first()).and_then(|b| rb.block_ops(*b).next()) {
        p.print_op_without_results(rb, first);
    }
    p.write(" }");
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[], false);
    p.write(" : ");
    if let Some(&m) = operands.first() {
        p.print_type(body.value_type(m));
    }
    let results: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
    if !results.is_empty() {
        p.write(" -> ");
        p.type_list(&results);
    }
}

/// The attribute names a transfer's custom form leaves out: segment sizes, a minor identity
/// permutation map, all-false in-bounds flags. The shaped operand is operand `base`; the
/// vector is the result (`read`) or operand 0.
fn transfer_elided(ctx: &Context, body: &Body, op: Op, base: usize, read: bool) -> Vec<&'static str> {
    let mut out = vec!["operandSegmentSizes"];
    let Some(shaped) = body.operands(op).nth(base).map(|v| body.value_type(v)) else { return out };
    let vector = if read { body.results(op).first().map(|v| body.value_type(*v)) } else { body.operands(op).next().map(|v| body.value_type(v)) };
    let Some(vector) = vector else { return out };
    if let (Some(AttrKind::AffineMap(m)), Some((rank, Some(vrank)))) =
        (ctx.op_attr(body, op, "permutation_map").map(|a| ctx.attr_kind(a)), transfer_ranks(ctx, shaped, vector))
    {
        if *m == minor_identity(rank, vrank) {
            out.push("permutation_map");
        }
    }
    if let Some(AttrKind::Array(items)) = ctx.op_attr(body, op, "in_bounds").map(|a| ctx.attr_kind(a)) {
        if items.iter().all(|x| ctx.as_i64(*x) == Some(0)) {
            out.push("in_bounds");
        }
    }
    out
}

/// Whether a transfer op works on a memref (it then reads or writes memory; on a tensor it has
/// no memory effect, as MLIR's `getEffects` of the transfer ops says).
fn on_memref(ctx: &Context, body: &Body, op: Op) -> bool {
    body.operands(op).any(|v| is_memref(ctx, body.value_type(v)))
}

/// The element type of the named operand or result (the type itself for a scalar), as
/// MLIR's `getElementTypeOrSelf`.
fn elem_of(ctx: &Context, v: &OpView<'_>, name: &str) -> Option<Type> {
    v.operand(name).or_else(|| v.result(name)).map(|x| element_or_self(ctx, v.ty(x)))
}
