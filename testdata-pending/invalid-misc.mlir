// More parser diagnostics: aliases, blocks, elements, layouts, ellipses and friends.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{dialect 'builtin' provides no type parsing hook}}
"tst.op"() : () -> !builtin<"i32">

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"tst.op"() {a = dense_resource<x> : i32} : () -> ()

// -----

// expected-error@+1 {{expected IntegerSet, but got AffineMap}}
"tst.op"() {a = affine_set<(d0) -> (d0)>} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"tst.op"() : () -> memref<4x?xf32, offset: 0>

// -----

// expected-error@+1 {{expected '>' in affine map}}
"tst.op"() {a = affine_map<(d0) -> ()} : () -> ()

// -----

// expected-error@+1 {{invalid dimension}}
"tst.op"() : () -> vector<[x]xf32>

// -----

// expected-error@+1 {{unknown attribute `bogus` in dialect `dlti`}}
"tst.op"() {a = #dlti.bogus<1>} : () -> ()
