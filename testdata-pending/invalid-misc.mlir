// More parser diagnostics: aliases, blocks, elements, layouts, ellipses and friends.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{dialect 'builtin' provides no type parsing hook}}
"tst.op"() : () -> !builtin<"i32">

// -----

// expected-error@+1 {{unknown attribute `bogus` in dialect `dlti`}}
"tst.op"() {a = #dlti.bogus<1>} : () -> ()
