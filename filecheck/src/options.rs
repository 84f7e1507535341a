//! [`Options`]: the FileCheck command-line settings that change how checks are read and
//! matched, plus the buffer names used in diagnostics.

/// Settings for one [`check`](crate::check) run; `Options::default()` behaves like a
/// plain `FileCheck file` reading `<stdin>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Check prefixes (`--check-prefix`, `--check-prefixes`); empty means `CHECK`.
    pub check_prefixes: Vec<String>,
    /// Comment prefixes (`--comment-prefixes`); empty means `COM` and `RUN`.
    pub comment_prefixes: Vec<String>,
    /// `--strict-whitespace`: do not canonicalize horizontal whitespace.
    pub strict_whitespace: bool,
    /// `--match-full-lines`: every positive pattern must match a whole line.
    pub match_full_lines: bool,
    /// `--implicit-check-not`: patterns that must not occur between any two matches.
    pub implicit_check_not: Vec<String>,
    /// `--allow-empty`: accept an empty input.
    pub allow_empty: bool,
    /// `--enable-var-scope`: forget variables not starting with `$` at each CHECK-LABEL.
    pub enable_var_scope: bool,
    /// `--ignore-case`: match case-insensitively.
    pub ignore_case: bool,
    /// `--allow-unused-prefixes`: a prefix with no directive is not an error.
    pub allow_unused_prefixes: bool,
    /// `--allow-deprecated-dag-overlap`: CHECK-DAG matches of one group may overlap.
    pub allow_deprecated_dag_overlap: bool,
    /// `-D` definitions: `NAME=VALUE` (string) or `#NAME=EXPR` (numeric, may carry a
    /// format as in `#%x,NAME=EXPR`).
    pub defines: Vec<String>,
    /// Name of the check file in diagnostics.
    pub check_file_name: String,
    /// Name of the input in diagnostics.
    pub input_file_name: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            check_prefixes: Vec::new(),
            comment_prefixes: Vec::new(),
            strict_whitespace: false,
            match_full_lines: false,
            implicit_check_not: Vec::new(),
            allow_empty: false,
            enable_var_scope: false,
            ignore_case: false,
            allow_unused_prefixes: false,
            allow_deprecated_dag_overlap: false,
            defines: Vec::new(),
            check_file_name: "<check-file>".to_string(),
            input_file_name: "<stdin>".to_string(),
        }
    }
}

impl Options {
    /// The check prefixes in effect (the default `CHECK` when none were given).
    pub(crate) fn effective_check_prefixes(&self) -> Vec<String> {
        if self.check_prefixes.is_empty() {
            vec!["CHECK".to_string()]
        } else {
            self.check_prefixes.clone()
        }
    }

    /// The comment prefixes in effect (the default `COM`, `RUN` when none were given).
    pub(crate) fn effective_comment_prefixes(&self) -> Vec<String> {
        if self.comment_prefixes.is_empty() {
            vec!["COM".to_string(), "RUN".to_string()]
        } else {
            self.comment_prefixes.clone()
        }
    }
}
