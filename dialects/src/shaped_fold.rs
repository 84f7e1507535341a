//! Folds and canonicalization patterns of the tensor and memref dialects users rely on, as MLIR
//! 22 has them: `dim` of a static extent is a constant (and of a dynamic `alloc`/`alloca`
//! extent its size operand), casts that lose no static information fold into their users
//! (`dim`, `load`, `store`, `dealloc`, `extract`), casts to the same type vanish,
//! `tensor.extract` reads splats, constant elements and `tensor.from_elements` operands,
//! `tensor.from_elements` of constants is a constant, so is the `rank` of a ranked value, an `alloc`/`alloca` only stored into
//! and deallocated is erased with its users, `tensor.empty` with constant sizes gets a static
//! type (and a `tensor.cast` back), `dim` of `tensor.empty` is its size operand and chains of
//! `tensor.cast` that add no information collapse, `tensor.reshape` of a reshape reads the first
//! one's source and a same-type reshape of rank at most one is its source.

use crate::fold_util::*;
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, AttrKind, Body, Context, Op, Pattern, Rewriter, Type, TypeKind, Value, DYNAMIC};

/// The fold and patterns of a tensor or memref op.
pub(crate) fn rewrites(name: &str) -> (Option<FoldFn>, Vec<Pattern>) {
    let p = |name: &'static str, apply: mica_ir::registry::PatternFn| Pattern { name, benefit: 1, apply };
    match name {
        "tensor.dim" => (Some(fold_tensor_dim), vec![p("FoldEmptyTensorWithDimOp", dim_of_empty)]),
        "tensor.cast" => (Some(fold_same_type_cast), vec![p("ChainedTensorCast", chained_tensor_cast)]),
        "tensor.empty" => (None, vec![p("ReplaceEmptyTensorStaticShapeDims", empty_static_dims)]),
        "tensor.extract" => (Some(fold_tensor_extract), vec![]),
        "tensor.from_elements" => (Some(fold_from_elements), vec![]),
        "tensor.reshape" => (Some(fold_reshape), vec![]),
        "tensor.rank" | "memref.rank" => (Some(fold_rank), vec![]),
        "memref.dim" => (Some(fold_memref_dim), vec![]),
        "memref.cast" => (Some(fold_memref_cast), vec![]),
        "memref.load" => (Some(fold_memref_cast_operands), vec![]),
        "memref.dealloc" => (Some(fold_memref_cast_operands), vec![]),
        "memref.store" => (Some(fold_memref_store), vec![]),
        "memref.alloc" | "memref.alloca" => (None, vec![p("SimplifyDeadAlloc", simplify_dead_alloc)]),
        _ => (None, vec![]),
    }
}

/// The materializer of the tensor dialect: `arith.constant`, else nothing Mica builds.
pub(crate) fn materialize(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<mica_ir::OperationState> {
    crate::arith_fold::constant_state(ctx, value, ty, loc)
}

fn index_const(ctx: &Context, a: Option<Attr>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { .. } => ctx.as_i64(a?),
        _ => None,
    }
}

/// A static extent of `ty` along constant dimension `index`, or the dynamic position.
fn dim_of(ctx: &Context, ty: Type, index: Option<Attr>) -> Option<Result<i64, usize>> {
    let i = index_const(ctx, index)?;
    let shape = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape,
        _ => return None,
    };
    if i < 0 || i as usize >= shape.len() {
        return None;
    }
    let d = shape[i as usize];
    if d != DYNAMIC {
        return Some(Ok(d));
    }
    Some(Err(shape[..i as usize].iter().filter(|x| **x == DYNAMIC).count()))
}

/// Whether a `tensor.cast` to `cast_ty` from `src_ty` loses no static information (MLIR's
/// `preservesStaticInformation`), so users may read the source instead.
fn preserves_static_info(ctx: &Context, cast_ty: Type, src_ty: Type) -> bool {
    let (TypeKind::RankedTensor { shape: s, elem: se, encoding: sn }, TypeKind::RankedTensor { shape: t, elem: te, encoding: tn }) =
        (ctx.type_kind(cast_ty), ctx.type_kind(src_ty))
    else {
        return false;
    };
    se == te && s.len() == t.len() && sn == tn && s.iter().zip(t.iter()).all(|(a, b)| *a == DYNAMIC || *b != DYNAMIC)
}

/// MLIR's `foldTensorCast`: operands produced by static-information-preserving casts read
/// the cast's source.
fn fold_tensor_cast_operands(ctx: &Context, b: &mut Body, op: Op) -> bool {
    let mut folded = false;
    for i in 0..b.num_operands(op) {
        let v = b.operand(op, i);
        if let Some(cast) = def_op(ctx, b, v, "tensor.cast") {
            let src = b.operand(cast, 0);
            if preserves_static_info(ctx, b.value_type(v), b.value_type(src)) {
                b.set_operand(op, i, src);
                folded = true;
            }
        }
    }
    folded
}

/// MLIR's `foldMemRefCast`: operands produced by `memref.cast` of a ranked memref read its
/// source (except the operand equal to `inner`).
fn fold_memref_cast_into(ctx: &Context, b: &mut Body, op: Op, inner: Option<Value>) -> bool {
    let mut folded = false;
    for i in 0..b.num_operands(op) {
        let v = b.operand(op, i);
        if Some(v) == inner {
            continue;
        }
        if let Some(cast) = def_op(ctx, b, v, "memref.cast") {
            let src = b.operand(cast, 0);
            if !matches!(ctx.type_kind(b.value_type(src)), TypeKind::UnrankedMemRef { .. }) {
                b.set_operand(op, i, src);
                folded = true;
            }
        }
    }
    folded
}

fn fold_tensor_dim(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    let ty = b.value_type(b.operand(op, 0));
    match dim_of(ctx, ty, c[1])? {
        Ok(d) => FoldResult::attr(ctx.int_attr(ctx.index_type(), d)),
        Err(_) => fold_tensor_cast_operands(ctx, b, op).then_some(FoldResult::InPlace),
    }
}

fn fold_memref_dim(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    let src = b.operand(op, 0);
    let ty = b.value_type(src);
    match dim_of(ctx, ty, c[1])? {
        Ok(d) => FoldResult::attr(ctx.int_attr(ctx.index_type(), d)),
        Err(k) => {
            for alloc in ["memref.alloc", "memref.alloca"] {
                if let Some(a) = def_op(ctx, b, src, alloc) {
                    return FoldResult::value(b.operand(a, k));
                }
            }
            fold_memref_cast_into(ctx, b, op, None).then_some(FoldResult::InPlace)
        }
    }
}

/// The `CastOpInterface` fold: a cast to its operand's type is the operand.
fn fold_same_type_cast(_: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let src = b.operand(op, 0);
    (b.value_type(src) == b.value_type(b.results(op)[0])).then(|| FoldResult::value(src)).flatten()
}

fn fold_memref_cast(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    if fold_memref_cast_into(ctx, b, op, None) {
        return Some(FoldResult::InPlace);
    }
    fold_same_type_cast(ctx, b, op, c)
}

fn fold_memref_cast_operands(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    fold_memref_cast_into(ctx, b, op, None).then_some(FoldResult::InPlace)
}

fn fold_memref_store(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let value = b.operand(op, 0);
    fold_memref_cast_into(ctx, b, op, Some(value)).then_some(FoldResult::InPlace)
}

fn fold_tensor_extract(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    let elements = c[0].and_then(|a| decode(ctx, a));
    if let Some(e) = &elements {
        if e.splat && !e.is_scalar() {
            return FoldResult::attr(encode(ctx, e.elem, &[e.values[0]]));
        }
    }
    let mut indices = Vec::new();
    for a in &c[1..] {
        indices.push(index_const(ctx, *a)?);
    }
    let src = b.operand(op, 0);
    let shape: Vec<i64> = ctx.type_kind(b.value_type(src)).shape()?.to_vec();
    let flat = |shape: &[i64]| -> Option<usize> {
        let mut flat = 0i64;
        let mut stride = 1i64;
        for i in (0..shape.len()).rev() {
            if indices[i] < 0 || indices[i] >= shape[i] {
                return None;
            }
            flat += indices[i] * stride;
            stride *= shape[i];
        }
        Some(flat as usize)
    };
    if let Some(from) = def_op(ctx, b, src, "tensor.from_elements") {
        let k = flat(&shape)?;
        return (k < b.num_operands(from)).then(|| FoldResult::value(b.operand(from, k))).flatten();
    }
    let e = elements?;
    let k = flat(&shape)?;
    FoldResult::attr(encode(ctx, e.elem, &[e.get(k)]))
}

/// The rank of a ranked tensor or memref.
fn fold_rank(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let rank = ctx.type_kind(b.value_type(b.operand(op, 0))).shape()?.len();
    FoldResult::attr(int_const(ctx, ctx.index_type(), rank as u128))
}

fn fold_from_elements(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    let ty = b.value_type(b.results(op)[0]);
    let mut values = Vec::with_capacity(c.len());
    for a in c {
        let e = decode(ctx, (*a)?)?;
        if !e.is_scalar() {
            return None;
        }
        values.push(e.values[0]);
    }
    if values.is_empty() {
        // A tensor of no elements: `dense<>`.
        return FoldResult::attr(ctx.attr(AttrKind::DenseElements { ty, splat: false, data: Box::new([]) }));
    }
    FoldResult::attr(encode(ctx, ty, &values))
}

fn simplify_dead_alloc(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let r = b.results(op)[0];
    let users: Vec<Op> = b.uses(r).map(|u| u.op).collect();
    let removable = users.iter().all(|&u| match ctx.str(b.op(u).name) {
        "memref.store" => b.operand(u, 0) != r,
        "memref.dealloc" => true,
        _ => false,
    });
    if !removable {
        return false;
    }
    let mut seen = Vec::new();
    for u in users {
        if !seen.contains(&u) {
            seen.push(u);
            rw.erase_op(u);
        }
    }
    rw.erase_op(op);
    true
}

fn ranked_shape(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type, Option<Attr>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, elem, encoding } => Some((shape.to_vec(), *elem, *encoding)),
        _ => None,
    }
}

/// `tensor.dim(tensor.empty(...), i)` of a dynamic extent is the matching size operand.
fn dim_of_empty(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let src = b.operand(op, 0);
    let Some(empty) = def_op(ctx, b, src, "tensor.empty") else { return false };
    let Some(Err(k)) = dim_of(ctx, b.value_type(src), value_const(ctx, b, b.operand(op, 1))) else { return false };
    let size = b.operand(empty, k);
    rw.replace_op(op, &[size]);
    true
}

/// MLIR's `joinShapes` of two tensor types: the most static type both can be, if any.
fn join_shapes(ctx: &Context, a: Type, b: Type) -> Option<Type> {
    if a == b {
        return Some(a);
    }
    let (ea, eb) = (ctx.type_kind(a).element_type()?, ctx.type_kind(b).element_type()?);
    if ea != eb {
        return None;
    }
    let (Some((sa, _, _)), Some((sb, _, _))) = (ranked_shape(ctx, a), ranked_shape(ctx, b)) else {
        return Some(if ranked_shape(ctx, a).is_some() { a } else { b });
    };
    if sa.len() != sb.len() {
        return None;
    }
    let mut join = Vec::with_capacity(sa.len());
    for (x, y) in sa.iter().zip(&sb) {
        join.push(if *x == DYNAMIC {
            *y
        } else if *y == DYNAMIC || x == y {
            *x
        } else {
            return None;
        });
    }
    Some(ctx.ty(TypeKind::RankedTensor { shape: join.into(), elem: ea, encoding: None }))
}

fn chained_tensor_cast(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(inner) = def_op(ctx, b, b.operand(op, 0), "tensor.cast") else { return false };
    let src = b.operand(inner, 0);
    let (st, it, rt) = (b.value_type(src), b.value_type(b.results(inner)[0]), b.value_type(b.results(op)[0]));
    let Some(first) = join_shapes(ctx, st, it).and_then(|j| join_shapes(ctx, j, rt)) else { return false };
    if join_shapes(ctx, st, rt) != Some(first) {
        return false;
    }
    let loc = b.op(op).loc;
    let state = op_state(ctx, "tensor.cast", &[src], &[rt], &[], loc);
    let n = rw.create_before(state, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn empty_static_dims(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let ty = b.value_type(b.results(op)[0]);
    let Some((shape, elem, encoding)) = ranked_shape(ctx, ty) else { return false };
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut sizes = Vec::new();
    let mut k = 0;
    let mut changed = false;
    for d in shape {
        if d != DYNAMIC {
            new_shape.push(d);
            continue;
        }
        let v = b.operand(op, k);
        k += 1;
        match const_int(ctx, value_const(ctx, b, v)).map(|(x, w)| sext(x, w)) {
            Some(c) if c >= 0 => {
                new_shape.push(c as i64);
                changed = true;
            }
            _ => {
                new_shape.push(DYNAMIC);
                sizes.push(v);
            }
        }
    }
    if !changed {
        return false;
    }
    let new_ty = ctx.ty(TypeKind::RankedTensor { shape: new_shape.into(), elem, encoding });
    let loc = b.op(op).loc;
    let state = op_state(ctx, "tensor.empty", &sizes, &[new_ty], &[], loc);
    let e = rw.create_before(state, op);
    let e = rw.body.results(e)[0];
    let state = op_state(ctx, "tensor.cast", &[e], &[ty], &[], loc);
    let c = rw.create_before(state, op);
    let c = rw.body.results(c)[0];
    rw.replace_op(op, &[c]);
    true
}

fn fold_reshape(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let src = b.operand(op, 0);
    if let Some(inner) = def_op(ctx, b, src, "tensor.reshape") {
        let s = b.operand(inner, 0);
        b.set_operand(op, 0, s);
        return Some(FoldResult::InPlace);
    }
    let (st, rt) = (b.value_type(src), b.value_type(b.results(op)[0]));
    if st == rt && ranked_shape(ctx, st).is_some_and(|(shape, _, _)| shape.len() <= 1) {
        return FoldResult::value(src);
    }
    None
}
