//! FileCheck behaviour cases shared by the semantic tests and the differential test
//! against LLVM's FileCheck: each case is a check file, an input, FileCheck options and
//! the expected outcome (pass, or the first error as `line:col: message`).

use mica_filecheck::{FileCheckCommand, Options};

/// The options that FileCheck arguments `args` stand for, with the check file named
/// `check` (as the differential test names it).
pub fn options_for(args: &[&str]) -> Options {
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push("check".to_string());
    FileCheckCommand::parse(&args).expect("case arguments parse").options
}

/// What FileCheck should do with a case.
#[derive(Debug, Clone, Copy)]
pub enum Expect {
    Pass,
    /// The first error: `line:col: message` in the check file (or the command line for
    /// implicit patterns), or just the message when it has no location.
    Fail(&'static str),
}

/// One FileCheck run.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    pub name: &'static str,
    pub args: &'static [&'static str],
    pub checks: &'static str,
    pub input: &'static str,
    pub expect: Expect,
}

const fn case(name: &'static str, args: &'static [&'static str], checks: &'static str, input: &'static str, expect: Expect) -> Case {
    Case { name, args, checks, input, expect }
}

use Expect::{Fail, Pass};

pub const CASES: &[Case] = &[
    // Plain CHECK.
    case("plain_pass", &[], "CHECK: foo\n", "xx foo yy\n", Pass),
    case("plain_fail", &[], "CHECK: bar\n", "foo\n", Fail("1:8: CHECK: expected string not found in input")),
    case("plain_order", &[], "CHECK: b\nCHECK: a\n", "a\nb\n", Fail("2:8: CHECK: expected string not found in input")),
    case("plain_same_line_twice", &[], "CHECK: a\nCHECK: a\n", "a a\n", Pass),
    case("plain_substring", &[], "CHECK: oo\n", "foo\n", Pass),
    case("comment_leaders", &[], "// CHECK: a\n# CHECK: b\n", "a b\n", Pass),
    // CHECK-NEXT.
    case("next_pass", &[], "CHECK: a\nCHECK-NEXT: b\n", "a\nb\n", Pass),
    case("next_skipped_line", &[], "CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n", Fail("2:13: CHECK-NEXT: is not on the line after the previous match")),
    case("next_same_line", &[], "CHECK: a\nCHECK-NEXT: b\n", "a b\n", Fail("2:13: CHECK-NEXT: is on the same line as previous match")),
    case("next_not_found", &[], "CHECK: a\nCHECK-NEXT: q\n", "a\nb\n", Fail("2:13: CHECK-NEXT: expected string not found in input")),
    case("next_first", &[], "CHECK-NEXT: a\n", "a\n", Fail("1:1: found 'CHECK-NEXT' without previous 'CHECK: line")),
    case("next_after_label", &[], "CHECK-LABEL: f\nCHECK-NEXT: a\n", "f\na\n", Pass),
    case("next_chain", &[], "CHECK: a\nCHECK-NEXT: b\nCHECK-NEXT: c\n", "a\nb\nc\n", Pass),
    // CHECK-SAME.
    case("same_pass", &[], "CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\n", "a b c\n", Pass),
    case("same_fail", &[], "CHECK: a\nCHECK-SAME: b\n", "a\nb\n", Fail("2:13: CHECK-SAME: is not on the same line as the previous match")),
    case("same_first", &[], "CHECK-SAME: a\n", "a\n", Fail("1:1: found 'CHECK-SAME' without previous 'CHECK: line")),
    // CHECK-EMPTY.
    case("empty_pass", &[], "CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", "a\n\nb\n", Pass),
    case("empty_fail", &[], "CHECK: a\nCHECK-EMPTY:\n", "a\nx\n\nb\n", Fail("2:13: CHECK-EMPTY: is not on the line after the previous match")),
    case("empty_matches_final_newline", &[], "CHECK: a\nCHECK-EMPTY:\n", "a\n", Pass),
    case("empty_not_found", &[], "CHECK: a\nCHECK-EMPTY:\n", "a\nb", Fail("2:13: CHECK-EMPTY: expected string not found in input")),
    case("empty_with_text", &[], "CHECK: a\nCHECK-EMPTY: x\n", "a\n", Fail("2:14: found non-empty check string for empty check with prefix 'CHECK:'")),
    // CHECK-NOT.
    case("not_between_pass", &[], "CHECK: a\nCHECK-NOT: bad\nCHECK: b\n", "a\nok\nb\nbad\n", Pass),
    case("not_between_fail", &[], "CHECK: a\nCHECK-NOT: bad\nCHECK: end\n", "a\nbad\nend\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("not_at_end", &[], "CHECK: a\nCHECK-NOT: bad\n", "a\nbad\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("not_before_first", &[], "CHECK-NOT: bad\nCHECK: z\n", "bad\nz\n", Fail("1:12: CHECK-NOT: excluded string found in input")),
    case("not_only", &[], "CHECK-NOT: bad\n", "good\n", Pass),
    case("not_undefined_var", &[], "CHECK-NOT: [[Q]]\nCHECK: a\n", "a\n", Fail("1:14: undefined variable: Q")),
    // CHECK-DAG.
    case("dag_any_order", &[], "CHECK-DAG: b\nCHECK-DAG: a\nCHECK: c\n", "a\nb\nc\n", Pass),
    case("dag_before_check", &[], "CHECK: c\nCHECK-DAG: a\n", "a\nc\n", Fail("2:12: CHECK-DAG: expected string not found in input")),
    case("dag_no_overlap", &[], "CHECK-DAG: a\nCHECK-DAG: a\n", "a\n", Fail("2:12: CHECK-DAG: expected string not found in input")),
    case("dag_two_occurrences", &[], "CHECK-DAG: a\nCHECK-DAG: a\n", "a a\n", Pass),
    case("dag_overlap_allowed", &["--allow-deprecated-dag-overlap"], "CHECK-DAG: a\nCHECK-DAG: a\n", "a\n", Pass),
    case("dag_not_between_groups", &[], "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", "a\nx\nb\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("dag_groups_are_ordered", &[], "CHECK-DAG: b\nCHECK-NOT: x\nCHECK-DAG: a\n", "a\nb\n", Fail("3:12: CHECK-DAG: expected string not found in input")),
    case("dag_not_after_last_group", &[], "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", "a\nb\nx\n", Pass),
    case("dag_not_before_dag", &[], "CHECK: start\nCHECK-NOT: x\nCHECK-DAG: b\nCHECK-DAG: a\n", "start\nx\na\nb\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("dag_then_next", &[], "CHECK-DAG: b\nCHECK-DAG: a\nCHECK-NEXT: c\n", "b\na\nc\n", Fail("3:1: found 'CHECK-NEXT' without previous 'CHECK: line")),
    case("not_region_ends_at_next_match", &[], "CHECK: a\nCHECK-NOT: bad\nCHECK: b\n", "a\nbad\nb\n", Pass),
    case("dag_vars", &[], "CHECK-DAG: [[A:%[0-9]+]] = one\nCHECK-DAG: [[B:%[0-9]+]] = two\nCHECK: add [[A]], [[B]]\n", "%2 = two\n%1 = one\nadd %1, %2\n", Pass),
    // CHECK-LABEL.
    case("label_blocks", &[], "CHECK-LABEL: func1\nCHECK: x\nCHECK-LABEL: func2\nCHECK: y\n", "func1\nx\nfunc2\ny\n", Pass),
    case("label_confines_checks", &[], "CHECK-LABEL: func1\nCHECK: x\nCHECK-LABEL: func2\nCHECK: y\n", "func1\nfunc2\nx\ny\n", Fail("2:8: CHECK: expected string not found in input")),
    case("label_missing", &[], "CHECK-LABEL: nope\n", "a\n", Fail("1:14: CHECK-LABEL: expected string not found in input")),
    case("label_with_variable", &[], "CHECK-LABEL: [[X:a]]\n", "a\n", Fail("1:1: found 'CHECK-LABEL:' with variable definition or use")),
    case("label_dag_in_block", &[], "CHECK-LABEL: f1\nCHECK-DAG: a\nCHECK-LABEL: f2\n", "f1\nf2\na\n", Fail("2:12: CHECK-DAG: expected string not found in input")),
    case("label_not_in_block", &[], "CHECK-LABEL: f1\nCHECK-NOT: bad\nCHECK-LABEL: f2\n", "f1\nf2\nbad\n", Pass),
    // CHECK-COUNT.
    case("count_pass", &[], "CHECK-COUNT-3: a\n", "a\na a\n", Pass),
    case("count_fail", &[], "CHECK-COUNT-3: a\n", "a\na\n", Fail("1:16: CHECK-COUNT: expected string not found in input (3 out of 3)")),
    case("count_then_not", &[], "CHECK-COUNT-2: a\nCHECK-NOT: a\n", "a a\na\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("count_zero", &[], "CHECK-COUNT-0: a\n", "a\n", Fail("1:14: invalid count in -COUNT specification on prefix 'CHECK'")),
    // Regexes.
    case("regex_class", &[], "CHECK: a{{[0-9]+}}b\n", "a123b\n", Pass),
    case("regex_alternation", &[], "CHECK: x{{a|b}}y\n", "xby\n", Pass),
    case("regex_braces_via_classes", &[], "CHECK: {{[}][}]}}\n", "a}}b\n", Pass),
    case("regex_unterminated", &[], "CHECK: {{abc\n", "abc\n", Fail("1:8: found start of regex string with no end '}}'")),
    case("regex_first_close_wins", &[], "CHECK: x{{a{2}}}\n", "xaa}\n", Fail("1:11: invalid regex: unclosed counted repetition")),
    case("regex_dot_stops_at_newline", &[], "CHECK: a{{.*}}b\n", "a\nb\n", Fail("1:8: CHECK: expected string not found in input")),
    case("regex_negated_class_stops_at_newline", &[], "CHECK: a{{[^x]}}b\n", "a\nb\n", Fail("1:8: CHECK: expected string not found in input")),
    case("regex_caret_at_line_start", &[], "CHECK: {{^}}b\n", "ab\nb\n", Pass),
    case("regex_dollar_at_line_end", &[], "CHECK: a{{$}}\nCHECK-NEXT: c\n", "ab\na\nc\n", Pass),
    case("regex_posix_class", &[], "CHECK: [[X:[[:alpha:]]+]]!\n", "abc!\n", Pass),
    case("regex_escaped_brackets", &[], "CHECK: {{\\[\\[}}1, 2]]\n", "[[1, 2]]\n", Pass),
    case("regex_metachars_in_text", &[], "CHECK: a.b*c(d)\n", "a.b*c(d)\n", Pass),
    case("regex_metachars_with_regex", &[], "CHECK: a.b*{{c}}(d)\n", "axbbc(d)\n", Fail("1:8: CHECK: expected string not found in input")),
    // Variables.
    case("var_def_use", &[], "CHECK: x=[[X:[0-9]+]]\nCHECK: y=[[X]]\n", "x=12\ny=13\ny=12\n", Pass),
    case("var_use_fail", &[], "CHECK: x=[[X:[0-9]+]]\nCHECK: y=[[X]]\n", "x=12\ny=13\n", Fail("2:8: CHECK: expected string not found in input")),
    case("var_undefined", &[], "CHECK: [[Y]]\n", "a\n", Fail("1:10: undefined variable: Y")),
    case("var_same_line_backref", &[], "CHECK: [[X:[a-z]+]] = [[X]]\n", "ab = cd\nef = ef\n", Pass),
    case("var_same_line_greedy", &[], "CHECK: %[[C:.+]] = cast %[[C]]\n", "%0 = cast %0 : i32 to i32\n", Pass),
    case("var_redefined", &[], "CHECK: a[[X:[0-9]]]\nCHECK: b[[X]]\nCHECK: a[[X:[0-9]]]\nCHECK: b[[X]]\n", "a1\nb1\na2\nb2\n", Pass),
    case("var_scope_default_keeps", &[], "CHECK-LABEL: f1\nCHECK: [[X:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[X]]\n", "f1 1\nf2 1\n", Pass),
    case("var_scope_enabled_clears", &["--enable-var-scope"], "CHECK-LABEL: f1\nCHECK: [[X:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[X]]\n", "f1 1\nf2 1\n", Fail("4:10: undefined variable: X")),
    case("var_scope_global", &["--enable-var-scope"], "CHECK-LABEL: f1\nCHECK: [[$X:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[$X]]\n", "f1 1\nf2 1\n", Pass),
    case("var_cmdline_define", &["-DVAL=x.z"], "CHECK: [[VAL]]\n", "xyz x.z\n", Pass),
    case("var_value_is_literal", &[], "CHECK: [[X:a.c]]\nCHECK: [[X]]\n", "a.c\nabc\n", Fail("2:8: CHECK: expected string not found in input")),
    case("var_bad_name", &[], "CHECK: [[9X]]\n", "a\n", Fail("1:10: invalid variable name")),
    case("var_unclosed", &[], "CHECK: [[X\n", "a\n", Fail("1:8: Invalid substitution block, no ]] found")),
    // Numeric variables.
    case("numeric_pass", &[], "CHECK: v[[#N:]]\nCHECK: w[[#N+1]]\n", "v41\nw42\n", Pass),
    case("numeric_fail", &[], "CHECK: v[[#N:]]\nCHECK: w[[#N+1]]\n", "v41\nw43\n", Fail("2:8: CHECK: expected string not found in input")),
    case("numeric_hex", &[], "CHECK: [[#%x,A:]]\nCHECK: [[#A+1]]\n", "ff\n100\n", Pass),
    case("numeric_line", &[], "CHECK: line [[#@LINE]]\nCHECK: next [[@LINE+1]]\n", "line 1\nnext 3\n", Pass),
    case("numeric_define", &["-D#BASE=10"], "CHECK: [[#BASE*2]]\n", "20\n", Fail("1:15: unsupported operation '*'")),
    case("numeric_define_use", &["-D#BASE=10"], "CHECK: [[#mul(BASE,2)]]\n", "20\n", Pass),
    // Whitespace.
    case("ws_canonical", &[], "CHECK: a   b\n", "a \t b\n", Pass),
    case("ws_needs_some_space", &[], "CHECK: a b\n", "ab\n", Fail("1:8: CHECK: expected string not found in input")),
    case("ws_strict", &["--strict-whitespace"], "CHECK: a b\n", "a  b\n", Fail("1:8: CHECK: expected string not found in input")),
    case("ws_trailing_ignored", &[], "CHECK: a   \nCHECK-NEXT: b\n", "a\nb\n", Pass),
    case("ws_crlf_input", &[], "CHECK: a\nCHECK-NEXT: b\n", "a\r\nb\r\n", Pass),
    // --match-full-lines.
    case("full_lines_pass", &["--match-full-lines"], "CHECK: a b\n", "  a b  \n", Pass),
    case("full_lines_fail", &["--match-full-lines"], "CHECK: a\n", "a b\n", Fail("1:8: CHECK: expected string not found in input")),
    case("full_lines_not_is_substring", &["--match-full-lines"], "CHECK: a\nCHECK-NOT: c\n", "a\nbcd\n", Fail("2:12: CHECK-NOT: excluded string found in input")),
    case("full_lines_strict", &["--match-full-lines", "--strict-whitespace"], "CHECK:a\n", " a\n", Fail("1:7: CHECK: expected string not found in input")),
    case("full_lines_strict_keeps_leading_space", &["--match-full-lines", "--strict-whitespace"], "CHECK: a\n", " a\n", Pass),
    // Prefixes.
    case("custom_prefix", &["--check-prefix=FOO"], "FOO: a\nFOO-NEXT: b\nCHECK: zzz\n", "a\nb\n", Pass),
    case("prefixes_multi", &["--check-prefixes=A,B"], "A: x\nB: y\n", "x y\n", Pass),
    case("prefix_unused", &["--check-prefixes=A,B"], "A: x\n", "x\n", Fail("no check strings found with prefix 'B:'")),
    case("prefix_unused_allowed", &["--check-prefixes=A,B", "--allow-unused-prefixes"], "A: x\n", "x\n", Pass),
    case("no_directives", &[], "nothing here\n", "x\n", Fail("no check strings found with prefix 'CHECK:'")),
    case("prefix_inside_word", &[], "XCHECK: nope\nCHECK-FOO: nope\nCHECK: a\n", "a\n", Pass),
    case("comments_skip_lines", &[], "// RUN: tool %s | FileCheck %s\n// COM: CHECK: nope\n// CHECK: a\n", "a\n", Pass),
    case("longer_prefix_wins", &["--check-prefixes=P,P-X"], "P-X: b\nP: a\n", "b a\n", Pass),
    case("invalid_prefix", &["--check-prefix=a b"], "CHECK: a\n", "a\n", Fail("supplied check prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: 'a b'")),
    case("prefix_clashes_with_comment", &["--check-prefix=RUN"], "RUN: a\n", "a\n", Fail("supplied check prefix must be unique among check and comment prefixes: 'RUN'")),
    case("comment_prefix_clashes_with_check", &["--comment-prefixes=CHECK"], "CHECK: a\n", "a\n", Fail("supplied comment prefix must be unique among check and comment prefixes: 'CHECK'")),
    case("custom_comment_prefix", &["--comment-prefixes=NOTE"], "NOTE: CHECK: b\n// RUN: CHECK: a\n", "b\n", Fail("2:16: CHECK: expected string not found in input")),
    // --implicit-check-not.
    case("implicit_not_fail", &["--implicit-check-not=warning"], "CHECK: a\n", "a\nwarning\n", Fail("1:22: IMPLICIT-CHECK-NOT: excluded string found in input")),
    case("implicit_not_pass", &["--implicit-check-not=warning"], "CHECK: a\n", "a\n", Pass),
    case("implicit_not_only", &["--implicit-check-not=warning"], "", "fine\n", Pass),
    // Empty input.
    case("empty_input", &[], "CHECK-NOT: a\n", "", Fail("input '<stdin>' is empty (use --allow-empty to accept an empty input)")),
    case("empty_input_allowed", &["--allow-empty"], "CHECK-NOT: a\n", "", Pass),
    // Malformed directives and modifiers.
    case("misspelled", &[], "CHECK_NEXT: a\n", "a\n", Fail("1:1: misspelled directive 'CHECK_NEXT:'")),
    case("bad_not_combo", &[], "CHECK-DAG-NOT: a\n", "a\n", Fail("1:7: unsupported -NOT combo on prefix 'CHECK'")),
    case("empty_pattern", &[], "CHECK:\n", "a\n", Fail("1:7: found empty check string with prefix 'CHECK:'")),
    case("literal_modifier", &[], "CHECK{LITERAL}: {{x}}\n", "{{x}}\n", Pass),
    case("ignore_case", &["--ignore-case"], "CHECK: HeLLo\nCHECK: {{W}}orld\n", "hello world\n", Pass),
    // An MLIR-style test.
    case(
        "mlir_style",
        &[],
        "// CHECK-LABEL: func @f\n// CHECK-SAME: (%[[ARG:.*]]: i32)\n// CHECK: %[[C:.*]] = arith.addi %[[ARG]], %[[ARG]] : i32\n// CHECK-NEXT: return %[[C]]\n",
        "func.func @f(%arg0: i32) -> i32 {\n  %0 = arith.addi %arg0, %arg0 : i32\n  return %0 : i32\n}\n",
        Pass,
    ),
];
