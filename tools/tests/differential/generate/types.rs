//! Random builtin types for the program generator: integers of any width and signedness,
//! the floating-point types, index, none, complex, tuples, functions, tensors (ranked, unranked,
//! with encodings), memrefs (layouts, memory spaces), vectors (scalable dims) and opaque types.

use super::*;

impl Gen<'_> {
    /// A type for an SSA value (anything, occasionally through an alias).
    pub(super) fn value_type(&mut self) -> Ty {
        let t = self.ty(0);
        self.maybe_type_alias(t)
    }

    fn maybe_type_alias(&mut self, t: Ty) -> Ty {
        if !self.rng.chance(6) {
            return t;
        }
        let name = format!("!ta{}", self.id());
        self.aliases
            .push(Doc::cat(vec![Doc::text(format!("{name} = ")), t.doc]).tag("alias.type"));
        Ty::plain(&name, "alias.type.use")
    }

    pub(super) fn ty(&mut self, depth: usize) -> Ty {
        let deep = depth < 2;
        match self.rng.below(if deep { 20 } else { 8 }) {
            0..=2 => self.int_type(),
            3..=4 => self.float_type(),
            5 => Ty::plain("index", "type.index"),
            6 => Ty::plain("none", "type.none"),
            7 => self.opaque_type(),
            8 => self.complex_type(),
            9 => self.tuple_type(depth),
            10 => self.function_type(depth),
            11 | 12 => self.tensor_type(),
            13 | 14 => self.memref_type(),
            15 | 16 => self.vector_type(),
            _ => self.int_type(),
        }
    }

    pub(super) fn int_width(&mut self) -> u32 {
        match self.rng.below(12) {
            0 | 1 => 1,
            2 => 8,
            3 => 16,
            4 | 5 => 32,
            6 | 7 => 64,
            8 => 128,
            9 => self.rng.range(2, 200) as u32,
            10 => *self.rng.pick(&[256, 1000, 4096, 65535]),
            _ => *self.rng.pick(&[3, 7, 24, 48, 63, 65, 127, 129]),
        }
    }

    pub(super) fn int_type_of(&mut self, width: u32) -> (Ty, Option<bool>) {
        let (prefix, signed, tag) = match self.rng.below(6) {
            0 => ("si", Some(true), "type.int.signed"),
            1 => ("ui", Some(false), "type.int.unsigned"),
            _ => ("i", None, "type.int"),
        };
        let wide = if width > 128 {
            Doc::text("").tag("type.int.wide")
        } else {
            Doc::text("")
        };
        (
            Ty::new(Doc::cat(vec![
                Doc::text(format!("{prefix}{width}")).tag(tag),
                wide,
            ])),
            signed,
        )
    }

    pub(super) fn int_type(&mut self) -> Ty {
        let w = self.int_width();
        self.int_type_of(w).0
    }

    fn float_type(&mut self) -> Ty {
        let (name, tag, _) = *self.rng.pick(FLOATS);
        Ty::plain(name, tag)
    }

    fn opaque_type(&mut self) -> Ty {
        let d = self.rng.pick(DIALECTS);
        let text = match self.rng.below(5) {
            0 => format!("!{d}.t"),
            1 => format!("!{d}.vec<4 x f32>"),
            2 => format!("!{d}<\"raw {{}} string\">"),
            3 => format!("!{d}.nest<[1, (2)], {{a = \"x>\"}}, <<>>>"),
            _ => format!("!{d}.param<i32,  \"s\">"),
        };
        Ty::plain(&text, "type.opaque")
    }

    fn complex_type(&mut self) -> Ty {
        let inner = if self.rng.chance(60) {
            self.float_type()
        } else {
            self.int_type()
        };
        Ty::new(
            Doc::cat(vec![Doc::text("complex<"), inner.doc, Doc::text(">")]).tag("type.complex"),
        )
    }

    fn tuple_type(&mut self, depth: usize) -> Ty {
        let n = self.rng.range(0, 3);
        let mut parts = vec![Doc::text("tuple<")];
        for i in 0..n {
            if i > 0 {
                parts.push(Doc::text(", "));
            }
            parts.push(self.ty(depth + 1).doc);
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.tuple"))
    }

    fn function_type(&mut self, depth: usize) -> Ty {
        let args: Vec<Doc> = (0..self.rng.range(0, 2))
            .map(|_| self.ty(depth + 1).doc)
            .collect();
        let results: Vec<Doc> = (0..self.rng.range(0, 2))
            .map(|_| self.ty(depth + 1).doc)
            .collect();
        Ty::new(fn_type_doc(args, results).tag("type.function"))
    }

    /// A shape: dimension sizes (`None` for `?`).
    pub(super) fn shape(&mut self, dynamic: bool, max_rank: usize) -> Vec<Option<u64>> {
        (0..self.rng.range(0, max_rank))
            .map(|_| {
                if dynamic && self.rng.chance(20) {
                    None
                } else {
                    Some(*self.rng.pick(&[1, 2, 3, 4, 8, 16, 0, 1]))
                }
            })
            .collect()
    }

    fn dims_text(shape: &[Option<u64>]) -> String {
        shape
            .iter()
            .map(|d| d.map_or("?".to_string(), |d| d.to_string()) + "x")
            .collect()
    }

    /// An element type for tensors and memrefs, with its literal kind.
    pub(super) fn element_type(&mut self, allow_opaque: bool) -> (Ty, Elem) {
        match self.rng.below(10) {
            0..=3 => {
                let w = self.int_width();
                let (t, s) = self.int_type_of(w);
                (t, Elem::Int(w, s))
            }
            4..=6 => {
                let (name, tag, bits) = *self.rng.pick(FLOATS);
                (Ty::plain(name, tag), Elem::Float(bits))
            }
            7 => (Ty::plain("index", "type.index"), Elem::Index),
            8 => {
                if self.rng.chance(50) {
                    let (name, tag, _) = *self.rng.pick(FLOATS);
                    (
                        Ty::new(
                            Doc::cat(vec![
                                Doc::text("complex<"),
                                Doc::text(name).tag(tag),
                                Doc::text(">"),
                            ])
                            .tag("type.complex"),
                        ),
                        Elem::ComplexFloat,
                    )
                } else {
                    let w = *self.rng.pick(&[8, 16, 32, 64]);
                    (
                        Ty::new(Doc::text(format!("complex<i{w}>")).tag("type.complex")),
                        Elem::ComplexInt(w),
                    )
                }
            }
            _ => {
                if allow_opaque && self.rng.chance(50) {
                    (self.opaque_type(), Elem::Other)
                } else {
                    (self.vector_type(), Elem::Other)
                }
            }
        }
    }

    fn tensor_type(&mut self) -> Ty {
        let (elem, _) = self.element_type(true);
        if self.rng.chance(15) {
            return Ty::new(
                Doc::cat(vec![Doc::text("tensor<*x"), elem.doc, Doc::text(">")])
                    .tag("type.tensor.unranked"),
            );
        }
        let shape = self.shape(true, 3);
        let mut parts = vec![
            Doc::text(format!("tensor<{}", Self::dims_text(&shape))),
            elem.doc,
        ];
        if self.rng.chance(20) {
            parts.push(Doc::text(", "));
            parts.push(self.encoding().tag("type.tensor.encoding"));
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.tensor"))
    }

    /// A tensor encoding or memory space: any attribute that is not itself ambiguous there.
    fn encoding(&mut self) -> Doc {
        match self.rng.below(5) {
            0 => Doc::text("\"enc\""),
            1 => Doc::text(format!(
                "#{}.enc<{}>",
                self.rng.pick(DIALECTS),
                self.rng.below(9)
            )),
            2 => Doc::text(format!("{} : i32", self.rng.below(5))),
            3 => Doc::text("{tst.x = 1}"),
            _ => Doc::text("[1, \"a\"]"),
        }
    }

    fn memref_type(&mut self) -> Ty {
        let (elem, _) = self.element_type(false);
        if self.rng.chance(15) {
            let mut parts = vec![Doc::text("memref<*x"), elem.doc];
            if self.rng.chance(50) {
                parts.push(Doc::text(", "));
                parts.push(self.memory_space());
            }
            parts.push(Doc::text(">"));
            return Ty::new(Doc::cat(parts).tag("type.memref.unranked"));
        }
        let shape = self.shape(true, 3);
        let mut parts = vec![
            Doc::text(format!("memref<{}", Self::dims_text(&shape))),
            elem.doc,
        ];
        match self.rng.below(6) {
            0 => {
                parts.push(Doc::text(", "));
                parts.push(
                    self.affine_map_text(shape.len())
                        .tag("type.memref.layout.map"),
                );
            }
            1 => {
                parts.push(Doc::text(", "));
                parts.push(
                    self.strided_text(shape.len())
                        .tag("type.memref.layout.strided"),
                );
            }
            _ => {}
        }
        if self.rng.chance(25) {
            parts.push(Doc::text(", "));
            parts.push(self.memory_space());
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.memref"))
    }

    fn memory_space(&mut self) -> Doc {
        let d = match self.rng.below(4) {
            0 => Doc::text(format!("{}", self.rng.below(4))),
            1 => Doc::text(format!("{} : i32", self.rng.below(4))),
            2 => Doc::text("\"gpu\""),
            _ => Doc::text("9 : i64"),
        };
        d.tag("type.memref.space")
    }

    fn vector_type(&mut self) -> Ty {
        let rank = self.rng.range(0, 3);
        let mut dims = String::new();
        let mut scalable = false;
        for _ in 0..rank {
            let d = *self.rng.pick(&[1, 2, 4, 8, 3]);
            if self.rng.chance(20) {
                scalable = true;
                dims.push_str(&format!("[{d}]x"));
            } else {
                dims.push_str(&format!("{d}x"));
            }
        }
        let elem = match self.rng.below(3) {
            0 => self.int_type(),
            1 => self.float_type(),
            _ => Ty::plain("index", "type.index"),
        };
        let mut doc = Doc::cat(vec![
            Doc::text(format!("vector<{dims}")),
            elem.doc,
            Doc::text(">"),
        ])
        .tag("type.vector");
        if scalable {
            doc = doc.tag("type.vector.scalable");
        }
        Ty::new(doc)
    }
}
