//! tensor ops: empty, extract, insert, extract_slice and insert_slice (static and dynamic
//! offsets, sizes and strides, rank reduction), cast, dim, rank, reshape,
//! expand/collapse_shape (static and dynamic output shapes), pad (nofold, mixed bounds),
//! generate, from_elements, splat, concat, bitcast, gather and scatter.

use super::program::{Gen, opt, t};
use super::types::{DYN, T};
use crate::doc::Doc;

/// A tensor element type.
pub fn elem(g: &mut Gen) -> T {
    match g.rng.below(7) {
        0..=2 => T::f32(),
        3 => T::F("f16"),
        4 => T::I(32),
        5 => T::Index,
        _ => T::I(8),
    }
}

/// A ranked tensor type (rank 0 to 3, some dynamic dimensions).
pub fn any(g: &mut Gen) -> T {
    let e = elem(g);
    let rank = g.rng.range(0, 3);
    let shape = g.shape(rank);
    T::tensor(shape, e)
}

/// A mixed static/dynamic list and its static values (`DYN` for operands).
fn mixed(g: &mut Gen, statics: &[i64], dynamic_pct: u32) -> (String, Vec<i64>) {
    let mut parts = Vec::new();
    let mut vals = Vec::new();
    for &s in statics {
        if g.rng.chance(dynamic_pct) {
            parts.push(g.index());
            vals.push(DYN);
        } else {
            parts.push(s.to_string());
            vals.push(s);
        }
    }
    (format!("[{}]", parts.join(", ")), vals)
}

/// One tensor op.
pub fn op(g: &mut Gen) {
    match g.rng.below(19) {
        0 | 1 => {
            let ty = any(g);
            let sizes: Vec<String> = ty.shape().iter().filter(|d| **d == DYN).map(|_| g.index()).collect();
            let r = g.fresh();
            g.line("tensor.empty", format!("{r} = tensor.empty({}) : {}", sizes.join(", "), ty.text()));
            g.bind(&r, ty);
        }
        2 | 3 => {
            let ty = any(g);
            let x = g.val(&ty);
            let idx: Vec<String> = ty.shape().iter().map(|_| g.index()).collect();
            let r = g.fresh();
            if g.rng.chance(50) {
                g.line("tensor.extract", format!("{r} = tensor.extract {x}[{}] : {}", idx.join(", "), ty.text()));
                g.bind(&r, ty.elem().clone());
            } else {
                let v = g.val(&ty.elem().clone());
                g.line("tensor.insert", format!("{r} = tensor.insert {v} into {x}[{}] : {}", idx.join(", "), ty.text()));
                g.bind(&r, ty);
            }
        }
        4 | 5 => slice(g),
        6 => cast(g),
        7 => {
            let ty = if g.rng.chance(30) { T::UTensor(Box::new(T::f32())) } else { any(g) };
            let x = g.val(&ty);
            let r = g.fresh();
            if g.rng.chance(50) && ty.shape().len() != 0 || matches!(ty, T::UTensor(_)) {
                let i = g.index();
                g.line("tensor.dim", format!("{r} = tensor.dim {x}, {i} : {}", ty.text()));
            } else {
                g.line("tensor.rank", format!("{r} = tensor.rank {x} : {}", ty.text()));
            }
            g.bind(&r, T::Index);
        }
        8 => {
            let e = elem(g);
            let src = T::tensor(vec![*g.rng.pick(&[8, DYN])], e.clone());
            let (shape, res) = if g.rng.chance(70) {
                (T::tensor(vec![2], T::Index), T::tensor(vec![2, 4], e))
            } else {
                (T::tensor(vec![3], T::I(32)), T::tensor(vec![DYN, 2, DYN], e))
            };
            let (x, s) = (g.val(&src), g.val(&shape));
            let r = g.fresh();
            g.line("tensor.reshape", format!("{r} = tensor.reshape {x}({s}) : ({}, {}) -> {}", src.text(), shape.text(), res.text()));
            g.bind(&r, res);
        }
        9 => expand_collapse(g),
        10 | 11 => pad(g),
        12 => generate(g),
        13 => {
            let e = elem(g);
            let rank = g.rng.range(0, 2);
            let shape: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[1, 2, 3])).collect();
            let n: i64 = shape.iter().product();
            let vals: Vec<String> = (0..n).map(|_| g.val(&e)).collect();
            let ty = T::tensor(shape, e);
            let r = g.fresh();
            let sep = if vals.is_empty() { "" } else { " " };
            g.line("tensor.from_elements", format!("{r} = tensor.from_elements{sep}{} : {}", vals.join(", "), ty.text()));
            g.bind(&r, ty);
        }
        14 => {
            let ty = any(g);
            let v = g.val(&ty.elem().clone());
            let sizes: Vec<String> = ty.shape().iter().filter(|d| **d == DYN).map(|_| g.index()).collect();
            let dyn_text = if sizes.is_empty() { String::new() } else { format!("[{}]", sizes.join(", ")) };
            let r = g.fresh();
            g.line("tensor.splat", format!("{r} = tensor.splat {v}{dyn_text} : {}", ty.text()));
            g.bind(&r, ty);
        }
        15 => concat(g),
        16 => {
            let rank = g.rng.range(1, 2);
            let shape = g.shape(rank);
            let (a, b) = g.rng.pick(&[(T::I(32), T::f32()), (T::f32(), T::I(32)), (T::I(16), T::F("f16")), (T::I(8), T::I(8))]).clone();
            let (src, dst) = (T::tensor(shape.clone(), a), T::tensor(shape, b));
            let x = g.val(&src);
            let r = g.fresh();
            g.line("tensor.bitcast", format!("{r} = tensor.bitcast {x} : {} to {}", src.text(), dst.text()));
            g.bind(&r, dst);
        }
        _ => gather_scatter(g),
    }
}

fn slice(g: &mut Gen) {
    let e = elem(g);
    let rank = g.rng.range(1, 3);
    let big_shape: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[8, 16, DYN])).collect();
    let big = T::tensor(big_shape, e.clone());
    // Static offsets, sizes and strides stay within 8.
    let offs: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[0, 0, 1])).collect();
    let szs: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[1, 2, 2, 4])).collect();
    let sts: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[1, 1, 1, 2])).collect();
    let (ot, _) = mixed(g, &offs, 25);
    let (zt, zv) = mixed(g, &szs, 20);
    let (st, _) = mixed(g, &sts, 15);
    let keep: Vec<bool> = zv.iter().map(|z| *z != 1 || g.rng.chance(60)).collect();
    let small_shape: Vec<i64> = zv.iter().zip(&keep).filter(|(_, k)| **k).map(|(z, _)| *z).collect();
    let small = T::tensor(small_shape, e);
    let reducing = keep.iter().any(|k| !k);
    let r = g.fresh();
    let attrs = g.attr_dict();
    if g.rng.chance(50) {
        let x = g.val(&big);
        g.emit(
            if reducing { "tensor.extract_slice.rank_reducing" } else { "tensor.extract_slice" },
            Doc::cat(vec![
                t(format!("{r} = tensor.extract_slice {x}{ot} {zt} {st}")),
                attrs,
                t(format!(" : {} to {}", big.text(), small.text())),
            ]),
        );
        g.bind(&r, small);
    } else {
        let (s, x) = (g.val(&small), g.val(&big));
        g.emit(
            if reducing { "tensor.insert_slice.rank_reducing" } else { "tensor.insert_slice" },
            Doc::cat(vec![
                t(format!("{r} = tensor.insert_slice {s} into {x}{ot} {zt} {st}")),
                attrs,
                t(format!(" : {} into {}", small.text(), big.text())),
            ]),
        );
        g.bind(&r, big);
    }
}

fn cast(g: &mut Gen) {
    let e = elem(g);
    let rank = g.rng.range(1, 3);
    let shape = g.static_shape(rank);
    let src = T::tensor(shape.clone(), e.clone());
    let x = g.val(&src);
    let to = if g.rng.chance(30) {
        T::UTensor(Box::new(e))
    } else {
        T::tensor(shape.iter().map(|d| if g.rng.chance(50) { DYN } else { *d }).collect(), e)
    };
    let r = g.fresh();
    g.line("tensor.cast", format!("{r} = tensor.cast {x} : {} to {}", src.text(), to.text()));
    g.bind(&r, to.clone());
    if g.rng.chance(40) {
        let back = g.fresh();
        g.line("tensor.cast", format!("{back} = tensor.cast {r} : {} to {}", to.text(), src.text()));
        g.bind(&back, src);
    }
}

fn expand_collapse(g: &mut Gen) {
    let rank = g.rng.range(1, 2);
    let (small, big, reassoc) = super::memref::split_shape(g, rank);
    let e = elem(g);
    // Sometimes the first dimension is dynamic on both sides.
    let dynamic = g.rng.chance(30) && big[0] != 1;
    let mut small_t = small.clone();
    let mut big_t = big.clone();
    if dynamic {
        small_t[0] = DYN;
        big_t[0] = DYN;
    }
    let (s, b) = (T::tensor(small_t, e.clone()), T::tensor(big_t, e));
    let r = g.fresh();
    if g.rng.chance(50) {
        let x = g.val(&s);
        let out: Vec<String> = big
            .iter()
            .enumerate()
            .map(|(i, d)| if dynamic && i == 0 { g.index() } else { d.to_string() })
            .collect();
        g.line(
            "tensor.expand_shape",
            format!("{r} = tensor.expand_shape {x} {reassoc} output_shape [{}] : {} into {}", out.join(", "), s.text(), b.text()),
        );
        g.bind(&r, b);
    } else {
        let x = g.val(&b);
        g.line("tensor.collapse_shape", format!("{r} = tensor.collapse_shape {x} {reassoc} : {} into {}", b.text(), s.text()));
        g.bind(&r, s);
    }
}

fn pad(g: &mut Gen) {
    if g.depth >= 3 {
        return super::arith::op(g);
    }
    let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
    let rank = g.rng.range(1, 2);
    let shape = g.shape(rank);
    let src = T::tensor(shape.clone(), e.clone());
    let x = g.val(&src);
    let lows: Vec<i64> = (0..rank).map(|_| g.rng.below(3) as i64).collect();
    let highs: Vec<i64> = (0..rank).map(|_| g.rng.below(3) as i64).collect();
    let (lt, lv) = mixed(g, &lows, 20);
    let (ht, hv) = mixed(g, &highs, 20);
    let res_shape: Vec<i64> = (0..rank)
        .map(|i| if shape[i] == DYN || lv[i] == DYN || hv[i] == DYN { DYN } else { shape[i] + lv[i] + hv[i] })
        .collect();
    let res = T::tensor(res_shape, e.clone());
    let args: Vec<(String, T)> = (0..rank).map(|_| (format!("%p{}", g.id()), T::Index)).collect();
    let e2 = e.clone();
    let body = g.region(&args, true, |g| {
        g.body_ops(1);
        let v = g.val(&e2);
        g.line("tensor.yield", format!("tensor.yield {v} : {}", e2.text()));
    });
    let nofold = if g.rng.chance(20) { opt(" nofold") } else { t("") };
    let r = g.fresh();
    g.emit(
        "tensor.pad",
        Doc::cat(vec![
            t(format!("{r} = tensor.pad {x}")),
            nofold,
            t(format!(" low{lt} high{ht} ")),
            body,
            t(format!(" : {} to {}", src.text(), res.text())),
        ]),
    );
    g.bind(&r, res);
}

fn generate(g: &mut Gen) {
    if g.depth >= 3 {
        return super::arith::op(g);
    }
    let ty = any(g);
    let sizes: Vec<String> = ty.shape().iter().filter(|d| **d == DYN).map(|_| g.index()).collect();
    let args: Vec<(String, T)> = ty.shape().iter().map(|_| (format!("%g{}", g.id()), T::Index)).collect();
    let e = ty.elem().clone();
    let body = g.region(&args, true, |g| {
        g.body_ops(2);
        let v = g.val(&e);
        g.line("tensor.yield", format!("tensor.yield {v} : {}", e.text()));
    });
    let attrs = g.attr_dict();
    let r = g.fresh();
    let sep = if sizes.is_empty() { "" } else { " " };
    g.emit(
        "tensor.generate",
        Doc::cat(vec![t(format!("{r} = tensor.generate{sep}{} ", sizes.join(", "))), body, attrs, t(format!(" : {}", ty.text()))]),
    );
    g.bind(&r, ty);
}

fn concat(g: &mut Gen) {
    let e = elem(g);
    let rank = g.rng.range(1, 3);
    let dim = g.rng.below(rank);
    let base = g.static_shape(rank);
    let n = g.rng.range(1, 3);
    let mut tys = Vec::new();
    let mut total = 0i64;
    for _ in 0..n {
        let mut s = base.clone();
        s[dim] = if g.rng.chance(20) { DYN } else { *g.rng.pick(&[1, 2, 3]) };
        total = if total == DYN || s[dim] == DYN { DYN } else { total + s[dim] };
        tys.push(T::tensor(s, e.clone()));
    }
    let mut rs = base.clone();
    rs[dim] = total;
    let res = T::tensor(rs, e);
    let xs: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
    let v: Vec<String> = tys.iter().map(T::text).collect();
    let r = g.fresh();
    g.line(
        "tensor.concat",
        format!("{r} = tensor.concat dim({dim}) {} : ({}) -> {}", xs.join(", "), v.join(", "), res.text()),
    );
    g.bind(&r, res);
}

fn gather_scatter(g: &mut Gen) {
    let e = elem(g);
    let src = T::tensor(vec![4, 5, 6], e.clone());
    let (idx, dims, res) = match g.rng.below(3) {
        0 => (T::tensor(vec![1, 3, 2], T::Index), "[1, 2]", T::tensor(vec![1, 3, 4, 1, 1], e.clone())),
        1 => (T::tensor(vec![1, 3, 2], T::Index), "[1, 2]", T::tensor(vec![1, 3, 4], e.clone())),
        _ => (T::tensor(vec![2, 1], T::I(32)), "[0]", T::tensor(vec![2, 1, 5, 6], e.clone())),
    };
    let unique = if g.rng.chance(50) { " unique" } else { "" };
    let r = g.fresh();
    if g.rng.chance(50) {
        let (s, i) = (g.val(&src), g.val(&idx));
        g.line(
            "tensor.gather",
            format!("{r} = tensor.gather {s}[{i}] gather_dims({dims}){unique} : ({}, {}) -> {}", src.text(), idx.text(), res.text()),
        );
        g.bind(&r, res);
    } else {
        let (v, s, i) = (g.val(&res), g.val(&src), g.val(&idx));
        g.line(
            "tensor.scatter",
            format!(
                "{r} = tensor.scatter {v} into {s}[{i}] scatter_dims({dims}) unique : ({}, {}, {}) -> {}",
                res.text(),
                src.text(),
                idx.text(),
                src.text()
            ),
        );
        g.bind(&r, src);
    }
}
