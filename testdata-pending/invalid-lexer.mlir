// Lexer errors: characters and tokens that cannot start or finish a token.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{invalid block name}}
"tst.br"()[^] : () -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
"tst.op"(%) : (i32) -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"tst.op"() {a = @"unterminated} : () -> ()
