//! Random locations for the program generator: unknown, file:line:col, ranges, names with
//! children, call sites, fused locations with metadata, and location aliases.

use super::*;

impl Gen<'_> {
    /// ` loc(...)` or nothing, removable by the shrinker.
    pub(super) fn opt_loc(&mut self) -> Doc {
        if !self.rng.chance(30) {
            return Doc::text("");
        }
        let body = if self.rng.chance(15) {
            let name = format!("#la{}", self.id());
            let inner = self.loc_body(0);
            self.aliases.push(
                Doc::cat(vec![
                    Doc::text(format!("{name} = loc(")),
                    freeze(inner),
                    Doc::text(")"),
                ])
                .tag("alias.loc"),
            );
            Doc::text(name).tag("loc.alias")
        } else {
            self.loc_body(0)
        };
        Doc::opt_list(" loc(", "", ")", vec![body])
    }

    /// The inside of a `loc(...)`.
    pub(super) fn loc_body(&mut self, depth: usize) -> Doc {
        let leaf = depth >= 2;
        let file = *self
            .rng
            .pick(&["\"f.mlir\"", "\"dir/x.py\"", "\"q\\\"uote\"", "\"\""]);
        match self.rng.below(if leaf { 4 } else { 8 }) {
            0 => Doc::text("unknown").tag("loc.unknown"),
            1 => Doc::text(format!(
                "{file}:{}:{}",
                self.rng.below(100),
                self.rng.below(80)
            ))
            .tag("loc.file"),
            2 => {
                let (l, c) = (self.rng.below(50), self.rng.below(50));
                let text = match self.rng.below(3) {
                    0 => format!("{file}:{l}:{c} to :{}", c + self.rng.below(9)),
                    1 => format!(
                        "{file}:{l}:{c} to {}:{}",
                        l + self.rng.below(5),
                        self.rng.below(9)
                    ),
                    _ => format!("{file}:{l}"),
                };
                Doc::text(text).tag("loc.range")
            }
            3 => Doc::text(format!("\"name{}\"", self.rng.below(9))).tag("loc.name"),
            4 => Doc::cat(vec![
                Doc::text("\"outer\"("),
                self.loc_body(depth + 1),
                Doc::text(")"),
            ])
            .tag("loc.name.child"),
            5 => Doc::cat(vec![
                Doc::text("callsite("),
                self.loc_body(depth + 1),
                Doc::text(" at "),
                self.loc_body(depth + 1),
                Doc::text(")"),
            ])
            .tag("loc.callsite"),
            _ => {
                let items: Vec<Doc> = (0..self.rng.range(1, 3))
                    .map(|_| self.loc_body(depth + 1))
                    .collect();
                let meta = if self.rng.chance(40) {
                    Doc::cat(vec![Doc::text("<"), self.attr_simple(), Doc::text(">")])
                        .tag("loc.fused.metadata")
                } else {
                    Doc::text("")
                };
                Doc::cat(vec![
                    Doc::text("fused"),
                    meta,
                    Doc::list("[", ", ", "]", items, 1),
                ])
                .tag("loc.fused")
            }
        }
    }

    /// A small attribute (for fused-location metadata).
    fn attr_simple(&mut self) -> Doc {
        match self.rng.below(3) {
            0 => self.string_attr(),
            1 => self.int_attr(),
            _ => self.opaque_attr(),
        }
    }
}
