// Location parsing errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected location instance}}
"tst.op"() : () -> () loc(
// -----

// expected-error@+1 {{expected ')' in location}}
"tst.op"() : () -> () loc("file":1:2
// -----

// expected-error@+1 {{operation location alias was never defined}}
"tst.op"() : () -> () loc(#undefined_loc)
// -----

// expected-error@+1 {{expected 'at' in callsite location}}
"tst.op"() : () -> () loc(callsite("a":1:1 "b":2:2))
// -----

// expected-error@+1 {{expected ')' in location}}
"tst.op"() : () -> () loc(callsite("a":1:1 at "b":2:2)
// -----

// expected-error@+1 {{expected '(' in callsite location}}
"tst.op"() : () -> () loc(callsite "a":1:1 at "b":2:2))
// -----

// expected-error@+1 {{expected '[' in fused location}}
"tst.op"() : () -> () loc(fused<"m">"a":1:1)
// -----

// expected-error@+1 {{expected ']' in fused location}}
"tst.op"() : () -> () loc(fused["a":1:1 "b":2:2])
// -----

// expected-error@+1 {{expected '>' after fused location metadata}}
"tst.op"() : () -> () loc(fused<"m"["a":1:1])
// -----

#not_a_loc = 1 : i32
// expected-error@+1 {{expected location, but found '1 : i32'}}
"tst.op"() : () -> () loc(#not_a_loc)
// -----

// expected-error@+1 {{expected location instance}}
"tst.op"() : () -> () loc(bogus)
// -----

// expected-error@+1 {{expected ')' in location}}
"tst.op"() : () -> () loc("name"(unknown)
// -----

// expected-error@+1 {{custom op 'loc' is unknown (tried 'builtin.loc' as well)}}
"tst.op"() : () -> () loc(unknown) loc(unknown)
// -----

// expected-error@+1 {{expected location instance}}
"tst.op"() : () -> () loc(1)
// -----

"tst.r"() ({
// expected-error@+1 {{expected location instance}}
^bb0(%a: i32 loc(bogus)):
  "tst.a"() : () -> ()
}) : () -> ()

// -----

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
