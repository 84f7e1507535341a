//! The index dialect: arithmetic, comparisons, casts and constants on `index` values, as
//! MLIR 22 defines them. Comparison predicates are `#index<cmp_predicate ...>` attributes.

use crate::ods::constraints::*;
use crate::ods::enums::{EnumSpec, EnumStorage};
use crate::ods::{OpSpec, OpView};
use mica_ir::{Body, Context, Op, Traits, Type};

/// `index.cmp` predicates.
pub static CMP_PREDICATE: EnumSpec = EnumSpec {
    cases: &[("eq", 0), ("ne", 1), ("slt", 2), ("sle", 3), ("sgt", 4), ("sge", 5), ("ult", 6), ("ule", 7), ("ugt", 8), ("uge", 9)],
    bit_separator: None,
    storage: EnumStorage::Int(64),
};

static CMP_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    summary: "index comparison predicate kind",
    syntax: AttrSyntax::OpaqueEnum { dialect: "index", mnemonic: "cmp_predicate", cases: &CMP_PREDICATE },
    check: |_, _| true,
};

static INTEGER_OR_INDEX: TypeConstraint = TypeConstraint {
    summary: "integer or index",
    check: |c, t| c.type_kind(t).is_int_or_index(),
    buildable: None,
};

fn binary(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("lhs", &INDEX)
        .operand("rhs", &INDEX)
        .result("result", &INDEX)
        .format("$lhs `,` $rhs attr-dict")
}

fn cast(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("input", &INTEGER_OR_INDEX)
        .result("output", &INTEGER_OR_INDEX)
        .verify(verify_cast)
        .verify_by_signature()
        .format("$input attr-dict `:` type($input) `to` type($output)")
}

fn ops() -> Vec<OpSpec> {
    let commutative = ["index.add", "index.mul", "index.maxs", "index.maxu", "index.mins", "index.minu", "index.and", "index.or", "index.xor"];
    let binaries = [
        "index.add",
        "index.sub",
        "index.mul",
        "index.divs",
        "index.divu",
        "index.ceildivs",
        "index.ceildivu",
        "index.floordivs",
        "index.rems",
        "index.remu",
        "index.maxs",
        "index.maxu",
        "index.mins",
        "index.minu",
        "index.shl",
        "index.shrs",
        "index.shru",
        "index.and",
        "index.or",
        "index.xor",
    ];
    let others = [
        cast("index.casts"),
        cast("index.castu"),
        OpSpec::new("index.cmp")
            .traits(Traits::PURE)
            .attr("pred", &CMP_PREDICATE_ATTR)
            .operand("lhs", &INDEX)
            .operand("rhs", &INDEX)
            .result("result", &I1)
            .format("`` $pred `(` $lhs `,` $rhs `)` attr-dict"),
        OpSpec::new("index.sizeof").traits(Traits::PURE).result("result", &INDEX).format("attr-dict"),
        OpSpec::new("index.constant")
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .attr("value", &INDEX_ATTR)
            .result("result", &INDEX)
            .result_name(constant_name)
            .format("attr-dict $value"),
        OpSpec::new("index.bool.constant")
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .attr("value", &BOOL_ATTR)
            .result("result", &I1)
            .result_name(constant_name)
            .format("attr-dict $value"),
    ];
    let mut out = Vec::with_capacity(binaries.len() + others.len());
    out.extend(binaries.into_iter().map(|n| if commutative.contains(&n) { binary(n).traits(Traits::COMMUTATIVE) } else { binary(n) }));
    out.extend(others);
    out
}

/// `%idx42` for `index.constant 42`, `%true`/`%false` for `index.bool.constant`.
fn constant_name(ctx: &Context, body: &Body, op: Op, names: &mut mica_ir::names::ResultNames) {
    let Some(value) = ctx.op_attr_id(body, op, mica_ir::Ident::VALUE).and_then(|a| ctx.as_i64(a)) else { return };
    if ctx.str(body.op(op).name) == "index.bool.constant" {
        names.set(0, if value != 0 { "true" } else { "false" });
    } else {
        let _ = std::fmt::Write::write_fmt(names.buffer(), format_args!("idx{value}"));
        names.commit(0);
    }
}

/// A cast goes between `index` and an integer type, one way or the other.
fn verify_cast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(i), Some(o)) = (v.operand("input"), v.result("output")) else { return Ok(()) };
    let (a, b): (Type, Type) = (v.ty(i), v.ty(o));
    if is_index(ctx, a) == is_index(ctx, b) {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            mica_ir::printer::type_string(ctx, a),
            mica_ir::printer::type_string(ctx, b)
        ));
    }
    Ok(())
}

/// Registers the index dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        s.fold = crate::index_fold::fold(s.name);
    }
    crate::ods::register(ctx, specs, &[]);
    ctx.registry_mut().set_materializer("index", crate::index_fold::materialize);
}
