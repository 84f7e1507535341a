//! cf ops: function bodies of several blocks with arguments, ended by `cf.br`, `cf.cond_br`
//! (with operands and branch weights) and `cf.switch` (cases of any flag width), and
//! `cf.assert` anywhere.

use super::program::{Gen, Val, opt, t};
use super::types::T;
use crate::doc::Doc;

/// A block a branch may target: its label and argument types.
pub type Target = (String, Vec<T>);

/// One cf op that fits anywhere in a block: `cf.assert`.
pub fn op(g: &mut Gen) {
    let c = g.val(&T::i1());
    let msg = *g.rng.pick(&["\"oops\"", "\"\"", "\"a \\\"quoted\\\" message\"", "\"x\\n\""]);
    let attrs = g.attr_dict();
    g.emit("cf.assert", Doc::cat(vec![t(format!("cf.assert {c}, {msg}")), attrs]));
}

/// A function body of several blocks and the function's result types.
pub fn body(g: &mut Gen) -> (Vec<Doc>, Vec<T>) {
    let results: Vec<T> = (0..g.rng.range(0, 1)).map(|_| g.scalar_ty()).collect();
    let blocks = { let n = g.rng.range(2, 4); labels(g, n) };
    let targets: Vec<Target> = blocks[1..]
        .iter()
        .map(|(l, args)| (l.clone(), args.iter().map(|(_, ty)| ty.clone()).collect()))
        .collect();
    let n = blocks.len();
    let docs = g.blocks(&blocks, |g, i| {
        g.body_ops(3);
        if i + 1 == n || g.rng.chance(15) {
            let vals: Vec<Val> = results
                .iter()
                .map(|ty| {
                    let name = g.val(ty);
                    Val { name, ty: ty.clone(), aff: super::program::Aff::No }
                })
                .collect();
            g.ret(&vals);
        } else {
            branch(g, &targets[i..]);
        }
    });
    (docs, results)
}

/// Labels and arguments for `n` blocks (the first, the entry block, has none).
pub fn labels(g: &mut Gen, n: usize) -> Vec<(String, Vec<(String, T)>)> {
    (0..n)
        .map(|i| {
            if i == 0 {
                return ("^entry".to_string(), Vec::new());
            }
            let label = format!("^bb{}", g.id());
            let args = (0..g.rng.range(0, 2))
                .map(|_| {
                    let ty = g.scalar_ty();
                    (format!("%b{}", g.id()), ty)
                })
                .collect();
            (label, args)
        })
        .collect()
}

/// `^bb3(%x, %y : i32, f32)` for a target, with operands of its argument types.
fn successor(g: &mut Gen, target: &Target) -> String {
    let (label, tys) = target;
    if tys.is_empty() {
        return label.clone();
    }
    let names: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let tys: Vec<String> = tys.iter().map(T::text).collect();
    format!("{label}({} : {})", names.join(", "), tys.join(", "))
}

/// A branch to some of `targets` (non-empty): `cf.br`, `cf.cond_br` or `cf.switch`.
pub fn branch(g: &mut Gen, targets: &[Target]) {
    match g.rng.below(4) {
        0 => {
            let target = g.rng.pick(targets).clone();
            let s = successor(g, &target);
            let attrs = g.attr_dict();
            g.emit("cf.br", Doc::cat(vec![t(format!("cf.br {s}")), attrs]));
        }
        1 | 2 => {
            let c = g.val(&T::i1());
            let a = g.rng.pick(targets).clone();
            let b = g.rng.pick(targets).clone();
            let (sa, sb) = (successor(g, &a), successor(g, &b));
            let weights = if g.rng.chance(30) {
                let (x, y) = *g.rng.pick(&[(1, 0), (3, 7), (0, 100), (50, 50)]);
                opt(format!(" weights([{x}, {y}])")).tag("cf.cond_br.weights")
            } else {
                t("")
            };
            let attrs = g.attr_dict();
            g.emit(
                "cf.cond_br",
                Doc::cat(vec![t(format!("cf.cond_br {c}")), weights, t(format!(", {sa}, {sb}")), attrs]),
            );
        }
        _ => {
            let flag_ty = T::I(*g.rng.pick(&[8, 16, 32, 32, 64, 1, 3]));
            let flag = g.val(&flag_ty);
            let d = g.rng.pick(targets).clone();
            let default = successor(g, &d);
            let mut cases = vec![t(format!("\n{}  default: {default}", g.indent()))];
            let mut used = Vec::new();
            for _ in 0..g.rng.range(0, 3) {
                let v: i64 = *g.rng.pick(&[0, 1, 2, 5, -1, 42, 127, -128, 200]);
                let fits = match flag_ty.width() {
                    1 => v == 0 || v == 1,
                    3 => (-4..8).contains(&v),
                    8 => (-128..256).contains(&v),
                    _ => true,
                };
                if !fits || used.contains(&v) {
                    continue;
                }
                used.push(v);
                let target = g.rng.pick(targets).clone();
                let s = successor(g, &target);
                cases.push(t(format!("\n{}  {v}: {s}", g.indent())));
            }
            let attrs = g.attr_dict();
            g.emit(
                "cf.switch",
                Doc::cat(vec![
                    t(format!("cf.switch {flag} : {}, [", flag_ty.text())),
                    Doc::list("", ",", "", cases, 1),
                    t(format!("\n{}]", g.indent())),
                    attrs,
                ]),
            );
        }
    }
}
