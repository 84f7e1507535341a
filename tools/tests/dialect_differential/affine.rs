//! affine ops: apply, min and max with random affine expressions (which MLIR simplifies when
//! it prints them), for (constant, symbol and map bounds with min/max, steps, iter_args),
//! parallel (min/max bound groups, steps, reductions), if (integer sets, else, results),
//! load/store and vector_load/vector_store with subscript expressions and `symbol(...)`,
//! prefetch, dma_start/dma_wait, delinearize_index and linearize_index. Index operands are
//! valid affine dimensions and symbols (see `program.rs`).

use super::program::{Aff, Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

/// An affine expression over `dims` and `syms` (their spellings).
fn expr(g: &mut Gen, dims: &[String], syms: &[String], depth: usize) -> String {
    let leaf = |g: &mut Gen| -> String {
        let k = g.rng.below(dims.len() + syms.len() + 1);
        if k < dims.len() {
            dims[k].clone()
        } else if k < dims.len() + syms.len() {
            syms[k - dims.len()].clone()
        } else {
            g.rng.pick(&["0", "1", "3", "7", "-2", "16"]).to_string()
        }
    };
    if depth >= 2 || g.rng.chance(35) {
        return leaf(g);
    }
    let a = expr(g, dims, syms, depth + 1);
    match g.rng.below(8) {
        0 | 1 => format!("{a} + {}", expr(g, dims, syms, depth + 1)),
        2 => format!("{a} - {}", expr(g, dims, syms, depth + 1)),
        3 => format!("({a}) * {}", g.rng.pick(&["2", "4", "-1", "3"])),
        4 => format!("({a}) floordiv {}", g.rng.pick(&["2", "4", "8"])),
        5 => format!("({a}) mod {}", g.rng.pick(&["2", "3", "16"])),
        6 => format!("({a}) ceildiv {}", g.rng.pick(&["2", "4"])),
        _ => format!("{a} + {}", g.rng.pick(&["1", "5", "-3"])),
    }
}

/// A map with `nd` dims, `ns` symbols and `nr` results, as an `affine_map<...>` literal.
fn map(g: &mut Gen, nd: usize, ns: usize, nr: usize) -> String {
    let dims: Vec<String> = (0..nd).map(|i| format!("d{i}")).collect();
    let syms: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let results: Vec<String> = (0..nr).map(|_| expr(g, &dims, &syms, 0)).collect();
    let sym_text = if ns == 0 { String::new() } else { format!("[{}]", syms.join(", ")) };
    format!("affine_map<({}){sym_text} -> ({})>", dims.join(", "), results.join(", "))
}

/// Operands for `nd` dims and `ns` symbols: `(%a, %b)[%c]`.
fn map_operands(g: &mut Gen, nd: usize, ns: usize) -> String {
    let ds: Vec<String> = (0..nd).map(|_| g.dim()).collect();
    let ss: Vec<String> = (0..ns).map(|_| g.sym()).collect();
    let sym_text = if ns == 0 { String::new() } else { format!("[{}]", ss.join(", ")) };
    format!("({}){sym_text}", ds.join(", "))
}

/// Subscript expressions for a memref of rank `rank`, over valid dims and `symbol(...)`.
fn subscripts(g: &mut Gen, rank: usize) -> String {
    let dims: Vec<String> = (0..2).map(|_| g.dim()).collect();
    let syms: Vec<String> = (0..1).map(|_| format!("symbol({})", g.sym())).collect();
    let v: Vec<String> = (0..rank)
        .map(|_| if g.rng.chance(50) { g.rng.pick(&dims).clone() } else { expr(g, &dims, &syms, 1) })
        .collect();
    v.join(", ")
}

/// A static memref for affine memory ops.
fn memref(g: &mut Gen) -> T {
    let e = g.rng.pick(&[T::f32(), T::f32(), T::I(32), T::F("f16")]).clone();
    let rank = g.rng.range(0, 2);
    let shape: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[16, 64, 100])).collect();
    T::memref(shape, e)
}

/// One affine op.
pub fn op(g: &mut Gen) {
    match g.rng.below(14) {
        0 | 1 => apply(g),
        2 => min_max(g),
        3 | 4 => for_op(g),
        5 => parallel(g),
        6 => if_op(g),
        7 | 8 => load_store(g),
        9 => vector_load_store(g),
        10 => {
            let ty = memref(g);
            let m = g.val(&ty);
            let sub = subscripts(g, ty.shape().len());
            let rw = *g.rng.pick(&["read", "write"]);
            let cache = *g.rng.pick(&["data", "instr"]);
            let loc = g.rng.below(4);
            g.line("affine.prefetch", format!("affine.prefetch {m}[{sub}], {rw}, locality<{loc}>, {cache} : {}", ty.text()));
        }
        11 => dma(g),
        _ => linearize(g),
    }
}

fn bind_result(g: &mut Gen, r: &str, operands: &[String]) {
    let affs: Vec<Aff> = operands.iter().map(|o| g.aff_of(o)).collect();
    let aff = if affs.iter().all(|a| *a == Aff::Sym) { Aff::Sym } else { Aff::Dim };
    let aff = if g.depth == 0 { Aff::Sym } else { aff };
    g.bind_aff(r, T::Index, aff);
}

/// The SSA names in an operand list text.
fn names_in(text: &str) -> Vec<String> {
    text.split(|c: char| c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == ' ')
        .filter(|s| s.starts_with('%'))
        .map(str::to_string)
        .collect()
}

fn apply(g: &mut Gen) {
    let (nd, ns) = (g.rng.range(0, 2), g.rng.range(0, 2));
    let m = map(g, nd, ns, 1);
    let ops = map_operands(g, nd, ns);
    let r = g.fresh();
    g.line("affine.apply", format!("{r} = affine.apply {m}{ops}"));
    bind_result(g, &r, &names_in(&ops));
}

fn min_max(g: &mut Gen) {
    let (nd, ns) = (g.rng.range(0, 2), g.rng.range(0, 1));
    let nr = g.rng.range(1, 3);
    let m = map(g, nd, ns, nr);
    let ops = map_operands(g, nd, ns);
    let (tag, name) = *g.rng.pick(&[("affine.min", "min"), ("affine.max", "max")]);
    let r = g.fresh();
    let attrs = g.attr_dict();
    g.emit(tag, Doc::cat(vec![t(format!("{r} = affine.{name} {m}{ops}")), attrs]));
    g.bind(&r, T::Index);
}

/// A loop bound: a constant, a symbol, or a map (with `min`/`max` for several results).
fn bound(g: &mut Gen, lower: bool) -> String {
    match g.rng.below(5) {
        0 | 1 => (if lower { g.rng.below(3) } else { g.rng.range(4, 20) }).to_string(),
        2 => g.sym(),
        _ => {
            let (nd, ns) = (g.rng.range(0, 1), g.rng.range(0, 1));
            let nr = if g.rng.chance(30) { 2 } else { 1 };
            let m = map(g, nd, ns, nr);
            let ops = map_operands(g, nd, ns);
            let kw = if nr > 1 { if lower { "max " } else { "min " } } else { "" };
            format!("{kw}{m}{ops}")
        }
    }
}

/// Emits `affine.yield` of values of `tys` (left out, sometimes, when there are none).
fn yield_(g: &mut Gen, tys: &[T]) {
    if tys.is_empty() {
        if g.rng.chance(40) {
            g.line("affine.yield", "affine.yield".into());
        }
        return;
    }
    let vs: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let v: Vec<String> = tys.iter().map(T::text).collect();
    g.line("affine.yield", format!("affine.yield {} : {}", vs.join(", "), v.join(", ")));
}

fn carried(g: &mut Gen) -> Vec<T> {
    (0..g.rng.range(0, 2)).map(|_| if g.rng.chance(50) { T::Index } else { g.scalar_ty() }).collect()
}

fn results(g: &mut Gen, tys: &[T]) -> (String, Vec<String>) {
    if tys.is_empty() {
        return (String::new(), Vec::new());
    }
    let (defs, names) = g.fresh_results(tys.len());
    (format!("{defs} = "), names)
}

fn for_op(g: &mut Gen) {
    if g.depth >= 3 {
        return apply(g);
    }
    let (lb, ub) = (bound(g, true), bound(g, false));
    let step = if g.rng.chance(30) { format!(" step {}", g.rng.pick(&["2", "4", "1"])) } else { String::new() };
    let tys = carried(g);
    let inits: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let iv = format!("%i{}", g.id());
    let iters: Vec<(String, T)> = tys.iter().map(|ty| (format!("%acc{}", g.id()), ty.clone())).collect();
    let (defs, names) = results(g, &tys);
    let mut header = vec![(iv.clone(), T::Index)];
    // Loop-carried index values are neither dims nor symbols: bound separately below.
    let body = g.region_aff(&header[..1], false, Aff::Dim, |g| {
        for (n, ty) in &iters {
            g.bind_aff(n, ty.clone(), Aff::No);
        }
        g.body_ops(3);
        yield_(g, &tys);
    });
    header.truncate(1);
    let iter_text = if tys.is_empty() {
        String::new()
    } else {
        let pairs: Vec<String> = iters.iter().zip(&inits).map(|((a, _), x)| format!("{a} = {x}")).collect();
        let v: Vec<String> = tys.iter().map(T::text).collect();
        format!(" iter_args({}) -> ({})", pairs.join(", "), v.join(", "))
    };
    let attrs = g.attr_dict();
    g.emit("affine.for", Doc::cat(vec![t(format!("{defs}affine.for {iv} = {lb} to {ub}{step}{iter_text} ")), body, attrs]));
    for (n, ty) in names.iter().zip(&tys) {
        g.bind(n, ty.clone());
    }
}

/// A parallel bound: an expression over valid dims, or `max(...)`/`min(...)` of several.
fn par_bound(g: &mut Gen, lower: bool) -> String {
    let dims: Vec<String> = (0..1).map(|_| g.dim()).collect();
    let syms: Vec<String> = (0..1).map(|_| format!("symbol({})", g.sym())).collect();
    match g.rng.below(4) {
        0 => (if lower { 0 } else { g.rng.range(4, 16) }).to_string(),
        1 => {
            let a = expr(g, &dims, &syms, 1);
            let b = g.rng.range(1, 9);
            format!("{}({a}, {b})", if lower { "max" } else { "min" })
        }
        _ => expr(g, &dims, &syms, 1),
    }
}

fn parallel(g: &mut Gen) {
    if g.depth >= 3 {
        return apply(g);
    }
    let n = g.rng.range(0, 2);
    let ivs: Vec<(String, T)> = (0..n).map(|_| (format!("%p{}", g.id()), T::Index)).collect();
    let lbs: Vec<String> = (0..n).map(|_| par_bound(g, true)).collect();
    let ubs: Vec<String> = (0..n).map(|_| par_bound(g, false)).collect();
    let steps = if n > 0 && g.rng.chance(30) {
        let s: Vec<&str> = (0..n).map(|_| *g.rng.pick(&["1", "2", "4"])).collect();
        format!(" step ({})", s.join(", "))
    } else {
        String::new()
    };
    let reds: Vec<(&str, T)> = (0..g.rng.range(0, 2))
        .map(|_| {
            if g.rng.chance(50) {
                (*g.rng.pick(&["\"addf\"", "\"mulf\"", "\"maximumf\"", "\"minimumf\""]), T::f32())
            } else {
                (*g.rng.pick(&["\"addi\"", "\"muli\"", "\"andi\"", "\"ori\""]), T::I(32))
            }
        })
        .collect();
    let tys: Vec<T> = reds.iter().map(|(_, ty)| ty.clone()).collect();
    let (defs, names) = results(g, &tys);
    let body = g.region_aff(&ivs, false, Aff::Dim, |g| {
        g.body_ops(3);
        if tys.is_empty() {
            if g.rng.chance(40) {
                g.line("affine.yield", "affine.yield".into());
            }
        } else {
            let vs: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
            let v: Vec<String> = tys.iter().map(T::text).collect();
            g.line("affine.yield", format!("affine.yield {} : {}", vs.join(", "), v.join(", ")));
        }
    });
    let reduce = if reds.is_empty() {
        String::new()
    } else {
        let k: Vec<&str> = reds.iter().map(|(k, _)| *k).collect();
        let v: Vec<String> = tys.iter().map(T::text).collect();
        format!(" reduce ({}) -> ({})", k.join(", "), v.join(", "))
    };
    let iv_names: Vec<&str> = ivs.iter().map(|(n, _)| n.as_str()).collect();
    g.emit(
        "affine.parallel",
        Doc::cat(vec![
            t(format!(
                "{defs}affine.parallel ({}) = ({}) to ({}){steps}{reduce} ",
                iv_names.join(", "),
                lbs.join(", "),
                ubs.join(", ")
            )),
            body,
        ]),
    );
    for (n, ty) in names.iter().zip(&tys) {
        g.bind(n, ty.clone());
    }
}

fn if_op(g: &mut Gen) {
    if g.depth >= 3 {
        return apply(g);
    }
    let (nd, ns) = (g.rng.range(0, 2), g.rng.range(0, 1));
    let dims: Vec<String> = (0..nd).map(|i| format!("d{i}")).collect();
    let syms: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let constraints: Vec<String> = (0..g.rng.range(1, 3))
        .map(|_| {
            let e = expr(g, &dims, &syms, 0);
            let rel = if g.rng.chance(25) { "==" } else { ">=" };
            format!("{e} {rel} 0")
        })
        .collect();
    let sym_text = if ns == 0 { String::new() } else { format!("[{}]", syms.join(", ")) };
    let set = format!("affine_set<({}){sym_text} : ({})>", dims.join(", "), constraints.join(", "));
    let ops = map_operands(g, nd, ns);
    let tys = carried(g);
    let (defs, names) = results(g, &tys);
    let then = g.region(&[], false, |g| {
        g.body_ops(2);
        yield_(g, &tys);
    });
    let els = if !tys.is_empty() || g.rng.chance(40) {
        let r = g.region(&[], false, |g| {
            g.body_ops(2);
            yield_(g, &tys);
        });
        Doc::cat(vec![t(" else "), r])
    } else {
        t("")
    };
    let arrow = if tys.is_empty() {
        String::new()
    } else {
        let v: Vec<String> = tys.iter().map(T::text).collect();
        format!(" -> ({})", v.join(", "))
    };
    g.emit("affine.if", Doc::cat(vec![t(format!("{defs}affine.if {set}{ops}{arrow} ")), then, els]));
    for (n, ty) in names.iter().zip(&tys) {
        g.bind(n, ty.clone());
    }
}

fn load_store(g: &mut Gen) {
    let ty = memref(g);
    let m = g.val(&ty);
    let sub = subscripts(g, ty.shape().len());
    if g.rng.chance(50) {
        let r = g.fresh();
        let attrs = g.attr_dict();
        g.emit("affine.load", Doc::cat(vec![t(format!("{r} = affine.load {m}[{sub}]")), attrs, t(format!(" : {}", ty.text()))]));
        g.bind(&r, ty.elem().clone());
    } else {
        let v = g.val(&ty.elem().clone());
        g.line("affine.store", format!("affine.store {v}, {m}[{sub}] : {}", ty.text()));
    }
}

fn vector_load_store(g: &mut Gen) {
    let mut ty = memref(g);
    if ty.shape().is_empty() {
        ty = T::memref(vec![64], ty.elem().clone());
    }
    let m = g.val(&ty);
    let sub = subscripts(g, ty.shape().len());
    let v = T::vector(vec![*g.rng.pick(&[4, 8])], ty.elem().clone());
    if g.rng.chance(50) {
        let r = g.fresh();
        g.line("affine.vector_load", format!("{r} = affine.vector_load {m}[{sub}] : {}, {}", ty.text(), v.text()));
        g.bind(&r, v);
    } else {
        let x = g.val(&v);
        g.line("affine.vector_store", format!("affine.vector_store {x}, {m}[{sub}] : {}, {}", ty.text(), v.text()));
    }
}

fn dma(g: &mut Gen) {
    let src = T::memref(vec![64, 64], T::f32());
    let tag = T::memref(vec![1], T::I(32));
    let (s, d, tg) = (g.val(&src), g.val(&src), g.val(&tag));
    let (si, di, ti) = (subscripts(g, 2), subscripts(g, 2), subscripts(g, 1));
    let n = g.sym();
    let stride = if g.rng.chance(30) { format!(", {}, {}", g.sym(), g.sym()) } else { String::new() };
    g.line(
        "affine.dma_start",
        format!("affine.dma_start {s}[{si}], {d}[{di}], {tg}[{ti}], {n}{stride} : {0}, {0}, {1}", src.text(), tag.text()),
    );
    if g.rng.chance(60) {
        let (ti2, n2) = (subscripts(g, 1), g.sym());
        g.line("affine.dma_wait", format!("affine.dma_wait {tg}[{ti2}], {n2} : {}", tag.text()));
    }
}

fn linearize(g: &mut Gen) {
    let len = g.rng.range(0, 3);
    let basis: Vec<String> = (0..len)
        .map(|_| if g.rng.chance(30) { g.index() } else { g.rng.pick(&["2", "4", "8", "16"]).to_string() })
        .collect();
    // Without an outer bound, there is one more index than basis elements.
    let outer_omitted = len == 0 || g.rng.chance(30);
    let n = len + usize::from(outer_omitted);
    if g.rng.chance(50) {
        let x = g.index();
        let (defs, names) = g.fresh_results(n);
        let tys = vec!["index"; n].join(", ");
        g.line("affine.delinearize_index", format!("{defs} = affine.delinearize_index {x} into ({}) : {tys}", basis.join(", ")));
        for nm in names {
            g.bind(&nm, T::Index);
        }
    } else {
        let idx: Vec<String> = (0..n).map(|_| g.index()).collect();
        let disjoint = if g.rng.chance(30) { opt(" disjoint") } else { t("") };
        let r = g.fresh();
        g.emit(
            "affine.linearize_index",
            Doc::cat(vec![
                t(format!("{r} = affine.linearize_index")),
                disjoint,
                t(format!(" [{}] by ({}) : index", idx.join(", "), basis.join(", "))),
            ]),
        );
        g.bind(&r, T::Index);
    }
}
