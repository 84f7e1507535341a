// Lexer errors: characters and tokens that cannot start or finish a token.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{unexpected character}}
"tst.op"() {a = `} : () -> ()
// -----

// expected-error@+1 {{expected '"' in string literal}}
"tst.op"() {a = "unterminated} : () -> ()
// -----

// expected-error@+1 {{unknown escape in string literal}}
"tst.op"() {a = "bad escape \q"} : () -> ()
// -----

// expected-error@+1 {{unknown escape in string literal}}
"tst.op"() {a = "bad hex escape \4G"} : () -> ()
// -----

// expected-error@+1 {{invalid attribute name}}
"tst.op"() {a = #} : () -> ()
// -----

// expected-error@+1 {{invalid type identifier}}
"tst.op"() : () -> !
// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"tst.op"() {a = @} : () -> ()
// -----

// expected-error@+1 {{unexpected character}}
"tst.op"() {a = $} : () -> ()
// -----

// expected-error@+1 {{expected identifier key in file metadata dictionary}}
"tst.op"() {a = 1 : i32} : () -> () {-#
// -----

// expected-error@+1 {{expected '"' in string literal}}
"tst.op"() {a = "line
break"} : () -> ()
// -----

// expected-error@+1 {{unexpected character}}
"tst.op"() {a = 1} : () -> () ~
// -----

// expected-error@+1 {{expected attribute value}}
"tst.op"() {a = #-} : () -> ()
// -----

// expected-error@+1 {{expected operation name in quotes}}
%0 = "tst.op"() : () -> i32 / 

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 1.5e} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 0x} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 1.0e+} : () -> ()

// -----

// expected-error@+1 {{invalid block name}}
"tst.br"()[^] : () -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
"tst.op"(%) : (i32) -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"tst.op"() {a = @"unterminated} : () -> ()
