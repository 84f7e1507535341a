//! `ir-opt` gives the same output and the same diagnostics on one thread and on several: the
//! parser defers the bodies of isolated ops to worker threads and parses long blocks in chunks
//! (falling back to the sequential parse from a chunk that does not fit), the verifier checks
//! functions and the runs of long blocks on a pool, the printer numbers the values of functions
//! on a pool and prints long blocks in chunks. The inputs are large enough for
//! each of those to engage (over 64 KiB of text, thousands of functions and operations).

use mica_tools::opt::{Options, process_buffer};

/// Runs ir-opt on `text` with `args` on `threads` threads; returns stdout, stderr and success.
fn run(text: &str, args: &[&str], threads: usize) -> (String, String, bool) {
    let mut argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    argv.push("input.mlir".into());
    let mut opts = Options::parse(&argv).expect("valid options");
    opts.threads = Some(threads);
    let (out, outcome) = process_buffer("input.mlir", text, &opts);
    (out, outcome.stderr, outcome.success)
}

/// Checks that 2 and 4 threads give what one gives; returns the single-thread result.
fn same_on_all_threads(text: &str, args: &[&str]) -> (String, String, bool) {
    let one = run(text, args, 1);
    for threads in [2, 4] {
        let many = run(text, args, threads);
        assert_eq!(one.2, many.2, "success differs with {threads} threads ({args:?})");
        assert_eq!(one.1, many.1, "stderr differs with {threads} threads ({args:?})");
        assert!(one.0 == many.0, "output differs with {threads} threads ({args:?})");
    }
    one
}

/// Function `i` of the generated modules (`n` of them): custom or generic form, calling the
/// previous function in the same module, with a loop, uses of the aliases and a location alias
/// defined at the end.
fn function(i: usize, n: usize, out: &mut String) {
    use std::fmt::Write;
    if i % 7 == 3 {
        let _ = write!(
            out,
            r#""func.func"() <{{function_type = (i64) -> i64, sym_name = "f{i}"}}> ({{
^bb0(%a: i64):
  %c = "arith.constant"() <{{value = {i} : i64}}> : () -> i64
  %s = "arith.addi"(%a, %c) <{{overflowFlags = #arith.overflow<none>}}> : (i64, i64) -> i64
  "cf.br"(%s)[^bb1] : (i64) -> ()
^bb1(%t: i64):
  "func.return"(%t) : (i64) -> ()
}}) : () -> ()
"#
        );
        return;
    }
    let call = if i > 0 && i != n / 2 && i != n / 2 + 11 { format!("    %p = func.call @f{}(%a) : (i64) -> i64\n", i - 1) } else { "    %p = arith.addi %a, %a : i64\n".into() };
    let _ = write!(
        out,
        r#"  func.func @f{i}(%a: i64) -> i64 attributes {{map = #map}} {{
    %t = "test.op"() : () -> !tensor
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
{call}    %r = scf.for %iv = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (i64) {{
      %x = arith.index_cast %iv : index to i64
      // a comment with a brace }} in it
      %y = arith.addi %acc, %x : i64 loc(#loc{l})
      scf.yield %y : i64
    }}
    %s = "test.op"(%r) {{note = "quoted }} brace {{"}} : (i64) -> i64
    return %s : i64
  }}
"#,
        l = i % 3
    );
}

/// A module of `n` functions: aliases first, some functions inside a nested module, location
/// aliases at the end; `edit` may change the text of each function.
fn module(n: usize, edit: &dyn Fn(usize, String) -> String) -> String {
    // Module-level constants take the names the functions' constants suggest (`%c0` ...), which
    // the functions' regions must then avoid, numbered apart or not.
    let mut text = String::from("#map = affine_map<(d0) -> (d0 + 1)>\n!tensor = tensor<4xf32>\nmodule {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    for i in 0..n {
        if i == n / 2 {
            text.push_str("  module @inner {\n  %c4 = arith.constant 4 : index\n");
        }
        let mut f = String::new();
        function(i, n, &mut f);
        text.push_str(&edit(i, f));
        if i == n / 2 + 10 {
            text.push_str("  }\n");
        }
    }
    text.push_str("}\n#loc0 = loc(\"a.mlir\":1:2)\n#loc1 = loc(\"b.mlir\":3:4)\n#loc2 = loc(\"c.mlir\":5:6)\n");
    text
}

const N: usize = 1500;

#[test]
fn a_module_of_many_functions_prints_the_same_on_any_number_of_threads() {
    let text = module(N, &|_, f| f);
    assert!(text.len() > 1 << 18);
    let unregistered = ["--allow-unregistered-dialect"];
    let (out, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(ok, "{err}");
    assert_eq!(out.matches("func.func @f").count() + out.matches("func.func\"").count(), N);
    assert!(out.contains("%c0_0 = arith.constant 0 : index"), "a function's constant avoids the module's name");
    let (_, err, ok) = same_on_all_threads(&text, &["--allow-unregistered-dialect", "--mlir-print-debuginfo"]);
    assert!(ok, "{err}");
    let (out, err, ok) = same_on_all_threads(&text, &["--allow-unregistered-dialect", "--mlir-print-op-generic"]);
    assert!(ok && out.contains("\"func.func\"()"), "{err}");
}

#[test]
fn distinct_attributes_in_functions_keep_their_numbering() {
    // Distinct ids are shared by the whole file: the deferred parse gives up on them and the
    // printer numbers them in print order.
    let text = module(N, &|i, f| {
        if i % 500 == 7 {
            f.replace("attributes {map = #map}", &format!("attributes {{map = #map, d = distinct[{0}]<{0} : i32>}}", i % 2))
                .replace("{note = ", &format!("{{d = distinct[{}]<unit>, note = ", 5 + i % 3))
        } else {
            f
        }
    });
    let (out, err, ok) = same_on_all_threads(&text, &["--allow-unregistered-dialect"]);
    assert!(ok, "{err}");
    assert!(out.contains("distinct[0]"), "distinct attributes are printed");
}

#[test]
fn the_first_error_in_file_order_is_reported() {
    let unregistered = ["--allow-unregistered-dialect"];
    // Verifier errors in several functions: the first function's.
    let wrong_return = |f: String| f.replace("return %s : i64", "return %s, %s : i64, i64");
    let text = module(N, &|i, f| if i == 400 || i == 1300 || i == 900 { wrong_return(f) } else { f });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok);
    let line = text[..text.find("@f400(").unwrap()].lines().count() + 13;
    assert!(err.starts_with(&format!("input.mlir:{line}:")), "{err}");
    assert!(err.contains("'func.return' op has 2 operands, but enclosing function (@f400) returns 1"), "{err}");
    // A symbol use error comes after every op verified: a later function's op error wins.
    let text = module(N, &|i, f| match i {
        300 => f.replace(&format!("@f{}(%a)", i - 1), "@missing(%a)"),
        1000 => wrong_return(f),
        _ => f,
    });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("(@f1000) returns 1"), "{err}");
    // A parse error anywhere comes before any verifier error.
    let text = module(N, &|i, f| match i {
        200 => wrong_return(f),
        1201 => f.replace("%x = arith.index_cast %iv", "%x = arith.index_cast %undefined"),
        1400 => f.replace("%y = arith.addi %acc, %x", "%y = arith.addi %acc, %zzz"),
        _ => f,
    });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("use of undeclared SSA value name"), "{err}");
    let line = text[..text.find("%undefined").unwrap()].lines().count();
    assert!(err.starts_with(&format!("input.mlir:{line}:")), "{err}");
    // An alias used before its definition is an error, in a deferred body too.
    let text = module(N, &|i, f| if i == 800 { f.replace("!tensor", "!later") } else { f }) + "!later = i32\n";
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("undefined symbol alias id 'later'"), "{err}");
    // A location alias never defined: its first use.
    let text = module(N, &|i, f| if i == 600 || i == 700 { f.replace("loc(#loc", "loc(#nowhere") } else { f });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("operation location alias was never defined"), "{err}");
    let line = text[..text.find("#nowhere").unwrap()].lines().count();
    assert!(err.starts_with(&format!("input.mlir:{line}:")), "{err}");
}

#[test]
fn expected_diagnostics_are_checked_the_same_on_any_number_of_threads() {
    let text = module(N, &|i, f| match i {
        250 => f.replace("return %s : i64", "// expected-error@+1 {{has 2 operands}}\n    return %s, %s : i64, i64"),
        1250 => f.replace("return %s : i64", "return %s, %s : i64, i64"),
        _ => f,
    });
    let (_, err, ok) = same_on_all_threads(&text, &["--allow-unregistered-dialect", "--verify-diagnostics"]);
    assert!(ok, "{err}");
}

#[test]
fn cse_and_canonicalize_give_the_same_on_any_number_of_threads() {
    // Each function gets a duplicate constant and a duplicate addition to merge or fold.
    let text = module(N, &|_, f| {
        f.replace(
            "    %c1 = arith.constant 1 : index\n",
            "    %c1 = arith.constant 1 : index\n    %c1b = arith.constant 1 : index\n    %d = arith.addi %a, %a : i64\n    %e = arith.addi %a, %a : i64\n    \"test.use\"(%c1b, %d, %e) : (index, i64, i64) -> ()\n",
        )
    });
    for pass in [&["--cse"][..], &["--canonicalize"], &["--cse", "--canonicalize", "--cse"]] {
        let args: Vec<&str> = ["--allow-unregistered-dialect"].iter().chain(pass).copied().collect();
        let (out, err, ok) = same_on_all_threads(&text, &args);
        assert!(ok, "{err}");
        if pass.contains(&"--cse") {
            assert_eq!(out.matches("arith.addi %arg0, %arg0").count(), out.matches("\"test.use\"").count(), "duplicates merged ({pass:?})");
        }
    }
}

/// One function whose body is a single block of `n` ops (the parser cuts it in chunks for
/// several threads): chained arith ops reading the function's arguments, loops with bodies of
/// their own, location aliases defined at the end; `edit` may change op `i`'s text.
fn long_function(n: usize, edit: &dyn Fn(usize, String) -> String) -> String {
    use std::fmt::Write;
    let mut text = String::from("#map = affine_map<(d0) -> (d0 + 1)>\nfunc.func @long(%a: i64, %b: i64, %n: index) -> i64 {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    let mut prev = "%a".to_string();
    for i in 0..n {
        let op = match i % 6 {
            0 => format!("  %v{i} = arith.addi {prev}, %b : i64\n"),
            1 => format!("  %v{i} = arith.muli {prev}, %a : i64 loc(#loc{})\n", i % 3),
            2 => format!(
                "  %v{i} = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = {prev}) -> (i64) {{\n    %x = arith.index_cast %iv : index to i64\n    %y = arith.addi %acc, %x : i64\n    scf.yield %y : i64\n  }}\n"
            ),
            3 => format!("  %v{i}:2 = \"test.pair\"({prev}, %b) {{note = \"}} {{\"}} : (i64, i64) -> (i64, i64) // a brace {{\n"),
            4 => format!("  %v{i} = arith.subi {prev}#1, %a : i64\n"),
            _ => format!("  %v{i} = \"test.op\"({prev}) : (i64) -> i64\n"),
        };
        text.push_str(&edit(i, op));
        prev = format!("%v{i}");
    }
    let _ = write!(text, "  return {prev} : i64\n}}\n#loc0 = loc(\"a\")\n#loc1 = loc(\"b\":3:4)\n#loc2 = loc(\"c\")\n");
    text
}

#[test]
fn a_long_block_prints_the_same_on_any_number_of_threads() {
    let text = long_function(30_000, &|_, op| op);
    assert!(text.len() > 1 << 20);
    for args in [&["--allow-unregistered-dialect"][..], &["--allow-unregistered-dialect", "--mlir-print-debuginfo"], &["--allow-unregistered-dialect", "--mlir-print-op-generic"]] {
        let (out, err, ok) = same_on_all_threads(&text, args);
        assert!(ok, "{err}");
        assert_eq!(out.matches("scf.for").count(), 5000, "{args:?}");
    }
    // The same in generic form (a labeled entry block) and inside a graph region.
    let (generic, _, ok) = run(&text, &["--allow-unregistered-dialect", "--mlir-print-op-generic"], 1);
    assert!(ok);
    let (again, err, ok) = same_on_all_threads(&generic, &["--allow-unregistered-dialect", "--mlir-print-op-generic"]);
    assert!(ok && again == generic, "{err}");
}

#[test]
fn errors_in_a_long_block_are_the_sequential_ones() {
    let n = 30_000;
    let late = n * 9 / 10;
    let unregistered = ["--allow-unregistered-dialect"];
    let check = |text: String, message: &str, at: &str| {
        let (_, err, ok) = same_on_all_threads(&text, &unregistered);
        assert!(!ok && err.contains(message), "{err}");
        let line = text[..text.find(at).unwrap()].lines().count();
        assert!(err.starts_with(&format!("input.mlir:{line}:")), "{message}: {err}");
    };
    // A parse error late in the block.
    let text = long_function(n, &|i, op| if i == late { op.replace("arith.addi", "arith.addi %nowhere,") } else { op });
    check(text, "expected ':'", "%nowhere");
    // An undefined name.
    let text = long_function(n, &|i, op| if i == late { op.replace(", %b :", ", %undefined :") } else { op });
    check(text, "use of undeclared SSA value name", "%undefined");
    // A name defined twice, in different chunks.
    let text = long_function(n, &|i, op| if i == late { op.replacen(&format!("%v{i} ="), "%v7 =", 1).replace(&format!("%v{i}"), "%v7") } else { op });
    check(text, "redefinition of SSA value '%v7'", &format!("%v7 = arith.addi %v{}", late - 1));
    // A loop body defining a name of an earlier chunk.
    let text = long_function(n, &|i, op| if i == late + 2 { op.replace("%y", "%v3") } else { op });
    check(text, "redefinition of SSA value '%v3'", "%v3 = arith.addi %acc");
    // A use before its definition, across chunks: a dominance error, the same everywhere.
    let text = long_function(n, &|i, op| match i {
        _ if i == n / 18 * 6 => op.replace(", %b :", ", %early :"),
        _ if i == late => format!("{op}  %early = arith.constant 1 : i64\n"),
        _ => op,
    });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("does not dominate"), "{err}");
    // Verifier errors in several runs of the block (verified on several threads): the first
    // in op order.
    let errors = |dominance: bool| {
        long_function(n, &|i, op| match i {
            _ if i == n / 4 && dominance => op.replace(", %b :", ", %later :"),
            _ if i == n / 2 => format!("{op}  func.return %a : i64\n"),
            _ if i == late => format!("{op}  %later = arith.constant 2 : i64\n"),
            _ => op,
        })
    };
    check(errors(true), "operand #1 does not dominate this use", "%later :");
    check(errors(false), "'func.return' op must be the last operation in the parent block", "func.return %a");
    // Types that disagree with the definition's.
    let text = long_function(n, &|i, op| if i == late + 5 { op.replace("\"test.op\"(%v", "\"test.op\"(%b) {x} : (i32) -> i64 //") } else { op });
    let (_, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(!ok && err.contains("expects different type than prior uses"), "{err}");
}

#[test]
fn forward_references_in_a_long_graph_region_resolve_the_same_on_any_number_of_threads() {
    // An unregistered op's region is a graph region: names may be used before their definition,
    // here across chunks, and distinct attributes keep their numbering.
    let n = 40_000;
    let mut text = String::from("\"test.graph\"() ({\n");
    for i in 0..n {
        let next = (i + n / 2) % n;
        let extra = if i % 10_000 == 5 { format!(" {{d = distinct[{}]<unit>}}", i % 3) } else { String::new() };
        text.push_str(&format!("  %g{i} = \"test.node\"(%g{next}){extra} : (i64) -> i64\n"));
    }
    text.push_str("}) : () -> ()\n");
    let (out, err, ok) = same_on_all_threads(&text, &["--allow-unregistered-dialect"]);
    assert!(ok && out.matches("test.node").count() == n, "{err}");
}

#[test]
fn errors_in_deferred_bodies_and_nested_isolated_ops_are_the_sequential_ones() {
    // Errors in bodies parsed and verified on threads, in nested isolated ops, and in
    // checks that look outside a body: the first one one thread finds.
    let unregistered = ["--allow-unregistered-dialect"];
    // The run fails alike on every thread count, with `expected` in its first error.
    let fails_with = |text: String, expected: &str| {
        let (_, err, ok) = same_on_all_threads(&text, &unregistered);
        assert!(!ok && err.contains(expected), "{err}");
    };
    let nested = |i: usize, f: String| {
        f.replace(
            "    return %s : i64\n",
            &format!("    builtin.module {{\n      func.func @g{i}() -> i32 {{\n        %k = arith.constant {i} : i32\n        return %k : i32\n      }}\n    }}\n    return %s : i64\n"),
        )
    };
    // Functions holding a module with a function of their own (isolated ops nested in a
    // deferred body): verified as they are, on any number of threads.
    let text = module(N, &|i, f| if i % 3 == 1 { nested(i, f) } else { f });
    let (out, err, ok) = same_on_all_threads(&text, &unregistered);
    assert!(ok, "{err}");
    // (Every seventh function is in generic form, without the line the module goes before.)
    assert_eq!(out.matches("func.func @g").count(), (0..N).filter(|i| i % 3 == 1 && i % 7 != 3).count());
    // An error inside the nested function of one body, an op error in a later one: the
    // nested one, which comes first.
    let text = module(N, &|i, f| match i {
        301 => nested(i, f).replace("return %k : i32", "return %k, %k : i32, i32"),
        700 => f.replace("return %s : i64", "return %s, %s : i64, i64"),
        i if i % 3 == 1 => nested(i, f),
        _ => f,
    });
    fails_with(text, "(@g301) returns 1");
    // A body whose error is in an op of a nested region (scf.for's), after a function whose
    // own signature is wrong (checked with the module, before its body).
    let text = module(N, &|i, f| match i {
        502 => f.replace("func.func @f502(%a: i64) -> i64", "func.func @f502(%a: i64) -> (i64, i64)"),
        900 => f.replace("scf.yield %y : i64", "scf.yield %y, %y : i64, i64"),
        _ => f,
    });
    fails_with(text, "@f502");
    let text = module(N, &|i, f| if i == 900 { f.replace("scf.yield %y : i64", "scf.yield %y, %y : i64, i64") } else { f });
    fails_with(text, "scf.yield");
    // A symbol table nested in a body whose symbols clash; a block without terminator (whose
    // message prints the op in the module's names).
    let text = module(N, &|i, f| match i {
        450 => nested(i, f).replace("    }\n    return %s", "      func.func private @g450()\n    }\n    return %s"),
        i if i % 3 == 1 => nested(i, f),
        _ => f,
    });
    fails_with(text, "redefinition of symbol named 'g450'");
    let text = module(N, &|i, f| if i == 1100 { f.replace("    return %s : i64\n", "    %z = arith.addi %s, %s : i64\n") } else { f });
    fails_with(text, "block with no terminator");
}
