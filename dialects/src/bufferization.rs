//! The bufferization dialect: the ops that cross between tensors and buffers (`to_tensor`,
//! `to_buffer`, `materialize_in_destination`), allocate or release them (`alloc_tensor` with its
//! hand-written form, `dealloc_tensor`, `clone`, `dealloc`), as MLIR 22 defines them.

use crate::ods::constraints::*;
use crate::ods::{plain_error, Check, OpSpec, OpView, ParsedAttrs};
use mica_ir::asm::AsmParser;
use mica_ir::{Body, Context, Diagnostic, Op, OpDef, OperationState, Printer, Traits, Type, TypeKind, DYNAMIC};

static TENSOR_LIKE: TypeConstraint = TypeConstraint { summary: "TensorLikeType instance", check: is_tensor, buildable: None };
static BUFFER_LIKE: TypeConstraint = TypeConstraint { summary: "BufferLikeType instance", check: is_memref, buildable: None };
static RANKED_OR_UNRANKED_MEMREF: TypeConstraint =
    TypeConstraint { summary: "ranked or unranked memref of any type values", check: is_memref, buildable: None };
static ANY_SHAPED: TypeConstraint = TypeConstraint {
    summary: "shaped of any type values",
    check: |c, t| is_tensor(c, t) || is_memref(c, t) || is_vector(c, t),
    buildable: None,
};

/// Why a tensor and a buffer type disagree, if they do (MLIR's builtin tensor/memref
/// compatibility): shapes first, an unranked type counting as having no dimensions (so
/// `tensor<f32>` goes with `memref<*xf32>`), then element types; layouts and memory spaces do
/// not matter.
fn tensor_buffer_mismatch(ctx: &Context, tensor: Type, buffer: Type) -> Option<&'static str> {
    let (t, b) = (ctx.type_kind(tensor), ctx.type_kind(buffer));
    if t.shape().unwrap_or(&[]) != b.shape().unwrap_or(&[]) {
        return Some("shapes do not match");
    }
    (t.element_type() != b.element_type()).then_some("element types do not match")
}

fn tensor_matches_buffer(ctx: &Context, tensor: Type, buffer: Type) -> bool {
    tensor_buffer_mismatch(ctx, tensor, buffer).is_none()
}

fn types_match(ctx: &Context, v: &OpView<'_>, tensor: &str, buffer: &str) -> bool {
    let ty = |n: &str| v.operand(n).or_else(|| v.result(n)).map(|x| v.ty(x));
    match (ty(tensor), ty(buffer)) {
        (Some(t), Some(b)) => tensor_matches_buffer(ctx, t, b),
        _ => true,
    }
}

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("bufferization.alloc_tensor")
            .variadic("dynamic_sizes", &INDEX)
            .optional_operand("copy", &ANY_TENSOR)
            .optional_operand("size_hint", &INDEX)
            .optional_attr("memory_space", &ANY_ATTR)
            .result("result", &ANY_TENSOR)
            .operand_segments()
            .verify(verify_alloc_tensor)
            .custom(parse_alloc_tensor, print_alloc_tensor),
        OpSpec::new("bufferization.clone")
            .traits(Traits::MEMORY_ALLOC)
            .operand("input", &RANKED_OR_UNRANKED_MEMREF)
            .result("output", &RANKED_OR_UNRANKED_MEMREF)
            .format("$input attr-dict `:` type($input) `to` type($output)"),
        OpSpec::new("bufferization.materialize_in_destination")
            .effects(dest_effects)
            .operand("source", &ANY_TENSOR)
            .operand("dest", &ANY_SHAPED)
            .optional_attr("restrict", &UNIT_ATTR)
            .optional_attr("writable", &UNIT_ATTR)
            .optional_result("result", &ANY_TENSOR)
            .check(Check::Pred { summary: "all of {source, dest} have same element type", check: same_element_type })
            .format("$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)")
            .verify(verify_materialize),
        OpSpec::new("bufferization.dealloc_tensor").operand("tensor", &ANY_TENSOR).format("$tensor attr-dict `:` type($tensor)"),
        OpSpec::new("bufferization.to_tensor")
            .traits(Traits::MEMORY_READ)
            .operand("buffer", &BUFFER_LIKE)
            .optional_attr("restrict", &UNIT_ATTR)
            .optional_attr("writable", &UNIT_ATTR)
            .result("result", &TENSOR_LIKE)
            .check(Check::Pred { summary: TYPES_MATCH, check: |c, v| types_match(c, v, "result", "buffer") })
            .format("$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)"),
        OpSpec::new("bufferization.to_buffer")
            .traits(Traits::PURE)
            .operand("tensor", &TENSOR_LIKE)
            .optional_attr("read_only", &UNIT_ATTR)
            .result("buffer", &BUFFER_LIKE)
            .check(Check::Pred { summary: TYPES_MATCH, check: |c, v| types_match(c, v, "tensor", "buffer") })
            .format("$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)"),
        OpSpec::new("bufferization.dealloc")
            .variadic("memrefs", &RANKED_OR_UNRANKED_MEMREF)
            .variadic("conditions", &I1)
            .variadic("retained", &RANKED_OR_UNRANKED_MEMREF)
            .variadic_result("updatedConditions", &I1)
            .operand_segments()
            .infer(infer_dealloc)
            .format(
                "(` ``(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )? \
                 (`retain` ` ` `(` $retained^ `:` type($retained) `)` )? attr-dict",
            )
            .verify(verify_dealloc),
    ]
}

/// Registers the bufferization dialect.
pub fn register(ctx: &mut Context) {
    crate::ods::register(ctx, ops(), &[]);
    for name in ["bufferization.to_tensor", "bufferization.to_buffer"] {
        let Some((id, mut def)) = ctx.registry().lookup_str(name).map(|(id, d)| (id, d.clone())) else { continue };
        def.verify = Some(verify_tensor_buffer_pair);
        ctx.registry_mut().register(id, def);
    }
}

/// `to_tensor` and `to_buffer`: the declarative checks, where a tensor/buffer mismatch is
/// reported as MLIR does, first by the tensor type's compatibility check (`shapes do not
/// match`), then by the op's predicate.
fn verify_tensor_buffer_pair(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    crate::ods::verify_declared(def, ctx, body, op, parent).map_err(|d| {
        let (Some(input), Some(&output)) = (body.operands(op).next(), body.results(op).first()) else { return d };
        let (input, output) = (body.value_type(input), body.value_type(output));
        let (tensor, buffer) = if is_tensor(ctx, input) { (input, output) } else { (output, input) };
        match tensor_buffer_mismatch(ctx, tensor, buffer) {
            Some(reason) if d.message.ends_with(TYPES_MATCH) => {
                let mut first = Diagnostic::on_op(body, op, reason);
                let mut rest = d;
                first.notes.append(&mut rest.notes);
                first.notes.insert(0, Diagnostic { op: None, ..rest });
                first
            }
            _ => d,
        }
    })
}

const TYPES_MATCH: &str = "specified tensor and buffer types match";

// ------------------------------------------------------------------------------ alloc_tensor

/// `(%d0, %d1) copy(%t) size_hint=%n {attrs} : tensor<...>`
fn parse_alloc_tensor(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    p.parse_punct("(")?;
    let mut sizes = Vec::new();
    if p.peek_ssa_name() {
        loop {
            sizes.push(p.parse_operand()?);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
    }
    p.parse_punct(")")?;
    let copy = if p.parse_optional_keyword("copy") {
        p.parse_punct("(")?;
        let o = p.parse_operand()?;
        p.parse_punct(")")?;
        Some(o)
    } else {
        None
    };
    let size_hint = if p.parse_optional_keyword("size_hint") {
        p.parse_punct("=")?;
        Some(p.parse_operand()?)
    } else {
        None
    };
    let mut discardable = Vec::new();
    let mut props = Vec::new();
    for (k, v) in p.parse_optional_attr_dict()?.unwrap_or_default() {
        if ctx.str(k) == "memory_space" {
            props.push((k, v));
        } else {
            discardable.push((k, v));
        }
    }
    p.parse_punct(":")?;
    let ty = crate::ods::TypeClass::Tensor.parse(p)?;
    state.result_types.push(ty);
    let index = ctx.index_type();
    for o in &sizes {
        let v = p.resolve_operand(o, index)?;
        state.operands.push(v);
    }
    if let Some(o) = &copy {
        let v = p.resolve_operand(o, ty)?;
        state.operands.push(v);
    }
    if let Some(o) = &size_hint {
        let v = p.resolve_operand(o, index)?;
        state.operands.push(v);
    }
    let segments = [sizes.len(), usize::from(copy.is_some()), usize::from(size_hint.is_some())];
    props.push((
        ctx.ident("operandSegmentSizes"),
        ctx.dense_int_array(32, segments.iter().map(|n| *n as i64)),
    ));
    state.properties = Some(ctx.dict_attr(props));
    state.attrs = ctx.dict_attr(discardable);
    Ok(())
}

fn print_alloc_tensor(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let Some(spec) = crate::ods::spec_of(def) else { return };
    let Ok(v) = OpView::new(p.ctx, spec, body, op) else { return };
    let list = |p: &mut Printer<'_>, values: &[mica_ir::Value]| {
        for (k, x) in values.iter().enumerate() {
            if k > 0 {
                p.write(", ");
            }
            p.print_value(body, *x);
        }
    };
    p.write("(");
    list(p, v.operands_named("dynamic_sizes"));
    p.write(")");
    if let Some(c) = v.operand("copy") {
        p.write(" copy(");
        p.print_value(body, c);
        p.write(")");
    }
    if let Some(h) = v.operand("size_hint") {
        p.write(" size_hint=");
        p.print_value(body, h);
    }
    let attrs = p.ctx.op_attr_dict(body, op);
    p.print_attr_dict(attrs, &["operandSegmentSizes"], false);
    p.write(" : ");
    if let Some(&r) = body.results(op).first() {
        p.print_type(body.value_type(r));
    }
}

fn verify_alloc_tensor(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(result) = v.result("result").map(|r| v.ty(r)) else { return Ok(()) };
    let sizes = v.operands_named("dynamic_sizes").len();
    let copy = v.operand("copy").map(|c| v.ty(c));
    if copy.is_some() && sizes != 0 {
        return Err(plain_error("dynamic sizes not needed when copying a tensor"));
    }
    if copy.is_none() {
        // An unranked tensor has no dynamic dimension to size.
        let expected = match ctx.type_kind(result) {
            TypeKind::RankedTensor { shape, .. } => shape.iter().filter(|d| **d == DYNAMIC).count(),
            _ => 0,
        };
        if sizes != expected {
            return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}"));
        }
    }
    if copy.is_some_and(|c| c != result) {
        return Err(plain_error("expected that `copy` and return type match"));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ materialize

fn same_element_type(ctx: &Context, v: &OpView<'_>) -> bool {
    let elem = |n: &str| v.operand(n).and_then(|x| ctx.type_kind(v.ty(x)).element_type());
    elem("source") == elem("dest")
}

fn verify_materialize(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dest)) = (v.operand("source").map(|x| v.ty(x)), v.operand("dest").map(|x| v.ty(x))) else { return Ok(()) };
    let (dest_tensor, dest_memref) = (is_tensor(ctx, dest), is_memref(ctx, dest));
    if !dest_tensor && !dest_memref {
        return Err("'dest' must be a tensor or a memref".into());
    }
    let results = v.body.results(v.op);
    if dest_tensor {
        if results.len() != 1 {
            return Err("tensor 'dest' implies exactly one tensor result".into());
        }
        if v.ty(results[0]) != dest {
            return Err("result and 'dest' types must match".into());
        }
    }
    if dest_memref && !results.is_empty() {
        return Err("memref 'dest' implies zero results".into());
    }
    if v.attr("restrict").is_some() && !dest_memref {
        return Err("'restrict' is valid only for memref destinations".into());
    }
    if v.attr("writable").is_some() != dest_memref {
        return Err("'writable' must be specified if and only if the destination is of memref type".into());
    }
    let (a, b) = (ctx.type_kind(src).shape(), ctx.type_kind(dest).shape());
    match (a, b) {
        (Some(a), Some(b)) => {
            if a.len() != b.len() {
                return Err("rank mismatch between source and destination shape".into());
            }
            if a.iter().zip(b).any(|(x, y)| *x != DYNAMIC && *y != DYNAMIC && x != y) {
                return Err("source/destination shapes are incompatible".into());
            }
        }
        (None, None) => {}
        _ => return Err("source/destination shapes are incompatible".into()),
    }
    Ok(())
}

// ------------------------------------------------------------------------------ dealloc

/// One `i1` updated condition per retained memref.
fn infer_dealloc(ctx: &Context, _: &[Type], attrs: &ParsedAttrs<'_>) -> Result<Vec<Type>, String> {
    Ok(vec![ctx.int_type(1); attrs.operand_count("retained").unwrap_or(0)])
}

fn verify_dealloc(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    if v.operands_named("memrefs").len() != v.operands_named("conditions").len() {
        return Err("must have the same number of conditions as memrefs to deallocate".into());
    }
    if v.operands_named("retained").len() != v.body.results(v.op).len() {
        return Err("must have the same number of updated conditions (results) as retained operands".into());
    }
    Ok(())
}


/// `materialize_in_destination` writes a memref destination and has no memory effect on a
/// tensor one.
fn dest_effects(ctx: &Context, body: &Body, op: Op) -> Traits {
    if body.operands(op).nth(1).is_some_and(|v| is_memref(ctx, body.value_type(v))) {
        Traits::NONE
    } else {
        Traits::PURE
    }
}
