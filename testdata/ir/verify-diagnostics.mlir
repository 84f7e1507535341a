// The expected-* annotation forms of --verify-diagnostics: relative and @above/@below
// lines, same-line annotations, regular expressions, substrings, notes, several diagnostics
// on one line.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@below {{unexpected character}}
"tst.op"() {a = `} : () -> ()

// -----

"tst.op"() {a = `} : () -> () // expected-error {{unexpected character}}

// -----

"tst.op"() {a = `} : () -> ()
// expected-error@above {{unexpected character}}

// -----

"tst.op"() {a = `} : () -> ()
// expected-error@-1 {{unexpected character}}

// -----

// expected-error-re@+1 {{unexpected {{[a-z]+}}}}
"tst.op"() {a = `} : () -> ()

// -----

// expected-error@+1 {{unexpected chara}}
"tst.op"() {a = `} : () -> ()

// -----

// expected-error@+3 {{redefinition of SSA value '%x'}}
// expected-note@+1 {{previously defined here}}
%x = "tst.a"() : () -> i32
%x = "tst.b"() : () -> i32

// -----

// A chunk without any annotation must produce no diagnostic.
"tst.fine"() : () -> ()

// -----

// expected-error@+3 {{redefinition of SSA value '%y'}}
// expected-note@below {{previously defined here}}
%y = "tst.a"() : () -> i32
%y = "tst.b"() : () -> i32
