//! The structured ops MLIR writes by hand: `linalg.generic` (a trait dictionary, `ins`/`outs`,
//! `attrs = {...}`, an explicit region, result types), `linalg.map` and `linalg.reduce` (with
//! the `{ payload.op }` short form when the body is a single op), `linalg.transpose` and
//! `linalg.broadcast` (whose identity region MLIR builds while parsing).

use super::structured::{
    block_arg_type, parse_common, CommonParts, parse_optional_arrow_types, print_arrow_types, print_ins_outs, store_attrs,
    RegionBuilder,
};
use super::verify::{dense_i64_attr, dps, is_permutation, structured};
use super::{AFFINE_MAP_ARRAY, ITERATOR_TYPE};
use crate::ods::constraints::*;
use crate::ods::{spec_of, OpSpec, OpView};
use mica_ir::asm::{AsmParser, EntryArg};
use mica_ir::{Attr, AttrKind, Body, Context, Ident, Op, OpDef, OperationState, Printer, Type, TypeKind, Value};

static ANY_SHAPED: TypeConstraint = TypeConstraint { summary: "shaped of any type values", check: |c, t| c.type_kind(t).is_shaped(), buildable: None };
static TENSOR_OR_MEMREF: TypeConstraint = TypeConstraint {
    summary: "memref of any type values or ranked tensor of any type values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } | TypeKind::RankedTensor { .. }),
    buildable: None,
};
static ITERATOR_TYPE_ARRAY: AttrConstraint = AttrConstraint {
    summary: "Iterator type should be an enum.",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(items) if items.iter().all(|i| ITERATOR_TYPE.int_value(c, *i).is_some())),
};
static STRICTLY_SORTED_I64_ARRAY: AttrConstraint = AttrConstraint {
    summary: "i64 dense array attribute should be in increasing order",
    syntax: AttrSyntax::DenseArray(|c| c.int_type(64)),
    check: |c, a| match c.attr_kind(a) {
        AttrKind::DenseArray { elem, values } if is_signless_int_of(c, *elem, 64) => values.windows(2).all(|w| (w[0] as i64) < (w[1] as i64)),
        _ => false,
    },
};

/// The ops of this file.
pub fn ops() -> [OpSpec; 5] {
    [
        structured_op("linalg.generic", &ANY_TYPE, &ANY_SHAPED)
            .attr("indexing_maps", &AFFINE_MAP_ARRAY)
            .attr("iterator_types", &ITERATOR_TYPE_ARRAY)
            .optional_attr("doc", &STR_ATTR)
            .optional_attr("library_call", &STR_ATTR)
            .variadic_result("result_tensors", &ANY_RANKED_TENSOR)
            .region("region", None)
            .operand_segments()
            .verify(dps)
            .verify_regions(structured)
            .block_arg_names(|ctx, body, op, _, set| name_in_out(ctx, body, op, "out", set))
            .custom(parse_generic, print_generic),
        OpSpec::new("linalg.map")
            .variadic("inputs", &TENSOR_OR_MEMREF)
            .operand("init", &TENSOR_OR_MEMREF)
            .variadic_result("result", &ANY_TENSOR)
            .region("mapper", Some(1))
            .implicit_terminator("linalg.yield")
            .verify(verify_map)
            .verify_regions(structured)
            .result_name(|_, _, _, names| names.set(0, "mapped"))
            .block_arg_names(|ctx, body, op, _, set| name_in_out(ctx, body, op, "init", set))
            .custom(parse_map, print_map),
        OpSpec::new("linalg.reduce")
            .variadic("inputs", &TENSOR_OR_MEMREF)
            .variadic("inits", &TENSOR_OR_MEMREF)
            .attr("dimensions", &STRICTLY_SORTED_I64_ARRAY)
            .variadic_result("results", &ANY_TENSOR)
            .region("combiner", Some(1))
            .implicit_terminator("linalg.yield")
            .verify(verify_reduce)
            .verify_regions(structured)
            .result_name(|_, _, _, names| names.set(0, "reduced"))
            .block_arg_names(|ctx, body, op, _, set| name_in_out(ctx, body, op, "init", set))
            .custom(parse_reduce, print_reduce),
        OpSpec::new("linalg.transpose")
            .operand("input", &TENSOR_OR_MEMREF)
            .operand("init", &TENSOR_OR_MEMREF)
            .attr("permutation", &DENSE_I64_ARRAY_ATTR)
            .variadic_result("result", &ANY_TENSOR)
            .region("region", Some(1))
            .implicit_terminator("linalg.yield")
            .verify(verify_transpose)
            .verify_regions(structured)
            .result_name(|_, _, _, names| names.set(0, "transposed"))
            .custom(parse_transpose, print_transpose),
        OpSpec::new("linalg.broadcast")
            .operand("input", &TENSOR_OR_MEMREF)
            .operand("init", &TENSOR_OR_MEMREF)
            .attr("dimensions", &DENSE_I64_ARRAY_ATTR)
            .variadic_result("result", &ANY_TENSOR)
            .region("region", Some(1))
            .implicit_terminator("linalg.yield")
            .verify(verify_broadcast)
            .verify_regions(structured)
            .result_name(|_, _, _, names| names.set(0, "broadcasted"))
            .custom(parse_broadcast, print_broadcast),
    ]
}

/// A structured op with `inputs` and `outputs` operand groups and a `linalg.yield` body.
pub(super) fn structured_op(name: &'static str, inputs: &'static TypeConstraint, outputs: &'static TypeConstraint) -> OpSpec {
    OpSpec::new(name).variadic("inputs", inputs).variadic("outputs", outputs).implicit_terminator("linalg.yield")
}

/// Names the entry block arguments `%in` for inputs and `out_name` for outputs.
fn name_in_out(ctx: &Context, body: &Body, op: Op, out_name: &str, set: &mut dyn FnMut(Value, String)) {
    let Some(s) = super::verify::Structured::of(ctx, body, op) else { return };
    let (rb, regions) = body.op_regions(op);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return };
    for (i, &a) in rb.block_args(block).iter().enumerate() {
        set(a, if i < s.inputs.len() { "in" } else { out_name }.to_string());
    }
}

fn spec_or_err<'d>(def: &'d OpDef, p: &mut dyn AsmParser<'_>) -> Result<&'d OpSpec, ()> {
    match spec_of(def) {
        Some(s) => Ok(s),
        None => {
            let at = p.offset();
            p.error_at(at, "missing op definition");
            Err(())
        }
    }
}

/// The inputs and outputs of `op` (its first two operand groups).
fn ins_outs(ctx: &Context, body: &Body, op: Op) -> (Vec<Value>, Vec<Value>) {
    match super::verify::Structured::of(ctx, body, op) {
        Some(s) => (s.inputs, s.outputs),
        None => (body.operands(op).collect(), Vec::new()),
    }
}

// ------------------------------------------------------------------------------ generic

fn parse_generic(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let spec = spec_or_err(def, p)?;
    let ctx = p.ctx();
    let at = p.offset();
    let dict = p.parse_attribute()?;
    let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) else {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    };
    let mut attrs: Vec<(Ident, Attr)> = entries.to_vec();
    let iter_key = ctx.ident("iterator_types");
    let Some(pos) = attrs.iter().position(|(k, v)| *k == iter_key && matches!(ctx.attr_kind(*v), AttrKind::Array(_))) else {
        p.error_at(at, "expected \"iterator_types\" array attribute");
        return Err(());
    };
    let AttrKind::Array(items) = ctx.attr_kind(attrs[pos].1) else { unreachable!("checked above") };
    let mut converted = Vec::new();
    for item in items.iter() {
        let value = match ctx.as_str(*item) {
            Some(s) => match ITERATOR_TYPE.symbolize(s) {
                Some(v) => v,
                None => {
                    let here = p.offset();
                    p.error_at(here, &format!("unexpected iterator_type ({s})"));
                    return Err(());
                }
            },
            None => match ITERATOR_TYPE.int_value(ctx, *item) {
                Some(v) => v,
                None => {
                    p.error_at(at, "expected \"iterator_types\" array attribute");
                    return Err(());
                }
            },
        };
        converted.push(ITERATOR_TYPE.attr(ctx, value));
    }
    attrs[pos].1 = ctx.array_attr(&converted);
    let common = parse_common(p, state)?;
    attrs.extend(common.attrs);
    if p.parse_optional_keyword("attrs") {
        p.parse_punct("=")?;
        if let Some(extra) = p.parse_optional_attr_dict()? {
            attrs.extend(extra);
        }
    }
    p.parse_region(state, &[])?;
    let results = parse_optional_arrow_types(p)?;
    state.result_types.extend(results);
    store_attrs(ctx, spec, state, attrs, Some((common.input_types.len(), common.output_types.len())));
    Ok(())
}

fn print_generic(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let all = ctx.op_attr_dict(body, op);
    let mut traits: Vec<(Ident, Attr)> = Vec::new();
    for (k, v) in ctx.dict_entries(all) {
        match ctx.str(*k) {
            "iterator_types" => {
                let strings: Vec<Attr> = match ctx.attr_kind(*v) {
                    AttrKind::Array(items) => items
                        .iter()
                        .map(|i| match ITERATOR_TYPE.int_value(ctx, *i).and_then(|x| ITERATOR_TYPE.stringify(x)) {
                            Some(s) => ctx.string_attr(&s),
                            None => *i,
                        })
                        .collect(),
                    _ => vec![],
                };
                traits.push((*k, ctx.array_attr(&strings)));
            }
            name if GENERIC_TRAITS.contains(&name) => traits.push((*k, *v)),
            _ => {}
        }
    }
    p.write(" ");
    if !traits.is_empty() {
        p.print_dict_literal(ctx.dict_attr(traits), &[]);
    }
    let (ins, outs) = ins_outs(ctx, body, op);
    print_ins_outs(p, body, &ins, &outs);
    let elided = ["doc", "indexing_maps", "library_call", "iterator_types", "operandSegmentSizes"];
    if ctx.dict_entries(all).iter().any(|(k, _)| !elided.contains(&ctx.str(*k))) {
        p.write(" attrs = ");
        p.print_attr_dict(all, &elided, false);
    }
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        if !rb.region_blocks(r).is_empty() {
            p.write(" ");
            p.print_region_with(rb, r, true, false, true);
        }
    }
    let results: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
    print_arrow_types(p, &results);
}

const GENERIC_TRAITS: [&str; 4] = ["doc", "indexing_maps", "library_call", "iterator_types"];

/// Whether `a` is `#arith.fastmath<none>`.
fn is_none_fastmath(ctx: &Context, a: Attr) -> bool {
    crate::arith::FASTMATH_FLAGS.int_value(ctx, a) == Some(0)
}

// ------------------------------------------------------------------------------ map, reduce

/// A short form's payload: op name and attributes.
type Payload = (String, Vec<(Ident, Attr)>);

/// `{ name {attrs}? }` before `ins`, if there.
fn parse_payload_name(p: &mut dyn AsmParser<'_>) -> Result<Option<Payload>, ()> {
    if !p.parse_optional_punct("{") {
        return Ok(None);
    }
    let at = p.offset();
    let Some(name) = p.parse_optional_any_keyword() else {
        p.syntax_error_at(at, "expected bare identifier or keyword");
        return Err(());
    };
    let attrs = p.parse_optional_attr_dict()?.unwrap_or_default();
    p.parse_punct("}")?;
    Ok(Some((name, attrs)))
}

/// `ins(...) outs(...)`; tensor outputs become results.
fn parse_dst_style(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<CommonParts, ()> {
    let common = parse_common(p, state)?;
    let ctx = p.ctx();
    for t in &common.output_types {
        if matches!(ctx.type_kind(*t), TypeKind::RankedTensor { .. }) {
            state.result_types.push(*t);
        }
    }
    Ok(common)
}

/// `name = [1, 2]`
fn parse_named_i64_array(p: &mut dyn AsmParser<'_>, name: &str) -> Result<Attr, ()> {
    p.parse_keyword(name)?;
    p.parse_punct("=")?;
    p.parse_punct("[")?;
    let mut values: Vec<i64> = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            let at = p.offset();
            match p.parse_optional_integer()? {
                Some(v) => values.push(v),
                None => {
                    p.error_at(at, "expected integer value");
                    return Err(());
                }
            }
            if p.parse_optional_punct("]") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    let ctx = p.ctx();
    Ok(ctx.dense_int_array(64, values))
}

/// `(%a: T, %b: T)` then a region whose entry block takes those arguments.
fn parse_args_and_region(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    p.parse_punct("(")?;
    let mut args = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            let name = p.parse_operand()?;
            p.parse_punct(":")?;
            let ty = p.parse_type()?;
            let ctx = p.ctx();
            let attrs = p.parse_optional_attr_dict()?.map(|e| ctx.dict_attr(e));
            let loc = p.parse_optional_location()?;
            args.push(EntryArg { name, ty, attrs, loc });
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_region(state, &args)
}

/// The body `{ payload(args...) ; linalg.yield }` of a short form: block arguments of the
/// operands' element types, the payload on `operand_order` of them at the op's location.
fn add_payload_body(p: &mut dyn AsmParser<'_>, state: &mut OperationState, payload: Payload, operand_types: &[Type], init_first: bool, map_init: bool) {
    let ctx = p.ctx();
    let arg_types: Vec<Type> = operand_types.iter().map(|t| ctx.type_kind(*t).element_type().unwrap_or(*t)).collect();
    let result_type = *arg_types.last().expect("at least one operand");
    let loc = state.loc;
    let (props, attrs) = builder_attrs(ctx, &payload.0, payload.1);
    p.add_built_region(state, &mut |body, region| {
        let mut b = RegionBuilder::new(ctx, body, region, &arg_types).at(loc);
        let n = b.num_args();
        let mut operands: Vec<Value> = Vec::new();
        if init_first {
            if map_init {
                operands.push(b.arg(n - 1));
            }
            operands.extend((0..n - 1).map(|i| b.arg(i)));
        } else {
            let take = if map_init { n } else { n - 1 };
            operands.extend((0..take).map(|i| b.arg(i)));
        }
        let r = b.op(&payload.0, &operands, &[result_type], props.clone(), attrs.clone());
        b.yield_values(&r.into_iter().collect::<Vec<_>>());
    });
}

/// Splits the attributes given to op `name` into properties (its inherent attributes, with
/// the defaults of default-valued ones) and the rest, as MLIR's generic builder does.
fn builder_attrs(ctx: &Context, name: &str, entries: Vec<(Ident, Attr)>) -> (Vec<(Ident, Attr)>, Vec<(Ident, Attr)>) {
    let Some(def) = ctx.registry().get_str(name) else { return (Vec::new(), entries) };
    let (mut props, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| def.properties.contains(&ctx.str(*k)));
    if let Some(spec) = spec_of(def) {
        for a in &spec.attrs {
            if let crate::ods::Presence::Default(f) = a.presence {
                if !props.iter().any(|(k, _)| ctx.str(*k) == a.name) {
                    props.push((ctx.ident(a.name), f(ctx)));
                }
            }
        }
    }
    (props, rest)
}

/// The single payload op of a map or reduce body when the short form can print it.
fn short_form_payload(ctx: &Context, body: &Body, op: Op, init_first: bool) -> Option<Op> {
    let (rb, regions) = body.op_regions(op);
    let block = *rb.region_blocks(*regions.first()?).first()?;
    let ops: Vec<Op> = rb.block_ops(block).collect();
    let [payload, yield_op] = ops[..] else { return None };
    let args = rb.block_args(block);
    let operands: Vec<Value> = rb.operands(payload).collect();
    if operands.is_empty() || !rb.op_regions(payload).1.is_empty() || rb.results(payload).len() != 1 {
        return None;
    }
    let expected: Vec<Value> = if init_first {
        let (init, rest) = args.split_last()?;
        std::iter::once(*init).chain(rest.iter().copied()).collect()
    } else {
        args[..args.len().checked_sub(1)?].to_vec()
    };
    if operands != expected {
        return None;
    }
    let yielded: Vec<Value> = rb.operands(yield_op).collect();
    if yielded != [rb.results(payload)[0]] || ctx.str(rb.op(yield_op).name) != "linalg.yield" {
        return None;
    }
    Some(payload)
}

/// ` { name {attrs} }` (a `none` fastmath left out).
fn print_short_form(p: &mut Printer<'_>, body: &Body, payload: Op) {
    let ctx = p.ctx;
    p.write(" { ");
    p.write(ctx.str(body.op(payload).name));
    let attrs = ctx.op_attr_dict(body, payload);
    let mut elided: Vec<&str> = Vec::new();
    for (k, v) in ctx.dict_entries(attrs) {
        if is_none_fastmath(ctx, *v) {
            elided.push(ctx.str(*k));
            break;
        }
    }
    p.print_attr_dict(attrs, &elided, false);
    p.write(" }");
}

/// The long form's `\n  (%a: T, ...) {region}`, indented one more level.
fn print_args_and_region(p: &mut Printer<'_>, body: &Body, op: Op) {
    let (rb, regions) = body.op_regions(op);
    let Some(&r) = regions.first() else { return };
    p.increase_indent();
    p.newline_at_indent();
    p.write("(");
    if let Some(&block) = rb.region_blocks(r).first() {
        for (i, a) in rb.block_args(block).iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_region_argument(rb, *a, None);
        }
    }
    p.write(") ");
    p.print_region_with(rb, r, false, false, true);
    p.decrease_indent();
}

fn parse_map(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let spec = spec_or_err(def, p)?;
    let payload = parse_payload_name(p)?;
    let CommonParts { input_types: ins, output_types: outs, mut attrs, .. } = parse_dst_style(p, state)?;
    if let Some(extra) = p.parse_optional_attr_dict()? {
        attrs.extend(extra);
    }
    let ctx = p.ctx();
    store_attrs(ctx, spec, state, attrs, None);
    match payload {
        Some(payload) if !state.operands.is_empty() => {
            let types: Vec<Type> = ins.iter().chain(&outs).copied().collect();
            add_payload_body(p, state, payload, &types, false, false);
        }
        Some(_) => p.add_empty_region(state),
        None => parse_args_and_region(p, state)?,
    }
    Ok(())
}

fn print_map(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let payload = short_form_payload(ctx, body, op, false);
    if let Some(payload) = payload {
        let (rb, _) = body.op_regions(op);
        print_short_form(p, rb, payload);
    }
    let (ins, outs) = ins_outs(ctx, body, op);
    print_ins_outs(p, body, &ins, &outs);
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[], false);
    if payload.is_none() {
        print_args_and_region(p, body, op);
    }
}

fn parse_reduce(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let spec = spec_or_err(def, p)?;
    let payload = parse_payload_name(p)?;
    let CommonParts { input_types: ins, output_types: outs, mut attrs, .. } = parse_dst_style(p, state)?;
    let ctx = p.ctx();
    let dims = parse_named_i64_array(p, "dimensions")?;
    attrs.push((ctx.ident("dimensions"), dims));
    if let Some(extra) = p.parse_optional_attr_dict()? {
        attrs.extend(extra);
    }
    store_attrs(ctx, spec, state, attrs, None);
    match payload {
        Some(payload) if !state.operands.is_empty() => {
            let types: Vec<Type> = ins.iter().chain(&outs).copied().collect();
            add_payload_body(p, state, payload, &types, true, true);
        }
        Some(_) => p.add_empty_region(state),
        None => parse_args_and_region(p, state)?,
    }
    Ok(())
}

/// ` name = [1, 2] ` (with MLIR's trailing space).
fn print_named_i64_array(p: &mut Printer<'_>, name: &str, values: &[i64]) {
    p.write(" ");
    p.write(name);
    p.write(" = [");
    let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    p.write(&text.join(", "));
    p.write("] ");
}

fn print_reduce(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let payload = short_form_payload(ctx, body, op, true);
    if let Some(payload) = payload {
        let (rb, _) = body.op_regions(op);
        print_short_form(p, rb, payload);
    }
    let (ins, outs) = ins_outs(ctx, body, op);
    print_ins_outs(p, body, &ins, &outs);
    print_named_i64_array(p, "dimensions", &dense_i64_attr(ctx, body, op, "dimensions").unwrap_or_default());
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["dimensions"], false);
    if payload.is_none() {
        print_args_and_region(p, body, op);
    }
}

// ------------------------------------------------------------------------------ transpose, broadcast

/// `ins(...) outs(...) name = [...] {attrs}?` with a region yielding the input element.
fn parse_identity_op(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState, attr: &str) -> Result<(), ()> {
    let spec = spec_or_err(def, p)?;
    let mut attrs = parse_dst_style(p, state)?.attrs;
    let ctx = p.ctx();
    let values = parse_named_i64_array(p, attr)?;
    attrs.push((ctx.ident(attr), values));
    if let Some(extra) = p.parse_optional_attr_dict()? {
        attrs.extend(extra);
    }
    store_attrs(ctx, spec, state, attrs, None);
    let operands = state.operands.clone();
    let loc = state.loc;
    p.add_built_region(state, &mut |body, region| {
        let types: Vec<Type> = operands.iter().map(|v| block_arg_type(ctx, body.value_type(*v))).collect();
        let locs: Vec<Attr> = operands.iter().map(|v| value_loc(ctx, body, *v)).collect();
        let block = body.append_block(region);
        for (t, l) in types.iter().zip(locs) {
            body.add_block_arg(block, *t, Some(l));
        }
        if let Some(&first) = body.block_args(block).first() {
            let mut y = OperationState::new(ctx.ident("linalg.yield"), ctx.empty_dict(), loc);
            y.operands.push(first);
            let op = body.create_op(y);
            body.append_op(block, op);
        }
    });
    Ok(())
}

/// A value's location: its defining op's, or the block argument's own.
fn value_loc(ctx: &Context, body: &Body, v: Value) -> Attr {
    match body.value(v).def {
        mica_ir::ValueDef::Result(op, _) => body.op(op).loc,
        mica_ir::ValueDef::Arg(..) => body.value(v).loc.unwrap_or_else(|| ctx.unknown_loc()),
    }
}

fn print_identity_op(p: &mut Printer<'_>, body: &Body, op: Op, attr: &str) {
    let ctx = p.ctx;
    let (ins, outs) = ins_outs(ctx, body, op);
    print_ins_outs(p, body, &ins, &outs);
    print_named_i64_array(p, attr, &dense_i64_attr(ctx, body, op, attr).unwrap_or_default());
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[attr], false);
}

fn parse_transpose(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    parse_identity_op(def, p, state, "permutation")
}

fn print_transpose(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_identity_op(p, body, op, "permutation")
}

fn parse_broadcast(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    parse_identity_op(def, p, state, "dimensions")
}

fn print_broadcast(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_identity_op(p, body, op, "dimensions")
}

// ------------------------------------------------------------------------------ verifiers

fn type_str(ctx: &Context, t: Type) -> String {
    mica_ir::printer::type_string(ctx, t)
}

fn shape(ctx: &Context, t: Type) -> Vec<i64> {
    ctx.type_kind(t).shape().map(|s| s.to_vec()).unwrap_or_default()
}

fn verify_map(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    dps(ctx, v)?;
    let inputs = v.operand_group(0);
    let Some(init) = v.operand("init") else { return Ok(()) };
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(block);
    if inputs.len() + 1 != args.len() {
        return Err(format!("expects number of operands to match the arity of mapper, but got: {} and {}", inputs.len() + 1, args.len()));
    }
    for (x, a) in inputs.iter().zip(args) {
        let elem = block_arg_type(ctx, v.ty(*x));
        if elem != rb.value_type(*a) {
            return Err(format!(
                "expected element type of input '{}' to match bbArg type '{}'",
                type_str(ctx, elem),
                type_str(ctx, rb.value_type(*a))
            ));
        }
    }
    let init_shape = shape(ctx, v.ty(init));
    for x in inputs {
        if shape(ctx, v.ty(*x)) != init_shape {
            return Err(format!(
                "expected shape of input ({}) to match shape of output ({})",
                fmt_dims(&shape(ctx, v.ty(*x))),
                fmt_dims(&init_shape)
            ));
        }
    }
    Ok(())
}

fn fmt_dims(s: &[i64]) -> String {
    s.iter().map(|d| if *d == mica_ir::DYNAMIC { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join(", ")
}

fn verify_reduce(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    dps(ctx, v)?;
    let inputs = v.operand_group(0).to_vec();
    let inits = v.operand_group(1).to_vec();
    let dims = dense_i64_attr(ctx, v.body, v.op, "dimensions").unwrap_or_default();
    let Some(&first) = inputs.first() else { return Ok(()) };
    let input_shape = shape(ctx, v.ty(first));
    for (i, x) in inputs.iter().enumerate().skip(1) {
        if shape(ctx, v.ty(*x)) != input_shape {
            return Err(format!("expects all inputs to have the same shapes. Shape at input-index {i} is not equal to the shape at input-index 0."));
        }
    }
    let init_shape = inits.first().map(|i| shape(ctx, v.ty(*i))).unwrap_or_default();
    for (i, x) in inits.iter().enumerate().skip(1) {
        if shape(ctx, v.ty(*x)) != init_shape {
            return Err(format!("expects all outputs to have the same shapes. Shape at output-index {i} is not equal to the shape at output-index 0."));
        }
    }
    for d in &dims {
        if *d < 0 || *d as usize >= input_shape.len() {
            return Err(format!("dimensions for reduction should be in the range [0, {}].", input_shape.len() as i64 - 1));
        }
    }
    let reduced: Vec<i64> = input_shape.iter().enumerate().filter(|(i, _)| !dims.contains(&(*i as i64))).map(|(_, d)| *d).collect();
    if init_shape.len() != reduced.len() {
        return Err(format!("number of dimensions after reduction {} doesn't match the init rank {}", reduced.len(), init_shape.len()));
    }
    if init_shape != reduced {
        return Err(format!(
            "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
            fmt_dims(&init_shape),
            fmt_dims(&reduced)
        ));
    }
    let (rb, regions) = v.body.op_regions(v.op);
    if let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) {
        let args = rb.block_args(block);
        if args.len() != inputs.len() + inits.len() {
            return Err(format!(
                "mismatching number of operands and block arguments: expected {} inputs and {} outputs, got {} block arguments",
                inputs.len(),
                inits.len(),
                args.len()
            ));
        }
        for (x, a) in inputs.iter().zip(args) {
            let elem = block_arg_type(ctx, v.ty(*x));
            if elem != rb.value_type(*a) {
                return Err(format!(
                    "input element type '{}' does not match corresponding block argument type '{}'",
                    type_str(ctx, elem),
                    type_str(ctx, rb.value_type(*a))
                ));
            }
        }
        for (x, a) in inits.iter().zip(&args[inputs.len()..]) {
            let elem = block_arg_type(ctx, v.ty(*x));
            if elem != rb.value_type(*a) {
                return Err(format!(
                    "output element type '{}' does not match corresponding block argument type '{}'",
                    type_str(ctx, elem),
                    type_str(ctx, rb.value_type(*a))
                ));
            }
        }
    }
    Ok(())
}

fn verify_transpose(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    dps(ctx, v)?;
    let (Some(input), Some(init)) = (v.operand("input"), v.operand("init")) else { return Ok(()) };
    let perm = dense_i64_attr(ctx, v.body, v.op, "permutation").unwrap_or_default();
    let (is, os) = (shape(ctx, v.ty(input)), shape(ctx, v.ty(init)));
    if is.len() != os.len() {
        return Err(format!("input rank {} does not match init rank {}", is.len(), os.len()));
    }
    if perm.len() != is.len() {
        return Err(format!("size of permutation {} does not match the argument rank {}", perm.len(), is.len()));
    }
    if !is_permutation(&perm, is.len()) {
        return Err("permutation is not valid".into());
    }
    for (i, p) in perm.iter().enumerate() {
        let (a, b) = (is[*p as usize], os[i]);
        if a != mica_ir::DYNAMIC && b != mica_ir::DYNAMIC && a != b {
            return Err(format!("dim(result, {i}) = {b} doesn't match dim(input, permutation[{i}]) = {a}"));
        }
    }
    Ok(())
}

fn verify_broadcast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    dps(ctx, v)?;
    let (Some(input), Some(init)) = (v.operand("input"), v.operand("init")) else { return Ok(()) };
    let dims = dense_i64_attr(ctx, v.body, v.op, "dimensions").unwrap_or_default();
    let (is, os) = (shape(ctx, v.ty(input)), shape(ctx, v.ty(init)));
    if is.len() + dims.len() != os.len() {
        return Err(format!(
            "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
            is.len(),
            dims.len(),
            os.len()
        ));
    }
    for (i, d) in dims.iter().enumerate() {
        if *d < 0 || *d as usize >= os.len() {
            return Err(format!("dimension {i} is out of range. expected range: [0, {}], got: {d}", os.len() as i64 - 1));
        }
    }
    let kept: Vec<usize> = (0..os.len()).filter(|d| !dims.contains(&(*d as i64))).collect();
    // Repeated dimensions keep more init dimensions than the input has: compare what pairs up.
    for ((i, d), &a) in kept.iter().enumerate().zip(&is) {
        let b = os[*d];
        if a != mica_ir::DYNAMIC && b != mica_ir::DYNAMIC && a != b {
            return Err(format!("input dim {i} should match init dim {d}. input: {a}, init: {b}"));
        }
    }
    Ok(())
}
