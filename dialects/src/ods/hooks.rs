//! Registry hooks derived from a spec: the operands a branch forwards to each successor,
//! appending one to a successor, and removing one operand while keeping `operandSegmentSizes` (and the sub-group sizes of
//! `VariadicOfVariadic` slots) right, as MLIR's `MutableOperandRange` does.

use super::{spec_of, OpView};
use mica_ir::{Attr, AttrKind, Body, Context, Op, Value};
use std::ops::Range;

/// The operands `op` forwards to successor `i`, through its spec.
pub(crate) fn successor_operands(ctx: &Context, body: &Body, op: Op, i: usize) -> Option<Range<usize>> {
    let spec = ctx.registry().get(body.op(op).name).and_then(spec_of)?;
    let f = spec.successor_operands?;
    let view = OpView::new(ctx, spec, body, op).ok()?;
    f(&view, i)
}

/// Removes operand `index` of `op`, shrinking the segment (and sub-segment) holding it.
pub(crate) fn erase_operand(ctx: &Context, body: &mut Body, op: Op, index: usize) {
    let update = ctx.registry().get(body.op(op).name).and_then(spec_of).and_then(|spec| {
        let view = OpView::new(ctx, spec, body, op).ok()?;
        let slot = (0..spec.operands.len()).find(|&i| {
            let start = view.operand_start(i);
            (start..start + view.operand_group(i).len()).contains(&index)
        })?;
        let mut updates = Vec::new();
        let sizes: Vec<i64> = (0..spec.operands.len()).map(|i| view.operand_group(i).len() as i64 - (i == slot) as i64).collect();
        updates.push(("operandSegmentSizes", ctx.dense_int_array(32, sizes)));
        if let Some((_, attr)) = spec.operand_sub_segments.iter().find(|(s, _)| *s == slot) {
            let mut subs = view.attr_dense_i64(attr)?;
            let mut at = view.operand_start(slot);
            for s in subs.iter_mut() {
                if index < at + *s as usize {
                    *s -= 1;
                    break;
                }
                at += *s as usize;
            }
            updates.push((attr, ctx.dense_int_array(32, subs)));
        }
        Some(updates)
    });
    body.erase_operand(op, index);
    let Some(updates) = update else { return };
    set_properties(ctx, body, op, updates);
}

/// Appends `value` to the operands `op` forwards to successor `succ`.
pub(crate) fn append_successor_operand(ctx: &Context, body: &mut Body, op: Op, succ: usize, value: Value) {
    let Some(spec) = ctx.registry().get(body.op(op).name).and_then(spec_of) else { return };
    let Some(range) = successor_operands(ctx, body, op, succ) else { return };
    let mut updates: Vec<(&str, Attr)> = Vec::new();
    if spec.operand_segments {
        let (Some(slot_of), Ok(view)) = (spec.successor_slot, OpView::new(ctx, spec, body, op)) else { return };
        let (slot, sub) = slot_of(succ);
        let sizes: Vec<i64> = (0..spec.operands.len()).map(|i| view.operand_group(i).len() as i64 + (i == slot) as i64).collect();
        updates.push(("operandSegmentSizes", ctx.dense_int_array(32, sizes)));
        if let (Some(k), Some((_, attr))) = (sub, spec.operand_sub_segments.iter().find(|(s, _)| *s == slot)) {
            let Some(mut subs) = view.attr_dense_i64(attr) else { return };
            if let Some(x) = subs.get_mut(k) {
                *x += 1;
            }
            updates.push((attr, ctx.dense_int_array(32, subs)));
        }
    }
    body.insert_operand(op, range.end, value);
    if !updates.is_empty() {
        set_properties(ctx, body, op, updates);
    }
}

fn set_properties(ctx: &Context, body: &mut Body, op: Op, updates: Vec<(&str, Attr)>) {
    let props = body.op(op).properties();
    let mut entries: Vec<_> = props.map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
    for (name, value) in updates {
        let id = ctx.ident(name);
        match entries.iter_mut().find(|e| e.0 == id) {
            Some(e) => e.1 = value,
            None => entries.push((id, value)),
        }
    }
    if props.is_some_and(|p| matches!(ctx.attr_kind(p), AttrKind::Dictionary(_))) || props.is_none() {
        body.op_mut(op).set_properties(Some(ctx.dict_attr(entries)));
    }
}
