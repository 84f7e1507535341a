//! memref ops: alloc/alloca (dynamic sizes, layout symbols, alignment, memory spaces),
//! dealloc, load/store, subview (static and dynamic offsets, sizes and strides, rank
//! reduction), view, cast, reinterpret_cast, expand/collapse_shape, copy, dim, rank, global
//! and get_global, atomic_rmw and generic_atomic_rmw, extract_strided_metadata,
//! extract_aligned_pointer_as_index, memory_space_cast, assume_alignment, prefetch, realloc,
//! alloca_scope, dma_start/dma_wait, transpose, reshape and distinct_objects.

use super::program::{Gen, opt, t};
use super::types::{DYN, Layout, T, contiguous_strides, strides_and_offset};
use crate::doc::Doc;

/// A memref element type.
pub fn elem(g: &mut Gen) -> T {
    match g.rng.below(8) {
        0..=2 => T::f32(),
        3 => T::F("f16"),
        4 => T::I(32),
        5 => T::I(8),
        6 => T::Index,
        _ => T::I(64),
    }
}

/// A memref type with the identity layout (dynamic dimensions when `dynamic`).
fn plain(g: &mut Gen, rank: usize, dynamic: bool) -> T {
    let e = elem(g);
    let shape = if dynamic { g.shape(rank) } else { g.static_shape(rank) };
    T::memref(shape, e)
}

/// A memory space: an integer, a string or a dialect attribute.
fn space_attr(g: &mut Gen) -> &'static str {
    *g.rng.pick(&["1", "1", "2", "3 : i64", "\"shared\"", "#gpu.address_space<workgroup>", "0"])
}

/// Any ranked memref type: identity, strided or map layouts, sometimes in a memory space.
pub fn any(g: &mut Gen) -> T {
    let rank = g.rng.range(0, 3);
    let mut ty = plain(g, rank, true);
    if let T::MemRef(shape, _, layout, space) = &mut ty {
        if g.rng.chance(25) && rank > 0 {
            let mut strides = contiguous_strides(shape);
            if g.rng.chance(50) {
                strides[0] = DYN;
            }
            let offset = *g.rng.pick(&[0, 0, 4, DYN]);
            *layout = Layout::Strided { strides, offset };
        }
        if g.rng.chance(15) {
            *space = Some(space_attr(g));
        }
    }
    ty
}

/// Index operands for every dimension of `ty`.
fn indices(g: &mut Gen, ty: &T) -> String {
    let v: Vec<String> = ty.shape().iter().map(|_| g.index()).collect();
    v.join(", ")
}

/// One memref op.
pub fn op(g: &mut Gen) {
    match g.rng.below(27) {
        0 | 1 => alloc(g),
        2 => {
            let ty = any(g);
            let m = g.val(&ty);
            g.line("memref.dealloc", format!("memref.dealloc {m} : {}", ty.text()));
        }
        3 | 4 => load_store(g),
        5 | 6 => subview(g),
        7 => view(g),
        8 => cast(g),
        9 => reinterpret_cast(g),
        10 => expand_collapse(g),
        11 => {
            let ty = any(g);
            let (a, b) = (g.val(&ty), g.val(&ty));
            g.line("memref.copy", format!("memref.copy {a}, {b} : {0} to {0}", ty.text()));
        }
        12 => {
            let ty = if g.rng.chance(30) { T::UMemRef(Box::new(T::f32()), None) } else { any(g) };
            let m = g.val(&ty);
            let r = g.fresh();
            if g.rng.chance(50) && !ty.shape().is_empty() || matches!(ty, T::UMemRef(..)) {
                let i = g.index();
                g.line("memref.dim", format!("{r} = memref.dim {m}, {i} : {}", ty.text()));
            } else {
                g.line("memref.rank", format!("{r} = memref.rank {m} : {}", ty.text()));
            }
            g.bind(&r, T::Index);
        }
        13 => global(g),
        14 => atomic_rmw(g),
        15 => generic_atomic_rmw(g),
        16 => metadata(g),
        17 => {
            let rank = g.rng.range(1, 2);
            let ty = plain(g, rank, true);
            let m = g.val(&ty);
            let r = g.fresh();
            if g.rng.chance(50) {
                let mut to = ty.clone();
                if let T::MemRef(_, _, _, sp) = &mut to {
                    *sp = Some(space_attr(g));
                }
                g.line("memref.memory_space_cast", format!("{r} = memref.memory_space_cast {m} : {} to {}", ty.text(), to.text()));
                g.bind(&r, to);
            } else {
                let a = *g.rng.pick(&[4, 8, 16, 64]);
                g.line("memref.assume_alignment", format!("{r} = memref.assume_alignment {m}, {a} : {}", ty.text()));
                g.bind(&r, ty);
            }
        }
        18 => {
            let ty = any(g);
            let m = g.val(&ty);
            let idx = indices(g, &ty);
            let rw = *g.rng.pick(&["read", "write"]);
            let loc = g.rng.below(4);
            let cache = *g.rng.pick(&["data", "instr"]);
            g.line("memref.prefetch", format!("memref.prefetch {m}[{idx}], {rw}, locality<{loc}>, {cache} : {}", ty.text()));
        }
        19 => realloc(g),
        20 => alloca_scope(g),
        21 => dma(g),
        22 => transpose(g),
        23 => reshape(g),
        24 => {
            let n = g.rng.range(1, 3);
            let tys: Vec<T> = (0..n).map(|_| any(g)).collect();
            let ms: Vec<String> = tys.iter().map(|ty| g.val(ty)).collect();
            let (defs, names) = g.fresh_results(n);
            let v: Vec<String> = tys.iter().map(T::text).collect();
            g.line("memref.distinct_objects", format!("{defs} = memref.distinct_objects {} : {}", ms.join(", "), v.join(", ")));
            for (nm, ty) in names.iter().zip(tys) {
                g.bind(nm, ty);
            }
        }
        _ => {
            let ty = any(g);
            let m = g.val(&ty);
            let r = g.fresh();
            g.line(
                "memref.extract_aligned_pointer_as_index",
                format!("{r} = memref.extract_aligned_pointer_as_index {m} : {} -> index", ty.text()),
            );
            g.bind(&r, T::Index);
        }
    }
}

fn alloc(g: &mut Gen) {
    let rank = g.rng.range(0, 3);
    let mut ty = plain(g, rank, true);
    let mut symbols = Vec::new();
    if let T::MemRef(shape, _, layout, space) = &mut ty {
        match g.rng.below(6) {
            0 if rank == 2 => {
                *layout = Layout::Map("affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>".into(), 1);
            }
            1 if rank > 0 => {
                if shape.iter().all(|d| *d != DYN) {
                    *layout = Layout::Strided { strides: contiguous_strides(shape), offset: 0 };
                }
            }
            _ => {}
        }
        if g.rng.chance(20) {
            *space = Some(space_attr(g));
        }
        if let Layout::Map(_, n) = layout {
            symbols = (0..*n).collect();
        }
    }
    let sizes: Vec<String> = ty.shape().iter().filter(|d| **d == DYN).map(|_| g.index()).collect();
    let syms: Vec<String> = symbols.iter().map(|_| g.index()).collect();
    let (tag, name) = *g.rng.pick(&[("memref.alloc", "alloc"), ("memref.alloca", "alloca")]);
    let sym_text = if syms.is_empty() { String::new() } else { format!("[{}]", syms.join(", ")) };
    let align = if g.rng.chance(25) {
        opt(format!(" {{alignment = {}}}", g.rng.pick(&["8", "16", "64 : i64"]))).tag("memref.alloc.alignment")
    } else {
        g.attr_dict()
    };
    let r = g.fresh();
    g.emit(
        tag,
        Doc::cat(vec![
            t(format!("{r} = memref.{name}({}){sym_text}", sizes.join(", "))),
            align,
            t(format!(" : {}", ty.text())),
        ]),
    );
    g.bind(&r, ty);
}

fn load_store(g: &mut Gen) {
    let ty = any(g);
    let m = g.val(&ty);
    let idx = indices(g, &ty);
    let extra = match g.rng.below(6) {
        0 => opt(format!(" {{nontemporal = {}}}", g.rng.pick(&["true", "false"]))),
        1 => opt(" {alignment = 16 : i64}"),
        _ => t(""),
    };
    if g.rng.chance(50) {
        let r = g.fresh();
        g.emit(
            "memref.load",
            Doc::cat(vec![t(format!("{r} = memref.load {m}[{idx}]")), extra, t(format!(" : {}", ty.text()))]),
        );
        g.bind(&r, ty.elem().clone());
    } else {
        let v = g.val(&ty.elem().clone());
        g.emit(
            "memref.store",
            Doc::cat(vec![t(format!("memref.store {v}, {m}[{idx}]")), extra, t(format!(" : {}", ty.text()))]),
        );
    }
}

/// A mixed static/dynamic list: the text and the static values (`DYN` for operands).
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

/// The layout MLIR infers for a subview of `src` with these offsets, sizes and strides.
pub fn subview_type(src: &T, offsets: &[i64], sizes: &[i64], steps: &[i64], keep: &[bool]) -> Option<T> {
    let (strides, offset) = strides_and_offset(src)?;
    let T::MemRef(_, e, _, space) = src else { return None };
    let mut off = offset;
    for (o, s) in offsets.iter().zip(&strides) {
        if *o == 0 {
            continue;
        }
        if off == DYN || *o == DYN || *s == DYN {
            off = DYN;
        } else {
            off += o * s;
        }
    }
    let mut rs = Vec::new();
    let mut shape = Vec::new();
    for i in 0..sizes.len() {
        if !keep[i] {
            continue;
        }
        shape.push(sizes[i]);
        rs.push(if strides[i] == DYN || steps[i] == DYN { DYN } else { strides[i] * steps[i] });
    }
    Some(T::MemRef(shape, e.clone(), Layout::Strided { strides: rs, offset: off }, *space))
}

fn subview(g: &mut Gen) {
    let rank = g.rng.range(1, 3);
    let e = elem(g);
    let shape: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[8, 16, DYN])).collect();
    let mut src = T::memref(shape.clone(), e);
    if g.rng.chance(30)
        && let T::MemRef(s, _, layout, _) = &mut src
    {
        let mut strides = contiguous_strides(s);
        strides[0] = if g.rng.chance(50) { DYN } else { strides[0] };
        *layout = Layout::Strided { strides, offset: *g.rng.pick(&[0, 3, DYN]) };
    }
    let offs: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[0, 0, 1])).collect();
    let szs: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[1, 2, 2, 4])).collect();
    let sts: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[1, 1, 1, 2])).collect();
    let (ot, ov) = mixed(g, &offs, 25);
    let (zt, zv) = mixed(g, &szs, 20);
    let (st, sv) = mixed(g, &sts, 15);
    let keep: Vec<bool> = zv.iter().map(|z| *z != 1 || g.rng.chance(60)).collect();
    let Some(res) = subview_type(&src, &ov, &zv, &sv, &keep) else { return };
    let m = g.val(&src);
    let r = g.fresh();
    let attrs = g.attr_dict();
    g.emit(
        if keep.iter().all(|k| *k) { "memref.subview" } else { "memref.subview.rank_reducing" },
        Doc::cat(vec![
            t(format!("{r} = memref.subview {m}{ot} {zt} {st}")),
            attrs,
            t(format!(" : {} to {}", src.text(), res.text())),
        ]),
    );
    g.bind(&r, res);
}

fn view(g: &mut Gen) {
    let buf = T::memref(vec![2048], T::I(8));
    let b = g.val(&buf);
    let shift = g.index();
    let e = elem(g);
    let rank = g.rng.range(1, 2);
    let shape = g.shape(rank);
    let res = T::memref(shape, e);
    let sizes: Vec<String> = res.shape().iter().filter(|d| **d == DYN).map(|_| g.index()).collect();
    let r = g.fresh();
    g.line("memref.view", format!("{r} = memref.view {b}[{shift}][{}] : {} to {}", sizes.join(", "), buf.text(), res.text()));
    g.bind(&r, res);
}

fn cast(g: &mut Gen) {
    let rank = g.rng.range(1, 2);
    let src = plain(g, rank, false);
    let m = g.val(&src);
    let r = g.fresh();
    let to = match g.rng.below(3) {
        0 => T::UMemRef(Box::new(src.elem().clone()), None),
        _ => {
            let shape: Vec<i64> = src.shape().iter().map(|d| if g.rng.chance(50) { DYN } else { *d }).collect();
            T::memref(shape, src.elem().clone())
        }
    };
    g.line("memref.cast", format!("{r} = memref.cast {m} : {} to {}", src.text(), to.text()));
    g.bind(&r, to.clone());
    if matches!(to, T::UMemRef(..)) && g.rng.chance(50) {
        let back = g.fresh();
        g.line("memref.cast", format!("{back} = memref.cast {r} : {} to {}", to.text(), src.text()));
        g.bind(&back, src);
    }
}

fn reinterpret_cast(g: &mut Gen) {
    let e = elem(g);
    let src = if g.rng.chance(50) { T::UMemRef(Box::new(e.clone()), None) } else { T::memref(vec![DYN], e.clone()) };
    let m = g.val(&src);
    let rank = g.rng.range(1, 2);
    let (offset_text, offset) = if g.rng.chance(50) { (g.index(), DYN) } else { ("0".to_string(), 0) };
    let mut sizes = Vec::new();
    let mut shape = Vec::new();
    for _ in 0..rank {
        if g.rng.chance(30) {
            sizes.push(g.index());
            shape.push(DYN);
        } else {
            let d = g.small_dim();
            sizes.push(d.to_string());
            shape.push(d);
        }
    }
    let mut strides = Vec::new();
    let mut svals = Vec::new();
    for _ in 0..rank {
        if g.rng.chance(30) {
            strides.push(g.index());
            svals.push(DYN);
        } else {
            let d = *g.rng.pick(&[1, 4, 16]);
            strides.push(d.to_string());
            svals.push(d);
        }
    }
    let res = T::MemRef(shape, Box::new(e), Layout::Strided { strides: svals, offset }, None);
    let r = g.fresh();
    g.line(
        "memref.reinterpret_cast",
        format!(
            "{r} = memref.reinterpret_cast {m} to offset: [{offset_text}], sizes: [{}], strides: [{}] : {} to {}",
            sizes.join(", "),
            strides.join(", "),
            src.text(),
            res.text()
        ),
    );
    g.bind(&r, res);
}

/// A shape with one dimension split in two, and the reassociation.
pub fn split_shape(g: &mut Gen, rank: usize) -> (Vec<i64>, Vec<i64>, String) {
    let small: Vec<i64> = (0..rank).map(|_| *g.rng.pick(&[2, 4, 6, 8])).collect();
    let at = g.rng.below(rank);
    let (a, b) = match small[at] {
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        _ => (2, 4),
    };
    let mut big = Vec::new();
    let mut groups = Vec::new();
    let mut k = 0;
    for (i, d) in small.iter().enumerate() {
        if i == at {
            big.push(a);
            big.push(b);
            groups.push(format!("[{}, {}]", k, k + 1));
            k += 2;
        } else {
            big.push(*d);
            groups.push(format!("[{k}]"));
            k += 1;
        }
    }
    (small, big, format!("[{}]", groups.join(", ")))
}

fn expand_collapse(g: &mut Gen) {
    let rank = g.rng.range(1, 2);
    let (small, big, reassoc) = split_shape(g, rank);
    let e = elem(g);
    let (s, b) = (T::memref(small, e.clone()), T::memref(big.clone(), e));
    let r = g.fresh();
    if g.rng.chance(50) {
        let m = g.val(&s);
        let out: Vec<String> = big.iter().map(|d| d.to_string()).collect();
        g.line(
            "memref.expand_shape",
            format!("{r} = memref.expand_shape {m} {reassoc} output_shape [{}] : {} into {}", out.join(", "), s.text(), b.text()),
        );
        g.bind(&r, b);
    } else {
        let m = g.val(&b);
        g.line("memref.collapse_shape", format!("{r} = memref.collapse_shape {m} {reassoc} : {} into {}", b.text(), s.text()));
        g.bind(&r, s);
    }
}

fn global(g: &mut Gen) {
    let name = format!("g{}", g.id());
    let e = g.rng.pick(&[T::I(32), T::f32(), T::F("f16"), T::I(8)]).clone();
    let rank = g.rng.range(0, 2);
    let shape = g.static_shape(rank);
    let ty = T::memref(shape.clone(), e.clone());
    let vis = *g.rng.pick(&["", "\"private\" ", "\"public\" ", "\"nested\" "]);
    let constant = if g.rng.chance(30) { "constant " } else { "" };
    let init = match g.rng.below(4) {
        0 => String::new(),
        1 => " = uninitialized".to_string(),
        _ => {
            let lit = g.scalar_literal(&e);
            format!(" = dense<{lit}>")
        }
    };
    let init = if init.is_empty() && vis.is_empty() { " = uninitialized".to_string() } else { init };
    let align = if g.rng.chance(20) { " {alignment = 64 : i64}" } else { "" };
    g.global(t(format!("memref.global {vis}{constant}@{name} : {}{init}{align}\n", ty.text())).tag("memref.global"));
    let r = g.fresh();
    g.line("memref.get_global", format!("{r} = memref.get_global @{name} : {}", ty.text()));
    g.bind(&r, ty);
}

fn atomic_rmw(g: &mut Gen) {
    let float = g.rng.chance(50);
    let (e, kind) = if float {
        (g.float_ty(), *g.rng.pick(&["addf", "assign", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"]))
    } else {
        (T::I(*g.rng.pick(&[32, 64, 8])), *g.rng.pick(&["addi", "andi", "assign", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori"]))
    };
    let rank = g.rng.range(1, 2);
    let shape = g.shape(rank);
    let ty = T::memref(shape, e.clone());
    let m = g.val(&ty);
    let v = g.val(&e);
    let idx = indices(g, &ty);
    let r = g.fresh();
    g.line(
        "memref.atomic_rmw",
        format!("{r} = memref.atomic_rmw {kind} {v}, {m}[{idx}] : ({}, {}) -> {}", e.text(), ty.text(), e.text()),
    );
    g.bind(&r, e);
}

fn generic_atomic_rmw(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
    let ty = T::memref(vec![8], e.clone());
    let m = g.val(&ty);
    let i = g.index();
    let r = g.fresh();
    let cur = format!("%cur{}", g.id());
    let was_pure = g.pure_only;
    let e2 = e.clone();
    let body = g.region(&[(cur.clone(), e.clone())], true, |g| {
        g.pure_only = true;
        g.body_ops(2);
        let out = if g.rng.chance(30) { cur.clone() } else { g.val(&e2) };
        g.line("memref.atomic_yield", format!("memref.atomic_yield {out} : {}", e2.text()));
    });
    g.pure_only = was_pure;
    g.emit(
        "memref.generic_atomic_rmw",
        Doc::cat(vec![t(format!("{r} = memref.generic_atomic_rmw {m}[{i}] : {} ", ty.text())), body]),
    );
    g.bind(&r, e);
}

fn metadata(g: &mut Gen) {
    let ty = any(g);
    let m = g.val(&ty);
    let rank = ty.shape().len();
    let base = match &ty {
        T::MemRef(_, e, _, sp) => T::MemRef(Vec::new(), e.clone(), Layout::Identity, *sp),
        _ => return,
    };
    let base_name = g.fresh();
    let off = g.fresh();
    let mut defs = vec![base_name.clone(), off.clone()];
    let mut idx_names = vec![off];
    for _ in 0..2 {
        if rank == 0 {
            continue;
        }
        let n = g.fresh();
        if rank == 1 {
            defs.push(n.clone());
            idx_names.push(n);
        } else {
            defs.push(format!("{n}:{rank}"));
            idx_names.extend((0..rank).map(|k| format!("{n}#{k}")));
        }
    }
    let idx_tys = vec!["index"; 1 + 2 * rank].join(", ");
    g.line(
        "memref.extract_strided_metadata",
        format!("{} = memref.extract_strided_metadata {m} : {} -> {}, {idx_tys}", defs.join(", "), ty.text(), base.text()),
    );
    g.bind(&base_name, base);
    for n in idx_names {
        g.bind(&n, T::Index);
    }
}

fn realloc(g: &mut Gen) {
    let e = elem(g);
    let src = T::memref(vec![*g.rng.pick(&[4, DYN])], e.clone());
    let dynamic = g.rng.chance(40);
    let dst = T::memref(vec![if dynamic { DYN } else { 8 }], e);
    let m = g.val(&src);
    let size = if dynamic { format!("({})", g.index()) } else { String::new() };
    let align = if g.rng.chance(20) { opt(" {alignment = 8}") } else { t("") };
    let r = g.fresh();
    g.emit(
        "memref.realloc",
        Doc::cat(vec![t(format!("{r} = memref.realloc {m}{size}")), align, t(format!(" : {} to {}", src.text(), dst.text()))]),
    );
    g.bind(&r, dst);
}

fn alloca_scope(g: &mut Gen) {
    if g.depth >= 3 {
        return super::arith::op(g);
    }
    let tys: Vec<T> = (0..g.rng.range(0, 1)).map(|_| g.scalar_ty()).collect();
    let tys2 = tys.clone();
    let body = g.region(&[], false, |g| {
        g.body_ops(3);
        if !tys2.is_empty() {
            let v = g.val(&tys2[0]);
            g.line("memref.alloca_scope.return", format!("memref.alloca_scope.return {v} : {}", tys2[0].text()));
        } else if g.rng.chance(30) {
            g.line("memref.alloca_scope.return", "memref.alloca_scope.return".into());
        }
    });
    if tys.is_empty() {
        g.emit("memref.alloca_scope", Doc::cat(vec![t("memref.alloca_scope "), body]));
    } else {
        let r = g.fresh();
        g.emit("memref.alloca_scope", Doc::cat(vec![t(format!("{r} = memref.alloca_scope -> ({}) ", tys[0].text())), body]));
        g.bind(&r, tys[0].clone());
    }
}

fn dma(g: &mut Gen) {
    let rank = g.rng.range(1, 2);
    let src = plain(g, rank, false);
    let dst = T::memref(src.shape().to_vec(), src.elem().clone());
    let tag = T::memref(vec![1], T::I(32));
    let (s, d, tg) = (g.val(&src), g.val(&dst), g.val(&tag));
    let (si, di, ti) = (indices(g, &src), indices(g, &dst), g.index());
    let n = g.index();
    let stride = if g.rng.chance(30) { format!(", {}, {}", g.index(), g.index()) } else { String::new() };
    g.line(
        "memref.dma_start",
        format!("memref.dma_start {s}[{si}], {d}[{di}], {n}, {tg}[{ti}]{stride} : {}, {}, {}", src.text(), dst.text(), tag.text()),
    );
    if g.rng.chance(60) {
        let n2 = g.index();
        g.line("memref.dma_wait", format!("memref.dma_wait {tg}[{ti}], {n2} : {}", tag.text()));
    }
}

fn transpose(g: &mut Gen) {
    let rank = g.rng.range(1, 3);
    let e = elem(g);
    let shape = g.shape(rank);
    let src = T::memref(shape.clone(), e.clone());
    let strides = contiguous_strides(&shape);
    let mut perm: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        let j = g.rng.below(i + 1);
        perm.swap(i, j);
    }
    let names = ["i", "j", "k"];
    let dims: Vec<&str> = (0..rank).map(|i| names[i]).collect();
    let permuted: Vec<&str> = perm.iter().map(|p| names[*p]).collect();
    let res = T::MemRef(
        perm.iter().map(|p| shape[*p]).collect(),
        Box::new(e),
        Layout::Strided { strides: perm.iter().map(|p| strides[*p]).collect(), offset: 0 },
        None,
    );
    let m = g.val(&src);
    let r = g.fresh();
    g.line(
        "memref.transpose",
        format!("{r} = memref.transpose {m} ({}) -> ({}) : {} to {}", dims.join(", "), permuted.join(", "), src.text(), res.text()),
    );
    g.bind(&r, res);
}

fn reshape(g: &mut Gen) {
    let e = elem(g);
    let src = T::memref(vec![8], e.clone());
    let (shape, res) = if g.rng.chance(70) {
        (T::memref(vec![2], T::Index), T::memref(vec![2, 4], e))
    } else {
        (T::memref(vec![DYN], T::I(32)), T::UMemRef(Box::new(e), None))
    };
    let (m, s) = (g.val(&src), g.val(&shape));
    let r = g.fresh();
    g.line("memref.reshape", format!("{r} = memref.reshape {m}({s}) : ({}, {}) -> {}", src.text(), shape.text(), res.text()));
    g.bind(&r, res);
}
