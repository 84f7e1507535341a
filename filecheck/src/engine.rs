//! Compiling translated regexes with FileCheck's matching flags (`REG_NEWLINE`: `.` and
//! negated classes stop at newlines, `^`/`$` match at line boundaries; optionally
//! case-insensitive), with a cache so that repeated searches reuse compiled automata.

use std::collections::HashMap;
use std::sync::Arc;

use regex_automata::meta::Regex;
use regex_automata::util::syntax;

fn syntax_config(ignore_case: bool) -> syntax::Config {
    syntax::Config::new()
        .multi_line(true)
        .case_insensitive(ignore_case)
}

/// Reduces the engine's multi-line error text to its final `error: ...` message.
fn short_message(full: &str) -> String {
    full.rsplit_once("error: ")
        .map_or(full, |(_, msg)| msg)
        .trim()
        .to_string()
}

/// Checks the syntax of `pattern` without compiling it.
pub(crate) fn validate(pattern: &str) -> Result<(), String> {
    syntax::parse_with(pattern, &syntax_config(false))
        .map(|_| ())
        .map_err(|e| short_message(&e.to_string()))
}

/// How many compiled regexes the cache keeps; each holds search caches of its own, so
/// keeping every pattern of a large check file would cost far more than recompiling.
const CACHE_CAPACITY: usize = 128;

/// Compiled regexes keyed by their source text (a bounded cache: it starts over when
/// full).
pub(crate) struct RegexCache {
    ignore_case: bool,
    compiled: HashMap<String, Arc<Regex>>,
}

impl RegexCache {
    pub(crate) fn new(ignore_case: bool) -> Self {
        RegexCache {
            ignore_case,
            compiled: HashMap::new(),
        }
    }

    /// Whether matching ignores case.
    pub(crate) fn ignore_case(&self) -> bool {
        self.ignore_case
    }

    /// The compiled form of `pattern`, compiling it on first use.
    pub(crate) fn get(&mut self, pattern: &str) -> Result<Arc<Regex>, String> {
        if let Some(re) = self.compiled.get(pattern) {
            return Ok(re.clone());
        }
        let re = Regex::builder()
            .syntax(syntax_config(self.ignore_case))
            .build(pattern)
            .map_err(|e| short_message(&e.to_string()))?;
        let re = Arc::new(re);
        if self.compiled.len() >= CACHE_CAPACITY {
            self.compiled.clear();
        }
        self.compiled.insert(pattern.to_string(), re.clone());
        Ok(re)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newline_semantics_match_reg_newline() {
        let mut cache = RegexCache::new(false);
        let dot = cache.get("a.*b").unwrap();
        assert!(dot.find("a\nb").is_none());
        assert!(dot.find("axxb").is_some());
        let anchors = cache.get("^x$").unwrap();
        assert!(anchors.find("a\nx\nb").is_some());
    }

    #[test]
    fn reports_short_syntax_errors() {
        assert_eq!(validate("a(b"), Err("unclosed group".to_string()));
        assert!(validate("[a-z]+").is_ok());
        assert!(RegexCache::new(false).get("*").is_err());
    }

    #[test]
    fn ignore_case_applies_to_compiled_patterns() {
        let mut cache = RegexCache::new(true);
        assert!(cache.get("abc").unwrap().find("xABCx").is_some());
    }
}
