//! Canonicalization of linalg, as MLIR 22 has it for `linalg.generic`: an op whose indexing
//! maps are all equal and whose body only yields block arguments is an identity — on tensors
//! its results are the operands the yielded arguments stand for (through a `tensor.cast` when
//! the types differ), on buffers (same single input and output, yielding an argument) it is
//! erased.

use crate::fold_util::op_state;
use mica_ir::{Context, Op, Pattern, Rewriter, TypeKind, Value, ValueDef};

/// The patterns of a linalg op.
pub(crate) fn patterns(name: &str) -> Vec<Pattern> {
    match name {
        "linalg.generic" => vec![Pattern { name: "EraseIdentityLinalgOp", benefit: 1, apply: erase_identity }],
        _ => vec![],
    }
}

fn is_tensor(ctx: &Context, t: mica_ir::Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

fn is_memref(ctx: &Context, t: mica_ir::Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

/// Whether a `tensor.cast` from `a` to `b` is valid (same element type, compatible shapes).
fn cast_compatible(ctx: &Context, a: mica_ir::Type, b: mica_ir::Type) -> bool {
    let (ka, kb) = (ctx.type_kind(a), ctx.type_kind(b));
    if ka.element_type() != kb.element_type() || !is_tensor(ctx, a) || !is_tensor(ctx, b) {
        return false;
    }
    match (ka.shape(), kb.shape()) {
        (Some(x), Some(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p == q || *p == mica_ir::DYNAMIC || *q == mica_ir::DYNAMIC),
        _ => true,
    }
}

fn erase_identity(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(maps) = ctx.op_attr(b, op, "indexing_maps") else { return false };
    let mica_ir::AttrKind::Array(maps) = ctx.attr_kind(maps) else { return false };
    if maps.windows(2).any(|w| w[0] != w[1]) {
        return false;
    }
    let Some(&region) = b.local_regions(op).first() else { return false };
    let Some(&block) = b.region_blocks(region).first() else { return false };
    let ops: Vec<Op> = b.block_ops(block).collect();
    if ops.len() != 1 || ctx.str(b.op(ops[0]).name) != "linalg.yield" {
        return false;
    }
    let y = ops[0];
    let operands: Vec<Value> = b.operands(op).collect();
    let types: Vec<mica_ir::Type> = operands.iter().map(|v| b.value_type(*v)).collect();
    if types.iter().all(|t| is_memref(ctx, *t)) {
        let segs = ctx.op_attr(b, op, "operandSegmentSizes").and_then(|a| match ctx.attr_kind(a) {
            mica_ir::AttrKind::DenseArray { values, .. } => Some(values.to_vec()),
            _ => None,
        });
        let Some(segs) = segs else { return false };
        if segs.len() != 2 || segs[0] != 1 || segs[1] != 1 || operands[0] != operands[1] {
            return false;
        }
        let yields_arg = b.num_operands(y) > 0 && matches!(b.value(b.operand(y, 0)).def, ValueDef::Arg(blk, _) if blk == block);
        if !yields_arg {
            return false;
        }
        rw.erase_op(op);
        return true;
    }
    if !types.iter().all(|t| is_tensor(ctx, *t)) {
        return false;
    }
    let results: Vec<Value> = b.results(op).to_vec();
    let yielded: Vec<Value> = b.operands(y).collect();
    let mut plan = Vec::with_capacity(yielded.len());
    for (i, v) in yielded.iter().enumerate() {
        let ValueDef::Arg(blk, n) = b.value(*v).def else { return false };
        if blk != block {
            return false;
        }
        let Some(&arg) = operands.get(n as usize) else { return false };
        let Some(&res) = results.get(i) else { return false };
        let rt = b.value_type(res);
        if b.value_type(arg) != rt && !cast_compatible(ctx, b.value_type(arg), rt) {
            return false;
        }
        plan.push((arg, rt));
    }
    if plan.len() != results.len() {
        return false;
    }
    let loc = b.op(op).loc;
    let mut values = Vec::with_capacity(plan.len());
    for (arg, rt) in plan {
        if rw.body.value_type(arg) == rt {
            values.push(arg);
        } else {
            let st = op_state(ctx, "tensor.cast", &[arg], &[rt], &[], loc);
            let c = rw.create_before(st, op);
            values.push(rw.body.results(c)[0]);
        }
    }
    rw.replace_op(op, &values);
    true
}
