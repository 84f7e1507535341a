// Printer options: eliding large string and sparse elements attributes (splats stay), no
// resource section with --mlir-print-local-scope.
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// Dense string and sparse elements are elided too.
// ELIDE: "tst.strings"() {sp = dense_resource<__elided__> : tensor<4xi32>, splat = dense<"a"> : tensor<3x!tst.s>, st = dense_resource<__elided__> : tensor<3x!tst.s>} : () -> ()
"tst.strings"() {st = dense<["a", "b", "c"]> : tensor<3x!tst.s>, splat = dense<"a"> : tensor<3x!tst.s>, sp = sparse<[[0], [1], [2]], [1, 2, 3]> : tensor<4xi32>} : () -> ()

// With --mlir-print-local-scope the resource section is not printed.
// LOCAL: "tst.res"() {r = dense_resource<blob> : tensor<2xi32>} : () -> ()
// LOCAL-NEXT: }
// LOCAL-NOT: dialect_resources
"tst.res"() {r = dense_resource<blob> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}
