//! Recognizing directives in a check file: the kinds of directive (`CHECK`, `-NEXT`,
//! `-SAME`, `-NOT`, `-DAG`, `-LABEL`, `-EMPTY`, `-COUNT-N`, `{LITERAL}`), and a scanner
//! that finds the next `PREFIX...:` occurrence anywhere in the text, exactly where
//! FileCheck would (a prefix must not continue a word; the earliest occurrence wins,
//! and among prefixes found at the same place the longest).

/// The directive part of a check line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Directive {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    /// The implicit end-of-input check that carries trailing CHECK-NOT/DAGs.
    Eof,
}

/// A directive together with its `-COUNT-N` repeat count and `{LITERAL}` modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CheckKind {
    pub directive: Directive,
    pub count: usize,
    pub literal: bool,
}

impl CheckKind {
    pub(crate) fn new(directive: Directive) -> Self {
        CheckKind {
            directive,
            count: 1,
            literal: false,
        }
    }

    /// How FileCheck names the directive in messages, e.g. `CHECK-NEXT{LITERAL}`.
    pub(crate) fn description(&self, prefix: &str) -> String {
        let suffix = match self.directive {
            Directive::Plain if self.count > 1 => "-COUNT",
            Directive::Plain => "",
            Directive::Next => "-NEXT",
            Directive::Same => "-SAME",
            Directive::Not => "-NOT",
            Directive::Dag => "-DAG",
            Directive::Label => "-LABEL",
            Directive::Empty => "-EMPTY",
            Directive::Eof => return "implicit EOF".to_string(),
        };
        let modifiers = if self.literal { "{LITERAL}" } else { "" };
        format!("{prefix}{suffix}{modifiers}")
    }
}

/// What follows a prefix occurrence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// A directive; its pattern starts after the colon.
    Check(CheckKind),
    /// A comment prefix followed by a colon: the rest of the line is ignored.
    Comment,
    /// A valid directive spelled with `_` instead of `-` after the prefix.
    Misspelled,
    /// `-NOT` combined with another suffix.
    BadNot,
    /// A malformed `-COUNT-N`.
    BadCount,
}

/// One recognized directive occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Occurrence {
    /// Byte offset of the prefix.
    pub start: usize,
    /// The prefix that was found.
    pub prefix: String,
    /// What it introduces.
    pub found: Found,
    /// Byte offset just after the directive's colon (or where recognition stopped).
    pub after: usize,
}

fn is_part_of_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Classifies the text `rest` that follows a prefix; returns what was found and how
/// many bytes of `rest` it spans. `None` means this is not a directive.
fn classify(rest: &str, is_comment: bool) -> Option<(Found, usize)> {
    if rest.is_empty() {
        return None;
    }
    if is_comment {
        return rest.starts_with(':').then_some((Found::Comment, 1));
    }
    let total = rest.len();
    let mut r = rest;
    let consumed = |r: &str| total - r.len();
    if let Some(after) = r.strip_prefix(':') {
        return Some((
            Found::Check(CheckKind::new(Directive::Plain)),
            consumed(after),
        ));
    }
    if r.starts_with('{') {
        return modifiers(r, CheckKind::new(Directive::Plain)).map(|(k, r)| (k, consumed(r)));
    }
    let misspelled = if let Some(after) = r.strip_prefix('_') {
        r = after;
        true
    } else {
        r = r.strip_prefix('-')?;
        false
    };
    let result = if let Some(after) = r.strip_prefix("COUNT-") {
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let bad = Some((Found::BadCount, consumed(&after[digits..])));
        match after[..digits].parse::<u64>() {
            Ok(n) if n > 0 && n <= i32::MAX as u64 && after[digits..].starts_with([':', '{']) => {
                let kind = CheckKind {
                    count: n as usize,
                    ..CheckKind::new(Directive::Plain)
                };
                modifiers(&after[digits..], kind).map(|(k, r)| (k, consumed(r)))
            }
            _ => bad,
        }
    } else if [
        "DAG-NOT:",
        "NOT-DAG:",
        "NEXT-NOT:",
        "NOT-NEXT:",
        "SAME-NOT:",
        "NOT-SAME:",
        "EMPTY-NOT:",
        "NOT-EMPTY:",
    ]
    .iter()
    .any(|combo| r.starts_with(combo))
    {
        Some((Found::BadNot, consumed(r)))
    } else {
        let suffixes = [
            ("NEXT", Directive::Next),
            ("SAME", Directive::Same),
            ("NOT", Directive::Not),
            ("DAG", Directive::Dag),
            ("LABEL", Directive::Label),
            ("EMPTY", Directive::Empty),
        ];
        let (word, directive) = suffixes.into_iter().find(|(w, _)| r.starts_with(w))?;
        modifiers(&r[word.len()..], CheckKind::new(directive)).map(|(k, r)| (k, consumed(r)))
    };
    match result {
        Some(_) if misspelled => Some((Found::Misspelled, result.map_or(0, |r| r.1))),
        other => other,
    }
}

/// Parses `:` or `{LITERAL[, LITERAL]}:` after a directive name.
fn modifiers(rest: &str, mut kind: CheckKind) -> Option<(Found, &str)> {
    if let Some(after) = rest.strip_prefix(':') {
        return Some((Found::Check(kind), after));
    }
    let mut r = rest.strip_prefix('{')?;
    loop {
        r = r.trim_start().strip_prefix("LITERAL")?.trim_start();
        kind.literal = true;
        match r.strip_prefix(',') {
            Some(after) => r = after,
            None => break,
        }
    }
    r.strip_prefix("}:")
        .map(|after| (Found::Check(kind), after))
}

/// Finds directives one after another in a check file.
pub(crate) struct Scanner<'a> {
    text: &'a str,
    /// (prefix, is comment prefix, next occurrence at or after the last search start;
    /// `None` once there is none), longest prefixes first.
    prefixes: Vec<(String, bool, Option<usize>)>,
    pos: usize,
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(
        text: &'a str,
        check_prefixes: &[String],
        comment_prefixes: &[String],
    ) -> Self {
        let mut prefixes: Vec<(String, bool, Option<usize>)> = check_prefixes
            .iter()
            .map(|p| (p.clone(), false))
            .chain(comment_prefixes.iter().map(|p| (p.clone(), true)))
            .map(|(p, is_comment)| {
                let first = text.find(p.as_str());
                (p, is_comment, first)
            })
            .collect();
        prefixes.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        Scanner {
            text,
            prefixes,
            pos: 0,
        }
    }

    /// Continues scanning at `pos` (the end of the line of the last directive).
    pub(crate) fn resume_at(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// The earliest prefix occurrence at or after the current position.
    fn earliest(&mut self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (i, (prefix, _, cached)) in self.prefixes.iter_mut().enumerate() {
            if cached.is_some_and(|c| c < self.pos) {
                *cached = self.text[self.pos..]
                    .find(prefix.as_str())
                    .map(|p| p + self.pos);
            }
            if let Some(at) = *cached
                && best.is_none_or(|(_, b)| at < b)
            {
                best = Some((i, at));
            }
        }
        best
    }

    /// The next directive or comment, if any.
    pub(crate) fn next_occurrence(&mut self) -> Option<Occurrence> {
        while self.pos < self.text.len() {
            let (i, at) = self.earliest()?;
            let (prefix, is_comment, _) = &self.prefixes[i];
            let after_prefix = at + prefix.len();
            let starts_word = at == self.pos || !is_part_of_word(self.text.as_bytes()[at - 1]);
            if starts_word
                && let Some((found, len)) = classify(&self.text[after_prefix..], *is_comment)
            {
                let occurrence = Occurrence {
                    start: at,
                    prefix: prefix.clone(),
                    found,
                    after: after_prefix + len,
                };
                self.pos = occurrence.after;
                return Some(occurrence);
            }
            let word_len = self.text.as_bytes()[after_prefix..]
                .iter()
                .take_while(|&&b| is_part_of_word(b))
                .count();
            self.pos = after_prefix + word_len;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(String, Found)> {
        let mut s = Scanner::new(
            text,
            &["CHECK".to_string(), "CHECK-A".to_string()],
            &["COM".to_string(), "RUN".to_string()],
        );
        let mut out = Vec::new();
        while let Some(o) = s.next_occurrence() {
            if o.found == Found::Comment {
                s.resume_at(
                    text[o.after..]
                        .find('\n')
                        .map_or(text.len(), |e| o.after + e),
                );
            }
            out.push((text[o.start..o.after].to_string(), o.found));
        }
        out
    }

    fn check(directive: Directive) -> Found {
        Found::Check(CheckKind::new(directive))
    }

    #[test]
    fn classifies_every_directive_kind() {
        let found = kinds(
            "// CHECK: a\n// CHECK-NEXT: b\nCHECK-SAME: c CHECK-NOT: d CHECK-DAG: e CHECK-LABEL: f CHECK-EMPTY:\n",
        );
        let names: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "CHECK:",
                "CHECK-NEXT:",
                "CHECK-SAME:",
                "CHECK-NOT:",
                "CHECK-DAG:",
                "CHECK-LABEL:",
                "CHECK-EMPTY:"
            ]
        );
        let directives = [
            Directive::Plain,
            Directive::Next,
            Directive::Same,
            Directive::Not,
            Directive::Dag,
            Directive::Label,
            Directive::Empty,
        ];
        for (f, d) in found.iter().zip(directives) {
            assert_eq!(f.1, check(d));
        }
    }

    #[test]
    fn handles_counts_modifiers_and_errors() {
        let k = kinds("CHECK-COUNT-3: x");
        assert_eq!(
            k[0].1,
            Found::Check(CheckKind {
                count: 3,
                ..CheckKind::new(Directive::Plain)
            })
        );
        let k = kinds("CHECK-NEXT{LITERAL}: x");
        assert_eq!(
            k[0].1,
            Found::Check(CheckKind {
                literal: true,
                ..CheckKind::new(Directive::Next)
            })
        );
        assert_eq!(kinds("CHECK-COUNT-0: x")[0].1, Found::BadCount);
        assert_eq!(kinds("CHECK-COUNT-x: x")[0].1, Found::BadCount);
        assert_eq!(kinds("CHECK-DAG-NOT: x")[0].1, Found::BadNot);
        assert_eq!(kinds("CHECK_NEXT: x")[0].1, Found::Misspelled);
    }

    #[test]
    fn ignores_non_directives() {
        assert!(kinds("XCHECK: a MYCHECK: b CHECKS: c CHECK-FOO: d CHECK").is_empty());
        assert_eq!(kinds("CHECK-A: x")[0].0, "CHECK-A:");
        let comment = kinds("// RUN: FileCheck %s --check-prefix=CHECK\n// COM: CHECK: no\n");
        assert_eq!(
            comment.iter().map(|c| c.1).collect::<Vec<_>>(),
            [Found::Comment, Found::Comment]
        );
    }

    #[test]
    fn describes_kinds() {
        assert_eq!(
            CheckKind::new(Directive::Next).description("FOO"),
            "FOO-NEXT"
        );
        assert_eq!(
            CheckKind {
                count: 2,
                literal: true,
                directive: Directive::Plain
            }
            .description("C"),
            "C-COUNT{LITERAL}"
        );
        assert_eq!(
            CheckKind::new(Directive::Eof).description("C"),
            "implicit EOF"
        );
    }
}
