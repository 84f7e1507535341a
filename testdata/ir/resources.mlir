// Blobs referenced by dense_resource are printed back in the file metadata section.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "tst.resource"() {f = dense_resource<blob1> : tensor<2xi32>, g = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x040000000100000002000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"tst.resource"() {f = dense_resource<blob1> : tensor<2xi32>, g = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
