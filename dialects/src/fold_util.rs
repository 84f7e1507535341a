//! Constant folding helpers shared by the dialects' folds and patterns, as MLIR's
//! `CommonFolders.h` and `m_Constant` matchers work: integer and float constants (scalar,
//! splat or element-wise dense) decoded into [`Elems`], folded element by element with exact
//! semantics (integers up to 128 bits, floats through `mica-apfloat`) and encoded back the way
//! MLIR builds them (equal elements become a splat); poison operands fold to poison. Also the
//! op-building helper patterns use (properties with their defaults, as parsed ops have them).

use mica_apfloat::Float;
use mica_ir::{Attr, AttrKind, Body, Context, Op, OperationState, Type, TypeKind, Value, ValueDef};
use smallvec::SmallVec;

/// One constant element.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// An integer's bits (masked to the width).
    Int(u128),
    /// A float.
    Float(Float),
}

impl Scalar {
    /// The integer bits, if an integer.
    pub fn int(self) -> Option<u128> {
        match self {
            Scalar::Int(v) => Some(v),
            Scalar::Float(_) => None,
        }
    }

    /// The float, if a float.
    pub fn float(self) -> Option<Float> {
        match self {
            Scalar::Float(f) => Some(f),
            Scalar::Int(_) => None,
        }
    }
}

/// A decoded integer or float constant.
#[derive(Clone, Debug)]
pub struct Elems {
    /// The attribute's type (the scalar type, or the shaped type of dense elements).
    pub ty: Type,
    /// The element type.
    pub elem: Type,
    /// Whether one value stands for every element (scalars count as splats).
    pub splat: bool,
    /// The values: one for scalars and splats.
    pub values: SmallVec<[Scalar; 1]>,
}

/// The bit width of an integer or index element (index is 64 bits).
pub fn width(ctx: &Context, elem: Type) -> u32 {
    ctx.int_width(elem)
}

/// The mask of the low `w` bits.
pub fn mask(w: u32) -> u128 {
    if w >= 128 { u128::MAX } else { (1u128 << w) - 1 }
}

/// MLIR's `constantTripCount` (signed) from what is known of a loop dimension: zero when the
/// bounds are the same value, the step is not positive or the upper bound is not above the
/// lower one; `None` when that needs a constant that is not known (or the count overflows).
pub fn signed_trip_count(same_bounds: bool, lb: Option<i128>, ub: Option<i128>, step: Option<i128>) -> Option<i128> {
    if same_bounds || step.is_some_and(|s| s <= 0) {
        return Some(0);
    }
    let (l, u) = (lb?, ub?);
    if u <= l {
        return Some(0);
    }
    let s = step?;
    u.checked_sub(l)?.checked_add(s - 1).map(|n| n / s)
}

/// `v` (in `w` bits) sign-extended.
pub fn sext(v: u128, w: u32) -> i128 {
    if w == 0 || w >= 128 {
        return v as i128;
    }
    let shift = 128 - w;
    ((v << shift) as i128) >> shift
}

/// The element type of a shaped type, or the type itself.
pub fn elem_or_self(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// `t` with its element type replaced (for shaped types), else `elem`.
pub fn with_elem(ctx: &Context, t: Type, elem: Type) -> Type {
    match ctx.type_kind(t).clone() {
        TypeKind::RankedTensor { shape, encoding, .. } => ctx.ty(TypeKind::RankedTensor { shape, elem, encoding }),
        TypeKind::UnrankedTensor { .. } => ctx.ty(TypeKind::UnrankedTensor { elem }),
        TypeKind::Vector { shape, scalable, .. } => ctx.ty(TypeKind::Vector { shape, scalable, elem }),
        TypeKind::MemRef { shape, layout, memory_space, .. } => ctx.ty(TypeKind::MemRef { shape, elem, layout, memory_space }),
        _ => elem,
    }
}

/// Whether `a` is `#ub.poison`.
pub fn is_poison(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Dialect { dialect, mnemonic, .. } if ctx.str(*dialect) == "ub" && ctx.str(*mnemonic) == "poison")
}

fn scalar_from_bytes(ctx: &Context, elem: Type, bytes: &[u8]) -> Option<Scalar> {
    let mut v = 0u128;
    for (i, b) in bytes.iter().enumerate().take(16) {
        v |= (*b as u128) << (8 * i);
    }
    match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } if *width <= 128 => Some(Scalar::Int(v & mask(*width))),
        TypeKind::Index => Some(Scalar::Int(v & mask(64))),
        TypeKind::Float(k) => Some(Scalar::Float(Float::from_bits(*k, v))),
        _ => None,
    }
}

/// Decodes an integer or float constant (scalar or dense elements); `None` for anything else
/// (including integers wider than 128 bits and complex elements).
pub fn decode(ctx: &Context, a: Attr) -> Option<Elems> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { .. } => {
            let (v, ty) = scalar_int_attr(ctx, a)?;
            Some(Elems { ty, elem: ty, splat: true, values: smallvec::smallvec![Scalar::Int(v)] })
        }
        AttrKind::Float { ty, bits } => {
            let TypeKind::Float(k) = ctx.type_kind(*ty) else { return None };
            Some(Elems { ty: *ty, elem: *ty, splat: true, values: smallvec::smallvec![Scalar::Float(Float::from_bits(*k, *bits))] })
        }
        AttrKind::DenseElements { ty, splat, data } => {
            let elem = ctx.type_kind(*ty).element_type()?;
            let n = ctx.type_kind(*ty).num_elements()? as usize;
            let w = match ctx.type_kind(elem) {
                TypeKind::Integer { width, .. } if *width <= 128 => *width,
                TypeKind::Index => 64,
                TypeKind::Float(k) => k.bit_width(),
                _ => return None,
            };
            let bytes = (w.max(1) as usize).div_ceil(8);
            if n == 0 {
                return None;
            }
            let count = if *splat { 1 } else { n };
            let mut values = SmallVec::with_capacity(count);
            for i in 0..count {
                values.push(scalar_from_bytes(ctx, elem, data.get(i * bytes..(i + 1) * bytes)?)?);
            }
            Some(Elems { ty: *ty, elem, splat: *splat, values })
        }
        _ => None,
    }
}

impl Elems {
    /// Element `i` (splats repeat their value).
    pub fn get(&self, i: usize) -> Scalar {
        if self.splat { self.values[0] } else { self.values[i] }
    }

    /// The number of elements.
    pub fn len(&self, ctx: &Context) -> usize {
        if ctx.type_kind(self.ty).is_shaped() { ctx.type_kind(self.ty).num_elements().unwrap_or(1) as usize } else { 1 }
    }

    /// Whether the constant is a scalar (not dense elements).
    pub fn is_scalar(&self) -> bool {
        self.ty == self.elem
    }

    /// The single value of a scalar or splat.
    pub fn splat_value(&self) -> Option<Scalar> {
        self.splat.then(|| self.values[0])
    }
}

/// Encodes values of element type `elem` as an attribute of type `ty` (a scalar type, or a
/// statically shaped type whose elements these are); equal elements make a splat.
pub fn encode(ctx: &Context, ty: Type, values: &[Scalar]) -> Attr {
    let elem = elem_or_self(ctx, ty);
    if !ctx.type_kind(ty).is_shaped() {
        return match values[0] {
            Scalar::Int(v) => ctx.int_attr_bits(ty, int_bits(v, ctx.int_width(ty))),
            Scalar::Float(f) => ctx.attr(AttrKind::Float { ty, bits: f.bits }),
        };
    }
    let w = ctx.int_width(elem);
    let bytes = (w.max(1) as usize).div_ceil(8);
    let raw = |s: Scalar| match s {
        Scalar::Int(v) => v,
        Scalar::Float(f) => f.storage_bits(),
    };
    let splat = values.iter().all(|v| *v == values[0]);
    let n = if splat { 1 } else { values.len() };
    let mut data = Vec::with_capacity(n * bytes);
    for v in &values[..n] {
        let r = raw(*v);
        data.extend((0..bytes).map(|i| if i < 16 { (r >> (8 * i)) as u8 } else { 0 }));
    }
    ctx.attr(AttrKind::DenseElements { ty, splat, data: data.into() })
}

/// The bits of `v` as an attribute's integer words.
pub fn int_bits(v: u128, w: u32) -> mica_ir::IntBits {
    let v = v & mask(w);
    let mut b: mica_ir::IntBits = smallvec::smallvec![v as u64];
    if w > 64 {
        b.push((v >> 64) as u64);
    }
    b
}

/// An integer (or splat) constant of type `ty` with every element `v`.
pub fn int_const(ctx: &Context, ty: Type, v: u128) -> Attr {
    encode(ctx, ty, &[Scalar::Int(v & mask(ctx.int_width(elem_or_self(ctx, ty))))])
}

/// MLIR's `Builder::getZeroAttr`: zero of an integer, index or float type, or a splat zero of
/// a statically shaped type of those; `None` otherwise.
pub fn zero_attr(ctx: &Context, ty: Type) -> Option<Attr> {
    let kind = ctx.type_kind(ty);
    if kind.is_shaped() && kind.num_elements().is_none() {
        return None;
    }
    let elem = elem_or_self(ctx, ty);
    match ctx.type_kind(elem) {
        TypeKind::Integer { .. } | TypeKind::Index => Some(encode(ctx, ty, &[Scalar::Int(0)])),
        TypeKind::Float(k) => Some(encode(ctx, ty, &[Scalar::Float(Float::zero(*k))])),
        _ => None,
    }
}

/// MLIR's `m_ConstantInt`: the value of an integer scalar or splat constant, with its width.
pub fn const_int(ctx: &Context, a: Option<Attr>) -> Option<(u128, u32)> {
    let a = a?;
    if let Some((v, ty)) = scalar_int_attr(ctx, a) {
        return Some((v, ctx.int_width(ty)));
    }
    let e = decode(ctx, a)?;
    if !ctx.type_kind(e.elem).is_int_or_index() {
        return None;
    }
    Some((e.splat_value()?.int()?, ctx.int_width(e.elem)))
}

/// The value (masked to its width) and type of a scalar integer attribute of an integer or
/// index type of at most 128 bits: what [`decode`] gives for one, without building elements.
#[inline]
pub fn scalar_int_attr(ctx: &Context, a: Attr) -> Option<(u128, Type)> {
    let AttrKind::Integer { ty, bits } = ctx.attr_kind(a) else { return None };
    let w = ctx.int_width(*ty);
    if w > 128 || !ctx.type_kind(*ty).is_int_or_index() {
        return None;
    }
    let v = bits.first().copied().unwrap_or(0) as u128 | (bits.get(1).copied().unwrap_or(0) as u128) << 64;
    Some((v & mask(w), *ty))
}

/// MLIR's `m_Zero`.
pub fn is_zero(ctx: &Context, a: Option<Attr>) -> bool {
    const_int(ctx, a).is_some_and(|(v, _)| v == 0)
}

/// MLIR's `m_One`.
pub fn is_one(ctx: &Context, a: Option<Attr>) -> bool {
    const_int(ctx, a).is_some_and(|(v, _)| v == 1)
}

/// Whether an integer scalar or splat constant has all bits set.
pub fn is_all_ones(ctx: &Context, a: Option<Attr>) -> bool {
    const_int(ctx, a).is_some_and(|(v, w)| v == mask(w))
}

/// The value of a float scalar or splat constant.
pub fn const_float(ctx: &Context, a: Option<Attr>) -> Option<Float> {
    decode(ctx, a?)?.splat_value()?.float()
}

/// The constant value of `v` if a constant-like op defines it.
pub fn value_const(ctx: &Context, body: &Body, v: Value) -> Option<Attr> {
    let ValueDef::Result(op, _) = body.value(v).def else { return None };
    let def = ctx.registry().get(body.op(op).name)?;
    if !def.traits.contains(mica_ir::Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.op_attr_id(body, op, mica_ir::Ident::VALUE)
}

/// The scalar integer a constant-like op gives `v`, if it fits an `i64` (no splats).
pub fn value_i64(ctx: &Context, body: &Body, v: Value) -> Option<i64> {
    ctx.as_i64(value_const(ctx, body, v)?)
}

/// The integer (sign-extended) a constant-like op gives `v`, if it gives an integer or splat.
pub fn value_sint(ctx: &Context, body: &Body, v: Value) -> Option<i128> {
    let (x, w) = const_int(ctx, value_const(ctx, body, v))?;
    Some(sext(x, w))
}

/// The op defining `v` if it is named `name`.
#[inline] // callers pass a literal name: the comparison becomes a few loads, not a memcmp call
pub fn def_op(ctx: &Context, body: &Body, v: Value, name: &str) -> Option<Op> {
    let ValueDef::Result(op, _) = body.value(v).def else { return None };
    (ctx.str(body.op(op).name) == name).then_some(op)
}

/// The two constant operands of a binary fold, or `Err` with the first poison operand (a poison
/// operand makes the result poison even when the other is not constant).
fn both_or_poison(ctx: &Context, consts: &[Option<Attr>]) -> Result<(Attr, Attr), Option<Attr>> {
    let (a, b) = (consts.first().copied().flatten(), consts.get(1).copied().flatten());
    if let Some(p) = [a, b].into_iter().flatten().find(|x| is_poison(ctx, *x)) {
        return Err(Some(p));
    }
    Ok((a.ok_or(None)?, b.ok_or(None)?))
}

/// MLIR's `constFoldBinaryOp` over integer constants: both operands constants of the same
/// type; `f(a, b, width)` gives the element or `None` to give up. The result has type
/// `result_elem` in the operands' shape (their own element type when `None`).
pub fn fold_binary_int(
    ctx: &Context,
    consts: &[Option<Attr>],
    result_elem: Option<Type>,
    f: impl Fn(u128, u128, u32) -> Option<u128>,
) -> Option<Attr> {
    let (a, b) = match both_or_poison(ctx, consts) {
        Ok(ab) => ab,
        Err(poison) => return poison,
    };
    let (ea, eb) = (decode(ctx, a)?, decode(ctx, b)?);
    if ea.ty != eb.ty || !ctx.type_kind(ea.elem).is_int_or_index() {
        return None;
    }
    let w = ctx.int_width(ea.elem);
    let out_ty = result_elem.map_or(ea.ty, |e| with_elem(ctx, ea.ty, e));
    let out_w = ctx.int_width(elem_or_self(ctx, out_ty));
    let n = if ea.splat && eb.splat { 1 } else { ea.len(ctx) };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (ea.get(i).int()?, eb.get(i).int()?);
        out.push(Scalar::Int(f(x, y, w)? & mask(out_w)));
    }
    Some(encode(ctx, out_ty, &out))
}

/// MLIR's `constFoldBinaryOp` over float constants of one type.
pub fn fold_binary_float(ctx: &Context, consts: &[Option<Attr>], f: impl Fn(Float, Float) -> Option<Float>) -> Option<Attr> {
    let (a, b) = match both_or_poison(ctx, consts) {
        Ok(ab) => ab,
        Err(poison) => return poison,
    };
    let (ea, eb) = (decode(ctx, a)?, decode(ctx, b)?);
    if ea.ty != eb.ty {
        return None;
    }
    let n = if ea.splat && eb.splat { 1 } else { ea.len(ctx) };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(Scalar::Float(f(ea.get(i).float()?, eb.get(i).float()?)?));
    }
    Some(encode(ctx, ea.ty, &out))
}

/// MLIR's `constFoldUnaryOp` / `constFoldCastOp`: the constant operand mapped element-wise to
/// the elements of `result_ty` (`f` gives `None` to give up); poison stays poison.
pub fn fold_map(ctx: &Context, operand: Option<Attr>, result_ty: Type, f: impl Fn(Scalar) -> Option<Scalar>) -> Option<Attr> {
    let a = operand?;
    if is_poison(ctx, a) {
        return Some(a);
    }
    let e = decode(ctx, a)?;
    let out_ty = if e.is_scalar() { elem_or_self(ctx, result_ty) } else { result_ty };
    if !e.is_scalar() && ctx.type_kind(out_ty).num_elements().is_none() {
        return None;
    }
    let n = if e.splat { 1 } else { e.len(ctx) };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(f(e.get(i))?);
    }
    Some(encode(ctx, out_ty, &out))
}

/// An op state for `name` with `props` set and the op's other defaulted properties filled
/// in, as the parser builds ops written without them.
pub fn op_state(ctx: &Context, name: &str, operands: &[Value], results: &[Type], props: &[(&str, Attr)], loc: Attr) -> OperationState {
    let mut st = OperationState::new(ctx.ident(name), ctx.empty_dict(), loc);
    st.operands.extend(operands.iter().copied());
    st.result_types.extend(results.iter().copied());
    let mut entries: Vec<(mica_ir::Ident, Attr)> = props.iter().map(|(k, v)| (ctx.ident(k), *v)).collect();
    if let Some(def) = ctx.registry().get_str(name) {
        for (k, f) in &def.property_defaults {
            if !props.iter().any(|(p, _)| p == k) {
                entries.push((ctx.ident(k), f(ctx)));
            }
        }
        if !entries.is_empty() || !def.properties.is_empty() {
            st.properties = Some(ctx.dict_attr(entries));
        }
    }
    st
}

/// A new `i1` `arith.constant` of `value` right before `before`; its result.
pub fn bool_constant(ctx: &Context, rw: &mut mica_ir::Rewriter<'_>, value: bool, loc: Attr, before: Op) -> Value {
    let st = op_state(ctx, "arith.constant", &[], &[ctx.int_type(1)], &[("value", ctx.bool_attr(value))], loc);
    let c = rw.create_before(st, before);
    rw.body.results(c)[0]
}

/// The fused location of the ops a pattern matched (MLIR's DRR `odsLoc`).
pub fn fused_loc(ctx: &Context, body: &Body, ops: &[Op]) -> Attr {
    let locs: Vec<Attr> = ops.iter().map(|o| body.op(*o).loc).collect();
    ctx.fused_loc(&locs, None)
}
