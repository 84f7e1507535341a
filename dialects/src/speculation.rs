//! Speculatability of the ops whose answer is not simply "yes when `PURE`" (MLIR's
//! `ConditionallySpeculatable` implementations), for passes that move ops to where they might
//! not have run (loop-invariant code motion).
//!
//! - Divisions that trap on a zero divisor (`arith.divui`, `ceildivui`) are speculatable when
//!   the divisor's range, known from its defining op alone, excludes zero; the signed ones
//!   (`divsi`, `ceildivsi`) when it excludes zero and -1. Ranges are known for integer constants
//!   (scalars and dense vectors or tensors) and `index.sizeof` (32 to 64).
//! - `tensor.dim` and `memref.dim` are speculatable with a constant index below the rank of a
//!   ranked source.
//! - The index dialect's divisions and remainders never are.
//! - `scf.if`, `affine.for`, `affine.if`, `affine.parallel`, and `scf.for` with a constant
//!   non-zero step, are when their regions' ops are; so are linalg structured ops on tensors
//!   only. Other ops with regions and side effects of their regions' ops are not.

use crate::fold_util::{value_const, value_i64};
use mica_ir::intbits::{to_bigint, to_biguint};
use mica_ir::{AttrKind, Body, Context, Op, Speculation, Value, ValueDef};
use num_bigint::{BigInt, BigUint};

/// The signed and unsigned ranges of an integer value known from its defining op alone.
struct Range {
    smin: BigInt,
    smax: BigInt,
    umin: BigUint,
}

fn defining_op(body: &Body, v: Value) -> Option<Op> {
    match body.value(v).def {
        ValueDef::Result(op, _) => Some(op),
        ValueDef::Arg(..) => None,
    }
}

/// The range of `v` when its defining op pins it down (MLIR's `infer_int_range_op_binder`
/// with every operand unknown).
fn known_range(ctx: &Context, body: &Body, v: Value) -> Option<Range> {
    let op = defining_op(body, v)?;
    if ctx.str(body.op(op).name) == "index.sizeof" {
        return Some(Range { smin: 32.into(), smax: 64.into(), umin: 32u32.into() });
    }
    let values: Vec<(BigInt, BigUint)> = match ctx.attr_kind(value_const(ctx, body, v)?) {
        AttrKind::Integer { ty, bits } => {
            let w = ctx.int_width(*ty);
            vec![(to_bigint(bits, w), to_biguint(bits))]
        }
        AttrKind::DenseElements { ty, data, .. } => {
            let elem = ctx.type_kind(*ty).element_type()?;
            if !ctx.type_kind(elem).is_int_or_index() {
                return None;
            }
            let w = ctx.int_width(elem);
            let bytes = (w as usize).div_ceil(8).max(1);
            data.chunks(bytes)
                .map(|c| {
                    let bits = mica_ir::intbits::from_le_bytes(c, w);
                    (to_bigint(&bits, w), to_biguint(&bits))
                })
                .collect()
        }
        _ => return None,
    };
    let smin = values.iter().map(|v| v.0.clone()).min()?;
    let smax = values.iter().map(|v| v.0.clone()).max()?;
    let umin = values.iter().map(|v| v.1.clone()).min()?;
    Some(Range { smin, smax, umin })
}

fn unsigned_division(ctx: &Context, body: &Body, op: Op) -> Speculation {
    let nonzero = body.num_operands(op) == 2 && known_range(ctx, body, body.operand(op, 1)).is_some_and(|r| r.umin != BigUint::from(0u32));
    if nonzero { Speculation::Speculatable } else { Speculation::Not }
}

fn signed_division(ctx: &Context, body: &Body, op: Op) -> Speculation {
    let excludes = |r: &Range, x: i32| !(r.smin <= BigInt::from(x) && BigInt::from(x) <= r.smax);
    let safe = body.num_operands(op) == 2 && known_range(ctx, body, body.operand(op, 1)).is_some_and(|r| excludes(&r, 0) && excludes(&r, -1));
    if safe { Speculation::Speculatable } else { Speculation::Not }
}

fn dim(ctx: &Context, body: &Body, op: Op) -> Speculation {
    if body.num_operands(op) != 2 {
        return Speculation::Not;
    }
    let rank = ctx.type_kind(body.value_type(body.operand(op, 0))).shape().map(|s| s.len() as i64);
    match (value_i64(ctx, body, body.operand(op, 1)), rank) {
        (Some(i), Some(rank)) if (0..rank).contains(&i) => Speculation::Speculatable,
        _ => Speculation::Not,
    }
}

fn scf_for(ctx: &Context, body: &Body, op: Op) -> Speculation {
    // Operands: lower bound, upper bound, step, iteration arguments.
    let step = (body.num_operands(op) >= 3).then(|| value_i64(ctx, body, body.operand(op, 2))).flatten();
    if step.is_some_and(|s| s != 0) { Speculation::Recursive } else { Speculation::Not }
}

/// Structured ops on tensors are speculatable as their bodies are; on buffers they are not.
pub(crate) fn linalg_structured(ctx: &Context, body: &Body, op: Op) -> Speculation {
    let on_buffers = body.operands(op).any(|v| matches!(ctx.type_kind(body.value_type(v)), mica_ir::TypeKind::MemRef { .. } | mica_ir::TypeKind::UnrankedMemRef { .. }));
    if on_buffers { Speculation::Not } else { Speculation::Recursive }
}

/// Registers the speculatability of every op that declares one.
pub fn register(ctx: &mut Context) {
    let registry = ctx.registry_mut();
    for name in ["arith.divui", "arith.ceildivui"] {
        registry.register_speculation(name, unsigned_division);
    }
    for name in ["arith.divsi", "arith.ceildivsi"] {
        registry.register_speculation(name, signed_division);
    }
    for name in ["tensor.dim", "memref.dim"] {
        registry.register_speculation(name, dim);
    }
    for name in ["index.divs", "index.divu", "index.ceildivs", "index.ceildivu", "index.floordivs", "index.rems", "index.remu"] {
        registry.register_speculation(name, |_, _, _| Speculation::Not);
    }
    for name in ["scf.if", "affine.for", "affine.if", "affine.parallel"] {
        registry.register_speculation(name, |_, _, _| Speculation::Recursive);
    }
    registry.register_speculation("scf.for", scf_for);
}
