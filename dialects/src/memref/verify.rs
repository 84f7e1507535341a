//! The hand-written verifiers of the memref ops (MLIR's `verify` methods and the checks of the
//! interfaces they implement), in MLIR's order and wording. Messages MLIR emits with
//! `emitError` rather than `emitOpError` go through [`plain_error`].

use super::layout::*;
use crate::ods::view_like::{in_bounds_slice, mixed, offset_size_stride, Mixed};
use crate::ods::{plain_error, OpView};
use mica_affine::AffineExpr;
use mica_ir::printer::{attr_string, type_string};
use mica_ir::verify::SymbolTable;
use mica_ir::{Attr, AttrKind, Body, Context, Diagnostic, Op, Traits, Type, TypeKind, DYNAMIC};

type Res = Result<(), String>;

fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_string(ctx, t))
}

fn operand_ty(v: &OpView<'_>, name: &str) -> Option<Type> {
    v.operand(name).map(|x| v.ty(x))
}

fn result_ty(v: &OpView<'_>, name: &str) -> Option<Type> {
    v.result(name).map(|x| v.ty(x))
}

fn rank(ctx: &Context, t: Type) -> Option<usize> {
    memref_parts(ctx, t).map(|m| m.shape.len())
}

fn num_dynamic(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

/// MLIR's check of ops whose dynamic sizes follow the `?`s of their result type.
fn dynamic_sizes(v: &OpView<'_>, sizes: &str, result: Type) -> Res {
    let Some(m) = memref_parts(v.ctx, result) else { return Ok(()) };
    let (has, expected) = (v.operands_named(sizes).len(), num_dynamic(m.shape));
    if has != expected {
        return Err(format!("incorrect number of dynamic sizes, has {has}, expected {expected}"));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ allocation

pub(super) fn alloc(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(t) = result_ty(v, "memref") else { return Ok(()) };
    dynamic_sizes(v, "dynamicSizes", t)?;
    let Some(m) = memref_parts(ctx, t) else { return Ok(()) };
    let symbols = match m.layout.map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::AffineMap(map)) if !map.is_identity() => map.num_symbols as usize,
        _ => 0,
    };
    let got = v.operands_named("symbolOperands").len();
    if got != symbols {
        return Err(format!("symbol operand count does not equal memref symbol count: expected {symbols}, got {got}"));
    }
    Ok(())
}

pub(super) fn alloca(ctx: &Context, v: &OpView<'_>) -> Res {
    if !in_allocation_scope(ctx, v) {
        return Err("requires an ancestor op with AutomaticAllocationScope trait".into());
    }
    alloc(ctx, v)
}

fn has_scope(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.registry().get(body.op(op).name).is_some_and(|d| d.traits.contains(Traits::AUTOMATIC_ALLOCATION_SCOPE))
}

/// Whether some ancestor of the op is an allocation scope. Ancestors in the op's own body are
/// walked; past them only the verifier's parent is known, so an op nested below the top of an
/// isolated region is given the benefit of the doubt.
fn in_allocation_scope(ctx: &Context, v: &OpView<'_>) -> bool {
    let mut cur = v.body.parent_op(v.op);
    while let Some(p) = cur {
        if has_scope(ctx, v.body, p) {
            return true;
        }
        cur = v.body.parent_op(p);
    }
    match v.parent {
        Some((pb, p)) if v.body.parent_op(v.op).is_none() => has_scope(ctx, pb, p),
        _ => true,
    }
}

pub(super) fn realloc(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(res)) = (operand_ty(v, "source"), result_ty(v, "result")) else { return Ok(()) };
    let (Some(s), Some(r)) = (memref_parts(ctx, src), memref_parts(ctx, res)) else { return Ok(()) };
    if !is_identity_layout(ctx, s.layout) {
        return Err(plain_error(format!("unsupported layout for source memref type {}", ty(ctx, src))));
    }
    if !is_identity_layout(ctx, r.layout) {
        return Err(plain_error(format!("unsupported layout for result memref type {}", ty(ctx, res))));
    }
    if s.memory_space != r.memory_space {
        return Err(plain_error(format!(
            "different memory spaces specified for source memref type {} and result memref type {}",
            ty(ctx, src),
            ty(ctx, res)
        )));
    }
    if s.elem != r.elem {
        return Err(plain_error(format!(
            "different element types specified for source memref type {} and result memref type {}",
            ty(ctx, src),
            ty(ctx, res)
        )));
    }
    let dynamic = num_dynamic(r.shape) > 0;
    let has_size = v.operand("dynamicResultSize").is_some();
    if dynamic && !has_size {
        return Err(plain_error(format!("missing dimension operand for result type {}", ty(ctx, res))));
    }
    if !dynamic && has_size {
        return Err(plain_error(format!("unnecessary dimension operand for result type {}", ty(ctx, res))));
    }
    Ok(())
}

pub(super) fn assume_alignment(ctx: &Context, v: &OpView<'_>) -> Res {
    let a = v.attr("alignment").and_then(|a| ctx.as_i64(a)).unwrap_or(1) as u32;
    if !a.is_power_of_two() {
        return Err("alignment must be power of 2".into());
    }
    Ok(())
}

pub(super) fn distinct_objects(_: &Context, v: &OpView<'_>) -> Res {
    let operands: Vec<Type> = v.operands().iter().map(|x| v.ty(*x)).collect();
    let results: Vec<Type> = v.body.results(v.op).iter().map(|x| v.ty(*x)).collect();
    if operands != results {
        return Err("operand types and result types must match".into());
    }
    if operands.is_empty() {
        return Err("expected at least one operand".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ atomics

pub(super) fn atomic_rmw(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(mt) = operand_ty(v, "memref") else { return Ok(()) };
    if rank(ctx, mt) != Some(v.operands().len().saturating_sub(2)) {
        return Err("expects the number of subscripts to be equal to memref rank".into());
    }
    let kind = v.attr("kind").and_then(|a| super::ATOMIC_RMW_KIND.int_value(ctx, a)).and_then(|k| super::ATOMIC_RMW_KIND.stringify(k));
    let Some(kind) = kind else { return Ok(()) };
    let value = operand_ty(v, "value").map(|t| ctx.type_kind(t));
    match kind.as_str() {
        "addf" | "maximumf" | "minimumf" | "mulf" if !matches!(value, Some(TypeKind::Float(_))) => {
            Err(format!("with kind '{kind}' expects a floating-point type"))
        }
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "xori" | "andi" if !matches!(value, Some(TypeKind::Integer { .. })) => {
            Err(format!("with kind '{kind}' expects an integer type"))
        }
        _ => Ok(()),
    }
}

pub(super) fn atomic_yield(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some((pb, p)) = v.parent else { return Ok(()) };
    let (Some(&pr), Some(t)) = (pb.results(p).first(), operand_ty(v, "result")) else { return Ok(()) };
    let parent = pb.value_type(pr);
    if parent != t {
        return Err(format!("types mismatch between yield op: {} and its parent: {}", ty(ctx, t), ty(ctx, parent)));
    }
    Ok(())
}

pub(super) fn generic_atomic_rmw(_: &Context, v: &OpView<'_>) -> Res {
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(&entry) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(entry);
    if args.len() != 1 {
        return Err("expected single number of entry block arguments".into());
    }
    if result_ty(v, "result") != Some(rb.value_type(args[0])) {
        return Err("expected block argument of the same type result type".into());
    }
    Ok(())
}

/// The last check of `memref.generic_atomic_rmw`'s verifier: every op in its body (`op`'s
/// regions), visited after the ops nested in it, must be free of memory effects; the first
/// that is not gets the error (MLIR reports it at that op, with `emitError`).
pub(super) fn generic_atomic_rmw_body(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (rb, regions) = body.op_regions(op);
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                generic_atomic_rmw_body(ctx, rb, inner)?;
                if !has_no_own_effect(ctx, rb, inner) {
                    return Err(Diagnostic::on_op(rb, inner, "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects".to_string()));
                }
            }
        }
    }
    Ok(())
}

/// Whether `op` has no memory effect of its own (MLIR's `isMemoryEffectFree` once the ops
/// nested in it are known to be free): a registered op that declares none, or whose effects
/// are only those of its regions. Unregistered ops may have any.
fn has_no_own_effect(ctx: &Context, body: &Body, op: Op) -> bool {
    let Some(def) = ctx.registry().get(body.op(op).name) else { return false };
    let t = def.traits_of(ctx, body, op);
    t.contains(Traits::PURE) || (t.contains(Traits::RECURSIVE_MEMORY_EFFECTS) && !t.contains(Traits::MEMORY_READ) && !t.contains(Traits::MEMORY_ALLOC))
}

// ------------------------------------------------------------------------------ casts

/// MLIR's `CastOp::areCastCompatible`.
fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (memref_parts(ctx, a), memref_parts(ctx, b)) {
        (Some(x), Some(y)) => {
            if x.elem != y.elem {
                return false;
            }
            if x.layout != y.layout {
                let (Some((sa, oa)), Some((sb, ob))) = (strides_and_offset(ctx, a), strides_and_offset(ctx, b)) else { return false };
                let ok = |p: i64, q: i64| p == DYNAMIC || q == DYNAMIC || p == q;
                if sa.len() != sb.len() || !ok(oa, ob) || sa.iter().zip(&sb).any(|(p, q)| !ok(*p, *q)) {
                    return false;
                }
            }
            x.memory_space == y.memory_space
                && x.shape.len() == y.shape.len()
                && x.shape.iter().zip(y.shape).all(|(p, q)| *p == DYNAMIC || *q == DYNAMIC || p == q)
        }
        _ => {
            let unranked = |t: Type| matches!(ctx.type_kind(t), TypeKind::UnrankedMemRef { .. });
            if unranked(a) && unranked(b) {
                return false;
            }
            match (elem_and_space(ctx, a), elem_and_space(ctx, b)) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            }
        }
    }
}

fn cast_incompatible(ctx: &Context, a: Type, b: Type) -> String {
    format!("operand type {} and result type {} are cast incompatible", ty(ctx, a), ty(ctx, b))
}

/// MLIR's `verifyCompatibleShape` for memrefs: unranked is compatible with anything.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (memref_parts(ctx, a), memref_parts(ctx, b)) {
        (Some(x), Some(y)) => x.shape.len() == y.shape.len() && x.shape.iter().zip(y.shape).all(|(p, q)| *p == DYNAMIC || *q == DYNAMIC || p == q),
        _ => true,
    }
}

pub(super) fn cast(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(a), Some(b)) = (operand_ty(v, "source"), result_ty(v, "dest")) else { return Ok(()) };
    if !cast_compatible(ctx, a, b) {
        return Err(cast_incompatible(ctx, a, b));
    }
    if !compatible_shapes(ctx, a, b) {
        return Err("requires the same shape for all operands and results".into());
    }
    Ok(())
}

pub(super) fn memory_space_cast(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(a), Some(b)) = (operand_ty(v, "source"), result_ty(v, "dest")) else { return Ok(()) };
    let compatible = match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::MemRef { shape: s1, elem: e1, layout: l1, .. }, TypeKind::MemRef { shape: s2, elem: e2, layout: l2, .. }) => {
            e1 == e2 && l1 == l2 && s1 == s2
        }
        (TypeKind::UnrankedMemRef { elem: e1, .. }, TypeKind::UnrankedMemRef { elem: e2, .. }) => e1 == e2,
        _ => false,
    };
    if !compatible {
        return Err(cast_incompatible(ctx, a, b));
    }
    Ok(())
}

pub(super) fn copy(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(a), Some(b)) = (operand_ty(v, "source"), operand_ty(v, "target")) else { return Ok(()) };
    if elem_and_space(ctx, a).map(|x| x.0) != elem_and_space(ctx, b).map(|x| x.0) {
        return Err("requires the same element type for all operands".into());
    }
    if !compatible_shapes(ctx, a, b) {
        return Err("requires the same shape for all operands".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ dma

pub(super) fn dma_start(ctx: &Context, v: &OpView<'_>) -> Res {
    let ops = v.operands();
    let n = ops.len();
    if n < 4 {
        return Err("expected at least 4 operands".into());
    }
    let is_index = |x: &mica_ir::Value| matches!(ctx.type_kind(v.ty(*x)), TypeKind::Index);
    let Some(src_rank) = rank(ctx, v.ty(ops[0])) else { return Err("expected source to be of memref type".into()) };
    if n < src_rank + 4 {
        return Err(format!("expected at least {} operands", src_rank + 4));
    }
    if !ops[1..1 + src_rank].iter().all(is_index) {
        return Err("expected source indices to be of index type".into());
    }
    let dst = 1 + src_rank;
    let Some(dst_rank) = rank(ctx, v.ty(ops[dst])) else { return Err("expected destination to be of memref type".into()) };
    let mut expected = src_rank + dst_rank + 4;
    if n < expected {
        return Err(format!("expected at least {expected} operands"));
    }
    if !ops[dst + 1..dst + 1 + dst_rank].iter().all(is_index) {
        return Err("expected destination indices to be of index type".into());
    }
    let num_elements = dst + 1 + dst_rank;
    if !is_index(&ops[num_elements]) {
        return Err("expected num elements to be of index type".into());
    }
    let tag = num_elements + 1;
    let Some(tag_rank) = rank(ctx, v.ty(ops[tag])) else { return Err("expected tag to be of memref type".into()) };
    expected += tag_rank;
    if n < expected {
        return Err(format!("expected at least {expected} operands"));
    }
    if !ops[tag + 1..tag + 1 + tag_rank].iter().all(is_index) {
        return Err("expected tag indices to be of index type".into());
    }
    if n != expected && n != expected + 2 {
        return Err("incorrect number of operands".into());
    }
    if n == expected + 2 && !(is_index(&ops[n - 2]) && is_index(&ops[n - 1])) {
        return Err("expected stride and num elements per stride to be of type index".into());
    }
    Ok(())
}

pub(super) fn dma_wait(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(r) = operand_ty(v, "tagMemRef").and_then(|t| rank(ctx, t)) else { return Ok(()) };
    let n = v.operands_named("tagIndices").len();
    if n != r {
        return Err(format!("expected tagIndices to have the same number of elements as the tagMemRef rank, expected {r}, but got {n}"));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ load / store

pub(super) fn load(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(r) = operand_ty(v, "memref").and_then(|t| rank(ctx, t)) else { return Ok(()) };
    let n = v.operands_named("indices").len();
    if n != r {
        return Err(format!("incorrect number of indices for load, expected {r} but got {n}"));
    }
    Ok(())
}

pub(super) fn store(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(r) = operand_ty(v, "memref").and_then(|t| rank(ctx, t)) else { return Ok(()) };
    if v.operands().len() != 2 + r {
        return Err("store index operand count not equal to memref rank".into());
    }
    Ok(())
}

pub(super) fn prefetch(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(r) = operand_ty(v, "memref").and_then(|t| rank(ctx, t)) else { return Ok(()) };
    if v.operands().len() != 1 + r {
        return Err("too few indices".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ globals

pub(super) fn global(ctx: &Context, v: &OpView<'_>) -> Res {
    if let Some(vis) = v.attr("sym_visibility") {
        if !matches!(ctx.as_str(vis), Some("public" | "private" | "nested")) {
            return Err(format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}", attr_string(ctx, vis)));
        }
    }
    let Some(t) = v.attr("type").and_then(|a| ctx.as_type(a)) else { return Ok(()) };
    let Some(m) = memref_parts(ctx, t).filter(|m| num_dynamic(m.shape) == 0) else {
        return Err(format!("type should be static shaped memref, but got {}", ty(ctx, t)));
    };
    let Some(init) = v.attr("initial_value") else { return Ok(()) };
    if matches!(ctx.attr_kind(init), AttrKind::Unit) {
        return Ok(());
    }
    let Some(init_ty) = elements_type(ctx, init) else {
        return Err(format!("initial value should be a unit or elements attribute, but got {}", attr_string(ctx, init)));
    };
    let (init_elem, init_shape) = match ctx.type_kind(init_ty) {
        TypeKind::RankedTensor { elem, shape, .. } | TypeKind::Vector { elem, shape, .. } => (*elem, shape.to_vec()),
        _ => return Ok(()),
    };
    if init_elem != m.elem {
        return Err(format!("initial value element expected to be of type {}, but was of type {}", ty(ctx, m.elem), ty(ctx, init_elem)));
    }
    if init_shape.as_slice() != m.shape {
        let list = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("initial value shape expected to be {} but was {}", list(m.shape), list(&init_shape)));
    }
    Ok(())
}

/// The type of an elements attribute.
pub(super) fn elements_type(ctx: &Context, a: Attr) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseStrings { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::Sparse { ty, .. } => {
            Some(*ty)
        }
        _ => None,
    }
}

pub(super) fn get_global_symbol(ctx: &Context, body: &Body, op: Op, table: &SymbolTable<'_>) -> Result<(), Diagnostic> {
    let err = |m: String| Diagnostic::on_op(body, op, format!("'memref.get_global' op {m}"));
    let name = match ctx.op_attr(body, op, "name").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
        _ => return Ok(()),
    };
    let global = table.lookup(&name).filter(|(b, o)| ctx.str(b.op(*o).name) == "memref.global");
    let Some((gb, g)) = global else {
        return Err(err(format!("'{name}' does not reference a valid global memref")));
    };
    let gty = ctx.op_attr(gb, g, "type").and_then(|a| ctx.as_type(a));
    let rty = body.results(op).first().map(|r| body.value_type(*r));
    if let (Some(gt), Some(rt)) = (gty, rty) {
        if gt != rt {
            return Err(err(format!("result type {} does not match type {} of the global memref @{name}", ty(ctx, rt), ty(ctx, gt))));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ views

pub(super) fn reinterpret_cast(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(res)) = (operand_ty(v, "source"), result_ty(v, "result")) else { return Ok(()) };
    let Some(r) = memref_parts(ctx, res) else { return Ok(()) };
    let m = mixed(v);
    offset_size_stride(v, &m, [1, r.shape.len(), r.shape.len()])?;
    let Some((src_elem, src_space)) = elem_and_space(ctx, src) else { return Ok(()) };
    if src_space != r.memory_space {
        return Err(plain_error(format!(
            "different memory spaces specified for source type {} and result memref type {}",
            ty(ctx, src),
            ty(ctx, res)
        )));
    }
    if src_elem != r.elem {
        return Err(plain_error(format!(
            "different element types specified for source type {} and result memref type {}",
            ty(ctx, src),
            ty(ctx, res)
        )));
    }
    for (i, (&size, &expected)) in r.shape.iter().zip(&m.sizes).enumerate() {
        if size != DYNAMIC && size != expected {
            return Err(plain_error(format!(
                "expected result type with size = {} instead of {size} in dim = {i}",
                static_or_dynamic(expected)
            )));
        }
    }
    let Some((strides, offset)) = strides_and_offset(ctx, res) else {
        return Err(plain_error(format!("expected result type to have strided layout but found {}", ty(ctx, res))));
    };
    let expected = m.offsets.first().copied().unwrap_or(0);
    if offset != DYNAMIC && offset != expected {
        return Err(plain_error(format!("expected result type with offset = {} instead of {offset}", static_or_dynamic(expected))));
    }
    for (i, (&stride, &expected)) in strides.iter().zip(&m.strides).enumerate() {
        if stride != DYNAMIC && stride != expected {
            return Err(plain_error(format!(
                "expected result type with stride = {} instead of {stride} in dim = {i}",
                static_or_dynamic(expected)
            )));
        }
    }
    Ok(())
}

/// The result type of a subview without rank reduction (MLIR's `SubViewOp::inferResultType`).
fn subview_type(ctx: &Context, base: Type, m: &Mixed) -> Option<Type> {
    let parts = memref_parts(ctx, base)?;
    let (strides, offset) = strides_and_offset(ctx, base)?;
    let target_offset = m.offsets.iter().zip(&strides).fold(offset, |acc, (&o, &s)| sat_add(acc, sat_mul(o, s)));
    let target_strides: Vec<i64> = strides.iter().zip(&m.strides).map(|(&s, &t)| sat_mul(s, t)).collect();
    Some(memref_type(ctx, &m.sizes, parts.elem, Some(strided_layout(ctx, &target_strides, target_offset)), parts.memory_space))
}

/// Which dimensions of `original` the `reduced` memref drops, disambiguating unit dimensions
/// by their strides (MLIR's `computeMemRefRankReductionMask`).
fn memref_rank_reduction_mask(ctx: &Context, original: Type, reduced: Type, sizes: &[i64]) -> Option<Vec<bool>> {
    let (o, r) = (memref_parts(ctx, original)?, memref_parts(ctx, reduced)?);
    let mut unused: Vec<bool> = vec![false; o.shape.len()];
    if o.shape.len() == r.shape.len() {
        return Some(unused);
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s == 1 && i < unused.len() {
            unused[i] = true;
        }
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + r.shape.len() == o.shape.len() {
        return Some(unused);
    }
    let (orig_strides, _) = strides_and_offset(ctx, original)?;
    let (cand_strides, _) = strides_and_offset(ctx, reduced)?;
    let occurrences = |s: &[i64]| {
        let mut m = std::collections::BTreeMap::<i64, usize>::new();
        for &x in s {
            *m.entry(x).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&orig_strides);
    let candidate = occurrences(&cand_strides);
    for dim in 0..unused.len() {
        if !unused[dim] {
            continue;
        }
        let stride = orig_strides[dim];
        let cur = unaccounted.get(&stride).copied().unwrap_or(0);
        let cand = candidate.get(&stride).copied().unwrap_or(0);
        if cur > cand {
            unaccounted.insert(stride, cur - 1);
        } else if cur == cand {
            unused[dim] = false;
        } else {
            return None;
        }
    }
    (count(&unused) + r.shape.len() == o.shape.len()).then_some(unused)
}

pub(super) fn subview(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(base), Some(sub)) = (operand_ty(v, "source"), result_ty(v, "result")) else { return Ok(()) };
    let (Some(b), Some(s)) = (memref_parts(ctx, base), memref_parts(ctx, sub)) else { return Ok(()) };
    let r = b.shape.len();
    let m = mixed(v);
    offset_size_stride(v, &m, [r, r, r])?;
    if b.memory_space != s.memory_space {
        return Err(plain_error(format!(
            "different memory spaces specified for base memref type {} and subview memref type {}",
            ty(ctx, base),
            ty(ctx, sub)
        )));
    }
    let Some(expected) = subview_type(ctx, base, &m) else {
        return Err(plain_error(format!("base type {} is not strided", ty(ctx, base))));
    };
    let e = memref_parts(ctx, expected).ok_or_else(String::new)?;
    let msg = |what: &str| {
        plain_error(format!("expected result type to be {} or a rank-reduced version. ({what}), but got {}", ty(ctx, expected), ty(ctx, sub)))
    };
    if expected != sub {
        if s.shape.len() > e.shape.len() {
            return Err(plain_error(format!("expected result rank to be smaller or equal to the source rank, but got {}", ty(ctx, sub))));
        }
        if rank_reduction_mask(e.shape, s.shape).is_none() {
            return Err(msg("mismatch of result sizes"));
        }
        if e.elem != s.elem {
            return Err(plain_error(format!("expected result element type to be {}, but got {}", ty(ctx, e.elem), ty(ctx, sub))));
        }
    }
    let (Some((e_strides, e_offset)), Some((s_strides, s_offset))) = (strides_and_offset(ctx, expected), strides_and_offset(ctx, sub)) else {
        return Err(msg("mismatch of result layout"));
    };
    if e_offset != s_offset {
        return Err(msg("mismatch of result layout"));
    }
    let Some(dropped) = memref_rank_reduction_mask(ctx, expected, sub, &m.sizes) else { return Err(msg("mismatch of result layout")) };
    let kept: Vec<i64> = e_strides.iter().zip(&dropped).filter(|(_, d)| !**d).map(|(s, _)| *s).collect();
    if kept != s_strides {
        return Err(msg("mismatch of result layout"));
    }
    in_bounds_slice(b.shape, &m)
}

pub(super) fn view(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(base), Some(res)) = (operand_ty(v, "source"), v.body.results(v.op).first().map(|r| v.ty(*r))) else { return Ok(()) };
    dynamic_sizes(v, "sizes", res)?;
    let (Some(b), Some(r)) = (memref_parts(ctx, base), memref_parts(ctx, res)) else { return Ok(()) };
    if !is_identity_layout(ctx, b.layout) {
        return Err(plain_error(format!("unsupported map for base memref type {}", ty(ctx, base))));
    }
    if !is_identity_layout(ctx, r.layout) {
        return Err(plain_error(format!("unsupported map for result memref type {}", ty(ctx, res))));
    }
    if b.memory_space != r.memory_space {
        return Err(plain_error(format!(
            "different memory spaces specified for base memref type {} and view memref type {}",
            ty(ctx, base),
            ty(ctx, res)
        )));
    }
    Ok(())
}

pub(super) fn reshape(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(shape), Some(res)) = (operand_ty(v, "source"), operand_ty(v, "shape"), result_ty(v, "result")) else { return Ok(()) };
    if elem_and_space(ctx, src).map(|x| x.0) != elem_and_space(ctx, res).map(|x| x.0) {
        return Err("element types of source and destination memref types should be the same".into());
    }
    if memref_parts(ctx, src).is_some_and(|m| !is_identity_layout(ctx, m.layout)) {
        return Err("source memref type should have identity affine map".into());
    }
    let shape_size = memref_parts(ctx, shape).and_then(|m| m.shape.first().copied()).unwrap_or(DYNAMIC);
    if let Some(r) = memref_parts(ctx, res) {
        if !is_identity_layout(ctx, r.layout) {
            return Err("result memref type should have identity affine map".into());
        }
        if shape_size == DYNAMIC {
            return Err("cannot use shape operand with dynamic length to reshape to statically-ranked memref type".into());
        }
        if shape_size != r.shape.len() as i64 {
            return Err("length of shape operand differs from the result's memref rank".into());
        }
    }
    Ok(())
}

pub(super) fn extract_strided_metadata(ctx: &Context, v: &OpView<'_>) -> Res {
    let Some(src) = operand_ty(v, "source") else { return Ok(()) };
    let Some(m) = memref_parts(ctx, src) else { return Ok(()) };
    let index = ctx.index_type();
    let mut inferred = vec![memref_type(ctx, &[], m.elem, None, m.memory_space), index];
    inferred.extend(std::iter::repeat_n(index, 2 * m.shape.len()));
    let actual: Vec<Type> = v.body.results(v.op).iter().map(|r| v.ty(*r)).collect();
    if inferred != actual {
        let list = |ts: &[Type]| ts.iter().map(|t| ty(ctx, *t)).collect::<Vec<_>>().join(", ");
        return Err(format!("inferred type(s) {} are incompatible with return type(s) of operation {}", list(&inferred), list(&actual)));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ reshapes

fn reassociation(ctx: &Context, v: &OpView<'_>) -> Vec<Vec<i64>> {
    let Some(a) = v.attr("reassociation") else { return Vec::new() };
    match ctx.attr_kind(a) {
        AttrKind::Array(groups) => groups
            .iter()
            .map(|g| match ctx.attr_kind(*g) {
                AttrKind::Array(items) => items.iter().filter_map(|i| ctx.as_i64(*i)).collect(),
                _ => Vec::new(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// MLIR's `verifyCollapsedShape` (multiple dynamic dimensions per group allowed).
fn collapsed_shape(collapsed: &[i64], expanded: &[i64], groups: &[Vec<i64>]) -> Res {
    if collapsed.len() != groups.len() {
        return Err(format!("invalid number of reassociation groups: found {}, expected {}", groups.len(), collapsed.len()));
    }
    let mut next: i64 = 0;
    for (c, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &d in group {
            if d != next {
                return Err("reassociation indices must be contiguous".into());
            }
            next += 1;
            if d < 0 || d as usize >= expanded.len() {
                return Err(format!("reassociation index {d} is out of bounds"));
            }
            dynamic |= expanded[d as usize] == DYNAMIC;
        }
        if (collapsed[c] == DYNAMIC) != dynamic {
            return Err(format!("collapsed dim ({c}) must be dynamic if and only if reassociation group is dynamic"));
        }
        if !dynamic {
            let size: i64 = group.iter().map(|&d| expanded[d as usize]).fold(1, i64::wrapping_mul);
            if size != collapsed[c] {
                return Err(format!("collapsed dim size ({}) must equal reassociation group size ({size})", collapsed[c]));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() as i64 {
        return Err(format!("expanded rank ({}) inconsistent with number of reassociation indices ({next})", expanded.len()));
    }
    Ok(())
}

/// The layout of an expansion of `src` (MLIR's `computeExpandedLayoutMap`).
fn expanded_type(ctx: &Context, src: Type, result_shape: &[i64], groups: &[Vec<i64>]) -> Option<Type> {
    let s = memref_parts(ctx, src)?;
    if is_identity_layout(ctx, s.layout) {
        return Some(memref_type(ctx, result_shape, s.elem, None, s.memory_space));
    }
    let (src_strides, offset) = strides_and_offset(ctx, src)?;
    let mut reversed = Vec::with_capacity(result_shape.len());
    let mut shape_index = result_shape.len();
    for (group, &stride) in groups.iter().zip(&src_strides).rev() {
        let mut current = stride;
        for _ in 0..group.len() {
            reversed.push(current);
            shape_index = shape_index.checked_sub(1)?;
            current = sat_mul(current, result_shape[shape_index]);
        }
    }
    let mut strides: Vec<i64> = reversed.into_iter().rev().collect();
    strides.resize(result_shape.len(), 1);
    Some(memref_type(ctx, result_shape, s.elem, Some(strided_layout(ctx, &strides, offset)), s.memory_space))
}

pub(super) fn expand_shape(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(res)) = (operand_ty(v, "src"), result_ty(v, "result")) else { return Ok(()) };
    let (Some(s), Some(r)) = (memref_parts(ctx, src), memref_parts(ctx, res)) else { return Ok(()) };
    let (r0, r1) = (s.shape.len(), r.shape.len());
    if r0 > r1 {
        return Err(format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."));
    }
    let groups = reassociation(ctx, v);
    collapsed_shape(s.shape, r.shape, &groups)?;
    let Some(expected) = expanded_type(ctx, src, r.shape, &groups) else { return Err("invalid source layout map".into()) };
    if expected != res {
        return Err(format!("expected expanded type to be {} but found {}", ty(ctx, expected), ty(ctx, res)));
    }
    let statics = v.attr_dense_i64("static_output_shape").unwrap_or_default();
    if statics.len() != r1 {
        return Err(format!(
            "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
            statics.len()
        ));
    }
    let (dynamic, values) = (num_dynamic(&statics), v.operands_named("output_shape").len());
    if values != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    for (pos, (&d, &st)) in r.shape.iter().zip(&statics).enumerate() {
        if d != DYNAMIC && d != st {
            return Err(format!("invalid output shape provided at pos {pos}"));
        }
    }
    Ok(())
}

/// The layout of a collapse of `src` (MLIR's `computeCollapsedLayoutMap`, non-strict).
fn collapsed_layout(ctx: &Context, src: Type, groups: &[Vec<i64>]) -> Option<Attr> {
    let s = memref_parts(ctx, src)?;
    let shape = s.shape;
    let (src_strides, offset) = strides_and_offset(ctx, src)?;
    let mut result_strides = Vec::with_capacity(groups.len());
    for group in groups {
        let mut end = group.len();
        while end > 1 && shape[group[end - 1] as usize] == 1 {
            end -= 1;
        }
        let last = *group.get(end.checked_sub(1)?)? as usize;
        if shape[last] != DYNAMIC || end == 1 {
            result_strides.push(src_strides[last]);
        } else {
            result_strides.push(DYNAMIC);
        }
    }
    for (group, &result_stride) in groups.iter().zip(&result_strides).rev() {
        let mut stride = result_stride;
        for &idx in group.iter().skip(1).rev() {
            let idx = idx as usize;
            stride = sat_mul(stride, shape[idx]);
            if shape[idx - 1] == 1 {
                continue;
            }
            let src_stride = src_strides[idx - 1];
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some(strided_layout(ctx, &result_strides, offset))
}

pub(super) fn collapse_shape(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(res)) = (operand_ty(v, "src"), result_ty(v, "result")) else { return Ok(()) };
    let (Some(s), Some(r)) = (memref_parts(ctx, src), memref_parts(ctx, res)) else { return Ok(()) };
    let (r0, r1) = (s.shape.len(), r.shape.len());
    if r0 < r1 {
        return Err(format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."));
    }
    let groups = reassociation(ctx, v);
    collapsed_shape(r.shape, s.shape, &groups)?;
    let layout = if is_identity_layout(ctx, s.layout) {
        None
    } else {
        match collapsed_layout(ctx, src, &groups) {
            Some(l) => Some(l),
            None => return Err("invalid source layout map or collapsing non-contiguous dims".into()),
        }
    };
    let expected = memref_type(ctx, r.shape, s.elem, layout, s.memory_space);
    if expected != res {
        return Err(format!("expected collapsed type to be {} but found {}", ty(ctx, expected), ty(ctx, res)));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ transpose

/// The layout expression `offset + sum(d_i * stride_i)`, with a new symbol for each dynamic
/// entry (MLIR's `makeStridedLinearLayoutMap`).
fn strided_linear_map(strides: &[i64], offset: i64) -> mica_affine::AffineMap {
    let mut symbols = 0;
    let mut next = |v: i64| {
        if v == DYNAMIC {
            symbols += 1;
            AffineExpr::symbol(symbols - 1)
        } else {
            AffineExpr::constant(v)
        }
    };
    let mut expr = next(offset);
    for (d, &s) in strides.iter().enumerate() {
        let mult = next(s);
        expr = AffineExpr::add(expr, AffineExpr::mul(AffineExpr::dim(d as u32), mult));
    }
    mica_affine::AffineMap::new(strides.len() as u32, symbols, vec![expr])
}

pub(super) fn transpose(ctx: &Context, v: &OpView<'_>) -> Res {
    let (Some(src), Some(res)) = (operand_ty(v, "in"), result_ty(v, "result")) else { return Ok(()) };
    let Some(AttrKind::AffineMap(perm)) = v.attr("permutation").map(|a| ctx.attr_kind(a)) else { return Ok(()) };
    let dims: Option<Vec<usize>> = perm.results.iter().map(|e| if let AffineExpr::Dim(d) = e { Some(*d as usize) } else { None }).collect();
    let is_permutation = perm.num_symbols == 0
        && perm.results.len() == perm.num_dims as usize
        && dims.as_ref().is_some_and(|d| {
            let mut seen = vec![false; d.len()];
            d.iter().all(|&i| i < seen.len() && !std::mem::replace(&mut seen[i], true))
        });
    let (Some(s), Some(dims)) = (memref_parts(ctx, src), dims.filter(|_| is_permutation)) else {
        return Err("expected a permutation map".into());
    };
    if perm.num_dims as usize != s.shape.len() {
        return Err("expected a permutation map of same rank as the input".into());
    }
    let (Some((strides, offset)), Some((res_strides, res_offset))) = (strides_and_offset(ctx, src), strides_and_offset(ctx, res)) else {
        return Ok(());
    };
    let shape: Vec<i64> = dims.iter().map(|&d| s.shape[d]).collect();
    let permuted: Vec<i64> = dims.iter().map(|&d| strides[d]).collect();
    let same = memref_parts(ctx, res).is_some_and(|r| r.shape == shape.as_slice() && r.elem == s.elem && r.memory_space == s.memory_space)
        && res_strides == permuted
        && res_offset == offset;
    if !same {
        let layout = (permuted != canonical_strides(&shape) || offset != 0)
            .then(|| ctx.attr(AttrKind::AffineMap(strided_linear_map(&permuted, offset))));
        let canonical = memref_type(ctx, &shape, s.elem, layout, s.memory_space);
        return Err(format!("result type {} is not equivalent to the canonical transposed input type {}", ty(ctx, res), ty(ctx, canonical)));
    }
    Ok(())
}
