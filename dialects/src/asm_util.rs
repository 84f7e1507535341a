//! Pieces of custom assembly shared by several ops: `%a, %b` operand lists, `t1, t2` type lists
//! and resolving the one against the other, `-> (t1, t2)` result type lists.

use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Body, Op, OperationState, Printer, Type};
use smallvec::SmallVec;

/// Parses `%a, %b, ...` (possibly empty).
pub(crate) fn parse_operand_list(p: &mut dyn AsmParser<'_>) -> Result<SmallVec<[UnresolvedOperand; 4]>, ()> {
    let mut ops = SmallVec::new();
    while p.peek_ssa_name() {
        ops.push(p.parse_operand()?);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    Ok(ops)
}

/// Parses `: t1, t2, ...` and resolves `ops` (written at `ops_at`) against those types into
/// `state.operands`.
pub(crate) fn parse_colon_types_and_resolve(
    p: &mut dyn AsmParser<'_>,
    ops: &[UnresolvedOperand],
    ops_at: usize,
    state: &mut OperationState,
) -> Result<(), ()> {
    p.parse_punct(":")?;
    let mut types: SmallVec<[Type; 4]> = SmallVec::new();
    loop {
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    resolve_operands(p, ops, &types, ops_at, state)
}

/// Resolves `ops` (written at `ops_at`) against `types` into `state.operands`.
pub(crate) fn resolve_operands(
    p: &mut dyn AsmParser<'_>,
    ops: &[UnresolvedOperand],
    types: &[Type],
    ops_at: usize,
    state: &mut OperationState,
) -> Result<(), ()> {
    if types.len() != ops.len() {
        p.error_at(ops_at, &format!("number of operands and types do not match: got {} operands and {} types", ops.len(), types.len()));
        return Err(());
    }
    for (o, t) in ops.iter().zip(types) {
        let v = p.resolve_operand(o, *t)?;
        state.operands.push(v);
    }
    Ok(())
}

/// Writes ` %a, %b` (nothing when there are no operands).
pub(crate) fn print_operand_list(p: &mut Printer<'_>, body: &Body, op: Op) {
    for (i, v) in body.operands(op).enumerate() {
        p.write(if i == 0 { " " } else { ", " });
        p.print_value(body, v);
    }
}

/// Writes ` : t1, t2` for the operand types (nothing when there are no operands).
pub(crate) fn print_operand_types(p: &mut Printer<'_>, body: &Body, op: Op) {
    if body.num_operands(op) == 0 {
        return;
    }
    p.write(" : ");
    let types: SmallVec<[Type; 4]> = body.operands(op).map(|v| body.value_type(v)).collect();
    p.type_list(&types);
}

/// `-> type` or `-> (types)` if present (MLIR's `parseOptionalArrowTypeList`).
pub(crate) fn parse_optional_arrow_types(p: &mut dyn AsmParser<'_>) -> Result<Vec<Type>, ()> {
    if !p.parse_optional_punct("->") {
        return Ok(Vec::new());
    }
    parse_function_result_types(p)
}

/// `type` or `(types)` (MLIR's `parseFunctionResultTypes`).
pub(crate) fn parse_function_result_types(p: &mut dyn AsmParser<'_>) -> Result<Vec<Type>, ()> {
    match parse_optional_paren_types(p)? {
        Some(types) => Ok(types),
        None => Ok(vec![p.parse_type()?]),
    }
}

/// `(types)` or a comma-separated list of types without parentheses.
pub(crate) fn parse_paren_or_comma_types(p: &mut dyn AsmParser<'_>) -> Result<Vec<Type>, ()> {
    if let Some(types) = parse_optional_paren_types(p)? {
        return Ok(types);
    }
    let mut out = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        out.push(p.parse_type()?);
    }
    Ok(out)
}

/// The types of `(t1, ..., tn)` (possibly empty) when the next token is `(`; `None` otherwise.
fn parse_optional_paren_types(p: &mut dyn AsmParser<'_>) -> Result<Option<Vec<Type>>, ()> {
    if !p.parse_optional_punct("(") {
        return Ok(None);
    }
    let mut out = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok(Some(out));
    }
    loop {
        out.push(p.parse_type()?);
        if p.parse_optional_punct(")") {
            return Ok(Some(out));
        }
        p.parse_punct(",")?;
    }
}
