// `affine.for` whose lower bound map takes a dimension the op gives no operand for: MLIR's
// verifier lets it through, and its printer counts the iteration operands as those the bound
// maps leave over, unsigned, so the count wraps around and an empty `iter_args` list and the
// terminator are printed (output mlir-opt 22 itself cannot read back).
// RUN: ir-opt %s | FileCheck %s

// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (0)>
// CHECK: affine.for %{{.*}} = #[[MAP]]() to 256 iter_args() -> () {
// CHECK-NEXT: affine.yield
// CHECK-NEXT: }
"affine.for"() <{lowerBoundMap = affine_map<(d0) -> (0)>, upperBoundMap = affine_map<() -> (256)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 0>}> ({
^bb0(%i: index):
  "affine.yield"() : () -> ()
}) : () -> ()
