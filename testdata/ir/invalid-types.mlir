// Type parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"tst.op"() : () -> i16777216
// -----

// expected-error@+1 {{invalid integer width}}
"tst.op"() : () -> i99999999999
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> f8E4M3FNX
// -----

// expected-error@+1 {{undefined symbol alias id 'undefined_alias'}}
"tst.op"() : () -> !undefined_alias
// -----

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64
// -----

// expected-error@+1 {{custom op 'extra' is unknown (tried 'builtin.extra' as well)}}
!a = i32 extra
// -----

// expected-error@+1 {{expected '>' in tensor type}}
"tst.op"() : () -> tensor<4xf32
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<?x>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<-1xf32>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<4x?x*xf32>
// -----

// expected-error@+1 {{invalid tensor element type}}
"tst.op"() : () -> tensor<4xtensor<f32>>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<[4]xf32>
// -----

// expected-error@+1 {{cannot apply encoding to unranked tensor}}
"tst.op"() : () -> tensor<*xf32, "enc">
// -----

// expected-error@+1 {{invalid memref element type}}
"tst.op"() : () -> memref<4xtensor<f32>>
// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
"tst.op"() : () -> memref<4x4xf32, affine_map<(d0) -> (d0)>>
// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
"tst.op"() : () -> memref<4x4xf32, strided<[1]>>
// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"tst.op"() : () -> memref<4xf32, 1, 2>
// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"tst.op"() : () -> vector<0xf32>
// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"tst.op"() : () -> vector<4xtensor<f32>>
// -----

// expected-error@+1 {{expected '>' in vector type}}
"tst.op"() : () -> vector<4xi32
// -----

// expected-error@+1 {{invalid element type for complex}}
"tst.op"() : () -> complex<tensor<f32>>
// -----

// expected-error@+1 {{expected '>' in complex type}}
"tst.op"() : () -> complex<f32
// -----

// expected-error@+1 {{expected '>' in tuple type}}
"tst.op"() : () -> tuple<i32
// -----

// expected-error@+1 {{expected 0 operand types but had 1}}
"tst.op"() : (i32) -> ()
// -----

// expected-error@+1 {{expected function type}}
"tst.op"() : i32
// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.op"() : () -> !tst.nest<<>>>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> i0x
// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"tst.op"() : () -> tensor<4x4>
// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"tst.op"() : () -> memref<4xf32, strided<[1], offset: -2>, 3, 4>
// -----

// expected-error@+1 {{invalid tensor element type}}
"tst.op"() : () -> tensor<4xnone>
// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"tst.op"() : () -> vector<4xnone>
// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"tst.op"() : () -> memref<4xf32, strided<[0], offset: ?>, "space", 2>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> (i32, ) -> ()
// -----

// expected-error@+1 {{invalid element type for complex}}
"tst.op"() : () -> complex<index>
// -----

// expected-error@+1 {{custom op 'extra' is unknown (tried 'builtin.extra' as well)}}
"tst.op"() : () -> tensor<4xf32> extra
// -----

// expected-error@+1 {{expected '=' in type alias definition}}
!bad name = i32

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
"tst.op"() : () -> memref<*xf32, affine_map<(d0) -> (d0)>>
// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"tst.op"() : () -> memref<4xf32, #tst.space>
// -----

// expected-error@+1 {{expected ')'}}
"tst.op"() : () -> (i32

// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.op"() : () -> (i32) i32

// -----

// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"tst.op"() : () -> !tst.unbalanced<(]>

// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{invalid dimension}}
"tst.op"() : () -> vector<4x[?]xf32>
