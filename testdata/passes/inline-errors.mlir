// The inliner and symbol-dce run only on symbol tables; the error shows the op it is about.
// RUN: not ir-opt %s --pass-pipeline='builtin.module(func.func(inline{default-pipeline=}))' 2>&1 | FileCheck %s --check-prefixes=INLINE,BOTH
// RUN: not ir-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefixes=DCE,BOTH

// INLINE: inline-errors.mlir:[[@LINE+6]]:1: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
// DCE: inline-errors.mlir:[[@LINE+5]]:1: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
// BOTH: inline-errors.mlir:[[@LINE+4]]:1: note: see current operation:
// BOTH-NEXT: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// BOTH-NEXT:   "func.return"() : () -> ()
// BOTH-NEXT: }) : () -> ()
func.func @f() {
  return
}
