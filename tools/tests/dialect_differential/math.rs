//! math ops: float unary and binary ops with fastmath flags, integer bit counting, fma,
//! clampf, powers, classification and sincos, on scalars, vectors and tensors.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

const FLOAT_UNARY: [&str; 30] = [
    "absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
    "erf", "erfc", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "round",
    "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
];
const INT_UNARY: [&str; 4] = ["absi", "ctlz", "ctpop", "cttz"];
const FLOAT_BINARY: [&str; 3] = ["atan2", "copysign", "powf"];
const CLASSIFY: [&str; 4] = ["isfinite", "isinf", "isnan", "isnormal"];

/// The tag of a math op.
fn tag(name: &str) -> &'static str {
    const ALL: [&str; 46] = [
        "math.absf", "math.acos", "math.acosh", "math.asin", "math.asinh", "math.atan",
        "math.atanh", "math.cbrt", "math.ceil", "math.cos", "math.cosh", "math.erf",
        "math.erfc", "math.exp", "math.exp2", "math.expm1", "math.floor", "math.log",
        "math.log10", "math.log1p", "math.log2", "math.round", "math.roundeven", "math.rsqrt",
        "math.sin", "math.sinh", "math.sqrt", "math.tan", "math.tanh", "math.trunc",
        "math.absi", "math.ctlz", "math.ctpop", "math.cttz", "math.atan2", "math.copysign",
        "math.powf", "math.isfinite", "math.isinf", "math.isnan", "math.isnormal", "math.fma",
        "math.clampf", "math.fpowi", "math.ipowi", "math.sincos",
    ];
    ALL.iter()
        .find(|n| n.strip_prefix("math.") == Some(name))
        .copied()
        .unwrap_or("math")
}

fn fastmath(g: &mut Gen) -> Doc {
    let f = g.fastmath();
    if f.is_empty() { t("") } else { opt(format!(" {f}")).tag("fastmath") }
}

/// One math op.
pub fn op(g: &mut Gen) {
    let fe = g.float_ty();
    let fty = g.elementwise(fe);
    let r = g.fresh();
    match g.rng.below(10) {
        0..=3 => {
            let name = *g.rng.pick(&FLOAT_UNARY);
            let a = g.val(&fty);
            let fm = fastmath(g);
            let attrs = g.attr_dict();
            g.emit(
                tag(name),
                Doc::cat(vec![t(format!("{r} = math.{name} {a}")), fm, attrs, t(format!(" : {}", fty.text()))]),
            );
            g.bind(&r, fty);
        }
        4 => {
            let name = *g.rng.pick(&INT_UNARY);
            let ie = g.int_ty();
            let ity = fty.with_elem(ie);
            let a = g.val(&ity);
            g.line(tag(name), format!("{r} = math.{name} {a} : {}", ity.text()));
            g.bind(&r, ity);
        }
        5 => {
            let name = *g.rng.pick(&FLOAT_BINARY);
            let (a, b) = (g.val(&fty), g.val(&fty));
            let fm = fastmath(g);
            g.emit(
                tag(name),
                Doc::cat(vec![t(format!("{r} = math.{name} {a}, {b}")), fm, t(format!(" : {}", fty.text()))]),
            );
            g.bind(&r, fty);
        }
        6 => {
            let (a, b, c) = (g.val(&fty), g.val(&fty), g.val(&fty));
            let fm = fastmath(g);
            if g.rng.chance(50) {
                g.emit(
                    "math.fma",
                    Doc::cat(vec![t(format!("{r} = math.fma {a}, {b}, {c}")), fm, t(format!(" : {}", fty.text()))]),
                );
            } else {
                g.emit(
                    "math.clampf",
                    Doc::cat(vec![t(format!("{r} = math.clampf {a} to [{b}, {c}]")), fm, t(format!(" : {}", fty.text()))]),
                );
            }
            g.bind(&r, fty);
        }
        7 => {
            let ie = g.int_ty();
            let ity = fty.with_elem(ie);
            if g.rng.chance(50) {
                let (a, b) = (g.val(&fty), g.val(&ity));
                let fm = fastmath(g);
                g.emit(
                    "math.fpowi",
                    Doc::cat(vec![
                        t(format!("{r} = math.fpowi {a}, {b}")),
                        fm,
                        t(format!(" : {}, {}", fty.text(), ity.text())),
                    ]),
                );
                g.bind(&r, fty);
            } else {
                let (a, b) = (g.val(&ity), g.val(&ity));
                g.line("math.ipowi", format!("{r} = math.ipowi {a}, {b} : {}", ity.text()));
                g.bind(&r, ity);
            }
        }
        8 => {
            let name = *g.rng.pick(&CLASSIFY);
            let a = g.val(&fty);
            g.line(tag(name), format!("{r} = math.{name} {a} : {}", fty.text()));
            g.bind(&r, fty.with_elem(T::i1()));
        }
        _ => {
            let a = g.val(&fty);
            let (defs, names) = g.fresh_results(2);
            let fm = fastmath(g);
            g.emit(
                "math.sincos",
                Doc::cat(vec![t(format!("{defs} = math.sincos {a}")), fm, t(format!(" : {}", fty.text()))]),
            );
            g.bind(&names[0], fty.clone());
            g.bind(&names[1], fty);
        }
    }
}
