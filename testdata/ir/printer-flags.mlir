// Printer options: --mlir-print-local-scope prints attributes, types and locations inline
// without aliases; --mlir-elide-elementsattrs-if-larger replaces large dense elements.
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-debuginfo | FileCheck %s --check-prefix=LOCALDBG
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic | FileCheck %s --check-prefix=ELIDE

// LOCAL-NOT: #map
// LOCAL-NOT: #set
// LOCAL-NOT: #distinct
// LOCAL: module {
// LOCAL-NEXT{LITERAL}: %0 = "tst.a"() {arr = array<i32: 1, 2, 3, 4>, d = dense<[1, 2, 3, 4]> : tensor<4xi32>, dis = distinct[0]<1 : i32>, e = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, m = affine_map<(d0) -> (d0 + 1)>, s = affine_set<(d0) : (d0 >= 0)>, sp = dense<7> : tensor<8xi32>, sparse = sparse<[[0], [1]], [1, 2]> : tensor<4xi32>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
// LOCAL-NEXT: func.func @f(%arg0: i32) {
// LOCAL-NEXT: return
// LOCAL-NEXT: }
// LOCAL-NEXT: }
// LOCAL-NOT: loc

// LOCALDBG: module {
// LOCALDBG-NEXT{LITERAL}: %0 = "tst.a"() {arr = array<i32: 1, 2, 3, 4>, d = dense<[1, 2, 3, 4]> : tensor<4xi32>, dis = distinct[0]<1 : i32>, e = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, m = affine_map<(d0) -> (d0 + 1)>, s = affine_set<(d0) : (d0 >= 0)>, sp = dense<7> : tensor<8xi32>, sparse = sparse<[[0], [1]], [1, 2]> : tensor<4xi32>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>> loc(fused["x.mlir":1:2, "y.mlir":3:4])
// LOCALDBG-NEXT: func.func @f(%arg0: i32 loc("a":1:1)) {
// LOCALDBG-NEXT: return loc("r":1:1)
// LOCALDBG-NEXT: } loc("f":1:1)
// LOCALDBG-NEXT: } loc("{{.*}}printer-flags.mlir":0:0)
// LOCALDBG-NOT: #loc

// Elided dense elements print as an elided resource; splats, sparse elements and dense
// arrays are never elided.
// ELIDE: #distinct = distinct[0]<1 : i32>
// ELIDE-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// ELIDE-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// ELIDE{LITERAL}: %0 = "tst.a"() {arr = array<i32: 1, 2, 3, 4>, d = dense_resource<__elided__> : tensor<4xi32>, dis = #distinct, e = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, m = #map, s = #set, sp = dense<7> : tensor<8xi32>, sparse = sparse<[[0], [1]], [1, 2]> : tensor<4xi32>} : () -> memref<4xf32, #map>
"tst.a"() {m = affine_map<(d0) -> (d0 + 1)>, s = affine_set<(d0) : (d0 >= 0)>, d = dense<[1, 2, 3, 4]> : tensor<4xi32>, e = dense<[1.0, 2.0]> : tensor<2xf32>, sp = dense<7> : tensor<8xi32>, sparse = sparse<[[0], [1]], [1, 2]> : tensor<4xi32>, arr = array<i32: 1, 2, 3, 4>, dis = distinct[0]<1 : i32>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>> loc(fused["x.mlir":1:2, "y.mlir":3:4])
func.func @f(%a: i32 loc("a":1:1)) {
  return loc("r":1:1)
} loc("f":1:1)
