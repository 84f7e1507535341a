//! Random elements attributes for the program generator: `dense` (lists, splats, hex, complex,
//! strings, empty), `dense_resource` with its blob, `sparse` and `array<T: ...>`.

use super::*;

impl Gen<'_> {
    /// A statically shaped tensor or vector type for elements attributes, with its element kind
    /// and element count.
    fn static_shaped(&mut self, allow_vector: bool) -> (Doc, Elem, Vec<u64>) {
        let vector = allow_vector && self.rng.chance(25);
        let (elem, kind) = if vector {
            match self.rng.below(2) {
                0 => {
                    let w = *self.rng.pick(&[1, 8, 16, 32, 64]);
                    let (t, s) = self.int_type_of(w);
                    (t, Elem::Int(w, s))
                }
                _ => {
                    let (name, tag, bits) = *self.rng.pick(FLOATS);
                    (Ty::plain(name, tag), Elem::Float(bits))
                }
            }
        } else {
            self.element_type(false)
        };
        let mut shape: Vec<u64> = self
            .shape(false, 3)
            .into_iter()
            .map(|d| d.unwrap_or(1))
            .collect();
        if vector {
            shape.retain(|d| *d > 0);
        }
        if shape.iter().product::<u64>() > 24 {
            shape.truncate(1);
        }
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let ty = if vector {
            Doc::cat(vec![
                Doc::text(format!("vector<{dims}")),
                elem.doc,
                Doc::text(">"),
            ])
            .tag("type.vector")
        } else {
            Doc::cat(vec![
                Doc::text(format!("tensor<{dims}")),
                elem.doc,
                Doc::text(">"),
            ])
            .tag("type.tensor")
        };
        (ty, kind, shape)
    }

    /// One literal element of a dense attribute.
    fn element_literal(&mut self, kind: Elem) -> String {
        match kind {
            Elem::Int(1, None) => self.rng.pick(&["true", "false", "1", "0"]).to_string(),
            Elem::Int(w, s) => self.int_literal(w, s),
            Elem::Index => self.int_literal(64, Some(true)),
            Elem::Float(_) => self.rng.pick(FLOAT_LITERALS).to_string(),
            Elem::ComplexFloat => format!(
                "({}, {})",
                self.rng.pick(FLOAT_LITERALS),
                self.rng.pick(FLOAT_LITERALS)
            ),
            Elem::ComplexInt(w) => format!(
                "({}, {})",
                self.int_literal(w, None),
                self.int_literal(w, None)
            ),
            Elem::Other => "0".into(),
        }
    }

    /// Nested literal lists for `shape`.
    fn nested_literal(&mut self, kind: Elem, shape: &[u64]) -> String {
        match shape.split_first() {
            None => self.element_literal(kind),
            Some((n, rest)) => {
                let items: Vec<String> = (0..*n).map(|_| self.nested_literal(kind, rest)).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }

    /// Bytes per element in a hex dense buffer, for kinds that have a simple layout.
    fn hex_element_bytes(kind: Elem) -> Option<usize> {
        match kind {
            Elem::Int(w, _) if [8, 16, 32, 64].contains(&w) => Some(w as usize / 8),
            Elem::Float(w) if [16, 32, 64].contains(&w) => Some(w as usize / 8),
            Elem::Index => Some(8),
            _ => None,
        }
    }

    pub(super) fn dense_attr(&mut self) -> Doc {
        if self.rng.chance(10) {
            let n = self.rng.range(1, 3);
            let d = self.rng.pick(DIALECTS);
            let items: Vec<String> = (0..n)
                .map(|_| {
                    let (s, _) = self.string_body();
                    format!("\"{s}\"")
                })
                .collect();
            let body = if n == 1 && self.rng.chance(50) {
                items[0].clone()
            } else {
                format!("[{}]", items.join(", "))
            };
            return Doc::text(format!("dense<{body}> : tensor<{n}x!{d}.string>"))
                .tag("attr.dense.string");
        }
        if self.rng.chance(8) {
            // Large enough to be printed as hex by mlir-opt.
            let (w, name) = *self
                .rng
                .pick(&[(1usize, "i8"), (4, "f32"), (2, "i16"), (4, "i32")]);
            let n = self.rng.range(90, 130);
            let hex: String = (0..n * w)
                .map(|_| format!("{:02X}", self.rng.below(256)))
                .collect();
            return Doc::text(format!("dense<\"0x{hex}\"> : tensor<{n}x{name}>"))
                .tag("attr.dense.hex")
                .tag("attr.dense.large");
        }
        let (ty, kind, shape) = self.static_shaped(true);
        let count: u64 = shape.iter().product();
        let (body, tag) = if kind == Elem::Other {
            return Doc::cat(vec![
                Doc::text("dense<> : "),
                Doc::text(format!("tensor<0x{}>", self.int_type().text)),
            ])
            .tag("attr.dense.empty");
        } else if count == 0 {
            (String::new(), "attr.dense.empty")
        } else if let (true, Some(bytes)) = (self.rng.chance(20), Self::hex_element_bytes(kind)) {
            let n = if self.rng.chance(30) {
                1
            } else {
                count as usize
            };
            let hex: String = (0..n * bytes)
                .map(|_| format!("{:02X}", self.rng.below(256)))
                .collect();
            (format!("\"0x{hex}\""), "attr.dense.hex")
        } else if self.rng.chance(30) {
            (self.element_literal(kind), "attr.dense.splat")
        } else {
            let tag = match kind {
                Elem::Float(_) => "attr.dense.float",
                Elem::ComplexFloat | Elem::ComplexInt(_) => "attr.dense.complex",
                _ => "attr.dense.int",
            };
            (self.nested_literal(kind, &shape), tag)
        };
        Doc::cat(vec![Doc::text(format!("dense<{body}> : ")), ty]).tag(tag)
    }

    pub(super) fn dense_resource(&mut self) -> Doc {
        let n = self.rng.range(1, 4);
        let key = format!("blob{}", self.id());
        if self.rng.chance(60) {
            let data: String = (0..n * 4)
                .map(|_| format!("{:02X}", self.rng.below(256)))
                .collect();
            self.resources
                .push((key.clone(), format!("0x04000000{data}")));
        }
        Doc::text(format!("dense_resource<{key}> : tensor<{n}xi32>")).tag("attr.dense_resource")
    }

    pub(super) fn sparse_attr(&mut self) -> Doc {
        let rows = self.rng.range(2, 4) as u64;
        let cols = self.rng.range(2, 4) as u64;
        let nnz = self.rng.range(0, 3);
        let float = self.rng.chance(40);
        let idx: Vec<String> = (0..nnz)
            .map(|_| {
                format!(
                    "[{}, {}]",
                    self.rng.below(rows as usize),
                    self.rng.below(cols as usize)
                )
            })
            .collect();
        let vals: Vec<String> = (0..nnz)
            .map(|_| {
                if float {
                    self.rng.pick(FLOAT_LITERALS).to_string()
                } else {
                    self.int_literal(32, None)
                }
            })
            .collect();
        let ty = if float { "f32" } else { "i32" };
        let body = if nnz == 0 {
            String::new()
        } else {
            format!("[{}], [{}]", idx.join(", "), vals.join(", "))
        };
        Doc::text(format!("sparse<{body}> : tensor<{rows}x{cols}x{ty}>")).tag("attr.sparse")
    }

    pub(super) fn dense_array(&mut self) -> Doc {
        let (ty, kind) = *self.rng.pick(&[
            ("i1", Elem::Int(1, None)),
            ("i8", Elem::Int(8, None)),
            ("i16", Elem::Int(16, None)),
            ("i32", Elem::Int(32, None)),
            ("i64", Elem::Int(64, None)),
            ("f32", Elem::Float(32)),
            ("f64", Elem::Float(64)),
        ]);
        let n = self.rng.range(0, 4);
        let vals: Vec<String> = (0..n)
            .map(|_| match kind {
                Elem::Int(1, _) => self.rng.pick(&["true", "false"]).to_string(),
                Elem::Int(w, _) => self.int_literal(w, Some(true)),
                _ => self.rng.pick(FLOAT_LITERALS).to_string(),
            })
            .collect();
        let text = if n == 0 {
            format!("array<{ty}>")
        } else {
            format!("array<{ty}: {}>", vals.join(", "))
        };
        Doc::text(text).tag("attr.dense_array")
    }
}
