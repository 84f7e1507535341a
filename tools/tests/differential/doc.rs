//! A program as a tree of text pieces that knows which of its parts may be dropped or simplified,
//! so that one generic shrinker can minimize any generated program without knowing MLIR.
//!
//! Every feature the generator uses is recorded as a tag on the subtree that exercises it; the
//! tags of a program are those of the pieces it still renders.

use std::collections::BTreeSet;

/// A piece of a generated program.
#[derive(Clone, Debug)]
pub enum Doc {
    /// Literal text.
    Text(String),
    /// Pieces rendered one after the other.
    Cat(Vec<Doc>),
    /// A separated list whose items the shrinker may delete while at least `min` remain; an empty
    /// list with `omit_empty` renders as nothing at all (not even its brackets).
    List {
        open: &'static str,
        sep: &'static str,
        close: &'static str,
        items: Vec<Doc>,
        min: usize,
        omit_empty: bool,
    },
    /// The generated form and a simpler replacement the shrinker may substitute for it.
    Choice(Box<Doc>, Box<Doc>),
    /// A subtree that exercises a named feature.
    Tag(&'static str, Box<Doc>),
}

impl Doc {
    /// Literal text.
    pub fn text(s: impl Into<String>) -> Doc {
        Doc::Text(s.into())
    }

    /// Concatenation.
    pub fn cat(parts: Vec<Doc>) -> Doc {
        Doc::Cat(parts)
    }

    /// A list that keeps its brackets when empty.
    pub fn list(
        open: &'static str,
        sep: &'static str,
        close: &'static str,
        items: Vec<Doc>,
        min: usize,
    ) -> Doc {
        Doc::List {
            open,
            sep,
            close,
            items,
            min,
            omit_empty: false,
        }
    }

    /// A list that disappears entirely when empty.
    pub fn opt_list(
        open: &'static str,
        sep: &'static str,
        close: &'static str,
        items: Vec<Doc>,
    ) -> Doc {
        Doc::List {
            open,
            sep,
            close,
            items,
            min: 0,
            omit_empty: true,
        }
    }

    /// `self`, or `simpler` once shrunk.
    pub fn or(self, simpler: Doc) -> Doc {
        Doc::Choice(Box::new(self), Box::new(simpler))
    }

    /// `self`, tagged as exercising `tag`.
    pub fn tag(self, tag: &'static str) -> Doc {
        Doc::Tag(tag, Box::new(self))
    }

    /// The program text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        match self {
            Doc::Text(s) => out.push_str(s),
            Doc::Cat(parts) => parts.iter().for_each(|p| p.render_into(out)),
            Doc::List {
                open,
                sep,
                close,
                items,
                omit_empty,
                ..
            } => {
                if items.is_empty() && *omit_empty {
                    return;
                }
                out.push_str(open);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    item.render_into(out);
                }
                out.push_str(close);
            }
            Doc::Choice(rich, _) => rich.render_into(out),
            Doc::Tag(_, inner) => inner.render_into(out),
        }
    }

    /// The features the rendered program exercises.
    pub fn tags(&self) -> BTreeSet<&'static str> {
        let mut set = BTreeSet::new();
        self.collect_tags(&mut set);
        set
    }

    fn collect_tags(&self, set: &mut BTreeSet<&'static str>) {
        match self {
            Doc::Text(_) => {}
            Doc::Cat(parts) => parts.iter().for_each(|p| p.collect_tags(set)),
            Doc::List { items, .. } => items.iter().for_each(|p| p.collect_tags(set)),
            Doc::Choice(rich, _) => rich.collect_tags(set),
            Doc::Tag(t, inner) => {
                set.insert(t);
                inner.collect_tags(set);
            }
        }
    }

    /// How many one-step simplifications the shrinker can try (item deletions and choice
    /// substitutions), numbered in pre-order so that the outermost, biggest ones come first.
    pub fn move_count(&self) -> usize {
        match self {
            Doc::Text(_) => 0,
            Doc::Cat(parts) => parts.iter().map(Doc::move_count).sum(),
            Doc::List { items, min, .. } => {
                let own = if items.len() > *min { items.len() } else { 0 };
                own + items.iter().map(Doc::move_count).sum::<usize>()
            }
            Doc::Choice(rich, _) => 1 + rich.move_count(),
            Doc::Tag(_, inner) => inner.move_count(),
        }
    }

    /// The program with simplification number `k` (see [`Doc::move_count`]) applied.
    pub fn with_move(&self, k: usize) -> Doc {
        self.apply(&mut Some(k))
    }

    /// Copies the tree, applying the move `pending` counts down to (`None` once applied).
    fn apply(&self, pending: &mut Option<usize>) -> Doc {
        let Some(k) = *pending else {
            return self.clone();
        };
        match self {
            Doc::Text(_) => self.clone(),
            Doc::Cat(parts) => Doc::Cat(parts.iter().map(|p| p.apply(pending)).collect()),
            Doc::List {
                open,
                sep,
                close,
                items,
                min,
                omit_empty,
            } => {
                let mut items = items.clone();
                if items.len() > *min {
                    if k < items.len() {
                        items.remove(k);
                        *pending = None;
                    } else {
                        *pending = Some(k - items.len());
                    }
                }
                let items = items.iter().map(|p| p.apply(pending)).collect();
                Doc::List {
                    open,
                    sep,
                    close,
                    items,
                    min: *min,
                    omit_empty: *omit_empty,
                }
            }
            Doc::Choice(rich, simple) => {
                if k == 0 {
                    *pending = None;
                    return (**simple).clone();
                }
                *pending = Some(k - 1);
                Doc::Choice(Box::new(rich.apply(pending)), simple.clone())
            }
            Doc::Tag(t, inner) => Doc::Tag(t, Box::new(inner.apply(pending))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Doc;

    fn sample() -> Doc {
        let dict = Doc::opt_list(" {", ", ", "}", vec![Doc::text("a = 1"), Doc::text("b")]);
        let ty = Doc::text("tensor<4xf32>")
            .tag("type.tensor")
            .or(Doc::text("i32"));
        Doc::cat(vec![
            Doc::text("\"t.op\"()"),
            dict,
            Doc::text(" : () -> "),
            ty,
        ])
    }

    #[test]
    fn moves_drop_items_then_simplify_choices_in_pre_order() {
        let d = sample();
        assert_eq!(d.render(), "\"t.op\"() {a = 1, b} : () -> tensor<4xf32>");
        assert_eq!(d.move_count(), 3);
        assert_eq!(
            d.with_move(0).render(),
            "\"t.op\"() {b} : () -> tensor<4xf32>"
        );
        assert_eq!(
            d.with_move(1).render(),
            "\"t.op\"() {a = 1} : () -> tensor<4xf32>"
        );
        assert_eq!(d.with_move(2).render(), "\"t.op\"() {a = 1, b} : () -> i32");
        let empty = d.with_move(0).with_move(0);
        assert_eq!(empty.render(), "\"t.op\"() : () -> tensor<4xf32>");
        assert_eq!(empty.move_count(), 1);
    }

    #[test]
    fn tags_come_only_from_rendered_parts() {
        let d = sample();
        assert!(d.tags().contains("type.tensor"));
        assert!(!d.with_move(2).tags().contains("type.tensor"));
    }
}
