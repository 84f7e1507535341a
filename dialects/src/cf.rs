//! The cf dialect: unstructured control flow between blocks — `cf.br`, `cf.cond_br` (with
//! optional branch weights), `cf.switch` over integer cases and `cf.assert`, as MLIR 22
//! defines them.

use crate::ods::constraints::*;
use crate::ods::custom::{CustomArg, CustomDirective, ParseCtx};
use crate::ods::format::Var;
use crate::ods::{OpSpec, OpView};
use mica_ir::intbits;
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use crate::fold_util::{const_int, decode};
use mica_ir::{Attr, AttrKind, Block, Body, Context, Op, OperationState, Printer, Traits, Type, TypeKind, Value};
use std::ops::Range;

static ANY_INT_ELEMENTS_ATTR: AttrConstraint = AttrConstraint {
    summary: "integer elements attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { ty, .. } if matches!(c.type_kind(c.type_kind(*ty).element_type().unwrap_or(*ty)), TypeKind::Integer { .. })),
};

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("cf.assert").operand("arg", &I1).attr("msg", &STR_ATTR).format("$arg `,` $msg attr-dict"),
        OpSpec::new("cf.br")
            .traits(Traits::PURE | Traits::TERMINATOR)
            .variadic("destOperands", &ANY_TYPE)
            .successor("dest")
            .branch(|v, _| Some(group_range(v, 0)))
            .branch_target(|_, _, _, _| Some(0))
            .format("$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"),
        OpSpec::new("cf.cond_br")
            .traits(Traits::PURE | Traits::TERMINATOR)
            .operand("condition", &I1)
            .variadic("trueDestOperands", &ANY_TYPE)
            .variadic("falseDestOperands", &ANY_TYPE)
            .optional_attr("branch_weights", &DENSE_I32_ARRAY_ATTR)
            .successor("trueDest")
            .successor("falseDest")
            .operand_segments()
            .branch(|v, i| Some(group_range(v, i + 1)))
            .successor_slot(|i| (i + 1, None))
            .branch_target(|ctx, _, _, consts| Some(if const_int(ctx, consts.first().copied().flatten())?.0 != 0 { 0 } else { 1 }))
            .branch_weights("branch_weights")
            .format(
                "$condition (`weights` `(` $branch_weights^ `)` )? `,` \
                 $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` \
                 $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict",
            ),
        OpSpec::new("cf.switch")
            .traits(Traits::PURE | Traits::TERMINATOR)
            .operand("flag", &ANY_INTEGER)
            .variadic("defaultOperands", &ANY_TYPE)
            .variadic_of_variadic("caseOperands", &ANY_TYPE, "case_operand_segments")
            .optional_attr("case_values", &ANY_INT_ELEMENTS_ATTR)
            .successor("defaultDestination")
            .variadic_successor("caseDestinations")
            .operand_segments()
            .branch(switch_successor_operands)
            .branch_target(switch_target)
            .successor_slot(|i| if i == 0 { (1, None) } else { (2, Some(i - 1)) })
            .verify(verify_switch)
            .format(
                "$flag `:` type($flag) `,` `[` `\\n` \
                 custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, $defaultOperands, type($defaultOperands), \
                 $case_values, $caseDestinations, $caseOperands, type($caseOperands)) `]` attr-dict",
            ),
    ]
}

static DIRECTIVES: &[CustomDirective] = &[CustomDirective { name: "SwitchOpCases", parse: parse_switch_cases, print: print_switch_cases }];

/// Registers the cf dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        s.patterns = crate::cf_fold::patterns(s.name);
    }
    crate::ods::register(ctx, specs, DIRECTIVES);
}

/// The operand indices of operand slot `i`.
fn group_range(v: &OpView<'_>, i: usize) -> Range<usize> {
    let start = v.operand_start(i);
    start..start + v.operand_group(i).len()
}

/// The default destination gets `defaultOperands`; case `k` its segment of `caseOperands`.
fn switch_successor_operands(v: &OpView<'_>, i: usize) -> Option<Range<usize>> {
    if i == 0 {
        return Some(group_range(v, 1));
    }
    let segments = v.attr_dense_i64("case_operand_segments")?;
    let start = v.operand_start(2) + segments.iter().take(i - 1).map(|s| *s as usize).sum::<usize>();
    Some(start..start + *segments.get(i - 1)? as usize)
}

/// The successor a switch takes: the default one without cases, else the case matching a
/// constant flag (the default one when none does).
fn switch_target(ctx: &Context, body: &Body, op: Op, consts: &[Option<Attr>]) -> Option<usize> {
    let Some(cases) = ctx.op_attr(body, op, "case_values") else { return Some(0) };
    let (flag, _) = const_int(ctx, consts.first().copied().flatten())?;
    let cases = decode(ctx, cases)?;
    Some((0..cases.len(ctx)).find(|&i| cases.get(i).int() == Some(flag)).map_or(0, |i| i + 1))
}

/// The case values of a switch as MLIR prints them, with the attribute's type: unsigned in the
/// flag's width, and for flags wider than 64 bits only the low 64 bits (MLIR prints a
/// `uint64_t`).
fn case_values(ctx: &Context, a: Attr) -> Option<(Type, Vec<String>)> {
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.type_kind(*ty).element_type()?;
    let n = ctx.type_kind(*ty).num_elements()? as usize;
    let width = ctx.int_width(elem);
    let bytes = (width as usize).div_ceil(8).max(1);
    let read = |k: usize| {
        let chunk = data.get(k * bytes..(k + 1) * bytes).unwrap_or(&[]);
        let shown = width.min(64);
        intbits::to_decimal(&intbits::from_le_bytes(chunk.get(..8).unwrap_or(chunk), shown), shown, false)
    };
    Some((*ty, (0..n).map(|k| read(if *splat { 0 } else { k })).collect()))
}

fn verify_switch(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let cases = v.body.successors(v.op).len().saturating_sub(1);
    let Some(values) = v.attr("case_values") else { return Ok(()) };
    let Some((ty, list)) = case_values(ctx, values) else { return Ok(()) };
    let flag = v.operand("flag").map(|f| v.ty(f));
    let elem = ctx.type_kind(ty).element_type().unwrap_or(ty);
    if let Some(flag) = flag.filter(|f| *f != elem) {
        return Err(format!(
            "'flag' type ('{}') should match case value type ('{}')",
            mica_ir::printer::type_string(ctx, flag),
            mica_ir::printer::type_string(ctx, elem)
        ));
    }
    if list.len() != cases {
        return Err(format!("number of case values ({}) should match number of case destinations ({cases})", list.len()));
    }
    Ok(())
}

/// `^bb` with an optional `(%a, %b : t1, t2)`.
fn parse_successor_and_operands(p: &mut dyn AsmParser<'_>, allow_result_number: bool) -> Result<(Block, Vec<UnresolvedOperand>, Vec<Type>), ()> {
    let dest = p.parse_successor()?;
    let mut operands = Vec::new();
    let mut types = Vec::new();
    if p.parse_optional_punct("(") {
        loop {
            let o = if allow_result_number { p.parse_operand()? } else { p.parse_operand_without_number()? };
            operands.push(o);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(":")?;
        loop {
            types.push(p.parse_type()?);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    Ok((dest, operands, types))
}

/// `default: ^bb(...)` then `, value: ^bb(...)` per case.
fn parse_switch_cases(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, _: &mut OperationState, args: &[CustomArg]) -> Result<bool, ()> {
    let [CustomArg::Type(Var::Operand(flag)), CustomArg::Successor(default_dest), CustomArg::Operand(default_ops), CustomArg::Type(_), CustomArg::Attr(values_attr), CustomArg::Successor(case_dests), CustomArg::Operand(case_ops), CustomArg::Type(_)] =
        args
    else {
        let at = p.offset();
        p.error_at(at, "SwitchOpCases takes the switch's slots");
        return Err(());
    };
    let ctx = p.ctx();
    let flag_ty = cx.operand_type(*flag).unwrap_or_else(|| ctx.int_type(64));
    p.parse_keyword("default")?;
    p.parse_punct(":")?;
    let at = p.offset();
    let (dest, ops, types) = parse_successor_and_operands(p, false)?;
    cx.push_successor(*default_dest, dest);
    for o in ops {
        cx.push_operand(*default_ops, o);
    }
    cx.set_types(&Var::Operand(*default_ops), &types, at);
    let width = ctx.int_width(flag_ty);
    let mut values: Vec<i64> = Vec::new();
    let mut segments: Vec<i64> = Vec::new();
    let mut case_types: Vec<Type> = Vec::new();
    while p.parse_optional_punct(",") {
        let at = p.offset();
        let Some(v) = p.parse_optional_integer()? else {
            p.error_at(at, "expected integer value");
            return Err(());
        };
        values.push(v);
        p.parse_punct(":")?;
        let (dest, ops, types) = parse_successor_and_operands(p, true)?;
        cx.push_successor(*case_dests, dest);
        segments.push(ops.len() as i64);
        for o in ops {
            cx.push_operand(*case_ops, o);
        }
        case_types.extend(types);
    }
    cx.set_types(&Var::Operand(*case_ops), &case_types, p.offset());
    if !values.is_empty() {
        let ty = ctx.ty(TypeKind::Vector { shape: vec![values.len() as i64].into(), scalable: vec![false].into(), elem: flag_ty });
        cx.attrs[*values_attr] = Some(dense_ints(ctx, ty, width, &values));
    }
    if let Some(i) = cx.spec.attr_index("case_operand_segments") {
        cx.attrs[i] = Some(ctx.dense_int_array(32, segments));
    }
    Ok(true)
}

/// A dense integer elements attribute of `ty` (a splat when all values are equal), each value
/// in `width` bits.
fn dense_ints(ctx: &Context, ty: Type, width: u32, values: &[i64]) -> Attr {
    let splat = values.windows(2).all(|w| w[0] == w[1]);
    let kept = if splat { &values[..1] } else { values };
    let data: Vec<u8> = kept.iter().flat_map(|v| intbits::to_le_bytes(&intbits::from_i64(*v, width), width)).collect();
    ctx.attr(AttrKind::DenseElements { ty, splat, data: data.into() })
}

fn print_successor_and_operands(p: &mut Printer<'_>, v: &OpView<'_>, dest: Block, operands: &[Value]) {
    p.print_block_name(v.body, dest);
    if operands.is_empty() {
        return;
    }
    p.write("(");
    for (k, x) in operands.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        p.print_value(v.body, *x);
    }
    p.write(" : ");
    let types: Vec<Type> = operands.iter().map(|x| v.ty(*x)).collect();
    p.type_list(&types);
    p.write(")");
}

fn print_switch_cases(p: &mut Printer<'_>, v: &OpView<'_>, _: &[CustomArg]) {
    let succ = v.body.successors(v.op);
    let Some(&default) = succ.first() else { return };
    p.write("  default: ");
    let ops = v.operands().get(group_range(v, 1)).unwrap_or(&[]).to_vec();
    print_successor_and_operands(p, v, default, &ops);
    let Some((_, values)) = v.attr("case_values").and_then(|a| case_values(v.ctx, a)) else { return };
    for (k, value) in values.iter().enumerate() {
        p.write(",");
        p.newline_at_indent();
        p.write("  ");
        p.write(value);
        p.write(": ");
        let ops = switch_successor_operands(v, k + 1).and_then(|r| v.operands().get(r)).unwrap_or(&[]).to_vec();
        if let Some(&dest) = succ.get(k + 1) {
            print_successor_and_operands(p, v, dest, &ops);
        }
    }
    p.newline_at_indent();
}
