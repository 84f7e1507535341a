//! Running a read check file over the input with FileCheck's algorithm: the input is
//! first cut into blocks at CHECK-LABEL matches, then every directive is matched in
//! order within its block; CHECK-DAG groups match in any order (without overlapping),
//! CHECK-NOTs must not occur in the region they guard, and CHECK-NEXT/SAME/EMPTY
//! constrain the lines between consecutive matches. Failures become diagnostics.

use std::ops::Range;

use crate::checkfile::{CheckProgram, CheckString, DagNot};
use crate::diagnostic::{Diagnostic, Location};
use crate::directive::Directive;
use crate::engine::RegexCache;
use crate::fuzzy::possible_intended_match;
use crate::matching::{Found, MatchError};
use crate::options::Options;
use crate::pattern::{Pattern, PatternSource};
use crate::source::SourceText;
use crate::variables::Variables;

/// State of one check run.
pub(crate) struct Checker<'a> {
    program: &'a CheckProgram,
    check: &'a SourceText,
    input: &'a SourceText,
    opts: &'a Options,
    vars: Variables,
    cache: RegexCache,
    diags: Vec<Diagnostic>,
}

/// Counts line breaks (`\n`, `\r`, and the pairs `\r\n`/`\n\r` as one) in `text`;
/// also returns the offset just after the first one.
fn count_newlines(text: &str) -> (usize, Option<usize>) {
    let b = text.as_bytes();
    let (mut count, mut first, mut i) = (0, None, 0);
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            count += 1;
            if i + 1 < b.len() && (b[i + 1] == b'\n' || b[i + 1] == b'\r') && b[i] != b[i + 1] {
                i += 1;
            }
            first.get_or_insert(i + 1);
        }
        i += 1;
    }
    (count, first)
}

impl<'a> Checker<'a> {
    pub(crate) fn new(
        program: &'a CheckProgram,
        check: &'a SourceText,
        input: &'a SourceText,
        opts: &'a Options,
    ) -> Self {
        Checker {
            program,
            check,
            input,
            opts,
            vars: program.initial_vars.clone(),
            cache: RegexCache::new(opts.ignore_case),
            diags: Vec::new(),
        }
    }

    /// Checks the whole input; on failure returns every diagnostic produced.
    pub(crate) fn run(mut self) -> Result<(), Vec<Diagnostic>> {
        let strings = &self.program.strings;
        let end = self.input.text().len();
        let (mut i, mut j) = (0, 0);
        let mut rest = 0;
        let mut failed = false;
        loop {
            let region = if j == strings.len() {
                rest..end
            } else if strings[j].pattern.kind.directive != Directive::Label {
                j += 1;
                continue;
            } else {
                // Labels are found first, ignoring DAG/NOTs, to bound the block.
                let Some(label) = self.check_string(&strings[j], rest..end, true) else {
                    return Err(self.diags);
                };
                let region = rest..label.end;
                rest = label.end;
                j += 1;
                region
            };
            if i != 0 && self.opts.enable_var_scope {
                self.vars.clear_locals();
            }
            let mut start = region.start;
            while i != j {
                match self.check_string(&strings[i], start..region.end, false) {
                    Some(m) => start = m.end,
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                }
                i += 1;
            }
            if j == strings.len() {
                break;
            }
        }
        if failed { Err(self.diags) } else { Ok(()) }
    }

    /// Matches one check string within `range`; returns the span from its first match
    /// to the end of its last (several for -COUNT).
    fn check_string(
        &mut self,
        s: &CheckString,
        range: Range<usize>,
        label_scan: bool,
    ) -> Option<Range<usize>> {
        let mut nots = Vec::new();
        let last_pos = if label_scan {
            range.start
        } else {
            self.check_dag(s, range.clone(), &mut nots)?
        };
        let mut cursor = last_pos;
        let mut first = None;
        for attempt in 1..=s.pattern.kind.count {
            match self.find(&s.pattern, cursor..range.end) {
                Ok(Some(m)) => {
                    first.get_or_insert(m.start);
                    cursor = m.end;
                }
                outcome => {
                    self.report_not_found(
                        &s.prefix,
                        &s.pattern,
                        attempt,
                        cursor..range.end,
                        outcome.err(),
                    );
                    return None;
                }
            }
        }
        let first = first.unwrap_or(last_pos);
        if !label_scan {
            let skipped = last_pos..first;
            if !self.check_line_position(s, skipped.clone()) || !self.check_nots(&nots, skipped) {
                return None;
            }
        }
        Some(first..cursor)
    }

    /// Searches `range` of the input; match offsets are absolute.
    fn find(
        &mut self,
        pattern: &Pattern,
        range: Range<usize>,
    ) -> Result<Option<Found>, Vec<MatchError>> {
        let input: &'a SourceText = self.input;
        let found = pattern.find(
            &input.text()[range.clone()],
            &mut self.vars,
            &mut self.cache,
        )?;
        Ok(found.map(|f| Found {
            start: f.start + range.start,
            end: f.end + range.start,
            captures: f
                .captures
                .into_iter()
                .map(|(n, r)| (n, r.start + range.start..r.end + range.start))
                .collect(),
        }))
    }

    /// Matches the CHECK-DAG groups before a check string, collecting the CHECK-NOTs
    /// that guard the region before the string's own match; returns where that match
    /// may start.
    fn check_dag<'s>(
        &mut self,
        s: &'s CheckString,
        range: Range<usize>,
        nots: &mut Vec<&'s DagNot>,
    ) -> Option<usize> {
        let mut start = range.start;
        // Sorted, non-overlapping matches of the current DAG group.
        let mut matches: Vec<Range<usize>> = Vec::new();
        for (k, dn) in s.dag_nots.iter().enumerate() {
            if dn.pattern.kind.directive == Directive::Not {
                nots.push(dn);
                continue;
            }
            let mut pos = start;
            let mut next = 0;
            loop {
                let m = match self.find(&dn.pattern, pos..range.end) {
                    Ok(Some(m)) => m.start..m.end,
                    outcome => {
                        self.report_not_found(
                            &dn.prefix,
                            &dn.pattern,
                            1,
                            pos..range.end,
                            outcome.err(),
                        );
                        return None;
                    }
                };
                if self.opts.allow_deprecated_dag_overlap {
                    match matches.first_mut() {
                        Some(all) => *all = all.start.min(m.start)..all.end.max(m.end),
                        None => matches.push(m),
                    }
                    break;
                }
                let mut overlap = false;
                while next < matches.len() {
                    if m.start < matches[next].end {
                        overlap = matches[next].start < m.end;
                        break;
                    }
                    next += 1;
                }
                if !overlap {
                    matches.insert(next, m);
                    break;
                }
                pos = matches[next].end;
                next += 1;
            }
            let group_ends = s
                .dag_nots
                .get(k + 1)
                .is_none_or(|n| n.pattern.kind.directive == Directive::Not);
            if group_ends && let (Some(first), Some(last)) = (matches.first(), matches.last()) {
                if !nots.is_empty() {
                    if !self.check_nots(nots, start..first.start) {
                        return None;
                    }
                    nots.clear();
                }
                start = last.end;
                matches.clear();
            }
        }
        Some(start)
    }

    /// Reports every CHECK-NOT of `nots` that matches in `range`; true if none does.
    fn check_nots(&mut self, nots: &[&DagNot], range: Range<usize>) -> bool {
        let mut ok = true;
        for dn in nots {
            match self.find(&dn.pattern, range.clone()) {
                Ok(None) => {}
                Ok(Some(m)) => {
                    ok = false;
                    let desc = dn.pattern.kind.description(&dn.prefix);
                    self.diags.push(Diagnostic::error(
                        format!("{desc}: excluded string found in input"),
                        Some(self.pattern_location(&dn.pattern)),
                    ));
                    self.diags.push(Diagnostic::note(
                        "found here",
                        self.input.location(m.start, m.end - m.start),
                    ));
                    self.substitution_notes(&dn.pattern, m.start);
                    for (name, span) in &m.captures {
                        let loc = self.input.location(span.start, span.end - span.start);
                        self.diags
                            .push(Diagnostic::note(format!("captured var \"{name}\""), loc));
                    }
                }
                Err(errors) => {
                    ok = false;
                    self.pattern_errors(&dn.pattern, errors);
                }
            }
        }
        ok
    }

    /// Enforces CHECK-NEXT/EMPTY (exactly one line break in `skipped`) and CHECK-SAME
    /// (none); true if satisfied.
    fn check_line_position(&mut self, s: &CheckString, skipped: Range<usize>) -> bool {
        let (count, first_newline) = count_newlines(&self.input.text()[skipped.clone()]);
        let name = match s.pattern.kind.directive {
            Directive::Next => "NEXT",
            Directive::Empty => "EMPTY",
            Directive::Same if count != 0 => {
                let msg = format!(
                    "{}-SAME: is not on the same line as the previous match",
                    s.prefix
                );
                self.line_position_error(s, msg, skipped);
                return false;
            }
            _ => return true,
        };
        if count == 1 {
            return true;
        }
        let problem = if count == 0 {
            "is on the same line as previous match"
        } else {
            "is not on the line after the previous match"
        };
        self.line_position_error(
            s,
            format!("{}-{name}: {problem}", s.prefix),
            skipped.clone(),
        );
        if let Some(after) = first_newline {
            let loc = self.input.location(skipped.start + after, 0);
            self.diags.push(Diagnostic::note(
                "non-matching line after previous match is here",
                loc,
            ));
        }
        false
    }

    fn line_position_error(&mut self, s: &CheckString, message: String, skipped: Range<usize>) {
        self.diags.push(Diagnostic::error(
            message,
            Some(self.pattern_location(&s.pattern)),
        ));
        self.diags.push(Diagnostic::note(
            "'next' match was here",
            self.input.location(skipped.end, 0),
        ));
        self.diags.push(Diagnostic::note(
            "previous match ended here",
            self.input.location(skipped.start, 0),
        ));
    }

    /// Reports an expected pattern that was not found in `range` (or that could not be
    /// matched because of `errors`).
    fn report_not_found(
        &mut self,
        prefix: &str,
        pattern: &Pattern,
        attempt: usize,
        range: Range<usize>,
        errors: Option<Vec<MatchError>>,
    ) {
        match errors {
            Some(errors) => self.pattern_errors(pattern, errors),
            None => {
                let mut msg = format!(
                    "{}: expected string not found in input",
                    pattern.kind.description(prefix)
                );
                if pattern.kind.count > 1 {
                    msg.push_str(&format!(" ({attempt} out of {})", pattern.kind.count));
                }
                self.diags
                    .push(Diagnostic::error(msg, Some(self.pattern_location(pattern))));
                self.diags.push(Diagnostic::note(
                    "scanning from here",
                    self.input.location(range.start, 0),
                ));
            }
        }
        self.substitution_notes(pattern, range.start);
        let input: &'a SourceText = self.input;
        if let Some(at) = possible_intended_match(pattern.example(), &input.text()[range.clone()]) {
            let loc = self.input.location(range.start + at, 0);
            self.diags
                .push(Diagnostic::note("possible intended match here", loc));
        }
    }

    fn pattern_errors(&mut self, pattern: &Pattern, errors: Vec<MatchError>) {
        for e in errors {
            let loc = self.source_of(pattern).location(e.offset, 0);
            self.diags.push(Diagnostic::error(e.message, Some(loc)));
        }
    }

    fn substitution_notes(&mut self, pattern: &Pattern, at: usize) {
        for (name, value) in pattern.substitutions(&self.vars) {
            let loc = self.input.location(at, 0);
            self.diags.push(Diagnostic::note(
                format!("with \"{name}\" equal to {value}"),
                loc,
            ));
        }
    }

    fn source_of(&self, pattern: &Pattern) -> &'a SourceText {
        match pattern.source {
            PatternSource::CheckFile => self.check,
            PatternSource::CommandLine(i) => &self.program.command_lines[i],
        }
    }

    fn pattern_location(&self, pattern: &Pattern) -> Location {
        self.source_of(pattern).location(pattern.offset, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_line_breaks_like_filecheck() {
        assert_eq!(count_newlines("abc"), (0, None));
        assert_eq!(count_newlines("a\nb"), (1, Some(2)));
        assert_eq!(count_newlines("a\r\n\nb"), (2, Some(3)));
        assert_eq!(count_newlines("\n\r"), (1, Some(2)));
    }
}
