// More parser diagnostics: aliases, blocks, elements, layouts, ellipses and friends.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1 : i32
// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32
// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @f() {
  return
^bb1:
}
// -----

"tst.op"() ({
// expected-error@+1 {{expected ')' to end region list}}
}  : () -> ()
// -----

// expected-error@+1 {{expected non-function type}}
func.func private @f(...)
// -----

// expected-error@+1 {{expected ')' in location}}
"tst.op"() : () -> () loc("f":1:2 too 3:4)
// -----

// expected-error@+1 {{expected '{' in attribute dictionary}}
func.func @f() attributes 1 {
  return
}
// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"tst.op"() : () -> memref<4xf32, affine_set<(d0) : (d0 >= 0)>>
// -----

// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"tst.op"() {a = dense<true> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
"tst.op"() : () -> memref<4xf32, 1, strided<[1]>>
// -----

// expected-error@+1 {{expected ':' after 'offset'}}
"tst.op"() {a = strided<[1], offset>} : () -> ()
// -----

"tst.r"() ({
// expected-error@+1 {{expected SSA operand}}
^bb0(x: i32):
  "tst.a"() : () -> ()
}) : () -> ()
// -----

func.func @f(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0(%b: i32):
  return
}
// -----

// expected-error@+1 {{missing ']' closing scalable dimension}}
"tst.op"() : () -> vector<[4xf32>
// -----

// expected-error@+1 {{expected element literal of primitive type}}
"tst.op"() {a = dense<[i32]> : tensor<1xi32>} : () -> ()
// -----

// expected-error@+1 {{expected '=' after SSA name}}
%a#x = "tst.op"() : () -> i32
// -----

// expected-error@+1 {{expected integer number of results}}
%a: = "tst.op"() : () -> i32
// -----

// expected-error@+1 {{expected integer number of results}}
%a:x = "tst.op"() : () -> (i32, i32)
// -----

// expected-error@+1 {{expected '>'}}
"tst.op"() {a = strided<[1], offset: ?, 3>} : () -> ()
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<4x[4]xf32>
// -----

// expected-error@+1 {{inferred shape of elements literal ([1]) does not match type ([2])}}
"tst.op"() {a = dense<(1, 2)> : tensor<2xcomplex<i32>>, b = dense<[(1, 2)]> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> i
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> si
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tuple<i32, >
// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.op"() : () -> (i32) -> (i32,)
// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"tst.op"() : () -> tensor<?x?>
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> vector<4x>
// -----

// expected-error@+1 {{use of undeclared identifier}}
"tst.op"() {a = affine_map<(d0) -> (d0 + s0)>} : () -> ()
// -----

// expected-error@+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
"tst.op"() {a = affine_map<(d0)[s0] -> (s0 floordiv d0)>} : () -> ()
// -----

// expected-error@+1 {{missing right operand of binary operator}}
"tst.op"() {a = affine_map<(d0) -> (d0 +)>} : () -> ()
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = 0x7FC00000 : i64x} : () -> ()
// -----

// expected-error@+1 {{expected attribute value}}
"tst.op"() {a = [,]} : () -> ()
// -----

// expected-error@+1 {{expected attribute name}}
"tst.op"() {a = {,}} : () -> ()
// -----

// expected-error@+1 {{expected nested symbol reference identifier}}
"tst.op"() {a = @f::} : () -> ()
// -----

// expected-error@+1 {{undefined symbol alias id 'later'}}
"tst.op"() : () -> !later
!later = i32
// -----

// expected-error@+1 {{undefined symbol alias id 'b'}}
#a = #b
#b = 1 : i32
// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.r"() ({
  !inner = i32
}) : () -> ()
// -----

// expected-error@+1 {{operation location alias was never defined}}
"tst.op"() : () -> () loc(#later_loc)
// -----

// expected-error@+1 {{undefined symbol alias id 'self'}}
#self = [#self]
// -----

// expected-error@+1 {{undefined symbol alias id 't'}}
!t = !t
// -----

// expected-error@+1 {{expected location, but found '1 : i64'}}
"tst.op"() : () -> () loc(#not_loc)
#not_loc = 1
// -----

// expected-error@+1 {{expected list element}}
"tst.op"() : () -> memref<4xf32, >
// -----

// expected-error@+1 {{expected valid ssa identifier}}
%a, = "tst.op"() : () -> (i32, i32)
// -----

// expected-error@+1 {{invalid SSA value result number}}
"tst.use"(%a#x) : (i32) -> ()
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> tensor<-2xf32>
// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"tst.op"() {a = strided<[x]>} : () -> ()
// -----

// expected-error@+1 {{expected an unsigned 64-bit integer}}
"tst.op"() {a = distinct[99999999999999999999]<>} : () -> ()
// -----

// expected-error@+1 {{expected 'offset' after comma}}
"tst.op"() {a = strided<[1], 3>} : () -> ()
// -----

// expected-error@+1 {{expected AffineMap, but got IntegerSet}}
"tst.op"() {a = affine_map<(d0) : (d0 >= 0)>} : () -> ()

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<2xi32>') expected at least 1}}
"tst.op"() {a = dense<> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected integer literal}}
"tst.op"() {a = array<i32: 1, x>} : () -> ()
// -----

// expected-error@+1 {{expected '<' after distinct ID}}
"tst.op"() {a = distinct[0]} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 1 : i32 : i32} : () -> ()
// -----

// expected-error@+1 {{expected constant integer or floating point value}}
"tst.op"() {a = -true} : () -> ()
// -----

// expected-error@+1 {{expected constant integer or floating point value}}
"tst.op"() {a = -"s"} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = true : i1, b = false : i8} : () -> ()

// -----

// A unary minus whose operand fails adds an error of its own, at the same place.
// expected-error@+2 {{no expression inside parentheses}}
// expected-error@+1 {{missing operand of negation}}
#m = affine_map<(i, j) [s0, s1] -> (-(), j)>

// -----

func.func @f() {
  // expected-error@+1 {{block with no terminator, has "func.call"() <{callee = @f}> : () -> ()}}
  call @f() : () -> ()
}

// -----

// expected-note@+1 {{previously used here with type 'i64'}}
"tst.use"(%x) : (i64) -> ()
// expected-error@+1 {{definition of SSA value '%x#0' has type 'i32'}}
%x = "tst.def"() : () -> i32

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"tst.op"() {a = #tst.a<} : () -> ()

// -----

// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"tst.op"() : () -> !tst.a<(>

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"tst.op"() {h = #tst.x<->} : () -> ()

// -----

// expected-error@+1 {{expected string token, got 1}}
"tst.op"() {a = dense<["a", 1]> : tensor<2x!tst.s>} : () -> ()

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: [1]
    }
  }
#-}

// -----

"tst.op"() ({
  // expected-error@+1 {{expected operation name in quotes}}
  "tst.a"() : () -> ()

// -----

// expected-error@+1 {{reference to an undefined block}}
"tst.br"()[^bb1] : () -> ()

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
