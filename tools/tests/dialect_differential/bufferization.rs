//! bufferization ops: to_tensor, to_buffer, alloc_tensor (sizes, copy, size_hint, memory
//! space), materialize_in_destination, dealloc_tensor, clone and dealloc.

use super::program::{Gen, opt, t};
use super::types::{DYN, Layout, T};
use crate::doc::Doc;

/// One bufferization op.
pub fn op(g: &mut Gen) {
    let e = g.scalar_ty();
    let rank = g.rng.range(0, 3);
    let shape = g.shape(rank);
    let tensor = T::tensor(shape.clone(), e.clone());
    let memref = T::memref(shape.clone(), e.clone());
    let r = g.fresh();
    match g.rng.below(8) {
        0 => {
            let m = g.val(&memref);
            let flags = [" restrict", " writable"]
                .iter()
                .filter(|_| g.rng.chance(40))
                .map(|f| opt(*f))
                .collect::<Vec<_>>();
            let attrs = g.attr_dict();
            let mut parts = vec![t(format!("{r} = bufferization.to_tensor {m}"))];
            parts.extend(flags);
            parts.push(attrs);
            parts.push(t(format!(" : {} to {}", memref.text(), tensor.text())));
            g.emit("bufferization.to_tensor", Doc::cat(parts));
            g.bind(&r, tensor);
        }
        1 => {
            let x = g.val(&tensor);
            let ro = if g.rng.chance(40) { opt(" read_only") } else { t("") };
            let target = if g.rng.chance(30) {
                T::MemRef(shape.clone(), Box::new(e), Layout::Identity, Some("1"))
            } else {
                memref
            };
            g.emit(
                "bufferization.to_buffer",
                Doc::cat(vec![
                    t(format!("{r} = bufferization.to_buffer {x}")),
                    ro,
                    t(format!(" : {} to {}", tensor.text(), target.text())),
                ]),
            );
            g.bind(&r, target);
        }
        2 | 3 => {
            let copy = g.rng.chance(30);
            let sizes: Vec<String> = if copy {
                Vec::new()
            } else {
                shape.iter().filter(|d| **d == DYN).map(|_| g.index()).collect()
            };
            let mut parts = vec![t(format!("{r} = bufferization.alloc_tensor({})", sizes.join(", ")))];
            if copy {
                let src = g.val(&tensor);
                parts.push(t(format!(" copy({src})")));
            }
            if g.rng.chance(25) {
                let h = g.index();
                parts.push(opt(format!(" size_hint={h}")));
            }
            let mut dict = Vec::new();
            if g.rng.chance(25) {
                dict.push(t(format!("memory_space = {} : i64", g.rng.below(3))));
            }
            if g.rng.chance(10) {
                dict.push(t("tst.x"));
            }
            parts.push(Doc::opt_list(" {", ", ", "}", dict));
            parts.push(t(format!(" : {}", tensor.text())));
            g.emit("bufferization.alloc_tensor", Doc::cat(parts));
            g.bind(&r, tensor);
        }
        4 => {
            let src = g.val(&tensor);
            if g.rng.chance(50) {
                let dst = g.val(&tensor);
                g.line(
                    "bufferization.materialize_in_destination",
                    format!(
                        "{r} = bufferization.materialize_in_destination {src} in {dst} : ({0}, {0}) -> {0}",
                        tensor.text()
                    ),
                );
                g.bind(&r, tensor);
            } else {
                let dst = g.val(&memref);
                g.line(
                    "bufferization.materialize_in_destination",
                    format!(
                        "bufferization.materialize_in_destination {src} in restrict writable {dst} : ({}, {}) -> ()",
                        tensor.text(),
                        memref.text()
                    ),
                );
            }
        }
        5 => {
            let x = g.val(&tensor);
            g.line("bufferization.dealloc_tensor", format!("bufferization.dealloc_tensor {x} : {}", tensor.text()));
        }
        6 => {
            let m = g.val(&memref);
            g.line("bufferization.clone", format!("{r} = bufferization.clone {m} : {0} to {0}", memref.text()));
            g.bind(&r, memref);
        }
        _ => {
            let base = T::memref(Vec::new(), e);
            let n = g.rng.range(0, 2);
            let ms: Vec<String> = (0..n).map(|_| g.val(&base)).collect();
            let cs: Vec<String> = (0..n).map(|_| g.val(&T::i1())).collect();
            let nr = if n == 0 { 0 } else { g.rng.range(0, 2) };
            let rs: Vec<String> = (0..nr).map(|_| g.val(&base)).collect();
            let tys = |k: usize| vec![base.text(); k].join(", ");
            let mut text = String::from("bufferization.dealloc");
            if n > 0 {
                text.push_str(&format!(" ({} : {}) if ({})", ms.join(", "), tys(n), cs.join(", ")));
            }
            if nr > 0 {
                text.push_str(&format!(" retain ({} : {})", rs.join(", "), tys(nr)));
            }
            if nr > 0 {
                let (defs, names) = g.fresh_results(nr);
                g.line("bufferization.dealloc", format!("{defs} = {text}"));
                for nm in names {
                    g.bind(&nm, T::i1());
                }
            } else {
                g.line("bufferization.dealloc", text);
            }
        }
    }
}
