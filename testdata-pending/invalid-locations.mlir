// Location parsing errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected integer line number in FileLineColRange}}
"tst.op"() : () -> () loc("file":x:2)
// -----

// expected-error@+1 {{expected integer column number in FileLineColRange}}
"tst.op"() : () -> () loc("file":1:y)
// -----

// expected-error@+1 {{expected location attribute, but got#tst.loc}}
"tst.op"() : () -> () loc(#tst.loc)
// -----

// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"tst.op"() : () -> () loc("file":1:2 to 3)
// -----

// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"tst.op"() : () -> () loc("file":1:2 to x)
// -----

// expected-error@+1 {{expected integer line number in FileLineColRange}}
"tst.op"() : () -> () loc("file":-1:2)
// -----

// expected-error@+1 {{expected integer line number in FileLineColRange}}
"tst.op"() : () -> () loc("file":99999999999:2)
// -----

// expected-error@+1 {{expected ')' in inline location}}
#loc = loc(unknown
