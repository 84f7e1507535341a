// The pass manager's instrumentation: IR dumps before and after passes (of the op each pass
// runs on: nested ops with local scope, the top-level module as the output prints it), on one
// thread (mlir-opt orders the dumps of a threaded run as the threads finish, so the dumps are
// checked single-threaded; the threaded output itself is checked below), and the timing report.
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-before=cse --mlir-print-ir-after-all --mlir-disable-threading -o %t 2>&1 | FileCheck %s --check-prefix=DUMP --strict-whitespace
// RUN: ir-opt %s --cse --symbol-dce --mlir-print-ir-after=symbol-dce -o %t 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(cse,cse),symbol-dce)' --mlir-timing --mlir-disable-threading -o %t 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-disable-threading | FileCheck %s --check-prefix=OUT
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=OUT

// DUMP:      // -----// IR Dump Before CSE (cse) //----- //
// DUMP-NEXT: func.func @f(%arg0: index) -> index {
// DUMP-NEXT:   %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)
// DUMP-NEXT:   %1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)
// DUMP-NEXT:   %2 = arith.addi %0, %1 : index
// DUMP-NEXT:   return %2 : index
// DUMP-NEXT: }
// DUMP-EMPTY:
// DUMP-NEXT: // -----// IR Dump After CSE (cse) //----- //
// DUMP-NEXT: func.func @f(%arg0: index) -> index {
// DUMP-NEXT:   %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)
// DUMP-NEXT:   %1 = arith.addi %0, %0 : index
// DUMP-NEXT:   return %1 : index
// DUMP-NEXT: }
// DUMP-EMPTY:
// DUMP-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// DUMP-NEXT: func.func private @g() -> (index, index) {
// DUMP:      // -----// IR Dump After CSE (cse) //----- //
// DUMP-NEXT: func.func private @g() -> (index, index) {
// DUMP:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// DUMP-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// DUMP-NEXT: module {
// DUMP-NEXT:   func.func @f(%arg0: index) -> index {
// DUMP-NEXT:     %0 = affine.apply #map(%arg0)
// DUMP-NEXT:     %1 = arith.addi %0, %0 : index
// DUMP-NEXT:     return %1 : index
// DUMP-NEXT:   }
// DUMP-NEXT: }
// DUMP-EMPTY:
// DUMP-EMPTY:
// DUMP-NOT:  IR Dump

// AFTER-NOT: IR Dump After CSE
// AFTER:     // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NOT: @g
// AFTER-NOT: IR Dump

// TIME:      ===-------------------------------------------------------------------------===
// TIME-NEXT:                          ... Execution time report ...
// TIME-NEXT: ===-------------------------------------------------------------------------===
// TIME-NEXT:   Total Execution Time: {{[0-9]+\.[0-9][0-9][0-9][0-9]}} seconds
// TIME-EMPTY:
// TIME-NEXT: ----Wall Time----  ----Name----
// TIME-NEXT: {{^ +[0-9]+\.[0-9][0-9][0-9][0-9] \( *[0-9]+\.[0-9]%\)}}  Parser
// TIME-NEXT: 'func.func' Pipeline
// TIME-NEXT: {{\)}}    CSE
// TIME:      {{\)}}    CSE
// TIME:      {{\)}}  SymbolDCE
// TIME-NEXT: {{\)}}  Output
// TIME-NEXT: {{\)}}  Rest
// TIME-NEXT: {{\(100.0%\)}}  Total

// OUT:      func.func @f(%arg0: index) -> index {
// OUT-NEXT:   %0 = affine.apply #map(%arg0)
// OUT-NEXT:   %1 = arith.addi %0, %0 : index
// OUT:      func.func private @g() -> (index, index) {
// OUT-NEXT:   %c1 = arith.constant 1 : index
// OUT-NEXT:   return %c1, %c1 : index, index
#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @f(%a: index) -> index {
    %0 = affine.apply #map(%a)
    %1 = affine.apply #map(%a)
    %2 = arith.addi %0, %1 : index
    return %2 : index
  }
  func.func private @g() -> (index, index) {
    %c = arith.constant 1 : index
    %d = arith.constant 1 : index
    return %c, %d : index, index
  }
}
