//! Random affine maps, integer sets and strided layouts for the program generator: pure
//! affine expressions over dimensions and symbols that mlir-opt accepts.

use super::*;

impl Gen<'_> {
    /// An affine expression over `dims` dimensions and `syms` symbols; `symbolic` restricts it
    /// to symbols and constants.
    fn affine_expr(&mut self, dims: usize, syms: usize, depth: usize, symbolic: bool) -> String {
        let leaf = depth > 2 || self.rng.chance(35);
        if leaf {
            let choice = self.rng.below(3);
            return match choice {
                0 if !symbolic && dims > 0 => format!("d{}", self.rng.below(dims)),
                1 if syms > 0 => format!("s{}", self.rng.below(syms)),
                _ => format!("{}", self.rng.range(0, 12) as i64 - 3),
            };
        }
        match self.rng.below(6) {
            0 | 1 => format!(
                "{} + {}",
                self.affine_expr(dims, syms, depth + 1, symbolic),
                self.affine_expr(dims, syms, depth + 1, symbolic)
            ),
            2 => format!(
                "{} - {}",
                self.affine_expr(dims, syms, depth + 1, symbolic),
                self.affine_term(dims, syms, depth + 1, symbolic)
            ),
            3 => format!(
                "{} * {}",
                self.affine_term(dims, syms, depth + 1, symbolic),
                self.affine_term(dims, syms, depth + 1, true)
            ),
            4 => format!("-{}", self.affine_term(dims, syms, depth + 1, symbolic)),
            _ => {
                let op = *self.rng.pick(&["floordiv", "ceildiv", "mod"]);
                let rhs = if syms > 0 && self.rng.chance(30) {
                    format!("s{}", self.rng.below(syms))
                } else {
                    format!("{}", self.rng.range(1, 9))
                };
                format!(
                    "{} {op} {rhs}",
                    self.affine_term(dims, syms, depth + 1, symbolic)
                )
            }
        }
    }

    /// An affine expression in parentheses unless it is a leaf.
    fn affine_term(&mut self, dims: usize, syms: usize, depth: usize, symbolic: bool) -> String {
        let e = self.affine_expr(dims, syms, depth, symbolic);
        if e.contains(' ') || e.starts_with('-') {
            format!("({e})")
        } else {
            e
        }
    }

    fn dims_syms(dims: usize, syms: usize) -> String {
        let d: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let s: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
        if syms == 0 {
            format!("({})", d.join(", "))
        } else {
            format!("({})[{}]", d.join(", "), s.join(", "))
        }
    }

    pub(super) fn affine_map_text(&mut self, dims: usize) -> Doc {
        let syms = self.rng.range(0, 2);
        let n = if dims == 0 {
            self.rng.range(0, 2)
        } else {
            self.rng.range(1, 3)
        };
        let results: Vec<String> = (0..n)
            .map(|_| self.affine_expr(dims, syms, 0, false))
            .collect();
        Doc::text(format!(
            "affine_map<{} -> ({})>",
            Self::dims_syms(dims, syms),
            results.join(", ")
        ))
    }

    pub(super) fn affine_set_text(&mut self) -> Doc {
        let dims = self.rng.range(1, 3);
        let syms = self.rng.range(0, 2);
        let n = self.rng.range(1, 3);
        let cs: Vec<String> = (0..n)
            .map(|_| {
                let e = self.affine_expr(dims, syms, 0, false);
                match self.rng.below(4) {
                    0 => format!("{e} == 0"),
                    1 => format!("{e} <= {}", self.affine_term(dims, syms, 1, false)),
                    _ => format!("{e} >= 0"),
                }
            })
            .collect();
        Doc::text(format!(
            "affine_set<{} : ({})>",
            Self::dims_syms(dims, syms),
            cs.join(", ")
        ))
    }

    pub(super) fn strided_text(&mut self, rank: usize) -> Doc {
        let strides: Vec<String> = (0..rank)
            .map(|_| {
                if self.rng.chance(20) {
                    "?".into()
                } else {
                    format!("{}", self.rng.range(0, 16))
                }
            })
            .collect();
        let offset = match self.rng.below(3) {
            0 => String::new(),
            1 => ", offset: ?".into(),
            _ => format!(", offset: {}", self.rng.range(0, 8)),
        };
        Doc::text(format!("strided<[{}]{offset}>", strides.join(", ")))
    }

    pub(super) fn distinct_attr(&mut self) -> Doc {
        if !self.distinct.is_empty() && self.rng.chance(40) {
            let shared = self.distinct[self.rng.below(self.distinct.len())].clone();
            return Doc::text(shared)
                .tag("attr.distinct")
                .tag("attr.distinct.shared");
        }
        let payload = match self.rng.below(3) {
            0 => "unit".to_string(),
            1 => format!("{} : i32", self.rng.below(100)),
            _ => "\"p\"".to_string(),
        };
        let text = format!(
            "distinct[{}]<{payload}>",
            self.distinct.len() * 3 + self.rng.below(3)
        );
        self.distinct.push(text.clone());
        Doc::text(text).tag("attr.distinct")
    }

    pub(super) fn opaque_attr(&mut self) -> Doc {
        let d = self.rng.pick(DIALECTS);
        let text = match self.rng.below(4) {
            0 => format!("#{d}.flag"),
            1 => format!("#{d}.param<1, \"a>b\", [i32, {{x}}]>"),
            2 => format!("#{d}<\"opaque body\">"),
            _ => format!("#{d}.sp<  a  b >"),
        };
        Doc::text(text).tag("attr.opaque")
    }
}
