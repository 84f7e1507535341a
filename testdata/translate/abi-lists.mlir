// RUN: ir-translate --emit=abi %s | FileCheck %s

// CHECK-LABEL: func @l
// CHECK-NEXT: reflection: {"a":{{\[}}{{\[}}"py_homogeneous_list",{{\[}}"ndarray","f32",1,null]],{{\[}}"stuple","i32","f32"]],"r":{{\[}}],"v":1}
// CHECK-NEXT: native: error: argument 1 of type tuple<i32, f32> has no native lowering
func.func @l(%a: !util.list<tensor<?xf32>>, %b: tuple<i32, f32>) {
  return
}
