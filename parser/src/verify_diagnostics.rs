//! `--verify-diagnostics`: checks the diagnostics a buffer produces against its
//! `expected-error`, `expected-warning`, `expected-note` and `expected-remark` annotations
//! (`@+N`, `@-N`, `@above`, `@below`, `@unknown`, `-re` with `{{regex}}` parts), as MLIR's
//! SourceMgrDiagnosticVerifierHandler does, and words and places its complaints as it does.
//!
//! An annotation is `expected-KIND[-re] [@WHERE] {{TEXT}}` ending its line. Without `-re` the
//! text is a substring to find; with it, `{{...}}` parts are regular expressions and the rest
//! is literal. `@above` means the last line before it that is not an annotation, `@below` the
//! next such line (a comment or a blank line counts). Every diagnostic and every note must be
//! expected; one annotation may match several diagnostics.

use crate::diagnostics::{Source, quote_line, render, resolve};
use mica_ir::{Context, Diagnostic, Severity};
use regex::Regex;

/// One `expected-*` annotation.
#[derive(Debug, Clone)]
pub struct Expectation {
    /// Expected severity.
    pub severity: Severity,
    /// Where the diagnostic must be reported: a 1-based line (`None` for `@unknown`, a
    /// diagnostic without a file location; a line before the buffer never matches).
    pub line: Option<i64>,
    /// The text between `{{` and `}}` of the annotation (the whole message pattern).
    pub pattern: String,
    /// Byte offset of the annotation's `expected-` in the buffer.
    pub offset: usize,
    regex: Option<Regex>,
    matched: bool,
}

impl Expectation {
    fn matches(&self, message: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(message),
            None => message.contains(self.pattern.as_str()),
        }
    }
}

/// The annotations of a buffer and what checking diagnostics against them found so far.
pub struct Verifier {
    expectations: Vec<Expectation>,
    /// Rendered complaints about annotations that cannot be read.
    pub setup_errors: String,
}

/// The message of a problem found while checking, rendered as mlir-opt prints it.
pub type Rendered = String;

impl Verifier {
    /// Reads the annotations of `src`. An annotation whose regex cannot be built is reported in
    /// [`Verifier::setup_errors`] (and counts as a failure).
    pub fn new(src: &Source<'_>) -> Verifier {
        let re = Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$").expect("static regex");
        let mut expectations: Vec<Expectation> = Vec::new();
        let mut setup_errors = String::new();
        let mut below: Vec<usize> = Vec::new();
        let mut last_plain_line = 0i64;
        let mut line_start = 0usize;
        let line_count = src.text.split('\n').count() as i64;
        for (i, l) in src.text.split('\n').enumerate() {
            let line = i as i64 + 1;
            let start = line_start;
            line_start += l.len() + 1;
            let Some(c) = re.captures(l) else {
                for idx in below.drain(..) {
                    expectations[idx].line = Some(line);
                }
                last_plain_line = line;
                continue;
            };
            let severity = match &c[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "note" => Severity::Note,
                _ => Severity::Remark,
            };
            let pattern = c[5].to_string();
            let offset = start + c.get(0).map_or(0, |m| m.start());
            let regex = if c.get(2).is_some() {
                match build_regex(&pattern) {
                    Ok(r) => Some(r),
                    Err(msg) => {
                        setup_errors.push_str(&render_at(src, offset, &msg, pattern.len()));
                        continue;
                    }
                }
            } else {
                None
            };
            let target = match c.get(4).map(|m| m.as_str()) {
                None => Some(line),
                Some("above") => Some(last_plain_line),
                // Until a line that is not an annotation comes, the last line of the buffer.
                Some("below") => Some(line_count),
                Some("unknown") => None,
                Some(off) => Some(line + off.parse::<i64>().unwrap_or(i64::MIN / 2)),
            };
            if c.get(4).is_some_and(|m| m.as_str() == "below") {
                below.push(expectations.len());
            }
            expectations.push(Expectation { severity, line: target, pattern, offset, regex, matched: false });
        }
        Verifier { expectations, setup_errors }
    }

    /// The annotations read.
    pub fn expectations(&self) -> &[Expectation] {
        &self.expectations
    }

    /// Checks diagnostics (each with its notes) as they are emitted; returns the complaints
    /// mlir-opt prints at once: an unexpected diagnostic, or one that matches an annotation of
    /// another severity.
    pub fn check(&mut self, ctx: &Context, src: &Source<'_>, diags: &[Diagnostic]) -> Vec<Rendered> {
        let mut problems = Vec::new();
        for d in diags.iter().flat_map(|d| std::iter::once(d).chain(d.notes.iter())) {
            let r = resolve(ctx, src, d.loc);
            // Diagnostics in other files match nothing; those without a file location match
            // `@unknown` annotations.
            let line = match &r {
                Some(r) if r.in_source => Some(Some(r.line as i64)),
                Some(_) => None,
                None => Some(None),
            };
            let mut near_miss = None;
            let mut found = false;
            for e in self.expectations.iter_mut() {
                if line == Some(e.line) && e.matches(&d.message) {
                    if e.severity == d.severity {
                        e.matched = true;
                        found = true;
                        break;
                    }
                    near_miss = Some((e.offset, e.severity));
                }
            }
            if found {
                continue;
            }
            problems.push(match near_miss {
                Some((offset, expected)) => render_at(
                    src,
                    offset,
                    &format!("'{}' diagnostic emitted when expecting a '{}'", d.severity.as_str(), expected.as_str()),
                    1,
                ),
                None => {
                    let message = format!("unexpected {}: {}", d.severity.as_str(), d.message);
                    render(ctx, src, &Diagnostic { severity: Severity::Error, loc: d.loc, message, notes: Vec::new(), op: None })
                }
            });
        }
        problems
    }

    /// The complaints mlir-opt prints once everything ran: each annotation no diagnostic
    /// matched, with the annotated text underlined (an `@unknown` one, at no location, twice,
    /// as mlir-opt 22 prints it).
    pub fn unmet(&self, src: &Source<'_>) -> Vec<Rendered> {
        let mut out = Vec::new();
        for e in self.expectations.iter().filter(|e| !e.matched) {
            let message = format!("expected {} \"{}\" was not produced", e.severity.as_str(), e.pattern);
            if e.line.is_none() {
                out.push(format!("<unknown>:0: error: {message}\n"));
                out.push(format!("<unknown>:0: error: {message}\n"));
            } else {
                out.push(render_at(src, e.offset, &message, e.pattern.len()));
            }
        }
        out
    }

    /// Whether nothing was left unmet and every annotation could be read.
    pub fn all_met(&self) -> bool {
        self.setup_errors.is_empty() && self.expectations.iter().all(|e| e.matched)
    }
}

/// An error at byte `offset` of `src`, its line quoted and `len` characters underlined (`^`
/// then `~`), as LLVM's SourceMgr prints a message with a range.
fn render_at(src: &Source<'_>, offset: usize, message: &str, len: usize) -> Rendered {
    let (line, col) = src.line_col(offset);
    format!("{}:{line}:{col}: error: {message}\n{}", src.name, quote_line(src.line_text(line), col, len))
}

/// Turns `text {{re}} text` into a regex: literal parts escaped, `{{...}}` parts verbatim.
fn build_regex(pattern: &str) -> Result<Regex, String> {
    let mut re = String::new();
    let mut rest = pattern;
    while let Some(start) = rest.find("{{") {
        re.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or_else(|| "found start of regex with no end '}}'".to_string())?;
        let part = &after[..end];
        Regex::new(part).map_err(|e| format!("invalid regex: {e}"))?;
        re.push('(');
        re.push_str(part);
        re.push(')');
        rest = &after[end + 2..];
    }
    re.push_str(&regex::escape(rest));
    Regex::new(&re).map_err(|e| format!("invalid regex: {e}"))
}

/// What mlir-opt 22 reports at the end of a run *without* `--verify-diagnostics` on a buffer
/// holding `expected-*` annotations: nothing is checked against them, so each one is reported
/// as not produced (on stderr; the exit status does not change). Empty for a buffer without
/// annotations, which is found without reading it line by line.
pub fn unchecked_report(name: &str, text: &str) -> String {
    // Lines are indexed only for a buffer that has annotations (memmem's vector search: half
    // a millisecond less than `str::contains` on a 10 MB file, before parsing starts).
    if memchr::memmem::find(text.as_bytes(), b"expected-").is_none() {
        return String::new();
    }
    let src = Source::new(name, text);
    let v = Verifier::new(&src);
    let mut out = v.setup_errors.clone();
    out.extend(v.unmet(&src));
    out
}

/// Checks `diags` against the annotations of `src` in one go; returns every complaint (those
/// about diagnostics first, then the unmet annotations), empty when everything matched.
pub fn verify(ctx: &Context, src: &Source<'_>, diags: &[Diagnostic]) -> Vec<Rendered> {
    let mut v = Verifier::new(src);
    let mut problems = Vec::new();
    if !v.setup_errors.is_empty() {
        problems.push(std::mem::take(&mut v.setup_errors));
    }
    problems.extend(v.check(ctx, src, diags));
    problems.extend(v.unmet(src));
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_annotation_forms() {
        let src = "// expected-error@+1 {{foo}}\nx\ny // expected-warning-re {{b {{[0-9]+}}}}\n// expected-note@below {{n}}\n\nz\n// expected-remark@above {{r}}\n// expected-error@unknown {{u}}\n// expected-error {{literal {{x}}}}\n";
        let v = Verifier::new(&Source::new("t", src));
        let e = v.expectations();
        assert_eq!(e.len(), 6);
        assert_eq!((e[0].severity, e[0].line), (Severity::Error, Some(2)));
        assert_eq!((e[1].severity, e[1].line), (Severity::Warning, Some(3)));
        assert!(e[1].matches("b 12") && !e[1].matches("b x"));
        // @below takes the next line that is not an annotation, blank or not.
        assert_eq!(e[2].line, Some(5));
        assert_eq!(e[3].line, Some(6));
        assert_eq!(e[4].line, None);
        // Without -re, `{{` is literal text.
        assert!(e[5].matches("a literal {{x}} here") && !e[5].matches("literal x"));
    }
}
