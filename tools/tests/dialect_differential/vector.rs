//! vector ops: broadcast, extract/insert (static and dynamic positions),
//! extract/insert_strided_slice, fma, load/store, maskedload/maskedstore, gather/scatter,
//! expandload/compressstore, transfer_read/transfer_write (permutation maps, in_bounds, masks,
//! tensors), reduction and multi_reduction (kinds, accumulators, fastmath), contract,
//! outerproduct, shape_cast, transpose, bitcast, constant_mask, create_mask, print,
//! type_cast, from_elements, to_elements, step, interleave/deinterleave, scan, shuffle, mask,
//! vscale and scalable.insert/scalable.extract.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

const FLOAT_KINDS: [&str; 6] = ["add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"];
const INT_KINDS: [&str; 9] = ["add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor"];

/// A vector element type.
fn elem(g: &mut Gen) -> T {
    match g.rng.below(6) {
        0..=2 => T::f32(),
        3 => T::F("f16"),
        4 => T::I(32),
        _ => T::I(8),
    }
}

/// A vector type of rank 1 or 2 (rarely scalable).
fn vty(g: &mut Gen, rank: usize, e: T) -> T {
    let shape = g.static_shape(rank);
    let mut v = T::vector(shape, e);
    if g.rng.chance(8)
        && let T::Vector(_, sc, _) = &mut v
    {
        let last = sc.len() - 1;
        sc[last] = true;
    }
    v
}

fn kind(g: &mut Gen, e: &T) -> &'static str {
    if e.is_float() { *g.rng.pick(&FLOAT_KINDS) } else { *g.rng.pick(&INT_KINDS) }
}

fn fastmath(g: &mut Gen) -> Doc {
    let f = g.fastmath();
    if f.is_empty() { t("") } else { opt(format!(" {f}")).tag("fastmath") }
}

fn shape_list(s: &[i64]) -> String {
    s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// One vector op.
pub fn op(g: &mut Gen) {
    match g.rng.below(32) {
        0 | 1 => broadcast(g),
        2 | 3 => extract_insert(g),
        4 => strided(g),
        5 => {
            let e = g.float_ty();
            let rank = g.rng.range(1, 2);
            let ty = vty(g, rank, e);
            let (a, b, c) = (g.val(&ty), g.val(&ty), g.val(&ty));
            let r = g.fresh();
            g.line("vector.fma", format!("{r} = vector.fma {a}, {b}, {c} : {}", ty.text()));
            g.bind(&r, ty);
        }
        6 | 7 => load_store(g),
        8 => masked(g),
        9 | 10 => transfer(g),
        11 | 12 => reduction(g),
        13 => contract(g),
        14 => outerproduct(g),
        15 => shape_cast(g),
        16 => {
            let e = elem(g);
            let ty = T::vector(g.static_shape(2), e.clone());
            let x = g.val(&ty);
            let s = ty.shape().to_vec();
            let res = T::vector(vec![s[1], s[0]], e);
            let r = g.fresh();
            g.line("vector.transpose", format!("{r} = vector.transpose {x}, [1, 0] : {} to {}", ty.text(), res.text()));
            g.bind(&r, res);
        }
        17 => bitcast(g),
        18 => masks(g),
        19 => print(g),
        20 => {
            let e = T::f32();
            let shape = { let n = g.rng.range(1, 2); g.static_shape(n) };
            let m = T::memref(shape.clone(), e.clone());
            let x = g.val(&m);
            let res = T::memref(Vec::new(), T::vector(shape, e));
            let r = g.fresh();
            g.line("vector.type_cast", format!("{r} = vector.type_cast {x} : {} to {}", m.text(), res.text()));
            g.bind(&r, res);
        }
        21 => {
            let e = elem(g);
            let shape: Vec<i64> = vec![*g.rng.pick(&[1, 2, 3, 4])];
            let ty = T::vector(shape.clone(), e.clone());
            let r = g.fresh();
            if g.rng.chance(50) {
                let vals: Vec<String> = (0..shape[0]).map(|_| g.val(&e)).collect();
                g.line("vector.from_elements", format!("{r} = vector.from_elements {} : {}", vals.join(", "), ty.text()));
                g.bind(&r, ty);
            } else {
                let x = g.val(&ty);
                let (defs, names) = g.fresh_results(shape[0] as usize);
                g.line("vector.to_elements", format!("{defs} = vector.to_elements {x} : {}", ty.text()));
                for n in names {
                    g.bind(&n, e.clone());
                }
            }
        }
        22 => {
            let n = *g.rng.pick(&[2, 4, 8]);
            let ty = T::vector(vec![n], T::Index);
            let r = g.fresh();
            g.line("vector.step", format!("{r} = vector.step : {}", ty.text()));
            g.bind(&r, ty);
        }
        23 => interleave(g),
        24 => scan(g),
        25 => shuffle(g),
        26 | 27 => mask(g),
        28 => {
            let r = g.fresh();
            g.line("vector.vscale", format!("{r} = vector.vscale"));
            g.bind(&r, T::Index);
        }
        29 => scalable(g),
        _ => broadcast(g),
    }
}

/// `vector.scalable.insert` and `vector.scalable.extract` of a fixed vector at a multiple of
/// its length.
fn scalable(g: &mut Gen) {
    let e = elem(g);
    let n = *g.rng.pick(&[2, 4, 8]);
    let small = T::vector(vec![n], e.clone());
    let big = T::Vector(vec![n * *g.rng.pick(&[1, 2])], vec![true], Box::new(e));
    let pos = n * g.rng.below(2) as i64;
    let r = g.fresh();
    if g.rng.chance(50) {
        let (x, d) = (g.val(&small), g.val(&big));
        g.line("vector.scalable.insert", format!("{r} = vector.scalable.insert {x}, {d}[{pos}] : {} into {}", small.text(), big.text()));
        g.bind(&r, big);
    } else {
        let x = g.val(&big);
        g.line("vector.scalable.extract", format!("{r} = vector.scalable.extract {x}[{pos}] : {} from {}", small.text(), big.text()));
        g.bind(&r, small);
    }
}

fn broadcast(g: &mut Gen) {
    let e = elem(g);
    let rank = g.rng.range(1, 2);
    let res = vty(g, rank, e.clone());
    let src = if g.rng.chance(50) || res.shape().len() == 1 {
        e
    } else {
        // The trailing dimensions of the result.
        match &res {
            T::Vector(s, sc, e) => T::Vector(s[1..].to_vec(), sc[1..].to_vec(), e.clone()),
            _ => return,
        }
    };
    let x = g.val(&src);
    let r = g.fresh();
    g.line("vector.broadcast", format!("{r} = vector.broadcast {x} : {} to {}", src.text(), res.text()));
    g.bind(&r, res);
}

fn extract_insert(g: &mut Gen) {
    let e = elem(g);
    let ty = T::vector(g.static_shape(2), e.clone());
    let s = ty.shape().to_vec();
    let depth = g.rng.range(1, 2);
    let mut pos = Vec::new();
    for k in 0..depth {
        if g.rng.chance(25) {
            pos.push(g.index());
        } else {
            pos.push(g.rng.below(s[k] as usize).to_string());
        }
    }
    let part = if depth == 2 { e } else { T::vector(vec![s[1]], e) };
    let r = g.fresh();
    let x = g.val(&ty);
    if g.rng.chance(50) {
        g.line("vector.extract", format!("{r} = vector.extract {x}[{}] : {} from {}", pos.join(", "), part.text(), ty.text()));
        g.bind(&r, part);
    } else {
        let v = g.val(&part);
        g.line("vector.insert", format!("{r} = vector.insert {v}, {x} [{}] : {} into {}", pos.join(", "), part.text(), ty.text()));
        g.bind(&r, ty);
    }
}

fn strided(g: &mut Gen) {
    let e = elem(g);
    let big = T::vector(vec![4, 8], e.clone());
    let rank = g.rng.range(1, 2);
    let (small_shape, offs): (Vec<i64>, Vec<i64>) = if rank == 1 { (vec![4], vec![2]) } else { (vec![2, 4], vec![1, 2]) };
    let r = g.fresh();
    if g.rng.chance(50) {
        let x = g.val(&big);
        let sizes: Vec<i64> = if rank == 1 { vec![2] } else { vec![2, 4] };
        let offsets: Vec<i64> = if rank == 1 { vec![1] } else { vec![1, 2] };
        let strides = vec![1; rank];
        let mut res_shape = sizes.clone();
        res_shape.extend_from_slice(&big.shape()[rank..]);
        let res = T::vector(res_shape, e);
        g.line(
            "vector.extract_strided_slice",
            format!(
                "{r} = vector.extract_strided_slice {x} {{offsets = [{}], sizes = [{}], strides = [{}]}} : {} to {}",
                shape_list(&offsets),
                shape_list(&sizes),
                shape_list(&strides),
                big.text(),
                res.text()
            ),
        );
        g.bind(&r, res);
    } else {
        let small = T::vector(small_shape, e);
        let (s, x) = (g.val(&small), g.val(&big));
        let offsets: Vec<i64> = if rank == 1 { vec![1, offs[0]] } else { offs };
        g.line(
            "vector.insert_strided_slice",
            format!(
                "{r} = vector.insert_strided_slice {s}, {x} {{offsets = [{}], strides = [{}]}} : {} into {}",
                shape_list(&offsets),
                shape_list(&vec![1; rank]),
                small.text(),
                big.text()
            ),
        );
        g.bind(&r, big);
    }
}

/// A memref for vector memory ops and index operands for it.
fn mem(g: &mut Gen, e: &T) -> (T, String, String) {
    let rank = g.rng.range(1, 2);
    let shape = g.shape(rank);
    let m = T::memref(shape, e.clone());
    let x = g.val(&m);
    let idx: Vec<String> = m.shape().iter().map(|_| g.index()).collect();
    (m, x, idx.join(", "))
}

fn load_store(g: &mut Gen) {
    let e = elem(g);
    let (m, x, idx) = mem(g, &e);
    let v = vty(g, 1, e);
    let extra = match g.rng.below(5) {
        0 => opt(" {alignment = 8}"),
        1 => opt(" {nontemporal = true}"),
        _ => t(""),
    };
    if g.rng.chance(50) {
        let r = g.fresh();
        g.emit("vector.load", Doc::cat(vec![t(format!("{r} = vector.load {x}[{idx}]")), extra, t(format!(" : {}, {}", m.text(), v.text()))]));
        g.bind(&r, v);
    } else {
        let val = g.val(&v);
        g.emit("vector.store", Doc::cat(vec![t(format!("vector.store {val}, {x}[{idx}]")), extra, t(format!(" : {}, {}", m.text(), v.text()))]));
    }
}

fn masked(g: &mut Gen) {
    let e = elem(g);
    let (m, x, idx) = mem(g, &e);
    let n = g.small_dim();
    let v = T::vector(vec![n], e);
    let mk = T::vector(vec![n], T::i1());
    let mask = g.val(&mk);
    let r = g.fresh();
    match g.rng.below(6) {
        0 => {
            let pt = g.val(&v);
            g.line("vector.maskedload", format!("{r} = vector.maskedload {x}[{idx}], {mask}, {pt} : {}, {}, {} into {}", m.text(), mk.text(), v.text(), v.text()));
            g.bind(&r, v);
        }
        1 => {
            let val = g.val(&v);
            g.line("vector.maskedstore", format!("vector.maskedstore {x}[{idx}], {mask}, {val} : {}, {}, {}", m.text(), mk.text(), v.text()));
        }
        2 => {
            let iv = T::vector(vec![n], if g.rng.chance(50) { T::Index } else { T::I(32) });
            let ix = g.val(&iv);
            let pt = g.val(&v);
            g.line("vector.gather", format!("{r} = vector.gather {x}[{idx}] [{ix}], {mask}, {pt} : {}, {}, {}, {} into {}", m.text(), iv.text(), mk.text(), v.text(), v.text()));
            g.bind(&r, v);
        }
        3 => {
            let iv = T::vector(vec![n], T::Index);
            let ix = g.val(&iv);
            let val = g.val(&v);
            g.line("vector.scatter", format!("vector.scatter {x}[{idx}] [{ix}], {mask}, {val} : {}, {}, {}, {}", m.text(), iv.text(), mk.text(), v.text()));
        }
        4 => {
            let pt = g.val(&v);
            g.line("vector.expandload", format!("{r} = vector.expandload {x}[{idx}], {mask}, {pt} : {}, {}, {} into {}", m.text(), mk.text(), v.text(), v.text()));
            g.bind(&r, v);
        }
        _ => {
            let val = g.val(&v);
            g.line("vector.compressstore", format!("vector.compressstore {x}[{idx}], {mask}, {val} : {}, {}, {}", m.text(), mk.text(), v.text()));
        }
    }
}

fn transfer(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
    let on_tensor = g.rng.chance(30);
    let src_shape = g.shape(2);
    let src = if on_tensor { T::tensor(src_shape, e.clone()) } else { T::memref(src_shape, e.clone()) };
    let x = g.val(&src);
    let idx = format!("{}, {}", g.index(), g.index());
    // The vector: rank 1 (minor dimension, or the major one through a permutation map) or 2.
    let (vshape, map) = match g.rng.below(4) {
        0 => (vec![g.small_dim()], Some("affine_map<(d0, d1) -> (d0)>")),
        1 => (g.static_shape(2), Some("affine_map<(d0, d1) -> (d1, d0)>")),
        2 => (g.static_shape(2), None),
        _ => (vec![g.small_dim()], if g.rng.chance(30) { Some("affine_map<(d0, d1) -> (d1)>") } else { None }),
    };
    // The mask is in the memory's order: transposed with the permutation.
    let mask_shape: Vec<i64> = if map == Some("affine_map<(d0, d1) -> (d1, d0)>") {
        vshape.iter().rev().copied().collect()
    } else {
        vshape.clone()
    };
    let v = T::vector(vshape.clone(), e.clone());
    let mut attrs = Vec::new();
    if g.rng.chance(40) {
        let b: Vec<&str> = vshape.iter().map(|_| *g.rng.pick(&["true", "false"])).collect();
        attrs.push(t(format!("in_bounds = [{}]", b.join(", "))));
    }
    if let Some(m) = map {
        attrs.push(t(format!("permutation_map = {m}")));
    }
    let masked = g.rng.chance(25);
    let mask_ty = T::vector(mask_shape, T::i1());
    let mask = if masked { format!(", {}", g.val(&mask_ty)) } else { String::new() };
    let dict = Doc::opt_list(" {", ", ", "}", attrs);
    let r = g.fresh();
    if g.rng.chance(50) {
        let pad = g.val(&e);
        g.emit(
            "vector.transfer_read",
            Doc::cat(vec![t(format!("{r} = vector.transfer_read {x}[{idx}], {pad}{mask}")), dict, t(format!(" : {}, {}", src.text(), v.text()))]),
        );
        g.bind(&r, v);
    } else {
        let val = g.val(&v);
        let def = if on_tensor { format!("{r} = ") } else { String::new() };
        g.emit(
            "vector.transfer_write",
            Doc::cat(vec![t(format!("{def}vector.transfer_write {val}, {x}[{idx}]{mask}")), dict, t(format!(" : {}, {}", v.text(), src.text()))]),
        );
        if on_tensor {
            g.bind(&r, src);
        }
    }
}

fn reduction(g: &mut Gen) {
    let e = elem(g);
    let k = kind(g, &e);
    let r = g.fresh();
    if g.rng.chance(60) {
        let v = vty(g, 1, e.clone());
        let x = g.val(&v);
        let acc = if g.rng.chance(40) { format!(", {}", g.val(&e)) } else { String::new() };
        let fm = if e.is_float() { fastmath(g) } else { t("") };
        g.emit(
            "vector.reduction",
            Doc::cat(vec![t(format!("{r} = vector.reduction <{k}>, {x}{acc}")), fm, t(format!(" : {} into {}", v.text(), e.text()))]),
        );
        g.bind(&r, e);
    } else {
        let v = T::vector(g.static_shape(2), e.clone());
        let s = v.shape().to_vec();
        let (dims, acc_ty) = match g.rng.below(3) {
            0 => ("[0]", T::vector(vec![s[1]], e.clone())),
            1 => ("[1]", T::vector(vec![s[0]], e.clone())),
            _ => ("[0, 1]", e.clone()),
        };
        let x = g.val(&v);
        let acc = g.val(&acc_ty);
        g.line(
            "vector.multi_reduction",
            format!("{r} = vector.multi_reduction <{k}>, {x}, {acc} {dims} : {} to {}", v.text(), acc_ty.text()),
        );
        g.bind(&r, acc_ty);
    }
}

fn contract(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
    let kind_attr = if g.rng.chance(30) {
        let k = if e.is_float() { "maxnumf" } else { "maxsi" };
        format!(", kind = #vector.kind<{k}>")
    } else {
        String::new()
    };
    let r = g.fresh();
    let (m, n, k) = (g.small_dim(), g.small_dim(), g.small_dim());
    if g.rng.chance(40) {
        let v = T::vector(vec![k], e.clone());
        let (a, b, c) = (g.val(&v), g.val(&v), g.val(&e));
        g.line(
            "vector.contract",
            format!(
                "{r} = vector.contract {{indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = [\"reduction\"]{kind_attr}}} {a}, {b}, {c} : {}, {} into {}",
                v.text(),
                v.text(),
                e.text()
            ),
        );
        g.bind(&r, e);
    } else {
        let (at, bt, ct) = (T::vector(vec![m, k], e.clone()), T::vector(vec![k, n], e.clone()), T::vector(vec![m, n], e));
        let (a, b, c) = (g.val(&at), g.val(&bt), g.val(&ct));
        let attrs = g.attr_dict();
        g.emit(
            "vector.contract",
            Doc::cat(vec![
                t(format!(
                    "{r} = vector.contract {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"]{kind_attr}}} {a}, {b}, {c}"
                )),
                attrs,
                t(format!(" : {}, {} into {}", at.text(), bt.text(), ct.text())),
            ]),
        );
        g.bind(&r, ct);
    }
}

fn outerproduct(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
    let (n, m) = (g.small_dim(), g.small_dim());
    let a = T::vector(vec![n], e.clone());
    let x = g.val(&a);
    let r = g.fresh();
    let kind_attr = if g.rng.chance(30) {
        opt(format!(" {{kind = #vector.kind<{}>}}", kind(g, &e)))
    } else {
        t("")
    };
    if g.rng.chance(70) {
        let b = T::vector(vec![m], e.clone());
        let res = T::vector(vec![n, m], e);
        let y = g.val(&b);
        let acc = if g.rng.chance(40) { format!(", {}", g.val(&res)) } else { String::new() };
        g.emit(
            "vector.outerproduct",
            Doc::cat(vec![t(format!("{r} = vector.outerproduct {x}, {y}{acc}")), kind_attr, t(format!(" : {}, {}", a.text(), b.text()))]),
        );
        g.bind(&r, res);
    } else {
        let y = g.val(&e);
        g.emit(
            "vector.outerproduct",
            Doc::cat(vec![t(format!("{r} = vector.outerproduct {x}, {y}")), kind_attr, t(format!(" : {}, {}", a.text(), e.text()))]),
        );
        g.bind(&r, a);
    }
}

fn shape_cast(g: &mut Gen) {
    let e = elem(g);
    let (from, to) = g.rng.pick(&[
        (vec![2, 4], vec![8]),
        (vec![8], vec![2, 4]),
        (vec![4, 4], vec![2, 8]),
        (vec![1, 4], vec![4]),
        (vec![4], vec![1, 1, 4]),
    ]).clone();
    let (a, b) = (T::vector(from, e.clone()), T::vector(to, e));
    let x = g.val(&a);
    let r = g.fresh();
    g.line("vector.shape_cast", format!("{r} = vector.shape_cast {x} : {} to {}", a.text(), b.text()));
    g.bind(&r, b);
}

fn bitcast(g: &mut Gen) {
    let (a, b, n, m) = g.rng.pick(&[
        (T::f32(), T::I(32), 4, 4),
        (T::f32(), T::F("f16"), 4, 8),
        (T::I(8), T::I(32), 8, 2),
        (T::F("f16"), T::I(16), 2, 2),
    ]).clone();
    let (from, to) = (T::vector(vec![n], a), T::vector(vec![m], b));
    let x = g.val(&from);
    let r = g.fresh();
    g.line("vector.bitcast", format!("{r} = vector.bitcast {x} : {} to {}", from.text(), to.text()));
    g.bind(&r, to);
}

fn masks(g: &mut Gen) {
    let rank = g.rng.range(1, 2);
    let shape = g.static_shape(rank);
    let ty = T::vector(shape.clone(), T::i1());
    let r = g.fresh();
    if g.rng.chance(50) {
        // All sizes zero, or none (MLIR rejects a mask both empty and not).
        let none = g.rng.chance(15);
        let sizes: Vec<String> = shape.iter().map(|d| if none { "0".into() } else { g.rng.range(1, *d as usize).to_string() }).collect();
        g.line("vector.constant_mask", format!("{r} = vector.constant_mask [{}] : {}", sizes.join(", "), ty.text()));
    } else {
        let sizes: Vec<String> = shape.iter().map(|_| g.index()).collect();
        g.line("vector.create_mask", format!("{r} = vector.create_mask {} : {}", sizes.join(", "), ty.text()));
    }
    g.bind(&r, ty);
}

fn print(g: &mut Gen) {
    let punct = if g.rng.chance(30) {
        format!(" punctuation <{}>", g.rng.pick(&["no_punctuation", "newline", "comma", "open", "close"]))
    } else {
        String::new()
    };
    match g.rng.below(3) {
        0 => {
            let e = elem(g);
            let ty = if g.rng.chance(50) { e } else { vty(g, 1, e) };
            let x = g.val(&ty);
            g.line("vector.print", format!("vector.print {x} : {}{punct}", ty.text()));
        }
        1 => {
            let s = *g.rng.pick(&["\"hello\"", "\"a\\nb\"", "\"\""]);
            g.line("vector.print", format!("vector.print str {s}"));
        }
        _ => g.line("vector.print", format!("vector.print{}", if punct.is_empty() { " punctuation <newline>".to_string() } else { punct })),
    }
}

fn interleave(g: &mut Gen) {
    let e = elem(g);
    let n = *g.rng.pick(&[2, 4, 8]);
    let half = T::vector(vec![n], e.clone());
    let full = T::vector(vec![2 * n], e);
    if g.rng.chance(50) {
        let (a, b) = (g.val(&half), g.val(&half));
        let r = g.fresh();
        g.line("vector.interleave", format!("{r} = vector.interleave {a}, {b} : {} -> {}", half.text(), full.text()));
        g.bind(&r, full);
    } else {
        let x = g.val(&full);
        let (defs, names) = g.fresh_results(2);
        g.line("vector.deinterleave", format!("{defs} = vector.deinterleave {x} : {} -> {}", full.text(), half.text()));
        for n in names {
            g.bind(&n, half.clone());
        }
    }
}

fn scan(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
    let v = T::vector(g.static_shape(2), e.clone());
    let s = v.shape().to_vec();
    let dim = g.rng.below(2);
    let acc = T::vector(vec![s[1 - dim]], e.clone());
    let (x, a) = (g.val(&v), g.val(&acc));
    let k = kind(g, &e);
    let inclusive = *g.rng.pick(&["true", "false"]);
    let (defs, names) = g.fresh_results(2);
    g.line(
        "vector.scan",
        format!("{defs} = vector.scan <{k}>, {x}, {a} {{inclusive = {inclusive}, reduction_dim = {dim}}} : {}, {}", v.text(), acc.text()),
    );
    g.bind(&names[0], v);
    g.bind(&names[1], acc);
}

fn shuffle(g: &mut Gen) {
    let e = elem(g);
    let (n, m) = (g.small_dim(), g.small_dim());
    let (a, b) = (T::vector(vec![n], e.clone()), T::vector(vec![m], e.clone()));
    let (x, y) = (g.val(&a), g.val(&b));
    let k = g.rng.range(1, 5);
    let mask: Vec<String> = (0..k).map(|_| g.rng.below((n + m) as usize).to_string()).collect();
    let res = T::vector(vec![k as i64], e);
    let r = g.fresh();
    g.line("vector.shuffle", format!("{r} = vector.shuffle {x}, {y} [{}] : {}, {}", mask.join(", "), a.text(), b.text()));
    g.bind(&r, res);
}

fn mask(g: &mut Gen) {
    let n = g.small_dim();
    let mk = T::vector(vec![n], T::i1());
    let mask = g.val(&mk);
    let e = T::f32();
    let v = T::vector(vec![n], e.clone());
    let r = g.fresh();
    match g.rng.below(3) {
        0 => {
            let x = g.val(&v);
            let k = kind(g, &e);
            g.line(
                "vector.mask",
                format!("{r} = vector.mask {mask} {{ vector.reduction <{k}>, {x} : {} into f32 }} : {} -> f32", v.text(), mk.text()),
            );
            g.bind(&r, e);
        }
        1 => {
            let m = T::memref(vec![8, 8], e.clone());
            let (x, i, j, pad) = (g.val(&m), g.index(), g.index(), g.val(&e));
            let pt = if g.rng.chance(40) { format!(", {}", g.val(&v)) } else { String::new() };
            g.line(
                "vector.mask",
                format!(
                    "{r} = vector.mask {mask}{pt} {{ vector.transfer_read {x}[{i}, {j}], {pad} : {}, {} }} : {} -> {}",
                    m.text(),
                    v.text(),
                    mk.text(),
                    v.text()
                ),
            );
            g.bind(&r, v);
        }
        _ => {
            let m = T::memref(vec![8, 8], e.clone());
            let (val, x, i, j) = (g.val(&v), g.val(&m), g.index(), g.index());
            g.line(
                "vector.mask",
                format!("vector.mask {mask} {{ vector.transfer_write {val}, {x}[{i}, {j}] : {}, {} }} : {}", v.text(), m.text(), mk.text()),
            );
        }
    }
}
