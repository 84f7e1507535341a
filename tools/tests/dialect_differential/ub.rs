//! ub ops: `ub.poison` of every kind of type, with and without its value (`ub.unreachable`
//! ends some function bodies, see `program.rs`).

use super::program::{Gen, opt, t};
use super::types::T;
use crate::doc::Doc;

/// One ub op.
pub fn op(g: &mut Gen) {
    let ty = match g.rng.below(5) {
        0 => g.scalar_ty(),
        1 => {
            let e = g.scalar_ty();
            g.elementwise(e)
        }
        2 => T::Complex(Box::new(T::f32())),
        3 => {
            let s = g.shape(2);
            T::memref(s, T::f32())
        }
        _ => {
            let e = g.float_ty();
            let s = g.static_shape(1);
            T::vector(s, e)
        }
    };
    let r = g.fresh();
    let value = if g.rng.chance(30) {
        opt(" <#ub.poison>").tag("ub.poison.value")
    } else {
        t("")
    };
    let attrs = g.attr_dict();
    g.emit(
        "ub.poison",
        Doc::cat(vec![t(format!("{r} = ub.poison")), attrs, value, t(format!(" : {}", ty.text()))]),
    );
    g.bind(&r, ty);
}
