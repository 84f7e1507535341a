//! The hand-written custom forms of the affine ops, as MLIR's C++ parsers and printers write
//! them: maps applied to `(dims)[symbols]` lists, loop bounds (`max #map(%i)[%n]`, `%n`, `42`),
//! subscripts written as affine expressions of SSA values (`%A[%i + 1, symbol(%n)]`) and
//! `affine.parallel`'s bound groups (`(%a, max(%b, 3))`).

use super::{atomic_rmw_name, groups_of, int_list, map_of, memref_parts, set_of, ATOMIC_RMW_KINDS};
use crate::ods::{spec_of, OpView};
use mica_affine::{AffineExpr, AffineMap, Delimiter};
use mica_ir::asm::{AsmParser, EntryArg, UnresolvedOperand};
use mica_ir::{Attr, AttrKind, Body, Context, Op, OpDef, OperationState, Printer, Type, TypeKind, Value};
use std::fmt::Write;

type PResult<T> = Result<T, ()>;

// ------------------------------------------------------------------------------ helpers

/// Reports an error at `at` (the parser prefixes it with `custom op 'name'`, as MLIR does).
fn custom_error<T>(p: &mut dyn AsmParser<'_>, at: usize, msg: &str) -> PResult<T> {
    p.error_at(at, msg);
    Err(())
}

/// `open` operands `close`, possibly empty.
fn parse_operand_list(p: &mut dyn AsmParser<'_>, open: &str, close: &str) -> PResult<Vec<UnresolvedOperand>> {
    p.parse_punct(open)?;
    let mut out = Vec::new();
    if p.parse_optional_punct(close) {
        return Ok(out);
    }
    loop {
        out.push(p.parse_operand()?);
        if p.parse_optional_punct(close) {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

/// `(dims)` then an optional `[symbols]` (MLIR's `parseDimAndSymbolList`), resolved as index.
fn parse_dim_and_symbol_list(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<(usize, usize)> {
    let mut ops = parse_operand_list(p, "(", ")")?;
    let dims = ops.len();
    if p.peek_punct("[") {
        ops.extend(parse_operand_list(p, "[", "]")?);
    }
    resolve_all(p, &ops, state)?;
    Ok((dims, ops.len()))
}

fn resolve_all(p: &mut dyn AsmParser<'_>, ops: &[UnresolvedOperand], state: &mut OperationState) -> PResult<()> {
    let index = p.ctx().index_type();
    for o in ops {
        let v = p.resolve_operand(o, index)?;
        state.operands.push(v);
    }
    Ok(())
}

/// `: type` that must be a memref.
fn parse_memref_type(p: &mut dyn AsmParser<'_>) -> PResult<Type> {
    let at = p.offset();
    let t = p.parse_type()?;
    expect_kind(p, at, t, "memref", |k| matches!(k, TypeKind::MemRef { .. }))
}

fn expect_kind(p: &mut dyn AsmParser<'_>, at: usize, t: Type, what: &str, ok: fn(&TypeKind) -> bool) -> PResult<Type> {
    if ok(p.ctx().type_kind(t)) {
        return Ok(t);
    }
    let text = mica_ir::printer::type_string(p.ctx(), t);
    p.error_at(at, &format!("invalid kind of type specified: expected builtin.{what}, but found '{text}'"));
    Err(())
}

/// An attribute that must be of the kind `ok` accepts (MLIR's typed `parseAttribute`).
fn parse_attr_of_kind(p: &mut dyn AsmParser<'_>, ok: fn(&AttrKind) -> bool) -> PResult<Attr> {
    let at = p.offset();
    let a = p.parse_attribute()?;
    if !ok(p.ctx().attr_kind(a)) {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    }
    Ok(a)
}

fn parse_attr_dict(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = p.ctx().dict_attr(entries);
    }
    Ok(())
}

fn props(ctx: &Context, entries: Vec<(&str, Attr)>) -> Attr {
    ctx.dict_attr(entries.into_iter().map(|(k, v)| (ctx.ident(k), v)).collect())
}

fn segments(ctx: &Context, sizes: &[usize]) -> Attr {
    ctx.dense_int_array(32, sizes.iter().map(|s| *s as i64))
}

/// `dense<[...]> : tensor<Nxi32>`
fn i32_tensor(ctx: &Context, values: &[i64]) -> Attr {
    let i32t = ctx.int_type(32);
    let ty = ctx.ty(TypeKind::RankedTensor { shape: vec![values.len() as i64].into(), elem: i32t, encoding: None });
    let splat = !values.is_empty() && values.iter().all(|v| *v == values[0]);
    let data: Vec<u8> = if splat { (values[0] as i32).to_le_bytes().to_vec() } else { values.iter().flat_map(|v| (*v as i32).to_le_bytes()).collect() };
    ctx.attr(AttrKind::DenseElements { ty, splat, data: data.into() })
}

fn map_attr(ctx: &Context, m: AffineMap) -> Attr {
    ctx.attr(AttrKind::AffineMap(m))
}

/// The SSA name `v` prints as.
fn value_text(p: &mut Printer<'_>, body: &Body, v: Value) -> String {
    let at = p.out.len();
    p.print_value(body, v);
    p.out.split_off(at)
}

fn print_values(p: &mut Printer<'_>, body: &Body, vs: &[Value]) {
    for (i, v) in vs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(body, *v);
    }
}

fn print_types(p: &mut Printer<'_>, ts: &[Type]) {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
}

/// `(dims)` and, when there are symbols, `[symbols]`.
fn print_dim_and_symbol_list(p: &mut Printer<'_>, body: &Body, operands: &[Value], num_dims: usize) {
    let split = num_dims.min(operands.len());
    p.write("(");
    print_values(p, body, &operands[..split]);
    p.write(")");
    if operands.len() > split {
        p.write("[");
        print_values(p, body, &operands[split..]);
        p.write("]");
    }
}

/// Writes `expr` with dimensions named by `dims` and symbols as `symbol(%s)`.
fn print_expr_of_ssa_ids(p: &mut Printer<'_>, body: &Body, expr: &AffineExpr, dims: &[Value], syms: &[Value]) {
    let dn: Vec<String> = dims.iter().map(|v| value_text(p, body, *v)).collect();
    let sn: Vec<String> = syms.iter().map(|v| value_text(p, body, *v)).collect();
    let mut s = String::new();
    let _ = expr.write_with_names(&mut s, &mut |out: &mut dyn Write, pos: u32, is_symbol: bool| {
        let names = if is_symbol { &sn } else { &dn };
        let name = names.get(pos as usize).map_or("<<invalid>>", |n| n.as_str());
        if is_symbol { write!(out, "symbol({name})") } else { out.write_str(name) }
    });
    p.write(&s);
}

/// MLIR's `printAffineMapOfSSAIds`: the results, comma-separated.
fn print_map_of_ssa_ids(p: &mut Printer<'_>, body: &Body, map: &AffineMap, operands: &[Value]) {
    let split = (map.num_dims as usize).min(operands.len());
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        print_expr_of_ssa_ids(p, body, e, &operands[..split], &operands[split..]);
    }
}

fn print_attrs(p: &mut Printer<'_>, body: &Body, op: Op, elided: &[&str]) {
    let dict = p.ctx.op_attr_dict(body, op);
    p.print_attr_dict(dict, elided, false);
}

fn view<'a>(def: &'a OpDef, ctx: &'a Context, body: &'a Body, op: Op) -> Option<OpView<'a>> {
    OpView::new(ctx, spec_of(def)?, body, op).ok()
}

fn operand_types(body: &Body, op: Op) -> Vec<Type> {
    body.operands(op).map(|v| body.value_type(v)).collect()
}

// ------------------------------------------------------------------------------ apply, min, max

pub(super) fn parse_apply(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let map = parse_attr_of_kind(p, |k| matches!(k, AttrKind::AffineMap(_)))?;
    let (dims, total) = parse_dim_and_symbol_list(p, state)?;
    parse_attr_dict(p, state)?;
    let m = map_of(ctx, Some(map)).cloned().unwrap_or_else(|| AffineMap::new(0, 0, Vec::new()));
    if m.num_dims as usize != dims || dims + m.num_symbols as usize != total {
        return custom_error(p, name_at, "dimension or symbol index mismatch");
    }
    state.properties = Some(props(ctx, vec![("map", map)]));
    state.result_types.extend(std::iter::repeat_n(ctx.index_type(), m.results.len()));
    Ok(())
}

pub(super) fn print_apply(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_map_and_operands(p, body, op);
}

fn print_map_and_operands(p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let map = ctx.op_attr(body, op, "map");
    let num_dims = map_of(ctx, map).map_or(0, |m| m.num_dims as usize);
    if let Some(m) = map {
        p.write(" ");
        p.print_attr(m);
    }
    let operands: Vec<Value> = body.operands(op).collect();
    print_dim_and_symbol_list(p, body, &operands, num_dims);
    print_attrs(p, body, op, &["map"]);
}

pub(super) fn parse_min_max(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let map = parse_attr_of_kind(p, |k| matches!(k, AttrKind::AffineMap(_)))?;
    let dims = parse_operand_list(p, "(", ")")?;
    let syms = if p.peek_punct("[") { parse_operand_list(p, "[", "]")? } else { Vec::new() };
    parse_attr_dict(p, state)?;
    resolve_all(p, &dims, state)?;
    resolve_all(p, &syms, state)?;
    state.properties = Some(props(ctx, vec![("map", map)]));
    state.result_types.push(ctx.index_type());
    Ok(())
}

pub(super) fn print_min_max(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_map_and_operands(p, body, op);
}

// ------------------------------------------------------------------------------ for

/// One loop bound; returns the number of operands it added.
fn parse_bound(p: &mut dyn AsmParser<'_>, state: &mut OperationState, lower: bool, name_at: usize) -> PResult<(Attr, usize)> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let has_prefix = p.parse_optional_keyword(if lower { "max" } else { "min" });
    if p.peek_ssa_name() {
        let mut ops = vec![p.parse_operand()?];
        while p.parse_optional_punct(",") {
            ops.push(p.parse_operand()?);
        }
        if ops.len() > 1 {
            return custom_error(p, name_at, "expected only one loop bound operand");
        }
        resolve_all(p, &ops, state)?;
        return Ok((map_attr(ctx, AffineMap::new(0, 1, vec![AffineExpr::Symbol(0)])), 1));
    }
    let attr_at = p.offset();
    if !p.peek_attribute() {
        p.error_at(attr_at, "expected attribute value");
        return Err(());
    }
    let a = p.parse_attribute_of_type(index)?;
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => {
            let m = m.clone();
            let before = state.operands.len();
            let (dims, _) = parse_dim_and_symbol_list(p, state)?;
            let added = state.operands.len() - before;
            if m.num_dims as usize != dims {
                return custom_error(p, name_at, "dim operand count and affine map dim count must match");
            }
            if dims + m.num_symbols as usize != added {
                return custom_error(p, name_at, "symbol operand count and affine map symbol count must match");
            }
            if m.results.len() > 1 && !has_prefix {
                let msg = if lower {
                    "lower loop bound affine map with multiple results requires 'max' prefix"
                } else {
                    "upper loop bound affine map with multiple results requires 'min' prefix"
                };
                return custom_error(p, attr_at, msg);
            }
            Ok((a, added))
        }
        AttrKind::Integer { .. } => {
            let v = ctx.as_i64(a).unwrap_or(0);
            Ok((map_attr(ctx, AffineMap::new(0, 0, vec![AffineExpr::Constant(v)])), 0))
        }
        _ => custom_error(p, name_at, "expected valid affine map representation for loop bounds"),
    }
}

pub(super) fn parse_for(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let name_at = p.offset();
    let iv = p.parse_operand_without_number()?;
    let iv_loc = p.parse_optional_location()?;
    p.parse_punct("=")?;
    let (lb, lb_n) = parse_bound(p, state, true, name_at)?;
    if !p.parse_optional_keyword("to") {
        let at = p.offset();
        p.error_at(at, "expected 'to' between bounds");
        return Err(());
    }
    let (ub, ub_n) = parse_bound(p, state, false, name_at)?;
    let step = if p.parse_optional_keyword("step") {
        let at = p.offset();
        let a = parse_step(p, index)?;
        if ctx.as_i64(a).is_some_and(|s| s < 0) {
            return custom_error(p, at, "expected step to be representable as a positive signed integer");
        }
        a
    } else {
        ctx.int_attr(index, 1)
    };
    let mut args = vec![EntryArg { name: iv, ty: index, attrs: None, loc: iv_loc }];
    let mut inits = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        p.parse_punct("(")?;
        loop {
            let name = p.parse_operand_without_number()?;
            let loc = p.parse_optional_location()?;
            p.parse_punct("=")?;
            inits.push(p.parse_operand()?);
            args.push(EntryArg { name, ty: index, attrs: None, loc });
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
        p.parse_punct("->")?;
        state.result_types.extend(crate::asm_util::parse_paren_or_comma_types(p)?);
        for ((arg, init), ty) in args.iter_mut().skip(1).zip(&inits).zip(state.result_types.clone()) {
            arg.ty = ty;
            let v = p.resolve_operand(init, ty)?;
            state.operands.push(v);
        }
    }
    state.properties = Some(props(
        ctx,
        vec![("lowerBoundMap", lb), ("upperBoundMap", ub), ("step", step), ("operandSegmentSizes", segments(ctx, &[lb_n, ub_n, inits.len()]))],
    ));
    if args.len() != state.result_types.len() + 1 {
        return custom_error(p, name_at, "mismatch between the number of loop-carried values and results");
    }
    p.parse_region(state, &args)?;
    p.ensure_terminator(state, 0, "affine.yield");
    parse_attr_dict(p, state)
}

/// The step: an integer attribute of index type.
fn parse_step(p: &mut dyn AsmParser<'_>, index: Type) -> PResult<Attr> {
    let at = p.offset();
    let a = p.parse_attribute_of_type(index)?;
    if !matches!(p.ctx().attr_kind(a), AttrKind::Integer { .. }) {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    }
    Ok(a)
}

fn print_bound(p: &mut Printer<'_>, body: &Body, map: Option<Attr>, operands: &[Value], prefix: &str) {
    let ctx = p.ctx;
    let Some(attr) = map else { return };
    let Some(m) = map_of(ctx, Some(attr)) else {
        p.print_attr(attr);
        return;
    };
    if m.results.len() == 1 {
        let e = &m.results[0];
        if m.num_dims == 0 && m.num_symbols == 0 {
            if let Some(c) = e.as_constant() {
                p.write(&c.to_string());
                return;
            }
        }
        if m.num_dims == 0 && m.num_symbols == 1 && matches!(e, AffineExpr::Symbol(_)) {
            if let Some(&v) = operands.first() {
                p.print_value(body, v);
                return;
            }
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    let num_dims = m.num_dims as usize;
    p.print_attr(attr);
    print_dim_and_symbol_list(p, body, operands, num_dims);
}

pub(super) fn print_for(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(v) = view(def, ctx, body, op) else { return };
    let (rb, regions) = body.op_regions(op);
    let Some(&region) = regions.first() else { return };
    let entry = rb.region_blocks(region).first().copied();
    let args: Vec<Value> = entry.map(|b| rb.block_args(b).to_vec()).unwrap_or_default();
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_value(rb, iv);
        if let Some(loc) = rb.value(iv).loc {
            p.print_block_arg_location(loc);
        }
    }
    p.write(" = ");
    print_bound(p, body, v.attr("lowerBoundMap"), v.operand_group(0), "max");
    p.write(" to ");
    print_bound(p, body, v.attr("upperBoundMap"), v.operand_group(1), "min");
    if let Some(step) = v.attr_i64("step").filter(|s| *s != 1) {
        p.write(&format!(" step {step}"));
    }
    let inits = v.operand_group(2);
    // MLIR counts the iteration operands as those the bounds' maps leave over (unsigned): when
    // the maps take more operands than the op has, the count wraps around, and MLIR prints an
    // iter_args list (of what inits there are) and the terminator all the same.
    let map_inputs = |name: &str| map_of(ctx, v.attr(name)).map_or(0, |m| m.num_dims + m.num_symbols);
    let iter_operands = (body.operands(op).len() as u32).wrapping_sub(map_inputs("lowerBoundMap")).wrapping_sub(map_inputs("upperBoundMap"));
    let with_iter_args = iter_operands > 0;
    if with_iter_args {
        p.write(" iter_args(");
        for (i, (a, init)) in args.iter().skip(1).zip(inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(rb, *a);
            p.write(" = ");
            p.print_value(body, *init);
        }
        p.write(") -> (");
        let types: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
        print_types(p, &types);
        p.write(")");
    }
    p.write(" ");
    p.print_region_with(rb, region, false, false, with_iter_args);
    print_attrs(p, body, op, &["lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"]);
}

// ------------------------------------------------------------------------------ if

pub(super) fn parse_if(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let set = parse_attr_of_kind(p, |k| matches!(k, AttrKind::IntegerSet(_)))?;
    let (dims, total) = parse_dim_and_symbol_list(p, state)?;
    let (set_dims, set_syms) = set_of(ctx, Some(set)).map_or((0, 0), |s| (s.num_dims as usize, s.num_symbols as usize));
    if set_dims != dims {
        return custom_error(p, name_at, "dim operand count and integer set dim count must match");
    }
    if dims + set_syms != total {
        return custom_error(p, name_at, "symbol operand count and integer set symbol count must match");
    }
    state.properties = Some(props(ctx, vec![("condition", set)]));
    if p.parse_optional_punct("->") {
        state.result_types.extend(crate::asm_util::parse_paren_or_comma_types(p)?);
    }
    p.parse_region(state, &[])?;
    p.ensure_terminator(state, 0, "affine.yield");
    if p.parse_optional_keyword("else") {
        p.parse_region(state, &[])?;
        p.ensure_terminator(state, 1, "affine.yield");
    } else {
        p.add_empty_region(state);
    }
    parse_attr_dict(p, state)
}

pub(super) fn print_if(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let cond = ctx.op_attr(body, op, "condition");
    if let Some(c) = cond {
        p.write(" ");
        p.print_attr(c);
    }
    let num_dims = set_of(ctx, cond).map_or(0, |s| s.num_dims as usize);
    let operands: Vec<Value> = body.operands(op).collect();
    print_dim_and_symbol_list(p, body, &operands, num_dims);
    let types: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
    if !types.is_empty() {
        p.write(" -> ");
        let wrap = types.len() != 1 || matches!(ctx.type_kind(types[0]), TypeKind::Function { .. });
        if wrap {
            p.write("(");
        }
        print_types(p, &types);
        if wrap {
            p.write(")");
        }
    }
    let (rb, regions) = body.op_regions(op);
    let with_terminators = !types.is_empty();
    if let Some(&then) = regions.first() {
        p.write(" ");
        p.print_region_with(rb, then, false, false, with_terminators);
    }
    if let Some(&other) = regions.get(1).filter(|r| !rb.region_blocks(**r).is_empty()) {
        p.write(" else ");
        p.print_region_with(rb, other, false, false, with_terminators);
    }
    print_attrs(p, body, op, &["condition"]);
}

// ------------------------------------------------------------------------------ load, store

/// `%m[subscripts]`: the memref operand, the map and its operands.
fn parse_subscripted(p: &mut dyn AsmParser<'_>) -> PResult<(UnresolvedOperand, Attr, Vec<UnresolvedOperand>)> {
    let memref = p.parse_operand()?;
    let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Square)?;
    Ok((memref, map_attr(p.ctx(), map), ops))
}

fn print_subscripted(p: &mut Printer<'_>, body: &Body, op: Op, memref_at: usize) {
    let ctx = p.ctx;
    let operands: Vec<Value> = body.operands(op).collect();
    let Some(&memref) = operands.get(memref_at) else { return };
    p.print_value(body, memref);
    p.write("[");
    if let Some(m) = map_of(ctx, ctx.op_attr(body, op, "map")) {
        print_map_of_ssa_ids(p, body, m, &operands[memref_at + 1..]);
    }
    p.write("]");
    print_attrs(p, body, op, &["map"]);
}

pub(super) fn parse_load(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_load_like(p, state, false)
}

pub(super) fn parse_vector_load(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_load_like(p, state, true)
}

fn parse_load_like(p: &mut dyn AsmParser<'_>, state: &mut OperationState, vector: bool) -> PResult<()> {
    let ctx = p.ctx();
    let (memref, map, ops) = parse_subscripted(p)?;
    parse_attr_dict(p, state)?;
    p.parse_punct(":")?;
    let ty = parse_memref_type(p)?;
    let result = if vector {
        p.parse_punct(",")?;
        let at = p.offset();
        let t = p.parse_type()?;
        expect_kind(p, at, t, "vector", |k| matches!(k, TypeKind::Vector { .. }))?
    } else {
        memref_parts(ctx, ty).map_or(ty, |(e, _)| e)
    };
    let m = p.resolve_operand(&memref, ty)?;
    state.operands.push(m);
    resolve_all(p, &ops, state)?;
    state.result_types.push(result);
    state.properties = Some(props(ctx, vec![("map", map)]));
    Ok(())
}

pub(super) fn print_load(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    p.write(" ");
    print_subscripted(p, body, op, 0);
    p.write(" : ");
    if let Some(&t) = operand_types(body, op).first() {
        p.print_type(t);
    }
}

pub(super) fn print_vector_load(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_load(def, p, body, op);
    if let Some(&r) = body.results(op).first() {
        p.write(", ");
        p.print_type(body.value_type(r));
    }
}

pub(super) fn parse_store(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_store_like(p, state, false)
}

pub(super) fn parse_vector_store(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_store_like(p, state, true)
}

fn parse_store_like(p: &mut dyn AsmParser<'_>, state: &mut OperationState, vector: bool) -> PResult<()> {
    let ctx = p.ctx();
    let value = p.parse_operand()?;
    p.parse_punct(",")?;
    let (memref, map, ops) = parse_subscripted(p)?;
    parse_attr_dict(p, state)?;
    p.parse_punct(":")?;
    let ty = parse_memref_type(p)?;
    let value_ty = if vector {
        p.parse_punct(",")?;
        let at = p.offset();
        let t = p.parse_type()?;
        expect_kind(p, at, t, "vector", |k| matches!(k, TypeKind::Vector { .. }))?
    } else {
        memref_parts(ctx, ty).map_or(ty, |(e, _)| e)
    };
    let v = p.resolve_operand(&value, value_ty)?;
    state.operands.push(v);
    let m = p.resolve_operand(&memref, ty)?;
    state.operands.push(m);
    resolve_all(p, &ops, state)?;
    state.properties = Some(props(ctx, vec![("map", map)]));
    Ok(())
}

pub(super) fn print_store(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let types = operand_types(body, op);
    p.write(" ");
    if let Some(v) = body.operands(op).next() {
        p.print_value(body, v);
    }
    p.write(", ");
    print_subscripted(p, body, op, 1);
    p.write(" : ");
    if let Some(&t) = types.get(1) {
        p.print_type(t);
    }
}

pub(super) fn print_vector_store(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_store(def, p, body, op);
    if let Some(&t) = operand_types(body, op).first() {
        p.write(", ");
        p.print_type(t);
    }
}

// ------------------------------------------------------------------------------ prefetch

pub(super) fn parse_prefetch(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let (memref, map, ops) = parse_subscripted(p)?;
    p.parse_punct(",")?;
    let rw = keyword(p)?;
    p.parse_punct(",")?;
    p.parse_keyword("locality")?;
    p.parse_punct("<")?;
    let at = p.offset();
    let hint = p.parse_attribute_of_type(ctx.int_type(32))?;
    if !matches!(ctx.attr_kind(hint), AttrKind::Integer { .. }) {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    }
    p.parse_punct(">")?;
    p.parse_punct(",")?;
    let cache = keyword(p)?;
    parse_attr_dict(p, state)?;
    p.parse_punct(":")?;
    let ty = parse_memref_type(p)?;
    let m = p.resolve_operand(&memref, ty)?;
    state.operands.push(m);
    resolve_all(p, &ops, state)?;
    if rw != "read" && rw != "write" {
        return custom_error(p, name_at, "rw specifier has to be 'read' or 'write'");
    }
    if cache != "data" && cache != "instr" {
        return custom_error(p, name_at, "cache type has to be 'data' or 'instr'");
    }
    state.properties = Some(props(
        ctx,
        vec![("map", map), ("localityHint", hint), ("isWrite", ctx.bool_attr(rw == "write")), ("isDataCache", ctx.bool_attr(cache == "data"))],
    ));
    Ok(())
}

fn keyword(p: &mut dyn AsmParser<'_>) -> PResult<String> {
    match p.parse_optional_any_keyword() {
        Some(k) => Ok(k),
        None => {
            let at = p.offset();
            p.error_at(at, "expected valid keyword");
            Err(())
        }
    }
}

pub(super) fn print_prefetch(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let flag = |name: &str| ctx.op_attr(body, op, name).and_then(|a| ctx.as_i64(a)).is_some_and(|v| v != 0);
    let operands: Vec<Value> = body.operands(op).collect();
    p.write(" ");
    if let Some(&m) = operands.first() {
        p.print_value(body, m);
    }
    p.write("[");
    if let Some(m) = map_of(ctx, ctx.op_attr(body, op, "map")) {
        print_map_of_ssa_ids(p, body, m, operands.get(1..).unwrap_or(&[]));
    }
    p.write("], ");
    p.write(if flag("isWrite") { "write" } else { "read" });
    let hint = ctx.op_attr(body, op, "localityHint").and_then(|a| ctx.as_i64(a)).unwrap_or(0);
    p.write(&format!(", locality<{hint}>, "));
    p.write(if flag("isDataCache") { "data" } else { "instr" });
    print_attrs(p, body, op, &["map", "localityHint", "isDataCache", "isWrite"]);
    p.write(" : ");
    if let Some(&t) = operand_types(body, op).first() {
        p.print_type(t);
    }
}

// ------------------------------------------------------------------------------ parallel

/// One side of `affine.parallel`'s bounds: `(expr, max(expr, expr), ...)`, with operands shared
/// across groups. Returns the map and the group sizes.
fn parse_parallel_bound(p: &mut dyn AsmParser<'_>, state: &mut OperationState, keyword: &str) -> PResult<(AffineMap, Vec<i64>)> {
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok((AffineMap::new(0, 0, Vec::new()), Vec::new()));
    }
    let mut exprs: Vec<AffineExpr> = Vec::new();
    let mut dim_ops: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut sym_ops: Vec<Vec<UnresolvedOperand>> = Vec::new();
    let mut groups = Vec::new();
    loop {
        if p.parse_optional_keyword(keyword) {
            let (map, ops) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
            let nd = map.num_dims as usize;
            let (d, s) = ops.split_at(nd.min(ops.len()));
            for e in &map.results {
                exprs.push(e.clone());
                dim_ops.push(d.to_vec());
                sym_ops.push(s.to_vec());
            }
            groups.push(map.results.len() as i64);
        } else {
            let (e, d, s) = p.parse_affine_expr_of_ssa_ids()?;
            exprs.push(e);
            dim_ops.push(d);
            sym_ops.push(s);
            groups.push(1);
        }
        if p.parse_optional_punct(")") {
            break;
        }
        p.parse_punct(",")?;
    }
    // Give each expression its own dimensions and symbols, then merge repeated operands.
    let (mut total_dims, mut total_syms) = (0u32, 0u32);
    for (i, e) in exprs.iter_mut().enumerate() {
        let nd = dim_ops[i].len() as u32;
        let ns = sym_ops[i].len() as u32;
        let dims: Vec<AffineExpr> = (0..nd).map(|k| AffineExpr::Dim(total_dims + k)).collect();
        let syms: Vec<AffineExpr> = (0..ns).map(|k| AffineExpr::Symbol(total_syms + k)).collect();
        *e = e.replace_dims_and_symbols(&dims, &syms);
        total_dims += nd;
        total_syms += ns;
    }
    let (dim_repl, num_dims) = dedup_operands(p, state, &dim_ops, AffineExpr::Dim)?;
    let (sym_repl, num_syms) = dedup_operands(p, state, &sym_ops, AffineExpr::Symbol)?;
    let results = exprs.iter().map(|e| e.replace_dims_and_symbols(&dim_repl, &sym_repl)).collect();
    Ok((AffineMap::new(num_dims, num_syms, results), groups))
}

/// Resolves the operand lists (as index), appending each distinct value once to `state`, and
/// returns the expression each listed operand becomes and the number of distinct values.
fn dedup_operands(
    p: &mut dyn AsmParser<'_>,
    state: &mut OperationState,
    lists: &[Vec<UnresolvedOperand>],
    make: fn(u32) -> AffineExpr,
) -> PResult<(Vec<AffineExpr>, u32)> {
    let index = p.ctx().index_type();
    let mut unique: Vec<Value> = Vec::new();
    let mut out = Vec::new();
    for list in lists {
        for o in list {
            let v = p.resolve_operand(o, index)?;
            let pos = match unique.iter().position(|u| *u == v) {
                Some(k) => k,
                None => {
                    unique.push(v);
                    unique.len() - 1
                }
            };
            out.push(make(pos as u32));
        }
    }
    let n = unique.len() as u32;
    state.operands.extend(unique);
    Ok((out, n))
}

pub(super) fn parse_parallel(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let name_at = p.offset();
    p.parse_punct("(")?;
    let mut ivs: Vec<EntryArg> = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            let name = p.parse_operand_without_number()?;
            let loc = p.parse_optional_location()?;
            ivs.push(EntryArg { name, ty: index, attrs: None, loc });
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_punct("=")?;
    let (lb, lb_groups) = parse_parallel_bound(p, state, "max")?;
    p.parse_keyword("to")?;
    let (ub, ub_groups) = parse_parallel_bound(p, state, "min")?;
    let steps: Vec<i64> = if p.parse_optional_keyword("step") {
        let (map, _) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
        let mut steps = Vec::new();
        for e in &map.results {
            match e.as_constant() {
                Some(c) => steps.push(c),
                None => return custom_error(p, name_at, "steps must be constant integers"),
            }
        }
        steps
    } else {
        vec![1; ivs.len()]
    };
    let mut reductions = Vec::new();
    if p.parse_optional_keyword("reduce") {
        p.parse_punct("(")?;
        loop {
            let at = p.offset();
            let a = p.parse_attribute()?;
            let Some(s) = ctx.as_str(a) else {
                p.error_at(at, "invalid kind of attribute specified");
                return Err(());
            };
            let Some(k) = ATOMIC_RMW_KINDS.iter().position(|n| *n == s) else {
                let text = mica_ir::printer::attr_string(ctx, a);
                p.error_at(at, &format!("invalid reduction value: {text}"));
                return Err(());
            };
            reductions.push(ctx.int_attr(ctx.int_type(64), k as i64));
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    if p.parse_optional_punct("->") {
        state.result_types.extend(crate::asm_util::parse_paren_or_comma_types(p)?);
    }
    let i64t = ctx.int_type(64);
    let step_attrs: Vec<Attr> = steps.iter().map(|s| ctx.int_attr(i64t, *s)).collect();
    state.properties = Some(props(
        ctx,
        vec![
            ("reductions", ctx.array_attr(&reductions)),
            ("lowerBoundsMap", map_attr(ctx, lb)),
            ("lowerBoundsGroups", i32_tensor(ctx, &lb_groups)),
            ("upperBoundsMap", map_attr(ctx, ub)),
            ("upperBoundsGroups", i32_tensor(ctx, &ub_groups)),
            ("steps", ctx.array_attr(&step_attrs)),
        ],
    ));
    p.parse_region(state, &ivs)?;
    parse_attr_dict(p, state)?;
    p.ensure_terminator(state, 0, "affine.yield");
    Ok(())
}

fn print_parallel_bound(p: &mut Printer<'_>, body: &Body, map: Option<&AffineMap>, groups: &[i64], operands: &[Value], keyword: &str) {
    let Some(m) = map else { return };
    let split = (m.num_dims as usize).min(operands.len());
    let mut start = 0usize;
    for (i, &g) in groups.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let size = g.max(0) as usize;
        let end = (start + size).min(m.results.len());
        if size == 1 {
            if let Some(e) = m.results.get(start) {
                print_expr_of_ssa_ids(p, body, e, &operands[..split], &operands[split..]);
            }
        } else {
            p.write(keyword);
            p.write("(");
            let sub = AffineMap::new(m.num_dims, m.num_symbols, m.results[start.min(end)..end].to_vec());
            print_map_of_ssa_ids(p, body, &sub, operands);
            p.write(")");
        }
        start += size;
    }
}

pub(super) fn print_parallel(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let attr = |n: &str| ctx.op_attr(body, op, n);
    let (rb, regions) = body.op_regions(op);
    let Some(&region) = regions.first() else { return };
    let ivs: Vec<Value> = rb.region_blocks(region).first().map(|b| rb.block_args(*b).to_vec()).unwrap_or_default();
    p.write(" (");
    print_values(p, rb, &ivs);
    p.write(") = (");
    let operands: Vec<Value> = body.operands(op).collect();
    let lb = map_of(ctx, attr("lowerBoundsMap"));
    let split = lb.map_or(0, |m| m.num_inputs() as usize).min(operands.len());
    print_parallel_bound(p, body, lb, &groups_of(ctx, attr("lowerBoundsGroups")), &operands[..split], "max");
    p.write(") to (");
    print_parallel_bound(p, body, map_of(ctx, attr("upperBoundsMap")), &groups_of(ctx, attr("upperBoundsGroups")), &operands[split..], "min");
    p.write(")");
    let steps = int_list(ctx, attr("steps"));
    if steps.iter().any(|s| *s != 1) {
        let text: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
        p.write(&format!(" step ({})", text.join(", ")));
    }
    let results = body.results(op);
    if !results.is_empty() {
        p.write(" reduce (");
        for (i, k) in int_list(ctx, attr("reductions")).iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.write(&format!("\"{}\"", atomic_rmw_name(*k).unwrap_or("")));
        }
        p.write(") -> (");
        let types: Vec<Type> = results.iter().map(|r| body.value_type(*r)).collect();
        print_types(p, &types);
        p.write(")");
    }
    p.write(" ");
    p.print_region_with(rb, region, false, false, !results.is_empty());
    print_attrs(p, body, op, &["reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps"]);
}

// ------------------------------------------------------------------------------ dma

pub(super) fn parse_dma_start(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let index = ctx.index_type();
    let (src, src_map, src_ops) = parse_subscripted(p)?;
    p.parse_punct(",")?;
    let (dst, dst_map, dst_ops) = parse_subscripted(p)?;
    p.parse_punct(",")?;
    let (tag, tag_map, tag_ops) = parse_subscripted(p)?;
    p.parse_punct(",")?;
    let num = p.parse_operand()?;
    let mut strides = Vec::new();
    while p.parse_optional_punct(",") {
        strides.push(p.parse_operand()?);
    }
    if !strides.is_empty() && strides.len() != 2 {
        return custom_error(p, name_at, "expected two stride related operands");
    }
    p.parse_punct(":")?;
    let mut types = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        types.push(p.parse_type()?);
    }
    if types.len() != 3 {
        return custom_error(p, name_at, "expected three types");
    }
    for (m, ops, t) in [(&src, &src_ops, types[0]), (&dst, &dst_ops, types[1]), (&tag, &tag_ops, types[2])] {
        let v = p.resolve_operand(m, t)?;
        state.operands.push(v);
        resolve_all(p, ops, state)?;
    }
    let v = p.resolve_operand(&num, index)?;
    state.operands.push(v);
    resolve_all(p, &strides, state)?;
    let inputs = |a: Attr| map_of(ctx, Some(a)).map_or(0, |m| m.num_inputs() as usize);
    if src_ops.len() != inputs(src_map) || dst_ops.len() != inputs(dst_map) || tag_ops.len() != inputs(tag_map) {
        return custom_error(p, name_at, "memref operand count not equal to map.numInputs");
    }
    state.attrs = props(ctx, vec![("src_map", src_map), ("dst_map", dst_map), ("tag_map", tag_map)]);
    Ok(())
}

/// `%m[subscripts]` of a DMA op whose memref is operand `at` and whose map is `map_name`;
/// returns the index after its subscripts.
fn print_dma_ref(p: &mut Printer<'_>, body: &Body, op: Op, operands: &[Value], at: usize, map_name: &str) -> usize {
    let ctx = p.ctx;
    let map = map_of(ctx, ctx.op_attr(body, op, map_name));
    let n = map.map_or(0, |m| m.num_inputs() as usize);
    let end = (at + 1 + n).min(operands.len());
    if let Some(&m) = operands.get(at) {
        p.print_value(body, m);
    }
    p.write("[");
    if let Some(m) = map {
        print_map_of_ssa_ids(p, body, m, &operands[(at + 1).min(end)..end]);
    }
    p.write("]");
    end
}

pub(super) fn print_dma_start(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let operands: Vec<Value> = body.operands(op).collect();
    p.write(" ");
    let dst = print_dma_ref(p, body, op, &operands, 0, "src_map");
    p.write(", ");
    let tag = print_dma_ref(p, body, op, &operands, dst, "dst_map");
    p.write(", ");
    let rest = print_dma_ref(p, body, op, &operands, tag, "tag_map");
    p.write(", ");
    print_values(p, body, operands.get(rest..).unwrap_or(&[]));
    p.write(" : ");
    let types: Vec<Type> = [0, dst, tag].iter().filter_map(|i| operands.get(*i).map(|v| body.value_type(*v))).collect();
    print_types(p, &types);
}

pub(super) fn parse_dma_wait(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let ctx = p.ctx();
    let name_at = p.offset();
    let (tag, tag_map, tag_ops) = parse_subscripted(p)?;
    p.parse_punct(",")?;
    let num = p.parse_operand()?;
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    let v = p.resolve_operand(&tag, ty)?;
    state.operands.push(v);
    resolve_all(p, &tag_ops, state)?;
    let v = p.resolve_operand(&num, ctx.index_type())?;
    state.operands.push(v);
    if !matches!(ctx.type_kind(ty), TypeKind::MemRef { .. }) {
        return custom_error(p, name_at, "expected tag to be of memref type");
    }
    if tag_ops.len() != map_of(ctx, Some(tag_map)).map_or(0, |m| m.num_inputs() as usize) {
        return custom_error(p, name_at, "tag memref operand count != to map.numInputs");
    }
    state.attrs = props(ctx, vec![("tag_map", tag_map)]);
    Ok(())
}

pub(super) fn print_dma_wait(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let operands: Vec<Value> = body.operands(op).collect();
    p.write(" ");
    let rest = print_dma_ref(p, body, op, &operands, 0, "tag_map");
    p.write(", ");
    print_values(p, body, operands.get(rest..rest + 1).unwrap_or(&[]));
    p.write(" : ");
    if let Some(&t) = operands.first() {
        p.print_type(body.value_type(t));
    }
}
