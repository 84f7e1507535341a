//! The arith dialect: integer and floating-point arithmetic, comparisons, casts, `select` and
//! `constant`, with fastmath, overflow and rounding-mode attributes, as MLIR 22 defines them.

use crate::ods::constraints::*;
use crate::ods::enums::{register_enum_attr, EnumSpec, EnumStorage};
use crate::ods::{Check, OpSpec, OpView};
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrKind, Body, Context, Ident, Op, OpDef, OperationState, Printer, Traits, Type, TypeKind};

/// `#arith.fastmath<...>`
pub static FASTMATH_FLAGS: EnumSpec = EnumSpec {
    cases: &[
        ("none", 0),
        ("reassoc", 1),
        ("nnan", 2),
        ("ninf", 4),
        ("nsz", 8),
        ("arcp", 16),
        ("contract", 32),
        ("afn", 64),
        ("fast", 127),
    ],
    bit_separator: Some(","),
    storage: EnumStorage::Attr { dialect: "arith", mnemonic: "fastmath" },
};

/// `#arith.overflow<...>`
pub static OVERFLOW_FLAGS: EnumSpec = EnumSpec {
    cases: &[("none", 0), ("nsw", 1), ("nuw", 2)],
    bit_separator: Some(", "),
    storage: EnumStorage::Attr { dialect: "arith", mnemonic: "overflow" },
};

/// `arith.cmpi` predicates.
pub static CMPI_PREDICATE: EnumSpec = EnumSpec {
    cases: &[("eq", 0), ("ne", 1), ("slt", 2), ("sle", 3), ("sgt", 4), ("sge", 5), ("ult", 6), ("ule", 7), ("ugt", 8), ("uge", 9)],
    bit_separator: None,
    storage: EnumStorage::Int(64),
};

/// `arith.cmpf` predicates.
pub static CMPF_PREDICATE: EnumSpec = EnumSpec {
    cases: &[
        ("false", 0),
        ("oeq", 1),
        ("ogt", 2),
        ("oge", 3),
        ("olt", 4),
        ("ole", 5),
        ("one", 6),
        ("ord", 7),
        ("ueq", 8),
        ("ugt", 9),
        ("uge", 10),
        ("ult", 11),
        ("ule", 12),
        ("une", 13),
        ("uno", 14),
        ("true", 15),
    ],
    bit_separator: None,
    storage: EnumStorage::Int(64),
};

/// Rounding modes of `arith.truncf` and friends.
pub static ROUNDING_MODE: EnumSpec = EnumSpec {
    cases: &[("to_nearest_even", 0), ("downward", 1), ("upward", 2), ("toward_zero", 3), ("to_nearest_away", 4)],
    bit_separator: None,
    storage: EnumStorage::Int(32),
};

/// The `fastmath` attribute of arith, math, complex and vector ops.
pub static FASTMATH: AttrConstraint =
    AttrConstraint { summary: "Floating point fast math flags", syntax: AttrSyntax::Dialect { dialect: "arith", mnemonic: "fastmath" }, check: |_, _| true };
static OVERFLOW: AttrConstraint = AttrConstraint {
    summary: "Integer overflow arith flags",
    syntax: AttrSyntax::Dialect { dialect: "arith", mnemonic: "overflow" },
    check: |_, _| true,
};
static CMPI_PRED: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::IntEnum(&CMPI_PREDICATE), check: |_, _| true };
static CMPF_PRED: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::IntEnum(&CMPF_PREDICATE), check: |_, _| true };
static ROUNDING: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::IntEnum(&ROUNDING_MODE), check: |_, _| true };

static SIGNLESS_FIXED_WIDTH_INTEGER_LIKE: TypeConstraint =
    TypeConstraint { summary: "signless-fixed-width-integer-like", check: |c, t| is_like(c, t, is_signless_int), buildable: None };
static SIGNLESS_INTEGER_OR_INDEX_LIKE_OF_ANY_RANK: TypeConstraint = TypeConstraint {
    summary: "signless-integer-like or memref of signless-integer",
    check: |c, t| {
        is_like(c, t, |c, e| is_signless_int(c, e) || is_index(c, e))
            || matches!(c.type_kind(t), TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } if is_signless_int(c, *elem) || is_index(c, *elem))
    },
    buildable: None,
};
static BITCAST_TYPE: TypeConstraint = TypeConstraint {
    summary: "signless-integer-or-float-like or memref of signless-integer or float",
    check: |c, t| {
        is_like(c, t, |c, e| is_signless_int(c, e) || is_float(c, e))
            || matches!(c.type_kind(t), TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } if is_signless_int(c, *elem) || is_float(c, *elem))
    },
    buildable: None,
};

/// `#arith.fastmath<none>`, the default of every fastmath attribute (arith, math, complex,
/// vector).
pub(crate) fn fastmath_none(ctx: &Context) -> Attr {
    FASTMATH_FLAGS.attr(ctx, 0)
}

fn overflow_none(ctx: &Context) -> Attr {
    OVERFLOW_FLAGS.attr(ctx, 0)
}

/// Pure arith op with the elementwise checks MLIR's `ElementwiseMappable` adds last.
fn arith_op(name: &'static str) -> OpSpec {
    OpSpec::new(name).traits(Traits::PURE)
}

fn int_binary(name: &'static str) -> OpSpec {
    arith_op(name)
        .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .result("result", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs attr-dict `:` type($result)")
}

fn int_binary_overflow(name: &'static str) -> OpSpec {
    arith_op(name)
        .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .default_attr("overflowFlags", &OVERFLOW, overflow_none)
        .result("result", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)")
}

fn int_binary_exact(name: &'static str) -> OpSpec {
    arith_op(name)
        .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .optional_attr("isExact", &UNIT_ATTR)
        .result("result", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)")
}

fn float_binary(name: &'static str) -> OpSpec {
    arith_op(name)
        .operand("lhs", &FLOAT_LIKE)
        .operand("rhs", &FLOAT_LIKE)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &FLOAT_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
}

fn float_unary(name: &'static str) -> OpSpec {
    arith_op(name)
        .operand("operand", &FLOAT_LIKE)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &FLOAT_LIKE)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
}

fn cast(name: &'static str, from: &'static TypeConstraint, to: &'static TypeConstraint) -> OpSpec {
    arith_op(name)
        .operand("in", from)
        .result("out", to)
        .check(Check::SameOperandsAndResultShape)
        .check(Check::Pred { summary: "input and output have the same tensor dimensions", check: same_tensor_dims })
        .check(Check::Elementwise)
        .format("$in attr-dict `:` type($in) `to` type($out)")
}

fn same_tensor_dims(ctx: &Context, v: &OpView<'_>) -> bool {
    let dims = |t: Type| match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => &shape[..],
        _ => &[],
    };
    let (Some(i), Some(o)) = (v.operand("in"), v.result("out")) else { return true };
    dims(v.ty(i)) == dims(v.ty(o))
}

fn compare(name: &'static str, operand: &'static TypeConstraint, pred: &'static AttrConstraint, fastmath: bool) -> OpSpec {
    let mut s = arith_op(name).attr("predicate", pred).operand("lhs", operand).operand("rhs", operand);
    if fastmath {
        s = s.default_attr("fastmath", &FASTMATH, fastmath_none);
    }
    s.result("result", &BOOL_LIKE)
        .check(Check::TypesMatchWith {
            summary: "result type has i1 element type and same shape as operands",
            from: "lhs",
            to: "result",
            transform: i1_same_shape,
        })
        .check(Check::SameTypeOperands)
        .check(Check::Elementwise)
        .format(if fastmath {
            "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)"
        } else {
            "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"
        })
}

fn ops() -> Vec<OpSpec> {
    vec![
        arith_op("arith.constant")
            .traits(Traits::CONSTANT_LIKE)
            .attr("value", &TYPED_ATTR)
            .result("result", &ANY_TYPE)
            .check(Check::AllTypesMatch(&["value", "result"]))
            .format("attr-dict $value")
            .verify(verify_constant)
            .result_name(constant_name),
        int_binary_overflow("arith.addi").traits(Traits::COMMUTATIVE),
        int_binary_overflow("arith.subi"),
        int_binary_overflow("arith.muli").traits(Traits::COMMUTATIVE),
        int_binary_overflow("arith.shli"),
        arith_op("arith.addui_extended")
            .traits(Traits::COMMUTATIVE)
            .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .result("sum", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
            .result("overflow", &BOOL_LIKE)
            .check(Check::AllTypesMatch(&["lhs", "rhs", "sum"]))
            .check(Check::Elementwise)
            .format("$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)")
            .result_name(crate::ods::name_results_by_slot),
        extended_mul("arith.mulsi_extended"),
        extended_mul("arith.mului_extended"),
        int_binary_exact("arith.divui"),
        int_binary_exact("arith.divsi"),
        int_binary_exact("arith.shrui"),
        int_binary_exact("arith.shrsi"),
        int_binary("arith.ceildivui"),
        int_binary("arith.ceildivsi"),
        int_binary("arith.floordivsi"),
        int_binary("arith.remui"),
        int_binary("arith.remsi"),
        int_binary("arith.andi").traits(Traits::COMMUTATIVE | Traits::IDEMPOTENT),
        int_binary("arith.ori").traits(Traits::COMMUTATIVE | Traits::IDEMPOTENT),
        int_binary("arith.xori").traits(Traits::COMMUTATIVE),
        int_binary("arith.maxsi").traits(Traits::COMMUTATIVE),
        int_binary("arith.maxui").traits(Traits::COMMUTATIVE),
        int_binary("arith.minsi").traits(Traits::COMMUTATIVE),
        int_binary("arith.minui").traits(Traits::COMMUTATIVE),
        float_unary("arith.negf"),
        float_binary("arith.addf").traits(Traits::COMMUTATIVE),
        float_binary("arith.subf"),
        float_binary("arith.mulf").traits(Traits::COMMUTATIVE),
        float_binary("arith.divf"),
        float_binary("arith.remf"),
        float_binary("arith.maximumf").traits(Traits::COMMUTATIVE),
        float_binary("arith.maxnumf").traits(Traits::COMMUTATIVE),
        float_binary("arith.minimumf").traits(Traits::COMMUTATIVE),
        float_binary("arith.minnumf").traits(Traits::COMMUTATIVE),
        cast("arith.extui", &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE, &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE).verify(verify_widening),
        cast("arith.extsi", &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE, &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE).verify(verify_widening),
        cast("arith.extf", &FLOAT_LIKE, &FLOAT_LIKE)
            .optional_attr("fastmath", &FASTMATH)
            .format("$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
            .verify(verify_widening),
        cast("arith.trunci", &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE, &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE)
            .default_attr("overflowFlags", &OVERFLOW, overflow_none)
            .format("$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)")
            .verify(verify_narrowing),
        cast("arith.truncf", &FLOAT_LIKE, &FLOAT_LIKE)
            .optional_attr("roundingmode", &ROUNDING)
            .optional_attr("fastmath", &FASTMATH)
            .format("$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)")
            .verify(verify_narrowing),
        arith_op("arith.scaling_extf")
            .operand("in", &FLOAT_LIKE)
            .operand("scale", &FLOAT_LIKE)
            .optional_attr("fastmath", &FASTMATH)
            .result("out", &FLOAT_LIKE)
            .check(Check::SameOperandsAndResultShape)
            .check(Check::Elementwise)
            .format("$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)")
            .verify(verify_scaling_widening),
        arith_op("arith.scaling_truncf")
            .operand("in", &FLOAT_LIKE)
            .operand("scale", &FLOAT_LIKE)
            .optional_attr("roundingmode", &ROUNDING)
            .optional_attr("fastmath", &FASTMATH)
            .result("out", &FLOAT_LIKE)
            .check(Check::SameOperandsAndResultShape)
            .check(Check::Elementwise)
            .format("$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)")
            .verify(verify_scaling_narrowing),
        cast("arith.uitofp", &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE, &FLOAT_LIKE).verify(verify_int_float_cast),
        cast("arith.sitofp", &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE, &FLOAT_LIKE).verify(verify_int_float_cast),
        cast("arith.fptoui", &FLOAT_LIKE, &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE).verify(verify_int_float_cast),
        cast("arith.fptosi", &FLOAT_LIKE, &SIGNLESS_FIXED_WIDTH_INTEGER_LIKE).verify(verify_int_float_cast),
        cast("arith.index_cast", &SIGNLESS_INTEGER_OR_INDEX_LIKE_OF_ANY_RANK, &SIGNLESS_INTEGER_OR_INDEX_LIKE_OF_ANY_RANK).verify(verify_index_cast),
        cast("arith.index_castui", &SIGNLESS_INTEGER_OR_INDEX_LIKE_OF_ANY_RANK, &SIGNLESS_INTEGER_OR_INDEX_LIKE_OF_ANY_RANK).verify(verify_index_cast),
        cast("arith.bitcast", &BITCAST_TYPE, &BITCAST_TYPE).verify(verify_bitcast),
        compare("arith.cmpi", &SIGNLESS_INTEGER_OR_INDEX_LIKE, &CMPI_PRED, false),
        compare("arith.cmpf", &FLOAT_LIKE, &CMPF_PRED, true),
        arith_op("arith.select")
            .operand("condition", &BOOL_LIKE)
            .operand("true_value", &ANY_TYPE)
            .operand("false_value", &ANY_TYPE)
            .result("result", &ANY_TYPE)
            .check(Check::AllTypesMatch(&["true_value", "false_value", "result"]))
            .check(Check::Pred { summary: "condition is signless i1 or has matching shape", check: select_condition_ok })
            .check(Check::Elementwise)
            .custom(parse_select, print_select)
            .verify(verify_select),
    ]
}

fn extended_mul(name: &'static str) -> OpSpec {
    arith_op(name)
        .traits(Traits::COMMUTATIVE)
        .operand("lhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .operand("rhs", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .result("low", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .result("high", &SIGNLESS_INTEGER_OR_INDEX_LIKE)
        .check(Check::AllTypesMatch(&["lhs", "rhs", "low", "high"]))
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs attr-dict `:` type($lhs)")
        .result_name(crate::ods::name_results_by_slot)
}

/// Registers the arith dialect.
pub fn register(ctx: &mut Context) {
    register_enum_attr(ctx, &FASTMATH_FLAGS);
    register_enum_attr(ctx, &OVERFLOW_FLAGS);
    let mut specs = ops();
    for s in &mut specs {
        // Every arith verifier and predicate reads only the op's own types and attributes.
        s.verify_by_signature = true;
        let (fold, patterns) = crate::arith_fold::rewrites(s.name);
        s.fold = fold;
        s.patterns = patterns;
    }
    crate::ods::register(ctx, specs, &[]);
    ctx.registry_mut().set_materializer("arith", crate::arith_fold::materialize);
}

// ------------------------------------------------------------------------------ constant

/// `%c42_i32`, `%c0` (index), `%true`/`%false`, else `%cst`.
fn constant_name(ctx: &Context, body: &Body, op: Op, names: &mut mica_ir::names::ResultNames) {
    let Some(value) = ctx.op_attr_id(body, op, Ident::VALUE) else { return };
    match ctx.attr_kind(value) {
        AttrKind::Integer { ty, bits } => {
            let kind = ctx.type_kind(*ty);
            if matches!(kind, TypeKind::Integer { width: 1, signedness: mica_ir::Signedness::Signless }) {
                names.set(0, if mica_ir::intbits::to_i64(bits, 1) == Some(0) { "false" } else { "true" });
            } else {
                // Written in place: `c<value>` and, but for `index`, `_<type>`.
                let name = names.buffer();
                name.push('c');
                mica_ir::printer::write_int_bits(name, ctx, *ty, bits);
                if !matches!(kind, TypeKind::Index) {
                    name.push('_');
                    mica_ir::printer::write_type(name, ctx, *ty);
                }
                names.commit(0);
            }
        }
        _ => names.set(0, "cst"),
    }
}

fn verify_constant(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(r) = v.result("result") else { return Ok(()) };
    let ty = v.ty(r);
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(ty) {
        if *signedness != mica_ir::Signedness::Signless {
            return Err("integer return type must be signless".into());
        }
    }
    let value = v.attr("value").map(|a| ctx.attr_kind(a));
    let elementsish = matches!(
        value,
        Some(AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. } | AttrKind::Sparse { .. } | AttrKind::DenseStrings { .. })
    );
    if !elementsish {
        return Err("value must be an integer, float, or elements attribute".into());
    }
    let scalable = matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|s| *s));
    if scalable && !matches!(value, Some(AttrKind::DenseElements { splat: true, .. } | AttrKind::DenseStrings { splat: true, .. })) {
        // MLIR's message, typo included.
        return Err("intializing scalable vectors with elements attribute is not supported unless it's a vector splat".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ casts

fn scalar_width(ctx: &Context, t: Type) -> Option<u32> {
    let e = scalar_of(ctx, t)?;
    match ctx.type_kind(e) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        _ => None,
    }
}

fn widths(ctx: &Context, v: &OpView<'_>) -> Option<(u32, u32)> {
    Some((scalar_width(ctx, v.ty(v.operand("in")?))?, scalar_width(ctx, v.ty(v.result("out")?))?))
}

/// MLIR's `areValidCastInputsAndOutputs` beyond the shape trait: two ranked tensors must
/// carry the same encoding.
fn same_encoding(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::RankedTensor { encoding: x, .. }, TypeKind::RankedTensor { encoding: y, .. }) => x == y,
        _ => true,
    }
}

/// The error of a cast whose operand and result types MLIR's `areCastCompatible` rejects.
fn cast_incompatible(ctx: &Context, from: Type, to: Type) -> String {
    format!(
        "operand type '{}' and result type '{}' are cast incompatible",
        mica_ir::printer::type_string(ctx, from),
        mica_ir::printer::type_string(ctx, to)
    )
}

/// The `in` operand and `out` result types of a cast, when their encodings differ.
fn encoding_mismatch(ctx: &Context, v: &OpView<'_>) -> Option<(Type, Type)> {
    let (i, o) = (v.ty(v.operand("in")?), v.ty(v.result("out")?));
    (!same_encoding(ctx, i, o)).then_some((i, o))
}

/// `uitofp`, `sitofp`, `fptoui` and `fptosi`: the type constraints leave only the encoding
/// to check.
fn verify_int_float_cast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    match encoding_mismatch(ctx, v) {
        Some((i, o)) => Err(cast_incompatible(ctx, i, o)),
        None => Ok(()),
    }
}

/// `ext*` ops widen and `trunc*` ops narrow the element type (MLIR's `areCastCompatible`).
fn verify_width_change(ctx: &Context, v: &OpView<'_>, widen: bool) -> Result<(), String> {
    let (Some(i), Some(o)) = (v.operand("in"), v.result("out")) else { return Ok(()) };
    match widths(ctx, v) {
        _ if encoding_mismatch(ctx, v).is_some() => Err(cast_incompatible(ctx, v.ty(i), v.ty(o))),
        Some((a, b)) if (widen && b <= a) || (!widen && b >= a) => Err(cast_incompatible(ctx, v.ty(i), v.ty(o))),
        _ => Ok(()),
    }
}

/// The scaling casts widen or narrow their first operand (the scale does not count); MLIR's
/// message lists both operand types.
fn verify_scaling_width_change(ctx: &Context, v: &OpView<'_>, widen: bool) -> Result<(), String> {
    let (Some(i), Some(s), Some(o)) = (v.operand("in"), v.operand("scale"), v.result("out")) else { return Ok(()) };
    match widths(ctx, v) {
        Some((a, b)) if (widen && b <= a) || (!widen && b >= a) || encoding_mismatch(ctx, v).is_some() => Err(format!(
            "operand types '{}', '{}' and result type '{}' are cast incompatible",
            mica_ir::printer::type_string(ctx, v.ty(i)),
            mica_ir::printer::type_string(ctx, v.ty(s)),
            mica_ir::printer::type_string(ctx, v.ty(o))
        )),
        _ => Ok(()),
    }
}

fn verify_scaling_widening(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_scaling_width_change(ctx, v, true)
}

fn verify_scaling_narrowing(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_scaling_width_change(ctx, v, false)
}

fn verify_widening(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_width_change(ctx, v, true)
}

fn verify_narrowing(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    verify_width_change(ctx, v, false)
}

fn verify_index_cast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(i), Some(o)) = (v.operand("in"), v.result("out")) else { return Ok(()) };
    let elem = |t: Type| ctx.type_kind(t).element_type().unwrap_or(t);
    let (a, b) = (elem(v.ty(i)), elem(v.ty(o)));
    if is_index(ctx, a) == is_index(ctx, b) || encoding_mismatch(ctx, v).is_some() {
        return Err(cast_incompatible(ctx, v.ty(i), v.ty(o)));
    }
    Ok(())
}

fn verify_bitcast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(i), Some(o)) = (v.operand("in"), v.result("out")) else { return Ok(()) };
    let w = |t: Type| {
        let e = ctx.type_kind(t).element_type().unwrap_or(t);
        match ctx.type_kind(e) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        }
    };
    if w(v.ty(i)) != w(v.ty(o)) || encoding_mismatch(ctx, v).is_some() {
        return Err(cast_incompatible(ctx, v.ty(i), v.ty(o)));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ select

fn parse_select(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let start = p.offset();
    let mut ops = Vec::new();
    while p.peek_ssa_name() {
        ops.push(p.parse_operand()?);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    if ops.len() != 3 {
        p.error_at(start, "expected 3 operands");
        return Err(());
    }
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = ctx.dict_attr(entries);
    }
    p.parse_punct(":")?;
    let mut result = p.parse_type()?;
    let cond = if p.parse_optional_punct(",") {
        let c = result;
        result = p.parse_type()?;
        c
    } else {
        ctx.int_type(1)
    };
    state.result_types.push(result);
    for (o, t) in ops.iter().zip([cond, result, result]) {
        let v = p.resolve_operand(o, t)?;
        state.operands.push(v);
    }
    Ok(())
}

fn print_select(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    crate::asm_util::print_operand_list(p, body, op);
    let attrs = p.ctx.op_attr_dict(body, op);
    p.print_attr_dict(attrs, &[], false);
    p.write(" : ");
    let cond = body.value_type(body.operand(op, 0));
    if p.ctx.type_kind(cond).is_shaped() {
        p.print_type(cond);
        p.write(", ");
    }
    if let Some(&r) = body.results(op).first() {
        p.print_type(body.value_type(r));
    }
}

/// The condition is `i1`, or shaped with the dimensions of the result (MLIR compares the
/// shapes only: encodings, scalability and the kind of shaped type do not count here, and an
/// unranked type has no dimensions).
fn select_condition_ok(ctx: &Context, v: &OpView<'_>) -> bool {
    let (Some(c), Some(r)) = (v.operand("condition"), v.result("result")) else { return true };
    let (ck, rk) = (ctx.type_kind(v.ty(c)), ctx.type_kind(v.ty(r)));
    is_signless_int_of(ctx, v.ty(c), 1) || (ck.is_shaped() && rk.is_shaped() && ck.shape().unwrap_or(&[]) == rk.shape().unwrap_or(&[]))
}

/// MLIR's `SelectOp::verify`: a shaped condition is exactly the result type with `i1`
/// elements.
fn verify_select(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(c), Some(r)) = (v.operand("condition"), v.result("result")) else { return Ok(()) };
    let (ct, rt) = (v.ty(c), v.ty(r));
    if is_signless_int_of(ctx, ct, 1) {
        return Ok(());
    }
    let ty = |t: Type| mica_ir::printer::type_string(ctx, t);
    if !matches!(ctx.type_kind(rt), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::Vector { .. }) {
        return Err(format!("expected condition to be a signless i1, but got '{}'", ty(ct)));
    }
    match i1_same_shape(ctx, rt) {
        Some(expected) if expected != ct => Err(format!(
            "expected condition type to have the same shape as the result type, expected '{}', but got '{}'",
            ty(expected),
            ty(ct)
        )),
        _ => Ok(()),
    }
}
