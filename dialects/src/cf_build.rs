//! Builders of the `cf` terminators as MLIR's op builders make them (`cf.br`, `cf.cond_br`
//! with its operand segments, `cf.switch` with its case values and operand segments), for the
//! folds and patterns that create branches and for the lowerings to control flow.

use crate::fold_util::{encode, op_state, Scalar};
use mica_ir::{Attr, Block, Context, OperationState, Type, TypeKind, Value};

/// `cf.br ^dest(operands)`.
pub fn br(ctx: &Context, dest: Block, operands: &[Value], loc: Attr) -> OperationState {
    let mut st = op_state(ctx, "cf.br", operands, &[], &[], loc);
    st.successors.push(dest);
    st
}

/// `cf.cond_br cond, ^t(t_operands), ^f(f_operands)`, with `branch_weights` when given.
pub fn cond_br(ctx: &Context, cond: Value, t: (Block, &[Value]), f: (Block, &[Value]), weights: Option<Attr>, loc: Attr) -> OperationState {
    let mut operands = vec![cond];
    operands.extend_from_slice(t.1);
    operands.extend_from_slice(f.1);
    let sizes = ctx.dense_int_array(32, [1, t.1.len() as i64, f.1.len() as i64]);
    let mut props = vec![("operandSegmentSizes", sizes)];
    if let Some(w) = weights {
        props.push(("branch_weights", w));
    }
    let mut st = op_state(ctx, "cf.cond_br", &operands, &[], &props, loc);
    st.successors.extend([t.0, f.0]);
    st
}

/// `cf.switch flag : flag_ty, [default: ^d(...), v: ^b(...), ...]`: `case_values` is a vector of
/// the flag's type (absent without cases), the case values given as the bits of that type.
pub fn switch(ctx: &Context, flag: Value, flag_ty: Type, default: (Block, &[Value]), cases: &[(u128, Block, &[Value])], loc: Attr) -> OperationState {
    let mut operands = vec![flag];
    operands.extend_from_slice(default.1);
    for c in cases {
        operands.extend_from_slice(c.2);
    }
    let case_total: usize = cases.iter().map(|c| c.2.len()).sum();
    let mut props = vec![
        ("operandSegmentSizes", ctx.dense_int_array(32, [1, default.1.len() as i64, case_total as i64])),
        ("case_operand_segments", ctx.dense_int_array(32, cases.iter().map(|c| c.2.len() as i64))),
    ];
    if !cases.is_empty() {
        let vty = ctx.ty(TypeKind::Vector { shape: Box::new([cases.len() as i64]), scalable: Box::new([false]), elem: flag_ty });
        let values: Vec<Scalar> = cases.iter().map(|c| Scalar::Int(c.0)).collect();
        props.push(("case_values", encode(ctx, vty, &values)));
    }
    let mut st = op_state(ctx, "cf.switch", &operands, &[], &props, loc);
    st.successors.push(default.0);
    st.successors.extend(cases.iter().map(|c| c.1));
    st
}
