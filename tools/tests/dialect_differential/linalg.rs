//! linalg ops on tensors and memrefs: generic (indexing maps, iterator types, doc,
//! library_call, attrs, index, payloads with yields), fill, copy, the matmul family (with
//! indexing maps and casts), dot, matvec, vecmat, mmt4d, contract, transpose, broadcast,
//! reduce and map (short and long forms), elementwise (kinds), the unary, binary and select
//! named ops, fill_rng_2d, the convolution and pooling families (strides, dilations,
//! quantized), softmax, the Winograd transforms, pack and unpack.

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

const UNARY: [&str; 13] = [
    "exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square",
    "tanh", "erf",
];
const BINARY: [&str; 8] = ["add", "sub", "mul", "div", "div_unsigned", "max", "min", "powf"];
const EW_UNARY: [&str; 13] = [
    "exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square",
    "tanh", "erf",
];
const EW_BINARY: [&str; 10] = [
    "add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed", "max_unsigned",
    "min_unsigned", "powf",
];

/// Convolutions and poolings: name, input, filter and output layouts (N batch, C channels,
/// F filters, G groups, M multiplier, S input / K kernel / O output spatial dimensions),
/// whether strides and dilations apply, whether zero points follow the inputs.
const CONVS: [(&str, &str, &str, &str, bool, bool); 47] = [
    ("conv_1d", "S", "K", "O", false, false),
    ("conv_2d", "SS", "KK", "OO", false, false),
    ("conv_3d", "SSS", "KKK", "OOO", false, false),
    ("conv_1d_nwc_wcf", "NSC", "KCF", "NOF", true, false),
    ("conv_1d_ncw_fcw", "NCS", "FCK", "NFO", true, false),
    ("conv_2d_nhwc_hwcf", "NSSC", "KKCF", "NOOF", true, false),
    ("conv_2d_nhwc_fhwc", "NSSC", "FKKC", "NOOF", true, false),
    ("conv_2d_nchw_fchw", "NCSS", "FCKK", "NFOO", true, false),
    ("conv_2d_ngchw_fgchw", "NGCSS", "FGCKK", "NGFOO", true, false),
    ("conv_2d_ngchw_gfchw", "NGCSS", "GFCKK", "NGFOO", true, false),
    ("conv_2d_nhwgc_gfhwc", "NSSGC", "GFKKC", "NOOGF", true, false),
    ("conv_3d_ndhwc_dhwcf", "NSSSC", "KKKCF", "NOOOF", true, false),
    ("conv_3d_ncdhw_fcdhw", "NCSSS", "FCKKK", "NFOOO", true, false),
    ("conv_2d_nhwc_hwcf_q", "NSSC", "KKCF", "NOOF", true, true),
    ("conv_2d_nhwc_fhwc_q", "NSSC", "FKKC", "NOOF", true, true),
    ("conv_2d_nchw_fchw_q", "NCSS", "FCKK", "NFOO", true, true),
    ("conv_2d_ngchw_gfchw_q", "NGCSS", "GFCKK", "NGFOO", true, true),
    ("conv_2d_nhwgc_gfhwc_q", "NSSGC", "GFKKC", "NOOGF", true, true),
    ("conv_3d_ndhwc_dhwcf_q", "NSSSC", "KKKCF", "NOOOF", true, true),
    ("depthwise_conv_1d_nwc_wc", "NSC", "KC", "NOC", true, false),
    ("depthwise_conv_1d_ncw_cw", "NCS", "CK", "NCO", true, false),
    ("depthwise_conv_1d_nwc_wcm", "NSC", "KCM", "NOCM", true, false),
    ("depthwise_conv_2d_nhwc_hwc", "NSSC", "KKC", "NOOC", true, false),
    ("depthwise_conv_2d_nchw_chw", "NCSS", "CKK", "NCOO", true, false),
    ("depthwise_conv_2d_nhwc_hwcm", "NSSC", "KKCM", "NOOCM", true, false),
    ("depthwise_conv_2d_nhwc_hwc_q", "NSSC", "KKC", "NOOC", true, true),
    ("depthwise_conv_2d_nhwc_hwcm_q", "NSSC", "KKCM", "NOOCM", true, true),
    ("depthwise_conv_3d_ndhwc_dhwc", "NSSSC", "KKKC", "NOOOC", true, false),
    ("depthwise_conv_3d_ncdhw_cdhw", "NCSSS", "CKKK", "NCOOO", true, false),
    ("depthwise_conv_3d_ndhwc_dhwcm", "NSSSC", "KKKCM", "NOOOCM", true, false),
    ("pooling_nhwc_sum", "NSSC", "KK", "NOOC", true, false),
    ("pooling_nhwc_max", "NSSC", "KK", "NOOC", true, false),
    ("pooling_nhwc_max_unsigned", "NSSC", "KK", "NOOC", true, false),
    ("pooling_nhwc_min", "NSSC", "KK", "NOOC", true, false),
    ("pooling_nhwc_min_unsigned", "NSSC", "KK", "NOOC", true, false),
    ("pooling_nchw_sum", "NCSS", "KK", "NCOO", true, false),
    ("pooling_nchw_max", "NCSS", "KK", "NCOO", true, false),
    ("pooling_nwc_sum", "NSC", "K", "NOC", true, false),
    ("pooling_nwc_max", "NSC", "K", "NOC", true, false),
    ("pooling_nwc_min_unsigned", "NSC", "K", "NOC", true, false),
    ("pooling_nwc_min", "NSC", "K", "NOC", true, false),
    ("pooling_nwc_max_unsigned", "NSC", "K", "NOC", true, false),
    ("pooling_ndhwc_min", "NSSSC", "KKK", "NOOOC", true, false),
    ("pooling_ncw_sum", "NCS", "K", "NCO", true, false),
    ("pooling_ncw_max", "NCS", "K", "NCO", true, false),
    ("pooling_ndhwc_sum", "NSSSC", "KKK", "NOOOC", true, false),
    ("pooling_ndhwc_max", "NSSSC", "KKK", "NOOOC", true, false),
];

/// The tag of a linalg op.
fn tag(name: &str) -> &'static str {
    const ALL: &[&str] = &[
        "linalg.generic", "linalg.fill", "linalg.copy", "linalg.matmul", "linalg.batch_matmul",
        "linalg.batch_reduce_matmul", "linalg.matvec", "linalg.vecmat", "linalg.batch_matvec",
        "linalg.batch_vecmat", "linalg.dot", "linalg.mmt4d", "linalg.batch_mmt4d",
        "linalg.quantized_matmul", "linalg.quantized_batch_matmul", "linalg.contract",
        "linalg.transpose", "linalg.broadcast", "linalg.reduce", "linalg.map",
        "linalg.elementwise", "linalg.exp", "linalg.log", "linalg.abs", "linalg.ceil",
        "linalg.floor", "linalg.negf", "linalg.reciprocal", "linalg.round", "linalg.sqrt",
        "linalg.rsqrt", "linalg.square", "linalg.tanh", "linalg.erf", "linalg.add", "linalg.sub",
        "linalg.mul", "linalg.div", "linalg.div_unsigned", "linalg.max", "linalg.min",
        "linalg.powf", "linalg.select", "linalg.conv_1d", "linalg.conv_2d", "linalg.conv_3d",
        "linalg.conv_1d_nwc_wcf", "linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nhwc_hwcf",
        "linalg.conv_2d_nhwc_fhwc", "linalg.conv_2d_nchw_fchw", "linalg.conv_2d_ngchw_fgchw",
        "linalg.conv_2d_ngchw_gfchw", "linalg.conv_2d_nhwgc_gfhwc", "linalg.conv_3d_ndhwc_dhwcf",
        "linalg.conv_3d_ncdhw_fcdhw", "linalg.conv_2d_nhwc_hwcf_q", "linalg.conv_2d_nhwc_fhwc_q",
        "linalg.conv_2d_nchw_fchw_q", "linalg.conv_2d_ngchw_gfchw_q", "linalg.conv_2d_nhwgc_gfhwc_q",
        "linalg.conv_3d_ndhwc_dhwcf_q", "linalg.depthwise_conv_1d_nwc_wc",
        "linalg.depthwise_conv_1d_ncw_cw", "linalg.depthwise_conv_1d_nwc_wcm",
        "linalg.depthwise_conv_2d_nhwc_hwc", "linalg.depthwise_conv_2d_nchw_chw",
        "linalg.depthwise_conv_2d_nhwc_hwcm", "linalg.depthwise_conv_2d_nhwc_hwc_q",
        "linalg.depthwise_conv_2d_nhwc_hwcm_q", "linalg.depthwise_conv_3d_ndhwc_dhwc",
        "linalg.depthwise_conv_3d_ncdhw_cdhw", "linalg.depthwise_conv_3d_ndhwc_dhwcm",
        "linalg.pooling_nhwc_sum", "linalg.pooling_nhwc_max", "linalg.pooling_nhwc_max_unsigned",
        "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_min_unsigned", "linalg.pooling_nchw_sum",
        "linalg.pooling_nchw_max", "linalg.pooling_nwc_sum", "linalg.pooling_nwc_max",
        "linalg.pooling_nwc_min_unsigned", "linalg.pooling_nwc_min", "linalg.pooling_nwc_max_unsigned",
        "linalg.pooling_ndhwc_min", "linalg.pooling_ncw_sum", "linalg.pooling_ncw_max",
        "linalg.pooling_ndhwc_sum", "linalg.pooling_ndhwc_max", "linalg.fill_rng_2d",
    ];
    ALL.iter().find(|n| n.strip_prefix("linalg.") == Some(name)).copied().unwrap_or("linalg")
}

/// A tensor or a memref of `shape` and `e` (memrefs when `mem`).
fn shaped(shape: Vec<i64>, e: T, mem: bool) -> T {
    if mem { T::memref(shape, e) } else { T::tensor(shape, e) }
}

/// `ty` with one dimension made dynamic, sometimes (the verifier then skips the shape checks).
fn loosen(g: &mut Gen, ty: &T) -> T {
    match ty {
        T::Tensor(shape, e) if !shape.is_empty() && g.rng.chance(12) => {
            let mut shape = shape.clone();
            let k = g.rng.below(shape.len());
            shape[k] = super::types::DYN;
            T::Tensor(shape, e.clone())
        }
        T::MemRef(shape, e, l, sp) if !shape.is_empty() && g.rng.chance(12) => {
            let mut shape = shape.clone();
            let k = g.rng.below(shape.len());
            shape[k] = super::types::DYN;
            T::MemRef(shape, e.clone(), l.clone(), *sp)
        }
        _ => ty.clone(),
    }
}

/// Emits `linalg.<name> <pre> ins(...) outs(...) [-> result]` and binds the result.
fn structured(g: &mut Gen, name: &str, pre: Doc, ins: &[T], out: &T, post: Doc) {
    let ins: Vec<T> = ins.iter().map(|t| loosen(g, t)).collect();
    let out = &loosen(g, out);
    let xs: Vec<String> = ins.iter().map(|ty| g.val(ty)).collect();
    let o = g.val(out);
    let its: Vec<String> = ins.iter().map(T::text).collect();
    let on_tensor = matches!(out, T::Tensor(..));
    let r = g.fresh();
    let def = if on_tensor { format!("{r} = ") } else { String::new() };
    let res = if on_tensor { format!(" -> {}", out.text()) } else { String::new() };
    g.emit(
        tag(name),
        Doc::cat(vec![
            t(format!("{def}linalg.{name}")),
            pre,
            t(format!(" ins({} : {}) outs({o} : {})", xs.join(", "), its.join(", "), out.text())),
            post,
            t(res),
        ]),
    );
    if on_tensor {
        g.bind(&r, out.clone());
    }
}

/// One linalg op.
pub fn op(g: &mut Gen) {
    let mem = g.rng.chance(30);
    match g.rng.below(23) {
        20 => softmax_winograd(g),
        21 => pack_unpack(g),
        22 => {
            let e = g.rng.pick(&[T::f32(), T::F("f64"), T::F("f16"), T::I(32)]).clone();
            let shape = g.static_shape(2);
            let out = shaped(shape, e, mem);
            structured(g, "fill_rng_2d", t(""), &[T::F("f64"), T::F("f64"), T::I(32)], &out, t(""));
        }
        0..=2 => generic(g, mem),
        3 => {
            let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
            let shape = { let n = g.rng.range(0, 2); g.static_shape(n) };
            let out = shaped(shape, e.clone(), mem);
            structured(g, "fill", t(""), &[e], &out, t(""));
        }
        4 => {
            let shape = { let n = g.rng.range(1, 2); g.static_shape(n) };
            let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
            let (a, b, pre) = if g.rng.chance(25) {
                (shaped(shape.clone(), T::I(32), mem), shaped(shape, T::f32(), mem), opt(" {cast = #linalg.type_fn<cast_unsigned>}"))
            } else {
                (shaped(shape.clone(), e.clone(), mem), shaped(shape, e, mem), t(""))
            };
            structured(g, "copy", pre, &[a], &b, t(""));
        }
        5 | 6 => matmul_family(g, mem),
        7 => contract(g, mem),
        8 => transpose_broadcast(g, mem),
        9 | 10 => reduce(g, mem),
        11 | 12 => map(g, mem),
        13 => elementwise(g, mem),
        14 | 15 => named_elementwise(g, mem),
        16 | 17 => conv(g, mem),
        18 => mmt4d(g, mem),
        _ => generic(g, mem),
    }
}

/// Element types of inputs and output for a contraction (sometimes mixed).
fn contraction_types(g: &mut Gen) -> (T, T, T) {
    match g.rng.below(6) {
        0 => (T::I(8), T::I(8), T::I(32)),
        1 => (T::F("f16"), T::F("f16"), T::f32()),
        2 => (T::I(32), T::I(32), T::I(32)),
        _ => (T::f32(), T::f32(), T::f32()),
    }
}

fn matmul_family(g: &mut Gen, mem: bool) {
    let (ea, eb, ec) = contraction_types(g);
    let (m, n, k, b) = (g.small_dim(), g.small_dim(), g.small_dim(), g.small_dim());
    let cast = if ea != ec && g.rng.chance(30) { opt(" {cast = #linalg.type_fn<cast_unsigned>}") } else { t("") };
    let s = |shape: Vec<i64>, e: &T| shaped(shape, e.clone(), mem);
    match g.rng.below(10) {
        0..=2 => {
            let transposed = g.rng.chance(25);
            let (a, pre) = if transposed {
                (
                    s(vec![k, m], &ea),
                    opt(" indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]"),
                )
            } else {
                (s(vec![m, k], &ea), t(""))
            };
            let pre = Doc::cat(vec![pre, cast]);
            structured(g, "matmul", pre, &[a, s(vec![k, n], &eb)], &s(vec![m, n], &ec), t(""));
        }
        3 => structured(g, "batch_matmul", cast, &[s(vec![b, m, k], &ea), s(vec![b, k, n], &eb)], &s(vec![b, m, n], &ec), t("")),
        4 => structured(g, "batch_reduce_matmul", cast, &[s(vec![b, m, k], &ea), s(vec![b, k, n], &eb)], &s(vec![m, n], &ec), t("")),
        5 => structured(g, "matvec", t(""), &[s(vec![m, k], &ea), s(vec![k], &eb)], &s(vec![m], &ec), t("")),
        6 => structured(g, "vecmat", t(""), &[s(vec![k], &ea), s(vec![k, n], &eb)], &s(vec![n], &ec), t("")),
        7 => structured(g, "batch_matvec", t(""), &[s(vec![b, m, k], &ea), s(vec![b, k], &eb)], &s(vec![b, m], &ec), t("")),
        8 => structured(g, "dot", t(""), &[s(vec![k], &ea), s(vec![k], &eb)], &s(vec![], &ec), t("")),
        _ => {
            if g.rng.chance(30) {
                structured(g, "batch_vecmat", t(""), &[s(vec![b, k], &ea), s(vec![b, k, n], &eb)], &s(vec![b, n], &ec), t(""));
            } else if g.rng.chance(50) {
                let ins = [s(vec![b, m, k], &T::I(8)), s(vec![b, k, n], &T::I(8)), T::I(32), T::I(32)];
                structured(g, "quantized_batch_matmul", t(""), &ins, &s(vec![b, m, n], &T::I(32)), t(""));
            } else {
                let ins = [s(vec![m, k], &T::I(8)), s(vec![k, n], &T::I(8)), T::I(32), T::I(32)];
                structured(g, "quantized_matmul", t(""), &ins, &s(vec![m, n], &T::I(32)), t(""));
            }
        }
    }
}

fn mmt4d(g: &mut Gen, mem: bool) {
    let (ea, eb, ec) = contraction_types(g);
    let (m, n, k, m0, n0, k0) = (2, 3, 4, g.small_dim(), g.small_dim(), g.small_dim());
    if g.rng.chance(60) {
        let ins = [shaped(vec![m, k, m0, k0], ea, mem), shaped(vec![n, k, n0, k0], eb, mem)];
        structured(g, "mmt4d", t(""), &ins, &shaped(vec![m, n, m0, n0], ec, mem), t(""));
    } else {
        let b = 2;
        let ins = [shaped(vec![b, m, k, m0, k0], ea, mem), shaped(vec![b, n, k, n0, k0], eb, mem)];
        structured(g, "batch_mmt4d", t(""), &ins, &shaped(vec![b, m, n, m0, n0], ec, mem), t(""));
    }
}

fn contract(g: &mut Gen, mem: bool) {
    let (ea, eb, ec) = contraction_types(g);
    let (m, n, k) = (g.small_dim(), g.small_dim(), g.small_dim());
    let maps = " indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]";
    let attrs = g.attr_dict();
    structured(
        g,
        "contract",
        t(maps),
        &[shaped(vec![k, m], ea, mem), shaped(vec![k, n], eb, mem)],
        &shaped(vec![m, n], ec, mem),
        attrs,
    );
}

fn transpose_broadcast(g: &mut Gen, mem: bool) {
    let e = super::tensor::elem(g);
    let (a, b) = (g.small_dim(), g.small_dim());
    let (name, src, dst, post) = if g.rng.chance(50) {
        if g.rng.chance(50) {
            ("transpose", shaped(vec![a, b], e.clone(), mem), shaped(vec![b, a], e, mem), " permutation = [1, 0]")
        } else {
            let c = g.small_dim();
            ("transpose", shaped(vec![a, b, c], e.clone(), mem), shaped(vec![c, a, b], e, mem), " permutation = [2, 0, 1]")
        }
    } else if g.rng.chance(50) {
        ("broadcast", shaped(vec![b], e.clone(), mem), shaped(vec![a, b], e, mem), " dimensions = [0]")
    } else {
        ("broadcast", shaped(vec![a], e.clone(), mem), shaped(vec![a, b], e, mem), " dimensions = [1]")
    };
    let x = g.val(&src);
    let o = g.val(&dst);
    let attrs = g.attr_dict();
    let on_tensor = !mem;
    let r = g.fresh();
    let def = if on_tensor { format!("{r} = ") } else { String::new() };
    g.emit(
        tag(name),
        Doc::cat(vec![
            t(format!("{def}linalg.{name} ins({x} : {}) outs({o} : {}){post}", src.text(), dst.text())),
            attrs,
        ]),
    );
    if on_tensor {
        g.bind(&r, dst);
    }
}

/// A payload op combining two values of `e` (for reduce and map short forms).
fn combiner(g: &mut Gen, e: &T) -> &'static str {
    if e.is_float() {
        *g.rng.pick(&["arith.addf", "arith.mulf", "arith.maximumf", "arith.minnumf", "arith.subf"])
    } else {
        *g.rng.pick(&["arith.addi", "arith.muli", "arith.maxsi", "arith.andi", "arith.xori"])
    }
}

fn reduce(g: &mut Gen, mem: bool) {
    let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
    let (a, b) = (g.small_dim(), g.small_dim());
    let (dim, out_shape) = if g.rng.chance(50) { (1, vec![a]) } else { (0, vec![b]) };
    let src = shaped(vec![a, b], e.clone(), mem);
    let dst = shaped(out_shape, e.clone(), mem);
    let x = g.val(&src);
    let o = g.val(&dst);
    let r = g.fresh();
    let def = if mem { String::new() } else { format!("{r} = ") };
    let io = format!("ins({x} : {}) outs({o} : {}) dimensions = [{dim}]", src.text(), dst.text());
    if g.rng.chance(50) || g.depth >= 3 {
        let c = combiner(g, &e);
        g.emit("linalg.reduce", t(format!("{def}linalg.reduce {{ {c} }} {io}")));
    } else {
        let (p, q) = (format!("%in{}", g.id()), format!("%init{}", g.id()));
        let e2 = e.clone();
        let body = g.region(&[(p.clone(), e.clone()), (q.clone(), e.clone())], false, |g| {
            g.body_ops(2);
            let v = g.val(&e2);
            g.line("linalg.yield", format!("linalg.yield {v} : {}", e2.text()));
        });
        let attrs = g.attr_dict();
        g.emit(
            "linalg.reduce",
            Doc::cat(vec![
                t(format!("{def}linalg.reduce {io}")),
                attrs,
                t(format!(" ({p}: {0}, {q}: {0}) ", e.text())),
                body,
            ]),
        );
    }
    if !mem {
        g.bind(&r, dst);
    }
}

fn map(g: &mut Gen, mem: bool) {
    let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
    let shape = { let n = g.rng.range(1, 2); g.static_shape(n) };
    let ty = shaped(shape, e.clone(), mem);
    let n = g.rng.range(1, 2);
    let xs: Vec<String> = (0..n).map(|_| g.val(&ty)).collect();
    let o = g.val(&ty);
    let r = g.fresh();
    let def = if mem { String::new() } else { format!("{r} = ") };
    let tys = vec![ty.text(); n].join(", ");
    let io = format!("ins({} : {tys}) outs({o} : {})", xs.join(", "), ty.text());
    if g.rng.chance(50) || g.depth >= 3 {
        let c = if n == 2 {
            combiner(g, &e)
        } else if e.is_float() {
            g.rng.pick(&["arith.negf", "math.exp", "math.absf"])
        } else {
            "math.absi"
        };
        let fm = if c.starts_with("arith.") && e.is_float() && g.rng.chance(30) { " {fastmath = #arith.fastmath<fast>}" } else { "" };
        g.emit("linalg.map", t(format!("{def}linalg.map {{ {c}{fm} }} {io}")));
    } else {
        let mut args: Vec<(String, T)> = (0..n).map(|_| (format!("%x{}", g.id()), e.clone())).collect();
        args.push((format!("%y{}", g.id()), e.clone()));
        let e2 = e.clone();
        let body = g.region(&args, false, |g| {
            g.body_ops(2);
            let v = g.val(&e2);
            g.line("linalg.yield", format!("linalg.yield {v} : {}", e2.text()));
        });
        let params: Vec<String> = args.iter().map(|(n, ty)| format!("{n}: {}", ty.text())).collect();
        g.emit("linalg.map", Doc::cat(vec![t(format!("{def}linalg.map {io} ({}) ", params.join(", "))), body]));
    }
    if !mem {
        g.bind(&r, ty);
    }
}

fn elementwise(g: &mut Gen, mem: bool) {
    let rank = g.rng.range(1, 2);
    let shape = g.static_shape(rank);
    let (kind, n) = match g.rng.below(3) {
        0 => (*g.rng.pick(&EW_UNARY), 1),
        1 => (*g.rng.pick(&EW_BINARY), 2),
        _ => ("select", 3),
    };
    let e = if kind.ends_with("signed") { T::I(32) } else { T::f32() };
    let ty = shaped(shape, e, mem);
    let ins: Vec<T> = (0..n).map(|k| if n == 3 && k == 0 { ty.with_elem(T::i1()) } else { ty.clone() }).collect();
    structured(g, "elementwise", t(format!(" kind=#linalg.elementwise_kind<{kind}>")), &ins, &ty, t(""));
}

fn named_elementwise(g: &mut Gen, mem: bool) {
    let shape = { let n = g.rng.range(1, 2); g.static_shape(n) };
    match g.rng.below(3) {
        0 => {
            let name = *g.rng.pick(&UNARY);
            let ty = shaped(shape, T::f32(), mem);
            structured(g, name, t(""), &[ty.clone()], &ty, t(""));
        }
        1 => {
            let name = *g.rng.pick(&BINARY);
            let e = match name {
                "powf" => T::f32(),
                "div_unsigned" => T::I(32),
                _ if g.rng.chance(30) => T::I(32),
                _ => T::f32(),
            };
            let ty = shaped(shape, e, mem);
            structured(g, name, t(""), &[ty.clone(), ty.clone()], &ty, t(""));
        }
        _ => {
            let ty = shaped(shape, T::f32(), mem);
            let c = ty.with_elem(T::i1());
            structured(g, "select", t(""), &[c, ty.clone(), ty.clone()], &ty, t(""));
        }
    }
}

fn conv(g: &mut Gen, mem: bool) {
    let (name, input, filter, output, attrs, quantized) = *g.rng.pick(&CONVS);
    let spatial = input.matches('S').count();
    let (stride, dilation) = if attrs { (*g.rng.pick(&[1, 1, 2]), *g.rng.pick(&[1, 1, 2])) } else { (1, 1) };
    let (s, k) = (9, 3);
    let o = (s - dilation * (k - 1) - 1) / stride + 1;
    let dims = |layout: &str| -> Vec<i64> {
        layout
            .chars()
            .map(|c| match c {
                'N' => 1,
                'C' => 3,
                'F' => 4,
                'G' => 2,
                'M' => 2,
                'S' => s,
                'K' => k,
                _ => o,
            })
            .collect()
    };
    let (ei, ef, eo) = if quantized || name.ends_with("_unsigned") {
        (T::I(8), T::I(8), T::I(32))
    } else {
        let e = g.rng.pick(&[T::f32(), T::f32(), T::I(32)]).clone();
        (e.clone(), e.clone(), e)
    };
    let mut ins = vec![shaped(dims(input), ei, mem), shaped(dims(filter), ef, mem)];
    if quantized {
        ins.push(T::I(32));
        ins.push(T::I(32));
    }
    let out = shaped(dims(output), eo, mem);
    let pre = if attrs && (stride != 1 || dilation != 1 || g.rng.chance(40)) {
        opt(format!(
            " {{dilations = dense<{dilation}> : tensor<{spatial}xi64>, strides = dense<{stride}> : tensor<{spatial}xi64>}}"
        ))
    } else {
        t("")
    };
    structured(g, name, pre, &ins, &out, t(""));
}

/// `linalg.softmax` and the Winograd transforms (F(2,3), F(4,3), F(2,5)).
fn softmax_winograd(g: &mut Gen) {
    let r = g.fresh();
    let attrs = g.attr_dict();
    if g.rng.chance(40) {
        let mem = g.rng.chance(30);
        let rank = g.rng.range(1, 3);
        let shape = g.static_shape(rank);
        let ty = shaped(shape, T::f32(), mem);
        let (x, o) = (g.val(&ty), g.val(&ty));
        let dim = g.rng.below(rank);
        let (def, res) = if mem { (String::new(), String::new()) } else { (format!("{r} = "), format!(" -> {}", ty.text())) };
        g.emit(
            "linalg.softmax",
            Doc::cat(vec![
                t(format!("{def}linalg.softmax")),
                attrs,
                t(format!(" dimension({dim}) ins({x} : {}) outs({o} : {}){res}", ty.text(), ty.text())),
            ]),
        );
        if !mem {
            g.bind(&r, ty);
        }
        return;
    }
    let (name, m, rr) = *g.rng.pick(&[("F_2_3", 2, 3), ("F_4_3", 4, 3), ("F_2_5", 2, 5)]);
    let alpha = m + rr - 1;
    let (n, c, f) = (g.small_dim(), g.small_dim(), g.small_dim());
    let tiles = g.rng.range(1, 2) as i64;
    let (tag, op, input, output) = match g.rng.below(3) {
        0 => ("linalg.winograd_filter_transform", "winograd_filter_transform", vec![f, rr, rr, c], vec![alpha, alpha, c, f]),
        1 => {
            let h = m * tiles + rr - 1;
            ("linalg.winograd_input_transform", "winograd_input_transform", vec![n, h, h, c], vec![alpha, alpha, tiles, tiles, n, c])
        }
        _ => ("linalg.winograd_output_transform", "winograd_output_transform", vec![alpha, alpha, tiles, tiles, n, f], vec![n, m * tiles, m * tiles, f]),
    };
    let (it, ot) = (T::tensor(input, T::f32()), T::tensor(output, T::f32()));
    let (x, o) = (g.val(&it), g.val(&ot));
    g.emit(
        tag,
        Doc::cat(vec![
            t(format!("{r} = linalg.{op}")),
            attrs,
            t(format!(" fmr({name}) ins({x} : {}) outs({o} : {}) -> {}", it.text(), ot.text(), ot.text())),
        ]),
    );
    g.bind(&r, ot);
}

/// `linalg.pack` (padding value, outer permutation, static and dynamic tiles) and
/// `linalg.unpack`.
fn pack_unpack(g: &mut Gen) {
    let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
    let (tm, tn) = (*g.rng.pick(&[2, 4, 8]), *g.rng.pick(&[2, 4]));
    let (om, on) = (g.small_dim(), g.small_dim());
    let padded = g.rng.chance(30);
    // A padded pack may leave a partial tile.
    let rows = if padded { om * tm - 1 } else { om * tm };
    let unpacked = T::tensor(vec![rows, on * tn], e.clone());
    let permute = g.rng.chance(30);
    let dynamic_tile = g.rng.chance(20);
    let outer = if permute { vec![on, om] } else { vec![om, on] };
    let mut packed_shape = outer.clone();
    packed_shape.push(tm);
    packed_shape.push(if dynamic_tile { super::types::DYN } else { tn });
    let packed = T::tensor(packed_shape, e.clone());
    let tiles = if dynamic_tile { format!("[{tm}, {}]", g.index()) } else { format!("[{tm}, {tn}]") };
    let perm = if permute { opt(" outer_dims_perm = [1, 0]") } else { t("") };
    let r = g.fresh();
    let attrs = g.attr_dict();
    if g.rng.chance(60) {
        let (s, d) = (g.val(&unpacked), g.val(&packed));
        let pad = if padded { format!(" padding_value({} : {})", g.val(&e), e.text()) } else { String::new() };
        g.emit(
            "linalg.pack",
            Doc::cat(vec![
                t(format!("{r} = linalg.pack {s}{pad}")),
                perm,
                t(format!(" inner_dims_pos = [0, 1] inner_tiles = {tiles} into {d}")),
                attrs,
                t(format!(" : {} -> {}", unpacked.text(), packed.text())),
            ]),
        );
        g.bind(&r, packed);
    } else {
        let (s, d) = (g.val(&packed), g.val(&unpacked));
        g.emit(
            "linalg.unpack",
            Doc::cat(vec![
                t(format!("{r} = linalg.unpack {s}")),
                perm,
                t(format!(" inner_dims_pos = [0, 1] inner_tiles = {tiles} into {d}")),
                attrs,
                t(format!(" : {} -> {}", packed.text(), unpacked.text())),
            ]),
        );
        g.bind(&r, unpacked);
    }
}

/// `linalg.generic` over 1 to 3 loops with identity, transposed and reduced maps.
fn generic(g: &mut Gen, mem: bool) {
    if g.depth >= 3 {
        return super::arith::op(g);
    }
    let loops = g.rng.range(1, 3);
    let sizes: Vec<i64> = (0..loops).map(|_| g.small_dim()).collect();
    let reduction = loops > 1 && g.rng.chance(40);
    let iters: Vec<&str> = (0..loops).map(|i| if reduction && i == loops - 1 { "\"reduction\"" } else { "\"parallel\"" }).collect();
    let dims: Vec<String> = (0..loops).map(|i| format!("d{i}")).collect();
    let head = format!("({})", dims.join(", "));
    let identity = format!("affine_map<{head} -> ({})>", dims.join(", "));
    let mut maps = Vec::new();
    let mut ins = Vec::new();
    // With a reduction, the first input covers every loop (the maps must be invertible).
    let n_in = g.rng.range(usize::from(reduction), 2);
    for k in 0..n_in {
        let e = g.rng.pick(&[T::f32(), T::I(32), T::F("f16")]).clone();
        match if reduction && k == 0 { 2 } else { g.rng.below(3) } {
            0 if loops >= 2 => {
                let mut order: Vec<usize> = (0..loops).collect();
                order.swap(0, 1);
                let m = format!("affine_map<{head} -> ({})>", order.iter().map(|i| dims[*i].clone()).collect::<Vec<_>>().join(", "));
                maps.push(m);
                ins.push(shaped(order.iter().map(|i| sizes[*i]).collect(), e, mem));
            }
            1 => {
                maps.push(format!("affine_map<{head} -> ()>"));
                ins.push(e);
            }
            _ => {
                maps.push(identity.clone());
                ins.push(shaped(sizes.clone(), e, mem));
            }
        }
    }
    let n_out = g.rng.range(1, 2);
    let mut outs = Vec::new();
    let out_dims: Vec<usize> = (0..loops).filter(|i| !(reduction && *i == loops - 1)).collect();
    let out_map = format!("affine_map<{head} -> ({})>", out_dims.iter().map(|i| dims[*i].clone()).collect::<Vec<_>>().join(", "));
    for _ in 0..n_out {
        let e = g.rng.pick(&[T::f32(), T::I(32)]).clone();
        maps.push(out_map.clone());
        outs.push(shaped(out_dims.iter().map(|i| sizes[*i]).collect(), e, mem));
    }
    let ins: Vec<T> = ins.iter().map(|t| loosen(g, t)).collect();
    let outs: Vec<T> = outs.iter().map(|t| loosen(g, t)).collect();
    let xs: Vec<String> = ins.iter().map(|ty| g.val(ty)).collect();
    let os: Vec<String> = outs.iter().map(|ty| g.val(ty)).collect();
    let mut args: Vec<(String, T)> = ins.iter().map(|ty| (format!("%in{}", g.id()), ty.elem().clone())).collect();
    args.extend(outs.iter().map(|ty| (format!("%out{}", g.id()), ty.elem().clone())));
    let out_elems: Vec<T> = outs.iter().map(|ty| ty.elem().clone()).collect();
    let body = g.region(&args, true, |g| {
        if g.rng.chance(30) {
            let d = g.rng.below(loops);
            let r = g.fresh();
            g.line("linalg.index", format!("{r} = linalg.index {d} : index"));
            g.bind(&r, T::Index);
        }
        g.body_ops(2);
        let vs: Vec<String> = out_elems.iter().map(|ty| g.val(ty)).collect();
        let v: Vec<String> = out_elems.iter().map(T::text).collect();
        g.line("linalg.yield", format!("linalg.yield {} : {}", vs.join(", "), v.join(", ")));
    });
    let mut dict = vec![t(format!("indexing_maps = [{}]", maps.join(", "))), t(format!("iterator_types = [{}]", iters.join(", ")))];
    if g.rng.chance(15) {
        dict.push(opt("doc = \"a generic\""));
    }
    if g.rng.chance(15) {
        dict.push(opt("library_call = \"lib_fn\""));
    }
    let on_tensor = !mem;
    let (defs, names) = if on_tensor { g.fresh_results(n_out) } else { (String::new(), Vec::new()) };
    let def = if on_tensor { format!("{defs} = ") } else { String::new() };
    let ins_text = if ins.is_empty() {
        String::new()
    } else {
        format!(" ins({} : {})", xs.join(", "), ins.iter().map(T::text).collect::<Vec<_>>().join(", "))
    };
    let outs_text = format!(" outs({} : {})", os.join(", "), outs.iter().map(T::text).collect::<Vec<_>>().join(", "));
    let attrs = if g.rng.chance(15) { opt(" attrs = {tst.g = 1 : i32}") } else { t("") };
    let res = if on_tensor {
        let v: Vec<String> = outs.iter().map(T::text).collect();
        if v.len() == 1 { format!(" -> {}", v[0]) } else { format!(" -> ({})", v.join(", ")) }
    } else {
        String::new()
    };
    g.emit(
        "linalg.generic",
        Doc::cat(vec![
            t(format!("{def}linalg.generic ")),
            Doc::list("{", ", ", "}", dict, 2),
            t(format!("{ins_text}{outs_text}")),
            attrs,
            t(" "),
            body,
            t(res),
        ]),
    );
    for (n, ty) in names.iter().zip(outs) {
        g.bind(n, ty);
    }
}
