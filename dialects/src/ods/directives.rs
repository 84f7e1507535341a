//! Custom directives shared by several dialects (MLIR's `ViewLikeInterface` and friends):
//! `custom<DynamicIndexList>($values, $static_values)` writes a mixed list `[%a, 4, %b]` whose
//! static entries live in a dense i64 array and whose dynamic entries (`kDynamic` in the array)
//! are operands; a `"::mlir::AsmParser::Delimiter::Paren"` argument writes it in parentheses.

use super::custom::{CustomArg, CustomDirective, ParseCtx};
use super::format::Var;
use super::OpView;
use mica_ir::asm::AsmParser;
use mica_ir::{AttrKind, OperationState, Printer, Type, DYNAMIC};

/// The directives every dialect can use.
pub static COMMON: &[CustomDirective] =
    &[CustomDirective { name: "DynamicIndexList", parse: parse_dynamic_index_list, print: print_dynamic_index_list }];

/// `[` (`%v` | integer) list `]`: fills operand slot `args[0]` and dense array `args[1]`;
/// an optional `type($values)` third argument takes `: type` after each value.
fn parse_dynamic_index_list(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, _: &mut OperationState, args: &[CustomArg]) -> Result<bool, ()> {
    let (Some(CustomArg::Operand(oi)), Some(CustomArg::Attr(ai))) = (args.first(), args.get(1)) else {
        let at = p.offset();
        p.error_at(at, "DynamicIndexList takes an operand and an attribute");
        return Err(());
    };
    let with_types = matches!(args.get(2), Some(CustomArg::Type(_)));
    let (open, close) = delimiters(args);
    let ctx = p.ctx();
    let mut statics: Vec<i64> = Vec::new();
    let mut types: Vec<Type> = Vec::new();
    p.parse_punct(open)?;
    if !p.parse_optional_punct(close) {
        loop {
            if p.peek_ssa_name() {
                let o = p.parse_operand()?;
                cx.push_operand(*oi, o);
                if with_types {
                    p.parse_punct(":")?;
                    types.push(p.parse_type()?);
                }
                statics.push(DYNAMIC);
            } else {
                let at = p.offset();
                match p.parse_optional_integer()? {
                    Some(v) => statics.push(v),
                    None => {
                        p.error_at(at, "expected SSA value or integer");
                        return Err(());
                    }
                }
            }
            if p.parse_optional_punct(close) {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    if with_types {
        cx.set_types(&Var::Operand(*oi), &types, p.offset());
    }
    cx.attrs[*ai] = Some(ctx.dense_int_array(64, statics));
    Ok(true)
}

fn print_dynamic_index_list(p: &mut Printer<'_>, v: &OpView<'_>, args: &[CustomArg]) {
    let (Some(CustomArg::Operand(oi)), Some(CustomArg::Attr(ai))) = (args.first(), args.get(1)) else { return };
    let with_types = matches!(args.get(2), Some(CustomArg::Type(_)));
    let values = v.operand_group(*oi).to_vec();
    let statics: Vec<i64> = match v.attr_at(*ai).map(|a| v.ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|x| *x as i64).collect(),
        _ => Vec::new(),
    };
    let (open, close) = delimiters(args);
    p.write(open);
    let mut dynamic = values.iter();
    for (k, s) in statics.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        if *s == DYNAMIC {
            if let Some(&x) = dynamic.next() {
                p.print_value(v.body, x);
                if with_types {
                    p.write(" : ");
                    p.print_type(v.body.value_type(x));
                }
            }
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(close);
}

/// The brackets a `Delimiter` literal argument asks for (square by default).
fn delimiters(args: &[CustomArg]) -> (&'static str, &'static str) {
    let paren = args.iter().any(|a| matches!(a, CustomArg::Literal(l) if l.ends_with("Delimiter::Paren")));
    if paren { ("(", ")") } else { ("[", "]") }
}
