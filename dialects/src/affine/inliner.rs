//! The affine dialect's inlining rules (MLIR's `AffineInlinerInterface`): affine ops may be
//! inlined only where their operands keep their meaning — into an affine scope (the region of
//! an isolated op such as `func.func`) or into `affine.for`, `affine.parallel` and `affine.if`;
//! and a callee may be inlined into those three only when its single block holds ops without
//! memory effects, or affine loads and stores whose dimension and symbol operands stay valid.

use super::validity::ValidityScope;
use super::map_of;
use mica_ir::{Body, Context, Op, Region, Traits, Value, ValueDef};

/// Whether `region` belongs to `affine.for`, `affine.parallel` or `affine.if`.
fn in_affine_construct(ctx: &Context, body: &Body, region: Region) -> bool {
    body.region_parent(region).is_some_and(|p| matches!(ctx.str(body.op(p).name), "affine.for" | "affine.parallel" | "affine.if"))
}

/// Whether an affine op may be inlined into `region` of the caller.
pub(crate) fn legal_op(ctx: &Context, _: &Body, _: Op, dest: &Body, region: Region) -> bool {
    // A root region belongs to an isolated op, an affine scope.
    dest.region_parent(region).is_none() || in_affine_construct(ctx, dest, region)
}

/// Whether the op has no memory effect of its own (MLIR's `MemoryEffectOpInterface` with no
/// effect; ops whose effects are those of their regions do not count).
fn has_no_effect(ctx: &Context, body: &Body, op: Op) -> bool {
    let Some(def) = ctx.registry().get(body.op(op).name) else { return false };
    let t = def.traits_of(ctx, body, op);
    t.contains(Traits::PURE) && !t.contains(Traits::RECURSIVE_MEMORY_EFFECTS)
}

/// Whether a callee region may be inlined into `dest`, a region of an affine op.
pub(crate) fn legal_dest(ctx: &Context, dest_body: &Body, dest: Region, src_body: &Body, src: Region, map: &dyn Fn(Value) -> Option<Value>) -> bool {
    if !in_affine_construct(ctx, dest_body, dest) {
        return false;
    }
    let [block] = src_body.region_blocks(src) else { return false };
    let dest_scope = ValidityScope::in_region(ctx, dest_body, dest);
    src_body.block_ops(*block).all(|op| {
        if has_no_effect(ctx, src_body, op) {
            return true;
        }
        // The map operands follow the memref (loads) or the value and the memref (stores).
        let first = match ctx.str(src_body.op(op).name) {
            "affine.load" | "affine.vector_load" => 1,
            "affine.store" | "affine.vector_store" => 2,
            _ => return false,
        };
        let Some(m) = map_of(ctx, ctx.op_attr(src_body, op, "map")) else { return false };
        let operands: Vec<Value> = src_body.operands(op).skip(first).collect();
        let dims = (m.num_dims as usize).min(operands.len());
        operands.iter().enumerate().all(|(i, &v)| {
            remains_legal(ctx, src_body, src, v, map, |x| if i < dims { dest_scope.is_valid_dim(x) } else { dest_scope.is_valid_symbol(x) })
        })
    })
}

/// Whether `v`, a valid dimension or symbol in the callee, stays one once inlined: values not
/// defined at the top of the callee region do (they are inlined too and checked themselves);
/// an entry argument does when the caller value replacing it passes `check`; a top-level
/// result does when it is a constant or a `dim`.
fn remains_legal(ctx: &Context, body: &Body, src: Region, v: Value, map: &dyn Fn(Value) -> Option<Value>, check: impl Fn(Value) -> bool) -> bool {
    match body.value(v).def {
        ValueDef::Arg(b, _) if body.block_region(b) == Some(src) => map(v).is_some_and(check),
        ValueDef::Result(op, _) if body.op_block(op).and_then(|b| body.block_region(b)) == Some(src) => {
            let name = body.op(op).name;
            ctx.registry().traits(name).contains(Traits::CONSTANT_LIKE) || matches!(ctx.str(name), "memref.dim" | "tensor.dim")
        }
        _ => true,
    }
}
