//! The memref syntax MLIR writes in C++: the custom forms of `alloca_scope`, `dma_start`,
//! `generic_atomic_rmw`, `prefetch` and `transpose`, and the
//! `custom<GlobalMemrefOpTypeAndInitialValue>` directive of `memref.global`.

use super::layout::memref_parts;
use crate::ods::{CustomArg, CustomDirective, OpView, ParseCtx, TypeClass};
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, AttrKind, Body, Ident, Op, OpDef, OperationState, Printer, Type, TypeKind, DYNAMIC};

/// The memref dialect's custom directives.
pub(super) static DIRECTIVES: &[CustomDirective] = &[CustomDirective {
    name: "GlobalMemrefOpTypeAndInitialValue",
    parse: parse_global_type_and_initial_value,
    print: print_global_type_and_initial_value,
}];

// ------------------------------------------------------------------------------ helpers

/// `[` operands `]`
fn parse_bracketed_operands(p: &mut dyn AsmParser<'_>) -> Result<Vec<UnresolvedOperand>, ()> {
    p.parse_punct("[")?;
    let mut out = Vec::new();
    if p.parse_optional_punct("]") {
        return Ok(out);
    }
    loop {
        out.push(p.parse_operand()?);
        if p.parse_optional_punct("]") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

fn resolve_all(p: &mut dyn AsmParser<'_>, state: &mut OperationState, ops: &[UnresolvedOperand], ty: Type) -> Result<(), ()> {
    for o in ops {
        let v = p.resolve_operand(o, ty)?;
        state.operands.push(v);
    }
    Ok(())
}

fn print_values(p: &mut Printer<'_>, body: &Body, values: &[mica_ir::Value]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(body, *v);
    }
}

/// The optional attribute dictionary, all of it discardable.
fn parse_attr_dict(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = p.ctx().dict_attr(entries);
    }
    Ok(())
}

/// Splits a parsed attribute dictionary into the op's properties (`inherent`) and the rest.
fn split_attr_dict(p: &mut dyn AsmParser<'_>, inherent: &[&str], props: &mut Vec<(Ident, Attr)>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    if let Some(entries) = p.parse_optional_attr_dict()? {
        let (own, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| inherent.contains(&ctx.str(*k)));
        for (k, a) in own {
            if !props.iter().any(|(q, _)| *q == k) {
                props.push((k, a));
            }
        }
        state.attrs = ctx.dict_attr(rest);
    }
    Ok(())
}

fn print_attr_dict(p: &mut Printer<'_>, body: &Body, op: Op, elided: &[&str]) {
    let dict = p.ctx.op_attr_dict(body, op);
    p.print_attr_dict(dict, elided, false);
}

fn operands(body: &Body, op: Op) -> Vec<mica_ir::Value> {
    body.operands(op).collect()
}

// ------------------------------------------------------------------------------ alloca_scope

pub(super) fn parse_alloca_scope(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    state.result_types = crate::asm_util::parse_optional_arrow_types(p)?.into();
    p.parse_region(state, &[])?;
    p.ensure_terminator(state, 0, "memref.alloca_scope.return");
    parse_attr_dict(p, state)
}

pub(super) fn print_alloca_scope(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    p.write(" ");
    let results: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
    if !results.is_empty() {
        p.write(" -> (");
        p.type_list(&results);
        p.write(")");
    }
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, !results.is_empty());
    }
    print_attr_dict(p, body, op, &[]);
}

// ------------------------------------------------------------------------------ dma_start

pub(super) fn parse_dma_start(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let name_at = p.offset();
    let src = p.parse_operand()?;
    let src_idx = parse_bracketed_operands(p)?;
    p.parse_punct(",")?;
    let dst = p.parse_operand()?;
    let dst_idx = parse_bracketed_operands(p)?;
    p.parse_punct(",")?;
    let num = p.parse_operand()?;
    p.parse_punct(",")?;
    let tag = p.parse_operand()?;
    let tag_idx = parse_bracketed_operands(p)?;
    let mut strides = Vec::new();
    while p.parse_optional_punct(",") {
        strides.push(p.parse_operand()?);
    }
    if !strides.is_empty() && strides.len() != 2 {
        p.error_at(name_at, "expected two stride related operands");
        return Err(());
    }
    parse_attr_dict(p, state)?;
    p.parse_punct(":")?;
    let mut types = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        types.push(p.parse_type()?);
    }
    if types.len() != 3 {
        p.error_at(name_at, "fewer/more types expected");
        return Err(());
    }
    let index = p.ctx().index_type();
    resolve_all(p, state, &[src], types[0])?;
    resolve_all(p, state, &src_idx, index)?;
    resolve_all(p, state, &[dst], types[1])?;
    resolve_all(p, state, &dst_idx, index)?;
    resolve_all(p, state, &[num], index)?;
    resolve_all(p, state, &[tag], types[2])?;
    resolve_all(p, state, &tag_idx, index)?;
    resolve_all(p, state, &strides, index)
}

fn rank_of(p: &Printer<'_>, body: &Body, v: mica_ir::Value) -> usize {
    memref_parts(p.ctx, body.value_type(v)).map_or(0, |m| m.shape.len())
}

pub(super) fn print_dma_start(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ops = operands(body, op);
    let mut at = 0;
    let memref_with_indices = |p: &mut Printer<'_>, at: &mut usize| {
        let Some(&m) = ops.get(*at) else { return None };
        let n = rank_of(p, body, m);
        p.print_value(body, m);
        p.write("[");
        print_values(p, body, ops.get(*at + 1..*at + 1 + n).unwrap_or(&[]));
        p.write("]");
        *at += 1 + n;
        Some(m)
    };
    p.write(" ");
    let src = memref_with_indices(p, &mut at);
    p.write(", ");
    let dst = memref_with_indices(p, &mut at);
    p.write(", ");
    if let Some(&n) = ops.get(at) {
        p.print_value(body, n);
    }
    at += 1;
    p.write(", ");
    let tag = memref_with_indices(p, &mut at);
    if ops.len() > at {
        p.write(", ");
        print_values(p, body, &ops[at..]);
    }
    print_attr_dict(p, body, op, &[]);
    p.write(" : ");
    let types: Vec<Type> = [src, dst, tag].into_iter().flatten().map(|v| body.value_type(v)).collect();
    p.type_list(&types);
}

// ------------------------------------------------------------------------------ generic_atomic_rmw

pub(super) fn parse_generic_atomic_rmw(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let memref = p.parse_operand()?;
    let ivs = parse_bracketed_operands(p)?;
    p.parse_punct(":")?;
    let at = p.offset();
    let ty = p.parse_type()?;
    resolve_all(p, state, &[memref], ty)?;
    let index = p.ctx().index_type();
    resolve_all(p, state, &ivs, index)?;
    p.parse_region(state, &[])?;
    parse_attr_dict(p, state)?;
    let Some(elem) = memref_parts(p.ctx(), ty).map(|m| m.elem) else {
        p.error_at(at, "expected a memref type");
        return Err(());
    };
    state.result_types.push(elem);
    Ok(())
}

pub(super) fn print_generic_atomic_rmw(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ops = operands(body, op);
    p.write(" ");
    if let Some(&m) = ops.first() {
        p.print_value(body, m);
        p.write("[");
        print_values(p, body, &ops[1..]);
        p.write("] : ");
        p.print_type(body.value_type(m));
    }
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, true, false, true);
    }
    print_attr_dict(p, body, op, &[]);
}

// ------------------------------------------------------------------------------ prefetch

pub(super) fn parse_prefetch(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let memref = p.parse_operand()?;
    let indices = parse_bracketed_operands(p)?;
    p.parse_punct(",")?;
    let rw_at = p.offset();
    let Some(rw) = p.parse_optional_any_keyword() else {
        p.error_at(rw_at, "expected valid keyword");
        return Err(());
    };
    p.parse_punct(",")?;
    p.parse_keyword("locality")?;
    p.parse_punct("<")?;
    let hint = p.parse_attribute_of_type(ctx.int_type(32))?;
    p.parse_punct(">")?;
    p.parse_punct(",")?;
    let cache_at = p.offset();
    let Some(cache) = p.parse_optional_any_keyword() else {
        p.error_at(cache_at, "expected valid keyword");
        return Err(());
    };
    let mut props = vec![(ctx.ident("localityHint"), hint)];
    split_attr_dict(p, &["localityHint", "isWrite", "isDataCache"], &mut props, state)?;
    let ty = TypeClass::MemRef.parse_colon_type(p)?;
    resolve_all(p, state, &[memref], ty)?;
    resolve_all(p, state, &indices, ctx.index_type())?;
    if rw != "read" && rw != "write" {
        p.error_at(name_at, "rw specifier has to be 'read' or 'write'");
        return Err(());
    }
    props.push((ctx.ident("isWrite"), ctx.bool_attr(rw == "write")));
    if cache != "data" && cache != "instr" {
        p.error_at(name_at, "cache type has to be 'data' or 'instr'");
        return Err(());
    }
    props.push((ctx.ident("isDataCache"), ctx.bool_attr(cache == "data")));
    state.properties = Some(ctx.dict_attr(props));
    Ok(())
}

pub(super) fn print_prefetch(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let ops = operands(body, op);
    let flag = |n: &str| ctx.op_attr(body, op, n).and_then(|a| ctx.as_i64(a)).is_some_and(|v| v != 0);
    p.write(" ");
    if let Some(&m) = ops.first() {
        p.print_value(body, m);
    }
    p.write("[");
    print_values(p, body, ops.get(1..).unwrap_or(&[]));
    p.write("], ");
    p.write(if flag("isWrite") { "write" } else { "read" });
    p.write(", locality<");
    let hint = ctx.op_attr(body, op, "localityHint").and_then(|a| ctx.as_i64(a)).unwrap_or(0);
    p.write(&hint.to_string());
    p.write(">, ");
    p.write(if flag("isDataCache") { "data" } else { "instr" });
    print_attr_dict(p, body, op, &["localityHint", "isWrite", "isDataCache"]);
    p.write(" : ");
    if let Some(&m) = ops.first() {
        p.print_type(body.value_type(m));
    }
}

// ------------------------------------------------------------------------------ transpose

pub(super) fn parse_transpose(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let input = p.parse_operand()?;
    let map = p.parse_affine_map()?;
    let mut props = vec![(ctx.ident("permutation"), ctx.attr(AttrKind::AffineMap(map)))];
    split_attr_dict(p, &["permutation"], &mut props, state)?;
    let src = TypeClass::MemRef.parse_colon_type(p)?;
    resolve_all(p, state, &[input], src)?;
    p.parse_keyword("to")?;
    state.result_types.push(p.parse_type()?);
    state.properties = Some(ctx.dict_attr(props));
    Ok(())
}

pub(super) fn print_transpose(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let ops = operands(body, op);
    p.write(" ");
    if let Some(&m) = ops.first() {
        p.print_value(body, m);
    }
    if let Some(AttrKind::AffineMap(map)) = ctx.op_attr(body, op, "permutation").map(|a| ctx.attr_kind(a)) {
        p.write(" ");
        p.write(&map.to_string());
    }
    print_attr_dict(p, body, op, &["permutation"]);
    p.write(" : ");
    if let Some(&m) = ops.first() {
        p.print_type(body.value_type(m));
    }
    p.write(" to ");
    if let Some(&r) = body.results(op).first() {
        p.print_type(body.value_type(r));
    }
}

// ------------------------------------------------------------------------------ global

/// `type (= (uninitialized | elements))?` into the `type` and `initial_value` slots.
fn parse_global_type_and_initial_value(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, _: &mut OperationState, args: &[CustomArg]) -> Result<bool, ()> {
    let (Some(CustomArg::Attr(ti)), Some(CustomArg::Attr(ii))) = (args.first(), args.get(1)) else {
        let at = p.offset();
        p.error_at(at, "GlobalMemrefOpTypeAndInitialValue takes two attributes");
        return Err(());
    };
    let ctx = p.ctx();
    let name_at = p.name_offset();
    let ty = p.parse_type()?;
    let Some(m) = memref_parts(ctx, ty).filter(|m| m.shape.iter().all(|&d| d != DYNAMIC)) else {
        p.error_at(name_at, &format!("type should be static shaped memref, but got '{}'", mica_ir::printer::type_string(ctx, ty)));
        return Err(());
    };
    cx.attrs[*ti] = Some(ctx.type_attr(ty));
    if !p.parse_optional_punct("=") {
        return Ok(true);
    }
    if p.parse_optional_keyword("uninitialized") {
        cx.attrs[*ii] = Some(ctx.unit_attr());
        return Ok(true);
    }
    let tensor = ctx.ty(TypeKind::RankedTensor { shape: m.shape.into(), elem: m.elem, encoding: None });
    let init = p.parse_attribute_of_type(tensor)?;
    if super::verify::elements_type(ctx, init).is_none() {
        p.error_at(name_at, "initial value should be a unit or elements attribute");
        return Err(());
    }
    cx.attrs[*ii] = Some(init);
    Ok(true)
}

fn print_global_type_and_initial_value(p: &mut Printer<'_>, v: &OpView<'_>, args: &[CustomArg]) {
    let (Some(CustomArg::Attr(ti)), Some(CustomArg::Attr(ii))) = (args.first(), args.get(1)) else { return };
    let ctx = v.ctx;
    if let Some(t) = v.attr_at(*ti).and_then(|a| ctx.as_type(a)) {
        p.print_type(t);
    }
    let Some(init) = v.attr_at(*ii) else { return };
    p.write(" = ");
    if matches!(ctx.attr_kind(init), AttrKind::Unit) {
        p.write("uninitialized");
    } else {
        p.print_attr_elided_type(init);
    }
}
