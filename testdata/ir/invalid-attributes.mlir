// Attribute parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 256 : i8} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = -129 : i8} : () -> ()
// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"tst.op"() {a = -1 : ui8} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 2 : i1} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 99999999999999999999} : () -> ()
// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"tst.op"() {a = 1.0 : i32} : () -> ()
// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"tst.op"() {a = 0x7FC00000 : f16} : () -> ()
// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"tst.op"() {a = -0x3F800000 : f32} : () -> ()
// -----

// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"tst.op"() {a = #undefined} : () -> ()
// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2
// -----

// expected-error@+1 {{custom op 'extra' is unknown (tried 'builtin.extra' as well)}}
#a = 1 : i32 extra
// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"tst.op"() {a = 1, a = 2} : () -> ()
// -----

// expected-error@+1 {{expected valid attribute name}}
"tst.op"() {"" = 1} : () -> ()
// -----

// expected-error@+1 {{expected ',' or ']'}}
"tst.op"() {a = [1, 2} : () -> ()
// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"tst.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"tst.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// -----

// expected-error@+1 {{elements literal type must have static shape}}
"tst.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()
// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"tst.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"tst.op"() {a = dense<1> : i32} : () -> ()
// -----

// expected-error@+1 {{expected ':'}}
"tst.op"() {a = dense<1>} : () -> ()
// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"tst.op"() {a = dense<[[1], 2]> : tensor<2x1xi32>} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range}}
"tst.op"() {a = array<i8: 300>} : () -> ()
// -----

// expected-error@+1 {{use of undeclared identifier}}
"tst.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()
// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"tst.op"() {a = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
// -----

// expected-error@+1 {{expected '->' or ':'}}
"tst.op"() {a = affine_map<(d0) (d0)>} : () -> ()
// -----

// expected-error@+1 {{redefinition of identifier 'd0'}}
"tst.op"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()
// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"tst.op"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()
// -----

// expected-error@+1 {{expected '->' or ':'}}
"tst.op"() {a = affine_set<(d0) (d0 >= 0)>} : () -> ()
// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"tst.op"() {a = strided<[1, 2], offset: x>} : () -> ()
// -----

// expected-error@+1 {{expected distinct ID}}
"tst.op"() {a = distinct[x]<>} : () -> ()
// -----

"tst.op"() : () -> ()
{-#
  // expected-error@+1 {{unknown key 'unknown_section' in file metadata dictionary}}
  unknown_section: {}
#-}
// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"tst.op"() {a = @} : () -> ()
// -----

// expected-error@+1 {{expected nested symbol reference identifier}}
"tst.op"() {a = @a::b} : () -> ()
// -----

// expected-error@+1 {{expected '"' in string literal}}
"tst.op"() {a = #tst.x<"unterminated} : () -> ()
// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = "s" : } : () -> ()
// -----

// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"tst.op"() {a = 1 : !undefined} : () -> ()
// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"tst.op"() {a = 1.0 : index} : () -> ()
// -----

// expected-error@+1 {{expected attribute name}}
"tst.op"() {a = [1, 2], } : () -> ()
// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"tst.op"() {a = array<i32: 1, 2} : () -> ()
// -----

// expected-error@+1 {{expected attribute value}}
"tst.op"() {a = +1} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 99999999999999999999 : index} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 128 : si8} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = 256 : ui8} : () -> ()
// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"tst.op"() {a = dense<[1.0, 2.0]> : tensor<2xf32>, b = dense<0x7FC00000> : tensor<2xf16>} : () -> ()
// -----

// expected-error@+1 {{redefinition of identifier 's0'}}
"tst.op"() {a = affine_map<(d0)[s0, s0] -> (d0)>} : () -> ()
// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"tst.op"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()
// -----

// expected-error@+1 {{use of undeclared identifier}}
"tst.op"() {a = affine_map<(x) -> (y)>} : () -> ()
// -----

// expected-error@+1 {{expected '>'}}
"tst.op"() {a = strided<[?], offset: ??>} : () -> ()
// -----

// expected-error@+1 {{inferred shape of elements literal ([1, 2]) does not match type ([2])}}
"tst.op"() {a = dense<[[1, 2]]> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"tst.op"() {a = dense<[1, [2]]> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected '>'}}
"tst.op"() {a = dense<1 : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected '>'}}
"tst.op"() {a = dense<"0x0100000002000000" : tensor<2xi32>} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = 5 : f32} : () -> ()
// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"tst.op"() {a = 1.0 : tensor<f32>} : () -> ()
// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"tst.op"() {a = 1 : tensor<i32>} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = true : i32} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = {b = 1} : () -> ()
// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = dense<1> : tensor<2xf32>} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<300> : tensor<2xi8>} : () -> ()
// -----

// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"tst.op"() {a = dense<-1> : tensor<2xui8>} : () -> ()
// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi32>'}}
"tst.op"() {a = dense<"0x01"> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<[true, 2]> : tensor<2xi1>} : () -> ()
// -----

// expected-error@+1 {{expected integer literal}}
"tst.op"() {a = array<i32: 1.5>} : () -> ()
// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = array<f32: 1, 2>} : () -> ()
// -----

// expected-error@+1 {{expected integer or float type, got: 'tensor<i32>'}}
"tst.op"() {a = array<tensor<i32>: 1>} : () -> ()
// -----

// expected-error@+1 {{expected ']'}}
"tst.op"() {a = strided<[1 2]>} : () -> ()
// -----

// expected-error@+1 {{referenced attribute does not match previous definition: 1 : i64}}
"tst.op"() {a = distinct[0]<1>, b = distinct[0]<2>} : () -> ()
// -----

// expected-error@+1 {{expected '[' after 'distinct'}}
"tst.op"() {a = distinct<1>} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = unit : i32} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 0x1p3 : f32} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 1e5} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = -0} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<[1, 2]> : tensor<2xindex>, b = dense<99999999999999999999> : tensor<2xindex>} : () -> ()
// -----

// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
"tst.op"() {a = array<i1: 2>} : () -> ()
// -----

// expected-error@+1 {{expected ']'}}
"tst.op"() {a = dense<[1, 2> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"tst.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'}}
"tst.op"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"tst.op"() {a = #tst<} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([1])}}
"tst.op"() {a = sparse<[[0, 0]], [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([2])}}
"tst.op"() {a = sparse<[[0]], [1, 2]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"tst.op"() {a = dense<"str"> : tensor<2xi32>} : () -> ()

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 42
    }
  }
#-}

// -----

// expected-error@+1 {{expected string token, got 1}}
"tst.op"() {a = dense<[1, 2]> : tensor<2x!tst.t>} : () -> ()

// -----

// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"tst.op"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"tst.op"() {a = array<i32 1>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"tst.op"() {a = sparse<[[0]], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = dense<[1, 2]> : vector<2x?xi32>} : () -> ()
