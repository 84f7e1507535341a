//! arith ops: constants of every kind, integer ops with overflow and exact flags, float ops
//! with fastmath flags, extended results, casts with rounding modes, comparisons and select,
//! on scalars, vectors and tensors.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

const INT_OVERFLOW: [(&str, &str); 4] = [
    ("arith.addi", "addi"),
    ("arith.subi", "subi"),
    ("arith.muli", "muli"),
    ("arith.shli", "shli"),
];
const INT_EXACT: [(&str, &str); 4] = [
    ("arith.divui", "divui"),
    ("arith.divsi", "divsi"),
    ("arith.shrui", "shrui"),
    ("arith.shrsi", "shrsi"),
];
const INT_PLAIN: [(&str, &str); 13] = [
    ("arith.ceildivui", "ceildivui"),
    ("arith.ceildivsi", "ceildivsi"),
    ("arith.floordivsi", "floordivsi"),
    ("arith.remui", "remui"),
    ("arith.remsi", "remsi"),
    ("arith.andi", "andi"),
    ("arith.ori", "ori"),
    ("arith.xori", "xori"),
    ("arith.maxsi", "maxsi"),
    ("arith.maxui", "maxui"),
    ("arith.minsi", "minsi"),
    ("arith.minui", "minui"),
    ("arith.addi", "addi"),
];
const FLOAT_BINARY: [(&str, &str); 9] = [
    ("arith.addf", "addf"),
    ("arith.subf", "subf"),
    ("arith.mulf", "mulf"),
    ("arith.divf", "divf"),
    ("arith.remf", "remf"),
    ("arith.maximumf", "maximumf"),
    ("arith.maxnumf", "maxnumf"),
    ("arith.minimumf", "minimumf"),
    ("arith.minnumf", "minnumf"),
];
const CMPI: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const CMPF: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];
const ROUNDING: [&str; 5] = [
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

/// One arith op.
pub fn op(g: &mut Gen) {
    match g.rng.below(14) {
        0 | 1 => constant(g),
        2 | 3 => int_binary(g),
        4 | 5 => float_binary(g),
        6 => extended(g),
        7 | 8 => cast(g),
        9 => compare(g),
        10 => select(g),
        11 => float_cast(g),
        12 => scaling(g),
        _ => negf(g),
    }
}

/// An integer or index elementwise type.
fn int_like(g: &mut Gen) -> T {
    let e = if g.rng.chance(20) { T::Index } else { g.int_ty() };
    g.elementwise(e)
}

/// A float elementwise type.
fn float_like(g: &mut Gen) -> T {
    let e = g.float_ty();
    g.elementwise(e)
}

/// ` overflow<...>` flags, sometimes.
fn overflow(g: &mut Gen) -> Doc {
    if !g.rng.chance(40) {
        return t("");
    }
    let f = *g.rng.pick(&["nsw", "nuw", "nsw, nuw", "none", "nuw, nsw"]);
    opt(format!(" overflow<{f}>")).tag("arith.overflow")
}

/// ` fastmath<...>`, sometimes.
fn fastmath(g: &mut Gen) -> Doc {
    let f = g.fastmath();
    if f.is_empty() {
        t("")
    } else {
        opt(format!(" {f}")).tag("fastmath")
    }
}

fn constant(g: &mut Gen) {
    let r = g.fresh();
    let (text, ty) = match g.rng.below(7) {
        0 => {
            let b = *g.rng.pick(&["true", "false"]);
            (format!("{r} = arith.constant {b}"), T::i1())
        }
        1 | 2 => {
            let ty = if g.rng.chance(30) { T::Index } else { g.int_ty() };
            let lit = g.scalar_literal(&ty);
            (format!("{r} = arith.constant {lit} : {}", ty.text()), ty)
        }
        3 => {
            let ty = g.float_ty();
            let lit = if g.rng.chance(20) {
                match ty.width() {
                    16 => "0x7C00".to_string(),
                    32 => "0x7FC00000".to_string(),
                    _ => "0x7FF0000000000000".to_string(),
                }
            } else {
                g.scalar_literal(&ty)
            };
            (format!("{r} = arith.constant {lit} : {}", ty.text()), ty)
        }
        _ => {
            let e = if g.rng.chance(50) { g.int_ty() } else { g.float_ty() };
            let rank = g.rng.range(0, 2);
            let shape = g.static_shape(rank);
            let ty = if g.rng.chance(50) {
                T::vector(shape.clone(), e.clone())
            } else {
                T::tensor(shape.clone(), e.clone())
            };
            let n: i64 = shape.iter().product();
            let value = if g.rng.chance(50) || n > 8 {
                g.scalar_literal(&e)
            } else {
                let items: Vec<String> = (0..n).map(|_| g.scalar_literal(&e)).collect();
                nest(&items, &shape)
            };
            let value = if e == T::i1() {
                value.replace('1', "true").replace('0', "false")
            } else {
                value
            };
            (format!("{r} = arith.constant dense<{value}> : {}", ty.text()), ty)
        }
    };
    g.line("arith.constant", text);
    g.bind(&r, ty);
}

/// `[[a, b], [c, d]]` for a flat list and its shape.
pub fn nest(items: &[String], shape: &[i64]) -> String {
    if shape.is_empty() {
        return items[0].clone();
    }
    let inner: usize = shape[1..].iter().product::<i64>() as usize;
    let parts: Vec<String> = items
        .chunks(inner.max(1))
        .take(shape[0] as usize)
        .map(|c| nest(c, &shape[1..]))
        .collect();
    format!("[{}]", parts.join(", "))
}

fn int_binary(g: &mut Gen) {
    let ty = int_like(g);
    let (a, b) = (g.val(&ty), g.val(&ty));
    let r = g.fresh();
    let (tag, name, flag) = match g.rng.below(3) {
        0 => {
            let (tag, name) = *g.rng.pick(&INT_OVERFLOW);
            (tag, name, overflow(g))
        }
        1 => {
            let (tag, name) = *g.rng.pick(&INT_EXACT);
            let flag = if g.rng.chance(40) {
                opt(" exact").tag("arith.exact")
            } else {
                t("")
            };
            (tag, name, flag)
        }
        _ => {
            let (tag, name) = *g.rng.pick(&INT_PLAIN);
            (tag, name, t(""))
        }
    };
    let attrs = g.attr_dict();
    g.emit(
        tag,
        Doc::cat(vec![
            t(format!("{r} = arith.{name} {a}, {b}")),
            flag,
            attrs,
            t(format!(" : {}", ty.text())),
        ]),
    );
    g.bind(&r, ty);
}

fn float_binary(g: &mut Gen) {
    let ty = float_like(g);
    let (a, b) = (g.val(&ty), g.val(&ty));
    let r = g.fresh();
    let (tag, name) = *g.rng.pick(&FLOAT_BINARY);
    let fm = fastmath(g);
    let attrs = g.attr_dict();
    g.emit(
        tag,
        Doc::cat(vec![
            t(format!("{r} = arith.{name} {a}, {b}")),
            fm,
            attrs,
            t(format!(" : {}", ty.text())),
        ]),
    );
    g.bind(&r, ty);
}

fn negf(g: &mut Gen) {
    let ty = float_like(g);
    let a = g.val(&ty);
    let r = g.fresh();
    let fm = fastmath(g);
    g.emit(
        "arith.negf",
        Doc::cat(vec![
            t(format!("{r} = arith.negf {a}")),
            fm,
            t(format!(" : {}", ty.text())),
        ]),
    );
    g.bind(&r, ty);
}

fn extended(g: &mut Gen) {
    let ty = int_like(g);
    let (a, b) = (g.val(&ty), g.val(&ty));
    let (defs, names) = g.fresh_results(2);
    match g.rng.below(3) {
        0 => {
            let flag = ty.with_elem(T::i1());
            g.line(
                "arith.addui_extended",
                format!(
                    "{defs} = arith.addui_extended {a}, {b} : {}, {}",
                    ty.text(),
                    flag.text()
                ),
            );
            g.bind(&names[0], ty);
            g.bind(&names[1], flag);
        }
        k => {
            let (tag, name) = if k == 1 {
                ("arith.mulsi_extended", "mulsi_extended")
            } else {
                ("arith.mului_extended", "mului_extended")
            };
            g.line(tag, format!("{defs} = arith.{name} {a}, {b} : {}", ty.text()));
            g.bind(&names[0], ty.clone());
            g.bind(&names[1], ty);
        }
    }
}

/// Integer casts, int/float conversions, index casts and bitcasts.
fn cast(g: &mut Gen) {
    let shape_of = g.elementwise(T::i1());
    let (tag, name, from, to, flag) = match g.rng.below(7) {
        0 => {
            let (a, b) = widths(g);
            let (tag, name) = *g.rng.pick(&[("arith.extui", "extui"), ("arith.extsi", "extsi")]);
            (tag, name, T::I(a), T::I(b), t(""))
        }
        1 => {
            let (a, b) = widths(g);
            let fl = overflow(g);
            ("arith.trunci", "trunci", T::I(b), T::I(a), fl)
        }
        2 => {
            let i = g.int_ty();
            let f = g.float_ty();
            let (tag, name) = *g.rng.pick(&[("arith.uitofp", "uitofp"), ("arith.sitofp", "sitofp")]);
            (tag, name, i, f, t(""))
        }
        3 => {
            let i = g.int_ty();
            let f = g.float_ty();
            let (tag, name) = *g.rng.pick(&[("arith.fptoui", "fptoui"), ("arith.fptosi", "fptosi")]);
            (tag, name, f, i, t(""))
        }
        4 | 5 => {
            let i = g.int_ty();
            let (tag, name) = *g.rng.pick(&[
                ("arith.index_cast", "index_cast"),
                ("arith.index_castui", "index_castui"),
            ]);
            if g.rng.chance(50) {
                (tag, name, T::Index, i, t(""))
            } else {
                (tag, name, i, T::Index, t(""))
            }
        }
        _ => {
            let (a, b) = g.rng.pick(&[
                (T::I(32), T::f32()),
                (T::f32(), T::I(32)),
                (T::I(16), T::F("f16")),
                (T::F("bf16"), T::I(16)),
                (T::F("f16"), T::F("bf16")),
                (T::I(64), T::F("f64")),
                (T::I(8), T::I(8)),
            ]).clone();
            ("arith.bitcast", "bitcast", a, b, t(""))
        }
    };
    let (from, to) = (shape_of.with_elem(from), shape_of.with_elem(to));
    let a = g.val(&from);
    let r = g.fresh();
    let attrs = g.attr_dict();
    g.emit(
        tag,
        Doc::cat(vec![
            t(format!("{r} = arith.{name} {a}")),
            flag,
            attrs,
            t(format!(" : {} to {}", from.text(), to.text())),
        ]),
    );
    g.bind(&r, to);
}

/// A narrower and a wider integer width.
fn widths(g: &mut Gen) -> (u32, u32) {
    *g.rng.pick(&[(1, 8), (8, 16), (8, 32), (16, 32), (32, 64), (1, 32), (16, 64)])
}

/// extf and truncf with rounding modes and fastmath.
fn float_cast(g: &mut Gen) {
    let (narrow, wide) = *g.rng.pick(&[
        ("f16", "f32"),
        ("bf16", "f32"),
        ("f32", "f64"),
        ("f16", "f64"),
        ("f8E5M2", "f16"),
        ("f8E4M3FN", "f32"),
    ]);
    let shape_of = g.elementwise(T::i1());
    let (n, w) = (shape_of.with_elem(T::F(narrow)), shape_of.with_elem(T::F(wide)));
    let r = g.fresh();
    let fm = fastmath(g);
    if g.rng.chance(50) {
        let a = g.val(&n);
        g.emit(
            "arith.extf",
            Doc::cat(vec![
                t(format!("{r} = arith.extf {a}")),
                fm,
                t(format!(" : {} to {}", n.text(), w.text())),
            ]),
        );
        g.bind(&r, w);
    } else {
        let a = g.val(&w);
        let rm = if g.rng.chance(40) {
            opt(format!(" {}", g.rng.pick(&ROUNDING))).tag("arith.roundingmode")
        } else {
            t("")
        };
        g.emit(
            "arith.truncf",
            Doc::cat(vec![
                t(format!("{r} = arith.truncf {a}")),
                rm,
                fm,
                t(format!(" : {} to {}", w.text(), n.text())),
            ]),
        );
        g.bind(&r, n);
    }
}

/// scaling_extf and scaling_truncf.
fn scaling(g: &mut Gen) {
    let shape_of = g.elementwise(T::i1());
    let (narrow, wide) = *g.rng.pick(&[("f8E5M2", "f32"), ("f16", "f32"), ("f4E2M1FN", "f16")]);
    let (n, w) = (shape_of.with_elem(T::F(narrow)), shape_of.with_elem(T::F(wide)));
    let scale = shape_of.with_elem(T::F("f8E8M0FNU"));
    let sc = g.val(&scale);
    let r = g.fresh();
    let fm = fastmath(g);
    if g.rng.chance(50) {
        let a = g.val(&n);
        g.emit(
            "arith.scaling_extf",
            Doc::cat(vec![
                t(format!("{r} = arith.scaling_extf {a}, {sc}")),
                fm,
                t(format!(" : {}, {} to {}", n.text(), scale.text(), w.text())),
            ]),
        );
        g.bind(&r, w);
    } else {
        let a = g.val(&w);
        let rm = if g.rng.chance(40) {
            opt(format!(" {}", g.rng.pick(&ROUNDING)))
        } else {
            t("")
        };
        g.emit(
            "arith.scaling_truncf",
            Doc::cat(vec![
                t(format!("{r} = arith.scaling_truncf {a}, {sc}")),
                rm,
                fm,
                t(format!(" : {}, {} to {}", w.text(), scale.text(), n.text())),
            ]),
        );
        g.bind(&r, n);
    }
}

fn compare(g: &mut Gen) {
    let r = g.fresh();
    if g.rng.chance(50) {
        let ty = int_like(g);
        let (a, b) = (g.val(&ty), g.val(&ty));
        let p = *g.rng.pick(&CMPI);
        let attrs = g.attr_dict();
        g.emit(
            "arith.cmpi",
            Doc::cat(vec![
                t(format!("{r} = arith.cmpi {p}, {a}, {b}")),
                attrs,
                t(format!(" : {}", ty.text())),
            ]),
        );
        g.bind(&r, ty.with_elem(T::i1()));
    } else {
        let ty = float_like(g);
        let (a, b) = (g.val(&ty), g.val(&ty));
        let p = *g.rng.pick(&CMPF);
        let fm = fastmath(g);
        g.emit(
            "arith.cmpf",
            Doc::cat(vec![
                t(format!("{r} = arith.cmpf {p}, {a}, {b}")),
                fm,
                t(format!(" : {}", ty.text())),
            ]),
        );
        g.bind(&r, ty.with_elem(T::i1()));
    }
}

fn select(g: &mut Gen) {
    let e = g.scalar_ty();
    let ty = g.elementwise(e);
    let shaped_cond = !matches!(ty, T::I(_) | T::Index | T::F(_)) && g.rng.chance(60);
    let cond_ty = if shaped_cond { ty.with_elem(T::i1()) } else { T::i1() };
    let c = g.val(&cond_ty);
    let (a, b) = (g.val(&ty), g.val(&ty));
    let r = g.fresh();
    let attrs = g.attr_dict();
    let types = if shaped_cond {
        format!("{}, {}", cond_ty.text(), ty.text())
    } else {
        ty.text()
    };
    g.emit(
        "arith.select",
        Doc::cat(vec![
            t(format!("{r} = arith.select {c}, {a}, {b}")),
            attrs,
            t(format!(" : {types}")),
        ]),
    );
    g.bind(&r, ty);
}
