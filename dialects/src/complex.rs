//! The complex dialect: arithmetic and elementary functions on `complex<T>` values, `create`,
//! `re`/`im`, `constant`, `bitcast`, `powi`, with arith's fastmath flags, and the `#complex.number`
//! attribute, as MLIR 22 defines them.

use crate::arith::fastmath_none;
use crate::arith::FASTMATH;
use crate::ods::constraints::*;
use crate::ods::{Check, OpSpec, OpView};
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrDef, AttrKind, Context, FloatKind, Printer, Traits, Type, TypeKind};

static COMPLEX_FLOAT: TypeConstraint = TypeConstraint {
    summary: "complex type with floating-point elements",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Complex(e) if is_float(c, *e)),
    buildable: None,
};

/// The element type of a complex type.
fn complex_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Complex(e) => Some(*e),
        _ => None,
    }
}

/// `lhs, rhs` with the same complex type.
fn binary(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("lhs", &COMPLEX_FLOAT)
        .operand("rhs", &COMPLEX_FLOAT)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &COMPLEX_FLOAT)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)")
}

/// One complex operand, a result of the same type.
fn unary(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("complex", &COMPLEX_FLOAT)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result("result", &COMPLEX_FLOAT)
        .check(Check::SameOperandsAndResultType)
        .check(Check::Elementwise)
        .format("$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)")
}

/// One complex operand, a result of its element type (`re`, `im`, `abs`, `angle`).
fn to_real(name: &'static str, result: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("complex", &COMPLEX_FLOAT)
        .default_attr("fastmath", &FASTMATH, fastmath_none)
        .result(result, &ANY_FLOAT)
        .check(Check::TypesMatchWith { summary: "complex element type matches result type", from: "complex", to: result, transform: complex_elem })
        .check(Check::Elementwise)
        .format("$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)")
}

fn compare(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("lhs", &COMPLEX_FLOAT)
        .operand("rhs", &COMPLEX_FLOAT)
        .result("result", &I1)
        .check(Check::AllTypesMatch(&["lhs", "rhs"]))
        .check(Check::Elementwise)
        .format("$lhs `,` $rhs  attr-dict `:` type($lhs)")
}

static ANY_COMPLEX_RESULT: TypeConstraint =
    TypeConstraint { summary: "complex-type", check: |c, t| matches!(c.type_kind(t), TypeKind::Complex(_)), buildable: None };

fn ops() -> Vec<OpSpec> {
    vec![
        to_real("complex.abs", "result"),
        binary("complex.add"),
        to_real("complex.angle", "result"),
        binary("complex.atan2"),
        OpSpec::new("complex.bitcast")
            .traits(Traits::PURE)
            .operand("operand", &ANY_TYPE)
            .result("result", &ANY_TYPE)
            .format("$operand attr-dict `:` type($operand) `to` type($result)")
            .verify(verify_bitcast)
            .verify_by_signature(),
        unary("complex.conj"),
        OpSpec::new("complex.constant")
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .attr("value", &ARRAY_ATTR)
            .result("complex", &ANY_COMPLEX_RESULT)
            .format("$value attr-dict `:` type($complex)")
            .verify(verify_constant)
            .verify_by_signature()
            .result_name(|_, _, _, names| names.set(0, "cst")),
        unary("complex.cos"),
        OpSpec::new("complex.create")
            .traits(Traits::PURE)
            .operand("real", &ANY_FLOAT)
            .operand("imaginary", &ANY_FLOAT)
            .result("complex", &COMPLEX_FLOAT)
            .check(Check::AllTypesMatch(&["real", "imaginary"]))
            .check(Check::TypesMatchWith {
                summary: "complex element type matches real operand type",
                from: "complex",
                to: "real",
                transform: complex_elem,
            })
            .check(Check::TypesMatchWith {
                summary: "complex element type matches imaginary operand type",
                from: "complex",
                to: "imaginary",
                transform: complex_elem,
            })
            .format("$real `,` $imaginary attr-dict `:` type($complex)"),
        binary("complex.div"),
        compare("complex.eq"),
        unary("complex.exp"),
        unary("complex.expm1"),
        to_real("complex.im", "imaginary"),
        unary("complex.log"),
        unary("complex.log1p"),
        binary("complex.mul"),
        unary("complex.neg"),
        compare("complex.neq"),
        binary("complex.pow"),
        // A complex number to an integer power; its fastmath is optional, not defaulted.
        OpSpec::new("complex.powi")
            .traits(Traits::PURE)
            .operand("lhs", &COMPLEX_FLOAT)
            .operand("rhs", &ANY_SIGNLESS_INTEGER)
            .optional_attr("fastmath", &FASTMATH)
            .result("result", &COMPLEX_FLOAT)
            .check(Check::AllTypesMatch(&["lhs", "result"]))
            .format("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result) `,` type($rhs)"),
        to_real("complex.re", "real"),
        unary("complex.rsqrt"),
        unary("complex.sign"),
        unary("complex.sin"),
        unary("complex.sqrt"),
        binary("complex.sub"),
        unary("complex.tan"),
        unary("complex.tanh"),
    ]
}

/// Registers the complex dialect.
pub fn register(ctx: &mut Context) {
    ctx.registry_mut().register_attr(AttrDef { dialect: "complex", mnemonic: "number", parse: parse_number, print: print_number, ext: None });
    crate::ods::register(ctx, ops(), &[]);
    ctx.registry_mut().set_materializer("complex", materialize);
}

/// The complex dialect's constants: a `complex.constant` for a pair of floats (or integers)
/// of the complex type's element type, else what arith makes.
fn materialize(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<mica_ir::OperationState> {
    let buildable = match (ctx.attr_kind(value), ctx.type_kind(ty)) {
        (AttrKind::Array(parts), TypeKind::Complex(elem)) if parts.len() == 2 => parts.iter().all(|p| match ctx.attr_kind(*p) {
            AttrKind::Float { ty, .. } | AttrKind::Integer { ty, .. } => ty == elem,
            _ => false,
        }) && std::mem::discriminant(ctx.attr_kind(parts[0])) == std::mem::discriminant(ctx.attr_kind(parts[1])),
        _ => false,
    };
    if buildable {
        return Some(crate::fold_util::op_state(ctx, "complex.constant", &[], &[ty], &[("value", value)], loc));
    }
    crate::arith_fold::materialize(ctx, value, ty, loc)
}

// ------------------------------------------------------------------------------ verifiers

fn bit_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Index => Some(64),
        TypeKind::Complex(e) => bit_width(ctx, *e).map(|w| 2 * w),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(i), Some(o)) = (v.operand("operand"), v.result("result")) else { return Ok(()) };
    let (it, ot) = (v.ty(i), v.ty(o));
    if it == ot {
        return Ok(());
    }
    let is_complex = |t: Type| matches!(ctx.type_kind(t), TypeKind::Complex(_));
    // MLIR's `isIntOrFloat`: integers and floats, not `index`.
    let scalar_or_complex = |t: Type| is_complex(t) || matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Float(_));
    if !scalar_or_complex(it) {
        return Err("operand must be int/float/complex".into());
    }
    if !scalar_or_complex(ot) {
        return Err("result must be int/float/complex".into());
    }
    if is_complex(it) == is_complex(ot) {
        return Err("requires that either input or output has a complex type".into());
    }
    if bit_width(ctx, it) != bit_width(ctx, ot) {
        return Err("casting bitwidths do not match".into());
    }
    Ok(())
}

fn verify_constant(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(value) = v.attr("value") else { return Ok(()) };
    let AttrKind::Array(items) = ctx.attr_kind(value) else { return Ok(()) };
    if items.len() != 2 {
        return Err("requires 'value' to be a complex constant, represented as array of two values".into());
    }
    let Some(elem) = v.result("complex").and_then(|r| complex_elem(ctx, v.ty(r))) else { return Ok(()) };
    let types: Vec<Type> = items
        .iter()
        .filter_map(|a| match ctx.attr_kind(*a) {
            AttrKind::Float { ty, .. } | AttrKind::Integer { ty, .. } => Some(*ty),
            _ => None,
        })
        .collect();
    if types.len() != 2 {
        return Err("requires attribute's elements to be float or integer attributes".into());
    }
    if types.iter().any(|t| *t != elem) {
        let s = |t: Type| mica_ir::printer::type_string(ctx, t);
        return Err(format!(
            "requires attribute's element types ('{}', '{}') to match the element type of the op's return type ('{}')",
            s(types[0]),
            s(types[1]),
            s(elem)
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ #complex.number

/// `<:f32 1.0, 2.0>` with an optional trailing `: complex<f32>`; the parameters are the real
/// and imaginary parts as float attributes of the element type.
fn parse_number(_: &AttrDef, p: &mut dyn AsmParser<'_>) -> Result<Vec<Attr>, ()> {
    p.parse_punct("<")?;
    p.parse_punct(":")?;
    let elem = p.parse_type()?;
    let re = parse_part(p, elem)?;
    p.parse_punct(",")?;
    let im = parse_part(p, elem)?;
    p.parse_punct(">")?;
    // MLIR reads a trailing type and drops it: the attribute's type is always
    // `complex<element type>`, whatever is written.
    if p.parse_optional_punct(":") {
        p.parse_type()?;
    }
    Ok(vec![re, im])
}

/// One part of a `#complex.number`: MLIR reads a number literal (its `parseFloat`), so a
/// keyword, string or other attribute is refused before it is parsed as an attribute.
fn parse_part(p: &mut dyn AsmParser<'_>, elem: Type) -> Result<Attr, ()> {
    let not_number = p.peek_any_keyword() || p.peek_string() || p.peek_symbol() || ["[", "{", "#", "!", "(", "<"].iter().any(|t| p.peek_punct(t));
    if not_number {
        let at = p.offset();
        p.error_at(at, "expected floating point literal");
        return Err(());
    }
    // MLIR reads the parts as `double`s whatever the element type, so an integer literal is
    // refused for an integer element type too.
    let ty = if is_float(p.ctx(), elem) { elem } else { p.ctx().float_type(FloatKind::F64) };
    p.parse_attribute_of_type(ty)
}

fn print_number(_: &AttrDef, p: &mut Printer<'_>, params: &[Attr]) {
    let [re, im] = params else { return };
    let ctx = p.ctx;
    let elem = match ctx.attr_kind(*re) {
        AttrKind::Float { ty, .. } | AttrKind::Integer { ty, .. } => *ty,
        _ => return,
    };
    p.write("<:");
    p.print_type(elem);
    p.write(" ");
    p.print_attr_elided_type(*re);
    p.write(", ");
    p.print_attr_elided_type(*im);
    p.write("> : ");
    p.print_type(ctx.ty(TypeKind::Complex(elem)));
}
