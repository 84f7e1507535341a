//! The linalg dialect as MLIR 22 defines it: `linalg.generic` and the structured ops with a
//! hand-written syntax (`map`, `reduce`, `transpose`, `broadcast`), the named ops (`fill`,
//! `copy`, `matmul`, the convolutions and poolings…) whose region MLIR builds from the op's
//! definition, `linalg.yield` and `linalg.index`, `softmax`, the Winograd transforms, `pack` and
//! `unpack`, with the
//! `#linalg.*` enum attributes and the structured-op verifier.

mod aggregate;
mod generic;
mod fold;
mod named;
mod named_verify;
mod relayout;
mod structured;
mod verify;

use crate::ods::constraints::*;
use crate::ods::enums::{register_enum_attr, EnumSpec, EnumStorage};
use crate::ods::{OpSpec, OpView};
use mica_ir::{AttrKind, Context, Traits, TypeKind};

/// `#linalg.iterator_type<...>`
pub static ITERATOR_TYPE: EnumSpec =
    EnumSpec { cases: &[("parallel", 0), ("reduction", 1)], bit_separator: None, storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "iterator_type" } };

/// `#linalg.type_fn<...>`
pub static TYPE_FN: EnumSpec =
    EnumSpec { cases: &[("cast_signed", 0), ("cast_unsigned", 1)], bit_separator: None, storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "type_fn" } };

/// `#linalg.unary_fn<...>`
pub static UNARY_FN: EnumSpec = EnumSpec {
    cases: &[
        ("exp", 0),
        ("log", 1),
        ("abs", 2),
        ("ceil", 3),
        ("floor", 4),
        ("negf", 5),
        ("reciprocal", 6),
        ("round", 7),
        ("sqrt", 8),
        ("rsqrt", 9),
        ("square", 10),
        ("tanh", 11),
        ("erf", 12),
    ],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "unary_fn" },
};

/// `#linalg.binary_fn<...>`
pub static BINARY_FN: EnumSpec = EnumSpec {
    cases: &[
        ("add", 0),
        ("sub", 1),
        ("mul", 2),
        ("div", 3),
        ("div_unsigned", 4),
        ("max_signed", 5),
        ("min_signed", 6),
        ("max_unsigned", 7),
        ("min_unsigned", 8),
        ("powf", 9),
    ],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "binary_fn" },
};

/// `#linalg.ternary_fn<...>`
pub static TERNARY_FN: EnumSpec =
    EnumSpec { cases: &[("select", 0)], bit_separator: None, storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "ternary_fn" } };

/// `#linalg.elementwise_kind<...>`: the unary functions, then the binary ones, then `select`.
pub static ELEMENTWISE_KIND: EnumSpec = EnumSpec {
    cases: &[
        ("exp", 0),
        ("log", 1),
        ("abs", 2),
        ("ceil", 3),
        ("floor", 4),
        ("negf", 5),
        ("reciprocal", 6),
        ("round", 7),
        ("sqrt", 8),
        ("rsqrt", 9),
        ("square", 10),
        ("tanh", 11),
        ("erf", 12),
        ("add", 13),
        ("sub", 14),
        ("mul", 15),
        ("div", 16),
        ("div_unsigned", 17),
        ("max_signed", 18),
        ("min_signed", 19),
        ("max_unsigned", 20),
        ("min_unsigned", 21),
        ("powf", 22),
        ("select", 23),
    ],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "linalg", mnemonic: "elementwise_kind" },
};

static INDEX_DIM: AttrConstraint = AttrConstraint {
    summary: "64-bit signless integer attribute whose minimum value is 0",
    syntax: AttrSyntax::Typed(|c| c.int_type(64)),
    check: |c, a| is_int_attr_of(c, a, 64) && c.as_i64(a).is_some_and(|v| v >= 0),
};

/// Registers the linalg dialect.
pub fn register(ctx: &mut Context) {
    for e in [&ITERATOR_TYPE, &TYPE_FN, &UNARY_FN, &BINARY_FN, &TERNARY_FN, &ELEMENTWISE_KIND] {
        register_enum_attr(ctx, e);
    }
    let own = [
        OpSpec::new("linalg.yield")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .variadic("values", &ANY_TYPE)
            .format("($values^)? attr-dict (`:` type($values)^)?")
            .verify(verify_yield),
        OpSpec::new("linalg.index")
            .traits(Traits::PURE)
            .attr("dim", &INDEX_DIM)
            .result("result", &INDEX)
            .format("$dim attr-dict `:` type($result)")
            .verify(verify_index),
    ];
    let (generic, named, aggregate, relayout) = (generic::ops(), named::ops(), aggregate::ops(), relayout::ops());
    // One list of the right size, the specs moved into it once.
    let mut ops = Vec::with_capacity(own.len() + generic.len() + named.len() + aggregate.len() + relayout.len());
    ops.extend(own);
    let structured = ops.len()..ops.len() + generic.len() + named.len();
    ops.extend(generic);
    ops.extend(named);
    for s in &mut ops[structured.clone()] {
        s.patterns = fold::patterns(s.name);
        s.effects = Some(structured_effects);
    }
    let names: Vec<&'static str> = ops[structured].iter().map(|s| s.name).collect();
    ops.extend(aggregate);
    ops.extend(relayout);
    crate::ods::register(ctx, ops, &[]);
    for name in names {
        ctx.registry_mut().register_speculation(name, crate::speculation::linalg_structured);
    }
    ctx.registry_mut().set_materializer("linalg", crate::shaped_fold::materialize);
}

/// The memory effects of a structured op: none on tensors; reads of input buffers, and writes
/// (with reads) of output buffers (MLIR's `getGenericEffectsImpl`).
fn structured_effects(ctx: &Context, body: &mica_ir::Body, op: mica_ir::Op) -> Traits {
    let is_buffer = |v: mica_ir::Value| matches!(ctx.type_kind(body.value_type(v)), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    let buffers = body.operands(op).filter(|v| is_buffer(*v)).count();
    if buffers == 0 {
        return Traits::PURE;
    }
    // Outputs are the last operands (`outs`); a structured op with buffer outputs writes.
    let writes = body.results(op).is_empty() && body.num_operands(op) > 0 && is_buffer(body.operand(op, body.num_operands(op) - 1));
    if writes { Traits::NONE } else { Traits::MEMORY_READ }
}

/// The structured op enclosing `v`'s op, with its inputs and outputs.
fn enclosing_structured<'a>(ctx: &'a Context, v: &OpView<'a>) -> Option<verify::Structured<'a>> {
    let (body, op) = v.parent?;
    verify::Structured::of(ctx, body, op)
}

fn verify_yield(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    if let Some((body, op)) = v.parent {
        let (rb, regions) = body.op_regions(op);
        if regions.len() != 1 || rb.region_blocks(regions[0]).is_empty() {
            return Err("expected single non-empty parent region".into());
        }
    }
    let Some(s) = enclosing_structured(ctx, v) else {
        return Err("expected parent op with LinalgOp interface".into());
    };
    let values = v.operands();
    if values.len() != s.outputs.len() {
        return Err(format!(
            "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({})",
            values.len(),
            s.outputs.len()
        ));
    }
    for (i, (y, o)) in values.iter().zip(&s.outputs).enumerate() {
        let elem = structured::block_arg_type(ctx, s.body.value_type(*o));
        let t = v.ty(*y);
        if t != elem {
            return Err(format!(
                "type of yield operand {} ('{}') doesn't match the element type of the enclosing linalg.generic op ('{}')",
                i + 1,
                mica_ir::printer::type_string(ctx, t),
                mica_ir::printer::type_string(ctx, elem)
            ));
        }
    }
    Ok(())
}

fn verify_index(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(s) = enclosing_structured(ctx, v) else {
        return Err("expected parent op with LinalgOp interface".into());
    };
    let dim = v.attr_i64("dim").unwrap_or(0);
    let loops = s.num_loops(ctx);
    if loops as i64 <= dim {
        return Err(format!("expected dim ({dim}) to be lower than the number of loops ({loops}) of the enclosing LinalgOp"));
    }
    Ok(())
}

/// Whether `a` is an array of affine maps.
fn is_affine_map_array(ctx: &Context, a: mica_ir::Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Array(items) if items.iter().all(|i| matches!(ctx.attr_kind(*i), AttrKind::AffineMap(_))))
}

static AFFINE_MAP_ARRAY: AttrConstraint =
    AttrConstraint { summary: "AffineMap array attribute", syntax: AttrSyntax::Plain, check: is_affine_map_array };
