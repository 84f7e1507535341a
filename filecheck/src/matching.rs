//! Searching for a parsed pattern in a region of the input: substituting variable values,
//! running the regex, emulating same-pattern back-references (`[[X:...]] ... [[X]]`,
//! which the Rust engine lacks) by a bounded search over candidate split points, and
//! recording the variables a successful match defines.

use std::ops::Range;

use regex_automata::{Anchored, Input};

use crate::engine::RegexCache;
use crate::numeric::EvalError;
use crate::pattern::{DefBody, Matcher, NumericUse, Pattern, Piece, VarKind};
use crate::posix;
use crate::variables::Variables;

/// Upper bound on anchored searches spent on one back-reference match.
const BACKREF_SEARCH_BUDGET: usize = 100_000;

/// A match, in byte offsets relative to the searched text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub start: usize,
    pub end: usize,
    /// The variables the match defined and where their values came from.
    pub captures: Vec<(String, Range<usize>)>,
}

/// A problem with a pattern found while matching (e.g. an undefined variable), located
/// at a byte offset of the pattern's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MatchError {
    pub offset: usize,
    pub message: String,
}

/// The regex of a pattern after substitution, split at back-references:
/// `segments[0] <backrefs[0]> segments[1] <backrefs[1]> ...`.
struct Assembled {
    segments: Vec<String>,
    /// The capture groups defined in each segment.
    groups: Vec<Vec<usize>>,
    /// The group whose value must repeat between consecutive segments.
    backrefs: Vec<usize>,
}

type Captured = Vec<(usize, Range<usize>)>;

fn group_name(group: usize) -> String {
    format!("g{group}")
}

fn undefined(name: &str, offset: usize) -> MatchError {
    MatchError {
        offset,
        message: format!("undefined variable: {name}"),
    }
}

/// The value of `[[NAME]]`.
fn string_use(name: &str, offset: usize, vars: &Variables) -> Result<String, Vec<MatchError>> {
    vars.string(name)
        .map(str::to_string)
        .ok_or_else(|| vec![undefined(name, offset)])
}

/// The value of a numeric expression, written in its format.
fn numeric_use(u: &NumericUse, vars: &Variables) -> Result<String, Vec<MatchError>> {
    let rendered = u.expr.eval(vars.numbers()).and_then(|v| u.format.render(v));
    rendered.map_err(|e| match e {
        EvalError::Undefined(names) => names
            .iter()
            .map(|(name, at)| undefined(name, u.offset + at))
            .collect(),
        EvalError::Overflow => vec![MatchError {
            offset: u.offset,
            message: "unable to substitute variable or numeric expression: overflow error".into(),
        }],
    })
}

fn assemble(pieces: &[Piece], vars: &Variables) -> Result<Assembled, Vec<MatchError>> {
    let mut a = Assembled {
        segments: vec![String::new()],
        groups: vec![Vec::new()],
        backrefs: Vec::new(),
    };
    let mut errors = Vec::new();
    for piece in pieces {
        let text = match piece {
            Piece::Backref { group } => {
                a.backrefs.push(*group);
                a.segments.push(String::new());
                a.groups.push(Vec::new());
                continue;
            }
            Piece::Def { group, body } => {
                a.groups.last_mut().into_iter().for_each(|g| g.push(*group));
                let inner = match body {
                    DefBody::Regex(re) => Ok(re.clone()),
                    DefBody::Numeric(u) => numeric_use(u, vars).map(|v| posix::escape(&v)),
                };
                inner.map(|inner| format!("(?P<{}>{inner})", group_name(*group)))
            }
            Piece::Literal(text) => Ok(posix::escape(text)),
            Piece::Regex(re) => Ok(re.clone()),
            Piece::StringUse { name, offset } => {
                string_use(name, *offset, vars).map(|v| posix::escape(&v))
            }
            Piece::Numeric(u) => numeric_use(u, vars).map(|v| posix::escape(&v)),
        };
        match text {
            Ok(t) => a
                .segments
                .last_mut()
                .into_iter()
                .for_each(|s| s.push_str(&t)),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(a)
    } else {
        Err(errors)
    }
}

/// The text a pattern of only literal text and substitutions stands for, or `None` if
/// it has regex parts. Such patterns are searched as plain strings, which is the same
/// as searching the escaped regex, only much cheaper than compiling it.
fn literal_text(pieces: &[Piece], vars: &Variables) -> Option<Result<String, Vec<MatchError>>> {
    let mut text = String::new();
    let mut errors = Vec::new();
    for piece in pieces {
        let part = match piece {
            Piece::Literal(t) => Ok(t.clone()),
            Piece::StringUse { name, offset } => string_use(name, *offset, vars),
            Piece::Numeric(u) => numeric_use(u, vars),
            Piece::Regex(_) | Piece::Def { .. } | Piece::Backref { .. } => return None,
        };
        match part {
            Ok(p) => text.push_str(&p),
            Err(e) => errors.extend(e),
        }
    }
    Some(if errors.is_empty() {
        Ok(text)
    } else {
        Err(errors)
    })
}

fn find_fixed(hay: &str, needle: &str, ignore_case: bool) -> Option<usize> {
    if ignore_case {
        hay.to_ascii_lowercase().find(&needle.to_ascii_lowercase())
    } else {
        hay.find(needle)
    }
}

impl Pattern {
    /// Finds the first match in `hay`; on success the variables it defines are set.
    /// `Ok(None)` means no match; `Err` lists problems with the pattern itself.
    pub(crate) fn find(
        &self,
        hay: &str,
        vars: &mut Variables,
        cache: &mut RegexCache,
    ) -> Result<Option<Found>, Vec<MatchError>> {
        let at = |start: usize, end: usize| Found {
            start,
            end,
            captures: Vec::new(),
        };
        let (pieces, defs) = match &self.matcher {
            Matcher::Eof => return Ok(Some(at(hay.len(), hay.len()))),
            Matcher::Empty => {
                // The newline that ends the previous line, followed by an empty line; the
                // match starts after that newline, like FileCheck's `(\n$)`.
                let b = hay.as_bytes();
                let nl = (0..b.len())
                    .find(|&i| b[i] == b'\n' && (i + 1 == b.len() || b[i + 1] == b'\n'));
                return Ok(nl.map(|i| at(i + 1, i + 1)));
            }
            Matcher::Fixed(text) => {
                return Ok(
                    find_fixed(hay, text, cache.ignore_case()).map(|p| at(p, p + text.len()))
                );
            }
            Matcher::Regex { pieces, defs, .. } => (pieces, defs),
        };
        if let Some(text) = literal_text(pieces, vars) {
            let text = text?;
            return Ok(find_fixed(hay, &text, cache.ignore_case()).map(|p| at(p, p + text.len())));
        }
        let assembled = assemble(pieces, vars)?;
        let engine_error = |message: String| {
            vec![MatchError {
                offset: self.offset,
                message,
            }]
        };
        let Some((range, groups)) = search(&assembled, hay, cache).map_err(engine_error)? else {
            return Ok(None);
        };
        let mut captures = Vec::new();
        for def in defs {
            let span = groups
                .iter()
                .rev()
                .find(|(g, _)| *g == def.group)
                .map(|(_, r)| r.clone());
            let span = span.unwrap_or(range.start..range.start);
            let value = &hay[span.clone()];
            match def.kind {
                VarKind::String => vars.set_string(&def.name, value),
                VarKind::Numeric(format) => {
                    let number = format.parse_value(value).ok_or_else(|| {
                        engine_error(format!(
                            "unable to represent numeric value '{value}' of '{}'",
                            def.name
                        ))
                    })?;
                    vars.set_number(&def.name, number);
                }
            }
            captures.push((def.name.clone(), span));
        }
        Ok(Some(Found {
            start: range.start,
            end: range.end,
            captures,
        }))
    }

    /// The current values of the variables and expressions this pattern substitutes,
    /// as `(name or expression, quoted value)`, for `with "X" equal to "v"` notes.
    pub(crate) fn substitutions(&self, vars: &Variables) -> Vec<(String, String)> {
        let Matcher::Regex { pieces, .. } = &self.matcher else {
            return Vec::new();
        };
        let numeric = |u: &NumericUse| {
            let value = u
                .expr
                .eval(vars.numbers())
                .and_then(|v| u.format.render(v))
                .ok()?;
            Some((u.text.clone(), quote(&value)))
        };
        pieces
            .iter()
            .filter_map(|p| match p {
                Piece::StringUse { name, .. } => {
                    vars.string(name).map(|v| (name.clone(), quote(v)))
                }
                Piece::Numeric(u)
                | Piece::Def {
                    body: DefBody::Numeric(u),
                    ..
                } => numeric(u),
                Piece::Literal(_) | Piece::Regex(_) | Piece::Backref { .. } | Piece::Def { .. } => {
                    None
                }
            })
            .collect()
    }
}

/// Quotes a value for a note, escaping it (as LLVM does) when it has unprintable
/// characters or quotes.
fn quote(value: &str) -> String {
    let plain = |b: u8| (0x20..0x7f).contains(&b) && b != b'"';
    if value.bytes().all(plain) {
        return format!("\"{value}\"");
    }
    let mut out = String::from("\"");
    for b in value.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            _ if plain(b) => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push_str("\" (escaped value)");
    out
}

/// Runs the assembled regex over `hay`.
fn search(
    a: &Assembled,
    hay: &str,
    cache: &mut RegexCache,
) -> Result<Option<(Range<usize>, Captured)>, String> {
    let regexes = a
        .segments
        .iter()
        .map(|s| cache.get(s))
        .collect::<Result<Vec<_>, _>>()?;
    if a.backrefs.is_empty() {
        let re = &regexes[0];
        let mut caps = re.create_captures();
        re.search_captures(&Input::new(hay), &mut caps);
        let Some(m) = caps.get_match() else {
            return Ok(None);
        };
        let groups = a.groups[0]
            .iter()
            .filter_map(|&g| {
                caps.get_group_by_name(&group_name(g))
                    .map(|s| (g, s.range()))
            })
            .collect();
        return Ok(Some((m.range(), groups)));
    }
    // Any exact match is also a match of this relaxed regex, which accepts anything
    // where a back-reference stands; it proposes start positions to try.
    let relaxed = cache.get(&a.segments.join("(?s:.*?)"))?;
    let mut search = BackrefSearch {
        a,
        hay,
        regexes,
        ignore_case: cache.ignore_case(),
        budget: BACKREF_SEARCH_BUDGET,
    };
    let mut from = 0;
    loop {
        let Some(m) = relaxed.search(&Input::new(hay).span(from..hay.len())) else {
            return Ok(None);
        };
        let start = m.start();
        let mut groups = Vec::new();
        if let Some(end) = search.segment(0, start, &mut groups)? {
            return Ok(Some((start..end, groups)));
        }
        match hay[start..].chars().next() {
            Some(c) => from = start + c.len_utf8(),
            None => return Ok(None),
        }
    }
}

/// A backtracking search over the segments of a pattern with back-references. Each
/// segment is tried at a fixed start with decreasing end bounds, so that its possible
/// ends are visited longest first, as a backtracking engine with greedy quantifiers
/// would.
struct BackrefSearch<'a> {
    a: &'a Assembled,
    hay: &'a str,
    regexes: Vec<std::sync::Arc<regex_automata::meta::Regex>>,
    ignore_case: bool,
    budget: usize,
}

impl BackrefSearch<'_> {
    /// Matches segment `k` and everything after it starting exactly at `pos`; returns
    /// the end of the whole match. Captures are appended to `groups`.
    fn segment(
        &mut self,
        k: usize,
        pos: usize,
        groups: &mut Captured,
    ) -> Result<Option<usize>, String> {
        let re = self.regexes[k].clone();
        let mut caps = re.create_captures();
        let mut limit = self.hay.len();
        loop {
            if self.budget == 0 {
                return Err(
                    "same-line variable use needs too many match attempts; simplify the pattern"
                        .into(),
                );
            }
            self.budget -= 1;
            re.search_captures(
                &Input::new(self.hay)
                    .span(pos..limit)
                    .anchored(Anchored::Yes),
                &mut caps,
            );
            let Some(m) = caps.get_match() else {
                return Ok(None);
            };
            let end = m.end();
            let mark = groups.len();
            for &g in &self.a.groups[k] {
                if let Some(span) = caps.get_group_by_name(&group_name(g)) {
                    groups.push((g, span.range()));
                }
            }
            if k + 1 == self.regexes.len() {
                return Ok(Some(end));
            }
            let wanted = self.a.backrefs[k];
            let value = groups
                .iter()
                .rev()
                .find(|(g, _)| *g == wanted)
                .map_or("", |(_, r)| &self.hay[r.clone()]);
            let next = &self.hay.as_bytes()[end..];
            let repeats = next.len() >= value.len()
                && if self.ignore_case {
                    next[..value.len()].eq_ignore_ascii_case(value.as_bytes())
                } else {
                    &next[..value.len()] == value.as_bytes()
                };
            if repeats && let Some(total) = self.segment(k + 1, end + value.len(), groups)? {
                return Ok(Some(total));
            }
            groups.truncate(mark);
            if end == pos {
                return Ok(None);
            }
            limit = (pos..end)
                .rev()
                .find(|&i| self.hay.is_char_boundary(i))
                .unwrap_or(pos);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::directive::{CheckKind, Directive};
    use crate::options::Options;
    use crate::pattern::{ParseContext, PatternSource};

    fn pattern(text: &str) -> Pattern {
        let mut ctx = ParseContext::default();
        Pattern::parse(
            text,
            0,
            PatternSource::CheckFile,
            (CheckKind::new(Directive::Plain), "CHECK"),
            5,
            &Options::default(),
            &mut ctx,
        )
        .expect("pattern parses")
    }

    fn find(text: &str, hay: &str, vars: &mut Variables) -> Option<(usize, usize)> {
        let mut cache = RegexCache::new(false);
        pattern(text)
            .find(hay, vars, &mut cache)
            .expect("no pattern error")
            .map(|f| (f.start, f.end))
    }

    #[test]
    fn finds_fixed_and_regex_matches() {
        let mut v = Variables::default();
        assert_eq!(find("b.c", "ab.cd", &mut v), Some((1, 4)));
        assert_eq!(find("b.c", "abxcd", &mut v), None);
        assert_eq!(find("b{{.}}c", "abxcd", &mut v), Some((1, 4)));
        assert_eq!(find("a{{.*}}c", "ab\nc", &mut v), None);
    }

    #[test]
    fn definitions_set_variables_and_uses_substitute_them() {
        let mut v = Variables::default();
        assert_eq!(find("%[[A:[0-9]+]] =", "x %12 = y", &mut v), Some((2, 7)));
        assert_eq!(v.string("A"), Some("12"));
        assert_eq!(find("use %[[A]]", "use %1 use %12", &mut v), Some((7, 14)));
    }

    #[test]
    fn numeric_variables_match_expressions() {
        let mut v = Variables::default();
        assert_eq!(find("x[[#N:]]", "x41", &mut v), Some((0, 3)));
        assert_eq!(v.numbers().get("N"), Some(&41));
        assert_eq!(find("y[[#N+1]]", "y41 y42", &mut v), Some((4, 7)));
        assert_eq!(
            find("line [[#@LINE]]", "line 4 line 5", &mut v),
            Some((7, 13))
        );
    }

    #[test]
    fn back_references_need_equal_values() {
        let mut v = Variables::default();
        assert_eq!(
            find("[[X:[0-9]+]] + [[X]]", "12 + 123", &mut v),
            Some((0, 7))
        );
        assert_eq!(v.string("X"), Some("12"));
        let hay = "%0 = cast %0 : i32 to i32";
        assert_eq!(find("%[[C:.+]] = cast %[[C]]", hay, &mut v), Some((0, 12)));
        assert_eq!(v.string("C"), Some("0"));
        assert_eq!(
            find("[[X:a+]]b[[X]]", "aab ab aaba aabaa", &mut v),
            Some((8, 11))
        );
        assert_eq!(find("[[X:x]][[X]]", "x y", &mut v), None);
        assert_eq!(
            find(
                "[[A:%.*]] = f([[A]], [[B:%.*]]) [[B]]",
                "%1 = f(%2, %3) %3\n%4 = f(%4, %5) %5",
                &mut v
            ),
            Some((18, 35))
        );
    }

    #[test]
    fn undefined_variables_are_errors() {
        let mut cache = RegexCache::new(false);
        let err = pattern("a [[NOPE]] [[#M+1]]")
            .find("a b", &mut Variables::default(), &mut cache)
            .unwrap_err();
        let msgs: Vec<_> = err.iter().map(|e| (e.offset, e.message.as_str())).collect();
        assert_eq!(
            msgs,
            [
                (4, "undefined variable: NOPE"),
                (14, "undefined variable: M")
            ]
        );
    }

    #[test]
    fn empty_and_eof_matchers() {
        let mut ctx = ParseContext::default();
        let empty = Pattern::parse(
            "",
            0,
            PatternSource::CheckFile,
            (CheckKind::new(Directive::Empty), "CHECK"),
            1,
            &Options::default(),
            &mut ctx,
        )
        .unwrap();
        let mut cache = RegexCache::new(false);
        let mut v = Variables::default();
        let at = |hay: &str, v: &mut Variables, c: &mut RegexCache| {
            empty.find(hay, v, c).unwrap().map(|f| f.start)
        };
        assert_eq!(at("a\nb\n\nc", &mut v, &mut cache), Some(4));
        assert_eq!(at("a\n", &mut v, &mut cache), Some(2));
        assert_eq!(at("a\nb", &mut v, &mut cache), None);
        assert_eq!(
            Pattern::eof(0)
                .find("abc", &mut v, &mut cache)
                .unwrap()
                .map(|f| f.start),
            Some(3)
        );
    }

    #[test]
    fn quotes_values_like_llvm() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote("a\"b\n"), "\"a\\\"b\\n\" (escaped value)");
    }
}
