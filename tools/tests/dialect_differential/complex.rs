//! complex ops: constants, create/re/im, abs and angle, binary and unary ops with fastmath
//! flags, comparisons, bitcasts and powi.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

const BINARY: [&str; 6] = ["add", "sub", "mul", "div", "pow", "atan2"];
const UNARY: [&str; 13] = [
    "conj", "cos", "sin", "tan", "tanh", "exp", "expm1", "log", "log1p", "neg", "sign", "sqrt",
    "rsqrt",
];

fn tag(name: &str) -> &'static str {
    const ALL: [&str; 29] = [
        "complex.add", "complex.sub", "complex.mul", "complex.div", "complex.pow",
        "complex.atan2", "complex.conj", "complex.cos", "complex.sin", "complex.tan",
        "complex.tanh", "complex.exp", "complex.expm1", "complex.log", "complex.log1p",
        "complex.neg", "complex.sign", "complex.sqrt", "complex.rsqrt", "complex.re",
        "complex.im", "complex.abs", "complex.angle", "complex.eq", "complex.neq",
        "complex.create", "complex.constant", "complex.bitcast", "complex.powi",
    ];
    ALL.iter()
        .find(|n| n.strip_prefix("complex.") == Some(name))
        .copied()
        .unwrap_or("complex")
}

fn fastmath(g: &mut Gen) -> Doc {
    let f = g.fastmath();
    if f.is_empty() { t("") } else { opt(format!(" {f}")).tag("fastmath") }
}

/// One complex op.
pub fn op(g: &mut Gen) {
    let f = T::F(*g.rng.pick(&["f32", "f32", "f64", "f16"]));
    let c = T::Complex(Box::new(f.clone()));
    let r = g.fresh();
    match g.rng.below(10) {
        9 => {
            let it = g.int_ty();
            let (a, b) = (g.val(&c), g.val(&it));
            let fm = fastmath(g);
            g.emit(
                "complex.powi",
                Doc::cat(vec![t(format!("{r} = complex.powi {a}, {b}")), fm, t(format!(" : {}, {}", c.text(), it.text()))]),
            );
            g.bind(&r, c);
        }
        0 => {
            let (a, b) = (g.scalar_literal(&f), g.scalar_literal(&f));
            let value = if f.text() == "f64" && g.rng.chance(50) {
                format!("[{a}, {b}]")
            } else {
                format!("[{a} : {0}, {b} : {0}]", f.text())
            };
            g.line("complex.constant", format!("{r} = complex.constant {value} : {}", c.text()));
            g.bind(&r, c);
        }
        1 => {
            let (a, b) = (g.val(&f), g.val(&f));
            g.line("complex.create", format!("{r} = complex.create {a}, {b} : {}", c.text()));
            g.bind(&r, c);
        }
        2 => {
            let name = *g.rng.pick(&["re", "im", "abs", "angle"]);
            let a = g.val(&c);
            let fm = fastmath(g);
            g.emit(tag(name), Doc::cat(vec![t(format!("{r} = complex.{name} {a}")), fm, t(format!(" : {}", c.text()))]));
            g.bind(&r, f);
        }
        3 | 4 => {
            let name = *g.rng.pick(&BINARY);
            let (a, b) = (g.val(&c), g.val(&c));
            let fm = fastmath(g);
            let attrs = g.attr_dict();
            g.emit(
                tag(name),
                Doc::cat(vec![t(format!("{r} = complex.{name} {a}, {b}")), fm, attrs, t(format!(" : {}", c.text()))]),
            );
            g.bind(&r, c);
        }
        5 | 6 => {
            let name = *g.rng.pick(&UNARY);
            let a = g.val(&c);
            let fm = fastmath(g);
            g.emit(tag(name), Doc::cat(vec![t(format!("{r} = complex.{name} {a}")), fm, t(format!(" : {}", c.text()))]));
            g.bind(&r, c);
        }
        7 => {
            let name = *g.rng.pick(&["eq", "neq"]);
            let (a, b) = (g.val(&c), g.val(&c));
            g.line(tag(name), format!("{r} = complex.{name} {a}, {b} : {}", c.text()));
            g.bind(&r, T::i1());
        }
        _ => {
            let other = T::I(c.width());
            if g.rng.chance(50) {
                let a = g.val(&c);
                g.line("complex.bitcast", format!("{r} = complex.bitcast {a} : {} to {}", c.text(), other.text()));
                g.bind(&r, other);
            } else {
                let a = g.val(&other);
                g.line("complex.bitcast", format!("{r} = complex.bitcast {a} : {} to {}", other.text(), c.text()));
                g.bind(&r, c);
            }
        }
    }
}
