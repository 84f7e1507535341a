//! The generic printer of declarative formats: runs the format's print steps (compiled once,
//! with MLIR's spacing decided per step, see [`PrintStep`]) against one op.

use super::constraints::AttrSyntax;
use super::format::{Elem, Format, PrintStep, Var};
use super::{spec_of, AttrSpec, OpView, Presence};
use mica_ir::printer::might_be_terminator;
use mica_ir::{Attr, AttrKind, Body, Op, OpDef, Printer, Type};
use smallvec::SmallVec;

/// The print hook of every op defined by a format: runs the format of `op`. What a format
/// writes depends on the op's signature and the names of its values and successors alone
/// (custom directives included, see [`super::CustomPrintFn`]), so these ops print by
/// signature ([`OpDef::print_by_signature`]): the printer replays the text of an op of a
/// signature met before.
pub(super) fn print_op(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let Some((spec, format)) = spec_of(def).and_then(|s| s.parsed_format().map(|f| (s, f))) else { return };
    // Operands that do not fit the slots cannot be printed in the custom form; the verifier
    // reports them. Fall back to nothing rather than guess. (The view is borrowed where it was
    // built, not moved out of the `Result`.)
    if let Ok(ref view) = OpView::new(p.ctx, spec, body, op) {
        run(p, view, format, &format.print);
    }
}

/// Prints the steps (some of `format`'s).
fn run(p: &mut Printer<'_>, v: &OpView<'_>, format: &Format, steps: &[PrintStep]) {
    let in_format = &format.attrs_in_format[..];
    let mut i = 0;
    while i < steps.len() {
        match &steps[i] {
            PrintStep::Literal { text, space } => {
                if *space {
                    p.write(" ");
                }
                p.write(text);
            }
            PrintStep::Space => p.write(" "),
            PrintStep::Newline => p.newline_at_indent(),
            PrintStep::AttrDict(with_keyword) => {
                let dict = merged_attrs(v);
                // Whether an entry is left out depends on the format and the entry alone.
                if format.elided_dict.get() != Some(dict.index()) {
                    if v.ctx.dict_entries(dict).iter().all(|&(k, a)| is_elided(v, in_format, k, a)) {
                        format.elided_dict.set(dict.index());
                    } else {
                        p.print_attr_dict_where(dict, *with_keyword, &|k, a| !is_elided(v, in_format, k, a));
                    }
                }
            }
            PrintStep::Elem { elem, space } => {
                if *space {
                    p.write(" ");
                }
                print_elem(p, v, elem, in_format);
            }
            PrintStep::Group { anchor, then_len, else_len } => {
                let then = &steps[i + 1..i + 1 + then_len];
                let otherwise = &steps[i + 1 + then_len..i + 1 + then_len + else_len];
                run(p, v, format, if anchor_present(v, anchor) { then } else { otherwise });
                i += 1 + then_len + else_len;
                continue;
            }
            PrintStep::Clause { vars, len } => {
                if vars.iter().any(|e| anchor_present(v, e)) {
                    run(p, v, format, &steps[i + 1..i + 1 + len]);
                }
                i += 1 + len;
                continue;
            }
        }
        i += 1;
    }
}

/// Whether an optional group's anchor is present.
fn anchor_present(v: &OpView<'_>, anchor: &Elem) -> bool {
    match anchor {
        Elem::Operand(i) => !v.operand_group(*i).is_empty(),
        Elem::Attr(i, _) => attr_present(v, &v.spec.attrs[*i], v.attr_at(*i)),
        Elem::Region(i) => region_group(v, *i).iter().any(|r| !v.body.op_regions(v.op).0.region_blocks(*r).is_empty()),
        Elem::Successor(_) | Elem::Successors => !v.body.successors(v.op).is_empty(),
        Elem::Type(var, _) => match var {
            Var::Operand(i) => !v.operand_group(*i).is_empty(),
            Var::Result(i) => !v.result_group(*i).is_empty(),
            Var::Operands => !v.operands().is_empty(),
            Var::Results => !v.body.results(v.op).is_empty(),
        },
        Elem::FunctionalType(..) => true,
        Elem::Operands => !v.operands().is_empty(),
        Elem::Regions => !v.body.op_regions(v.op).1.is_empty(),
        Elem::Custom(_, args) => args.first().is_some_and(|a| custom_arg_present(v, a)),
        _ => true,
    }
}

fn custom_arg_present(v: &OpView<'_>, a: &super::CustomArg) -> bool {
    use super::CustomArg;
    match a {
        CustomArg::Operand(i) => !v.operand_group(*i).is_empty(),
        CustomArg::Attr(i) => attr_present(v, &v.spec.attrs[*i], v.attr_at(*i)),
        CustomArg::Region(i) => !region_group(v, *i).is_empty(),
        CustomArg::Successor(_) => !v.body.successors(v.op).is_empty(),
        CustomArg::Type(Var::Operand(i)) => !v.operand_group(*i).is_empty(),
        CustomArg::Type(Var::Result(i)) => !v.result_group(*i).is_empty(),
        _ => true,
    }
}

/// An attribute counts as present when set and not equal to its default.
fn attr_present(v: &OpView<'_>, spec: &AttrSpec, a: Option<Attr>) -> bool {
    match (a, spec.presence) {
        (None, _) => false,
        (Some(a), Presence::Default(_) | Presence::DefaultOptional(_)) => Some(a) != spec.default_value(v.ctx),
        (Some(_), _) => true,
    }
}

/// The regions of region slot `i` (one per fixed slot, the rest to a variadic one).
fn region_group<'v>(v: &'v OpView<'_>, i: usize) -> &'v [mica_ir::Region] {
    let regions = v.body.op_regions(v.op).1;
    let fixed_before = v.spec.regions[..i].iter().filter(|r| !r.variadic).count();
    if v.spec.regions[i].variadic {
        let fixed_after = v.spec.regions[i + 1..].iter().filter(|r| !r.variadic).count();
        let end = regions.len().saturating_sub(fixed_after);
        regions.get(fixed_before..end).unwrap_or_default()
    } else {
        let variadic_before = v.spec.regions[..i].iter().any(|r| r.variadic);
        let idx = if variadic_before {
            let fixed_after = v.spec.regions[i..].iter().filter(|r| !r.variadic).count();
            regions.len().saturating_sub(fixed_after)
        } else {
            fixed_before
        };
        regions.get(idx..idx + 1).unwrap_or_default()
    }
}

fn print_region_custom(p: &mut Printer<'_>, v: &OpView<'_>, r: mica_ir::Region) {
    let (rb, _) = v.body.op_regions(v.op);
    let mut print_terminator = true;
    if v.spec.implicit_terminator.is_some() {
        if let Some(&entry) = rb.region_blocks(r).first() {
            if let Some(t) = rb.block_last_op(entry).filter(|&t| might_be_terminator(v.ctx, rb, t)) {
                let d = rb.op(t);
                let has_attrs = !v.ctx.dict_entries(v.ctx.op_attr_dict(rb, t)).is_empty() || d.properties().is_some_and(|p| !v.ctx.dict_entries(p).is_empty());
                print_terminator = has_attrs || rb.num_operands(t) != 0 || !rb.results(t).is_empty();
            }
        }
    }
    p.print_region_with(rb, r, true, false, print_terminator);
}

/// Writes the types of `var`.
fn print_types(p: &mut Printer<'_>, v: &OpView<'_>, var: &Var) {
    for (i, x) in var_values(v, var).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(v.ty(*x));
    }
}

fn var_values<'v>(v: &'v OpView<'_>, var: &Var) -> &'v [mica_ir::Value] {
    match var {
        Var::Operand(i) => v.operand_group(*i),
        Var::Result(i) => v.result_group(*i),
        Var::Operands => v.operands(),
        Var::Results => v.body.results(v.op),
    }
}

/// The types of `var`.
fn var_types(v: &OpView<'_>, var: &Var) -> SmallVec<[Type; 4]> {
    var_values(v, var).iter().map(|x| v.ty(*x)).collect()
}

/// Writes an attribute the way its constraint writes it in a format.
pub(super) fn print_attr_value(p: &mut Printer<'_>, spec: &AttrSpec, a: Attr, qualified: bool) {
    let ctx = p.ctx;
    if qualified {
        p.print_attr(a);
        return;
    }
    match &spec.constraint.syntax {
        AttrSyntax::Plain | AttrSyntax::Kind | AttrSyntax::Str => p.print_attr(a),
        AttrSyntax::Typed(_) => p.print_attr_elided_type(a),
        AttrSyntax::Unit => {}
        AttrSyntax::IntEnum(e) => match e.int_value(ctx, a).and_then(|x| e.stringify(x)) {
            Some(s) => p.print_keyword_or_string(&s),
            None => p.print_attr(a),
        },
        AttrSyntax::Dialect { .. } => match ctx.attr_kind(a) {
            AttrKind::Dialect { dialect, mnemonic, params } => match ctx.registry().attr_def(ctx.str(*dialect), ctx.str(*mnemonic)) {
                Some(def) => (def.print)(def, p, params),
                None => p.print_attr(a),
            },
            _ => p.print_attr(a),
        },
        AttrSyntax::SymbolName => match ctx.as_str(a) {
            Some(s) => p.print_symbol(s),
            None => p.print_attr(a),
        },
        AttrSyntax::DenseArray(_) => match ctx.attr_kind(a) {
            AttrKind::DenseArray { elem, values } => {
                let w = ctx.int_width(*elem);
                p.write("[");
                for (k, x) in values.iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    if w == 1 {
                        p.write(if *x != 0 { "true" } else { "false" });
                    } else {
                        let signed = if w >= 128 { *x as i128 } else { ((*x << (128 - w)) as i128) >> (128 - w) };
                        p.write(&signed.to_string());
                    }
                }
                p.write("]");
            }
            _ => p.print_attr(a),
        },
        AttrSyntax::OpaqueEnum { .. } => match ctx.attr_kind(a) {
            AttrKind::Opaque { body, .. } if body.contains(' ') => {
                let case = body.split_once(' ').map_or("", |b| b.1).to_string();
                p.write(&case);
            }
            _ => p.print_attr(a),
        },
        AttrSyntax::TypeAttr => match ctx.as_type(a) {
            Some(t) => p.print_type(t),
            None => p.print_attr(a),
        },
    }
}

/// Whether `attr-dict` leaves out the entry `name = value`: an attribute the format writes,
/// segment sizes, or an attribute equal to its default.
fn is_elided(v: &OpView<'_>, in_format: &[usize], name: mica_ir::Ident, value: Attr) -> bool {
    let spec = v.spec;
    if let Some(i) = spec.attrs.iter().position(|a| a.ident(v.ctx) == name) {
        let a = &spec.attrs[i];
        let default = matches!(a.presence, Presence::Default(_) | Presence::DefaultOptional(_)) && a.default_value(v.ctx) == Some(value);
        if in_format.contains(&i) || default {
            return true;
        }
    }
    if !spec.operand_segments && !spec.result_segments && spec.segment_attrs.is_empty() {
        return false;
    }
    let text = v.ctx.str(name);
    (spec.operand_segments && text == "operandSegmentSizes")
        || (spec.result_segments && text == "resultSegmentSizes")
        || spec.segment_attrs.contains(&text)
}

/// Prints an element other than a literal, spacing, attr-dict or group.
fn print_elem(p: &mut Printer<'_>, v: &OpView<'_>, e: &Elem, in_format: &[usize]) {
    match e {
        Elem::Operand(i) => {
            for (k, x) in v.operand_group(*i).iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_value(v.body, *x);
            }
        }
        Elem::Attr(i, q) => {
            if let Some(a) = v.attr_at(*i) {
                print_attr_value(p, &v.spec.attrs[*i], a, *q);
            }
        }
        Elem::Region(i) => {
            for (k, &r) in region_group(v, *i).iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                print_region_custom(p, v, r);
            }
        }
        Elem::Successor(_) | Elem::Successors => {
            let succ = v.body.successors(v.op);
            let group: Vec<mica_ir::Block> = match e {
                Elem::Successor(i) => successor_group(v, *i, succ),
                _ => succ.to_vec(),
            };
            for (k, b) in group.iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_block_name(v.body, *b);
            }
        }
        Elem::Type(var, _) => print_types(p, v, var),
        Elem::FunctionalType(a, b) => {
            p.print_function_type(&var_types(v, a), &var_types(v, b));
        }
        Elem::Operands => {
            for (k, x) in v.operands().iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_value(v.body, *x);
            }
        }
        Elem::Regions => {
            let regions = v.body.op_regions(v.op).1.to_vec();
            for (k, r) in regions.into_iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                print_region_custom(p, v, r);
            }
        }
        Elem::PropDict => {
            let ctx = v.ctx;
            if let Some(props) = v.body.op(v.op).properties() {
                let names: Vec<&'static str> = in_format.iter().map(|&i| v.spec.attrs[i].name).collect();
                let rest: Vec<_> = ctx.dict_entries(props).iter().filter(|(k, _)| !names.contains(&ctx.str(*k))).cloned().collect();
                if !rest.is_empty() {
                    p.write("<");
                    p.print_dict_literal(ctx.dict_attr(rest), &[]);
                    p.write(">");
                }
            }
        }
        Elem::Custom(dir, args) => (dir.print)(p, v, args),
        _ => {}
    }
}

fn successor_group(v: &OpView<'_>, i: usize, succ: &[mica_ir::Block]) -> Vec<mica_ir::Block> {
    let slots = &v.spec.successors;
    let singles = slots.iter().filter(|s| !s.variadic).count();
    let rest = succ.len().saturating_sub(singles);
    let mut at = 0;
    for (k, s) in slots.iter().enumerate() {
        let n = if s.variadic { rest } else { 1 };
        if k == i {
            return succ.get(at..(at + n).min(succ.len())).map(|s| s.to_vec()).unwrap_or_default();
        }
        at += n;
    }
    Vec::new()
}

/// Properties and discardable attributes in one sorted dictionary, as MLIR's `getAttrs()`.
fn merged_attrs(v: &OpView<'_>) -> Attr {
    v.ctx.op_attr_dict(v.body, v.op)
}
