// The inliner and symbol-dce run only on symbol tables.
// RUN: not ir-opt %s --pass-pipeline='builtin.module(func.func(inline{default-pipeline=}))' 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: not ir-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=DCE

// INLINE: inline-errors.mlir:[[@LINE+2]]:1: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
// DCE: inline-errors.mlir:[[@LINE+1]]:1: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
func.func @f() {
  return
}
