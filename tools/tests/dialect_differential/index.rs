//! index ops: binary arithmetic, comparisons, casts, sizeof and constants.

use super::program::Gen;
use super::types::T;

const BINARY: [(&str, &str); 20] = [
    ("index.add", "add"),
    ("index.sub", "sub"),
    ("index.mul", "mul"),
    ("index.divs", "divs"),
    ("index.divu", "divu"),
    ("index.ceildivs", "ceildivs"),
    ("index.ceildivu", "ceildivu"),
    ("index.floordivs", "floordivs"),
    ("index.rems", "rems"),
    ("index.remu", "remu"),
    ("index.maxs", "maxs"),
    ("index.maxu", "maxu"),
    ("index.mins", "mins"),
    ("index.minu", "minu"),
    ("index.shl", "shl"),
    ("index.shrs", "shrs"),
    ("index.shru", "shru"),
    ("index.and", "and"),
    ("index.or", "or"),
    ("index.xor", "xor"),
];
const PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// One index op.
pub fn op(g: &mut Gen) {
    let r = g.fresh();
    match g.rng.below(8) {
        0..=2 => {
            let (tag, name) = *g.rng.pick(&BINARY);
            let (a, b) = (g.index(), g.index());
            let attrs = g.attr_dict();
            g.emit(tag, crate::doc::Doc::cat(vec![super::program::t(format!("{r} = index.{name} {a}, {b}")), attrs]));
            g.bind(&r, T::Index);
        }
        3 => {
            let p = *g.rng.pick(&PREDICATES);
            let (a, b) = (g.index(), g.index());
            g.line("index.cmp", format!("{r} = index.cmp {p}({a}, {b})"));
            g.bind(&r, T::i1());
        }
        4 => {
            let i = g.int_ty();
            let (tag, name) = *g.rng.pick(&[("index.casts", "casts"), ("index.castu", "castu")]);
            if g.rng.chance(50) {
                let a = g.index();
                g.line(tag, format!("{r} = index.{name} {a} : index to {}", i.text()));
                g.bind(&r, i);
            } else {
                let a = g.val(&i);
                g.line(tag, format!("{r} = index.{name} {a} : {} to index", i.text()));
                g.bind(&r, T::Index);
            }
        }
        5 => {
            g.line("index.sizeof", format!("{r} = index.sizeof"));
            g.bind(&r, T::Index);
        }
        6 => {
            let v = *g.rng.pick(&["0", "1", "42", "-3", "9223372036854775807", "-9223372036854775808"]);
            g.line("index.constant", format!("{r} = index.constant {v}"));
            g.bind(&r, T::Index);
        }
        _ => {
            let v = *g.rng.pick(&["true", "false"]);
            g.line("index.bool.constant", format!("{r} = index.bool.constant {v}"));
            g.bind(&r, T::i1());
        }
    }
}
