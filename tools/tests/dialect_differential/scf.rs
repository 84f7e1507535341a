//! scf ops: for (index and integer bounds, unsigned, iter_args), if (results, else), while
//! with condition, parallel with reductions, execute_region (no_inline, several blocks),
//! index_switch and forall (bounds given as values or constants, shared_outs with
//! parallel_insert_slice, mapping), with yields written out or left implicit.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

/// One scf op (an arith op when regions are nested deep enough).
pub fn op(g: &mut Gen) {
    if g.depth >= 3 {
        return super::arith::op(g);
    }
    match g.rng.below(8) {
        0 | 1 => for_op(g),
        2 | 3 => if_op(g),
        4 => while_op(g),
        5 => parallel(g),
        6 => if g.rng.chance(50) { execute_region(g) } else { index_switch(g) },
        _ => forall(g),
    }
}

/// Types of loop-carried or yielded values.
fn carried(g: &mut Gen, max: usize) -> Vec<T> {
    (0..g.rng.range(0, max))
        .map(|_| {
            if g.rng.chance(80) {
                g.scalar_ty()
            } else {
                let e = g.float_ty();
                let s = g.static_shape(1);
                if g.rng.chance(50) { T::vector(s, e) } else { T::tensor(s, e) }
            }
        })
        .collect()
}

/// `-> (a, b)` (or `-> a` for one type when `bare_one`), empty for none.
fn arrow(tys: &[T], bare_one: bool) -> String {
    match tys.len() {
        0 => String::new(),
        1 if bare_one => format!(" -> {}", tys[0].text()),
        _ => {
            let v: Vec<String> = tys.iter().map(T::text).collect();
            format!(" -> ({})", v.join(", "))
        }
    }
}

/// Emits `scf.yield` of values of `tys` (left out, sometimes, when there are none).
pub fn yield_(g: &mut Gen, tys: &[T]) {
    if tys.is_empty() {
        if g.rng.chance(50) {
            g.line("scf.yield", "scf.yield".into());
        }
        return;
    }
    let names: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let v: Vec<String> = tys.iter().map(T::text).collect();
    g.line("scf.yield", format!("scf.yield {} : {}", names.join(", "), v.join(", ")));
}

/// Binds the results of an op with result types `tys`; returns the definition prefix.
fn results(g: &mut Gen, tys: &[T]) -> (String, Vec<String>) {
    if tys.is_empty() {
        return (String::new(), Vec::new());
    }
    let (defs, names) = g.fresh_results(tys.len());
    (format!("{defs} = "), names)
}

fn bind_all(g: &mut Gen, names: &[String], tys: &[T]) {
    for (n, ty) in names.iter().zip(tys) {
        g.bind(n, ty.clone());
    }
}

fn for_op(g: &mut Gen) {
    let iv_ty = if g.rng.chance(80) { T::Index } else { T::I(*g.rng.pick(&[32, 64, 16])) };
    let (lb, ub, st) = (g.val(&iv_ty), g.val(&iv_ty), g.val(&iv_ty));
    let tys = carried(g, 2);
    let inits: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let iv = format!("%i{}", g.id());
    let iters: Vec<(String, T)> = tys.iter().map(|ty| (format!("%it{}", g.id()), ty.clone())).collect();
    let (defs, names) = results(g, &tys);
    let mut header = vec![(iv.clone(), iv_ty.clone())];
    header.extend(iters.iter().cloned());
    let body = g.region(&header, false, |g| {
        g.body_ops(3);
        yield_(g, &tys);
    });
    let unsigned = if g.rng.chance(15) { opt(" unsigned").tag("scf.for.unsigned") } else { t("") };
    let iter_text = if tys.is_empty() {
        String::new()
    } else {
        let pairs: Vec<String> = iters.iter().zip(&inits).map(|((a, _), x)| format!("{a} = {x}")).collect();
        format!(" iter_args({}){}", pairs.join(", "), arrow(&tys, false))
    };
    let ty_text = if iv_ty == T::Index { String::new() } else { format!(" : {}", iv_ty.text()) };
    let attrs = g.attr_dict();
    g.emit(
        "scf.for",
        Doc::cat(vec![
            t(format!("{defs}scf.for")),
            unsigned,
            t(format!(" {iv} = {lb} to {ub} step {st}{iter_text}{ty_text} ")),
            body,
            attrs,
        ]),
    );
    bind_all(g, &names, &tys);
}

fn if_op(g: &mut Gen) {
    let c = g.val(&T::i1());
    let tys = carried(g, 2);
    let (defs, names) = results(g, &tys);
    let then = g.region(&[], false, |g| {
        g.body_ops(3);
        yield_(g, &tys);
    });
    let els = if !tys.is_empty() || g.rng.chance(50) {
        let r = g.region(&[], false, |g| {
            g.body_ops(2);
            yield_(g, &tys);
        });
        Doc::cat(vec![t(" else "), r])
    } else {
        t("")
    };
    let attrs = g.attr_dict();
    g.emit(
        "scf.if",
        Doc::cat(vec![t(format!("{defs}scf.if {c}{} ", arrow(&tys, true))), then, els, attrs]),
    );
    bind_all(g, &names, &tys);
}

fn while_op(g: &mut Gen) {
    let tys = carried(g, 2);
    let inits: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let before_args: Vec<(String, T)> = tys.iter().map(|ty| (format!("%w{}", g.id()), ty.clone())).collect();
    let after_args: Vec<(String, T)> = tys.iter().map(|ty| (format!("%d{}", g.id()), ty.clone())).collect();
    let (defs, names) = results(g, &tys);
    let before = g.region(&before_args, false, |g| {
        g.body_ops(2);
        let c = g.val(&T::i1());
        let fwd: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
        if fwd.is_empty() {
            g.line("scf.condition", format!("scf.condition({c})"));
        } else {
            let v: Vec<String> = tys.iter().map(T::text).collect();
            g.line("scf.condition", format!("scf.condition({c}) {} : {}", fwd.join(", "), v.join(", ")));
        }
    });
    let after = g.region(&after_args, true, |g| {
        g.body_ops(2);
        let ys: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
        if ys.is_empty() {
            g.line("scf.yield", "scf.yield".into());
        } else {
            let v: Vec<String> = tys.iter().map(T::text).collect();
            g.line("scf.yield", format!("scf.yield {} : {}", ys.join(", "), v.join(", ")));
        }
    });
    let pairs: Vec<String> = before_args.iter().zip(&inits).map(|((a, _), x)| format!("{a} = {x}")).collect();
    let v: Vec<String> = tys.iter().map(T::text).collect();
    let res = if tys.len() == 1 { v[0].clone() } else { format!("({})", v.join(", ")) };
    let attrs = if g.rng.chance(15) { opt(" attributes {tst.w}") } else { t("") };
    g.emit(
        "scf.while",
        Doc::cat(vec![
            t(format!("{defs}scf.while ({}) : ({}) -> {res} ", pairs.join(", "), v.join(", "))),
            before,
            t(" do "),
            after,
            attrs,
        ]),
    );
    bind_all(g, &names, &tys);
}

fn parallel(g: &mut Gen) {
    let n = g.rng.range(1, 2);
    let lbs: Vec<String> = (0..n).map(|_| g.index()).collect();
    let ubs: Vec<String> = (0..n).map(|_| g.index()).collect();
    let sts: Vec<String> = (0..n).map(|_| g.positive_index()).collect();
    let ivs: Vec<(String, T)> = (0..n).map(|_| (format!("%p{}", g.id()), T::Index)).collect();
    let tys: Vec<T> = (0..g.rng.range(0, 2)).map(|_| g.scalar_ty()).collect();
    let inits: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let (defs, names) = results(g, &tys);
    let body = g.region(&ivs, false, |g| {
        g.body_ops(3);
        if tys.is_empty() {
            if g.rng.chance(50) {
                g.line("scf.reduce", "scf.reduce".into());
            }
            return;
        }
        let vals: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
        let v: Vec<String> = tys.iter().map(T::text).collect();
        let mut regions = Vec::new();
        for ty in &tys {
            let (l, r) = (format!("%l{}", g.id()), format!("%q{}", g.id()));
            let ty2 = ty.clone();
            let reg = g.region(&[(l.clone(), ty.clone()), (r.clone(), ty.clone())], true, |g| {
                g.body_ops(1);
                let out = if g.rng.chance(50) { l.clone() } else { g.val(&ty2) };
                g.line("scf.reduce.return", format!("scf.reduce.return {out} : {}", ty2.text()));
            });
            regions.push(reg);
        }
        let mut parts = vec![t(format!("scf.reduce({} : {}) ", vals.join(", "), v.join(", ")))];
        for (k, reg) in regions.into_iter().enumerate() {
            if k > 0 {
                parts.push(t(", "));
            }
            parts.push(reg);
        }
        g.emit("scf.reduce", Doc::cat(parts));
    });
    let init = if tys.is_empty() {
        String::new()
    } else {
        format!(" init ({}){}", inits.join(", "), arrow(&tys, true))
    };
    let iv_names: Vec<&str> = ivs.iter().map(|(n, _)| n.as_str()).collect();
    let attrs = g.attr_dict();
    g.emit(
        "scf.parallel",
        Doc::cat(vec![
            t(format!(
                "{defs}scf.parallel ({}) = ({}) to ({}) step ({}){init} ",
                iv_names.join(", "),
                lbs.join(", "),
                ubs.join(", "),
                sts.join(", ")
            )),
            body,
            attrs,
        ]),
    );
    bind_all(g, &names, &tys);
}

fn execute_region(g: &mut Gen) {
    let tys = carried(g, 2);
    let (defs, names) = results(g, &tys);
    let multi = g.rng.chance(30);
    let body = g.region(&[], false, |g| {
        if multi {
            let n = g.rng.range(2, 3);
            let blocks = super::cf::labels(g, n);
            let targets: Vec<super::cf::Target> = blocks[1..]
                .iter()
                .map(|(l, a)| (l.clone(), a.iter().map(|(_, ty)| ty.clone()).collect()))
                .collect();
            let docs = g.blocks(&blocks, |g, i| {
                g.body_ops(2);
                if i + 1 == n {
                    let names: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
                    let v: Vec<String> = tys.iter().map(T::text).collect();
                    let text = if names.is_empty() {
                        "scf.yield".to_string()
                    } else {
                        format!("scf.yield {} : {}", names.join(", "), v.join(", "))
                    };
                    g.line("scf.yield", text);
                } else {
                    super::cf::branch(g, &targets[i..]);
                }
            });
            for d in docs {
                g.raw(d);
            }
        } else {
            g.body_ops(3);
            let names: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
            let v: Vec<String> = tys.iter().map(T::text).collect();
            let text = if names.is_empty() {
                "scf.yield".to_string()
            } else {
                format!("scf.yield {} : {}", names.join(", "), v.join(", "))
            };
            g.line("scf.yield", text);
        }
    });
    let no_inline = if g.rng.chance(20) { opt(" no_inline") } else { t("") };
    let attrs = g.attr_dict();
    g.emit(
        "scf.execute_region",
        Doc::cat(vec![
            t(format!("{defs}scf.execute_region{}", arrow(&tys, true))),
            no_inline,
            t(" "),
            body,
            attrs,
        ]),
    );
    bind_all(g, &names, &tys);
}

fn index_switch(g: &mut Gen) {
    let x = g.index();
    let tys = carried(g, 2);
    let (defs, names) = results(g, &tys);
    let mut cases = Vec::new();
    let mut used = Vec::new();
    for _ in 0..g.rng.range(0, 3) {
        let v: i64 = *g.rng.pick(&[0, 1, 2, 5, -1, 7, 100]);
        if used.contains(&v) {
            continue;
        }
        used.push(v);
        let r = g.region(&[], false, |g| {
            g.body_ops(2);
            force_yield(g, &tys);
        });
        cases.push(Doc::cat(vec![t(format!("\n{}case {v} ", g.indent())), r]));
    }
    let default = g.region(&[], false, |g| {
        g.body_ops(2);
        force_yield(g, &tys);
    });
    let v: Vec<String> = tys.iter().map(T::text).collect();
    let arrow = if tys.is_empty() { String::new() } else { format!(" -> {}", v.join(", ")) };
    g.emit(
        "scf.index_switch",
        Doc::cat(vec![
            t(format!("{defs}scf.index_switch {x}{arrow}")),
            Doc::list("", "", "", cases, 0),
            t(format!("\n{}default ", g.indent())),
            default,
        ]),
    );
    bind_all(g, &names, &tys);
}

/// `scf.yield` written out (index_switch regions need it).
fn force_yield(g: &mut Gen, tys: &[T]) {
    let names: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let v: Vec<String> = tys.iter().map(T::text).collect();
    let text = if names.is_empty() {
        "scf.yield".to_string()
    } else {
        format!("scf.yield {} : {}", names.join(", "), v.join(", "))
    };
    g.line("scf.yield", text);
}

/// A loop bound: an index value or a constant.
fn bound(g: &mut Gen, constant: i64) -> String {
    if g.rng.chance(50) { constant.to_string() } else { g.index() }
}

fn forall(g: &mut Gen) {
    let n = g.rng.range(1, 3);
    let normalized = g.rng.chance(50);
    let ivs: Vec<(String, T)> = (0..n).map(|_| (format!("%f{}", g.id()), T::Index)).collect();
    let header = if normalized {
        let ubs: Vec<String> = (0..n).map(|_| bound(g, 4)).collect();
        format!("in ({})", ubs.join(", "))
    } else {
        let lbs: Vec<String> = (0..n).map(|_| bound(g, 0)).collect();
        let ubs: Vec<String> = (0..n).map(|_| bound(g, 8)).collect();
        let sts: Vec<String> = (0..n).map(|_| bound(g, 2)).collect();
        format!("= ({}) to ({}) step ({})", lbs.join(", "), ubs.join(", "), sts.join(", "))
    };
    // shared_outs: tensors into which the body inserts slices.
    let outs: Vec<T> = (0..g.rng.range(0, 2))
        .map(|_| {
            let e = g.float_ty();
            T::tensor(vec![8, 4], e)
        })
        .collect();
    let inits: Vec<String> = outs.iter().map(|ty| g.val(ty)).collect();
    let out_args: Vec<(String, T)> = outs.iter().map(|ty| (format!("%o{}", g.id()), ty.clone())).collect();
    let (defs, names) = results(g, &outs);
    let mut block = ivs.clone();
    block.extend(out_args.iter().cloned());
    let body = g.region(&block, false, |g| {
        g.body_ops(2);
        // Slices to insert are made before the terminator's region.
        let mut inserts = Vec::new();
        for (o, ty) in &out_args {
            let e = ty.elem().clone();
            let slice_ty = T::tensor(vec![2, 4], e);
            let s = g.val(&slice_ty);
            let off = if g.rng.chance(50) { ivs[0].0.clone() } else { "0".into() };
            inserts.push(format!(
                "tensor.parallel_insert_slice {s} into {o}[{off}, 0] [2, 4] [1, 1] : {} into {}",
                slice_ty.text(),
                ty.text()
            ));
        }
        if inserts.is_empty() && g.rng.chance(50) {
            return;
        }
        let ind = g.indent().to_string();
        let lines: Vec<Doc> = inserts
            .into_iter()
            .map(|l| t(format!("{ind}  {l}\n")).tag("tensor.parallel_insert_slice"))
            .collect();
        g.emit(
            "scf.forall.in_parallel",
            Doc::cat(vec![t("scf.forall.in_parallel {\n"), Doc::list("", "", "", lines, 0), t(format!("{ind}}}"))]),
        );
    });
    let iv_names: Vec<&str> = ivs.iter().map(|(n, _)| n.as_str()).collect();
    let shared = if outs.is_empty() {
        String::new()
    } else {
        let pairs: Vec<String> = out_args.iter().zip(&inits).map(|((a, _), x)| format!("{a} = {x}")).collect();
        format!(" shared_outs({}){}", pairs.join(", "), arrow(&outs, g.rng.chance(50)))
    };
    let mapping = if g.rng.chance(20) {
        let dims = ["x", "y", "z"];
        let m: Vec<String> = (0..n).map(|k| format!("#gpu.thread<{}>", dims[k])).collect();
        opt(format!(" {{mapping = [{}]}}", m.join(", "))).tag("scf.forall.mapping")
    } else {
        t("")
    };
    g.emit(
        "scf.forall",
        Doc::cat(vec![
            t(format!("{defs}scf.forall ({}) {header}{shared} ", iv_names.join(", "))),
            body,
            mapping,
        ]),
    );
    bind_all(g, &names, &outs);
}
