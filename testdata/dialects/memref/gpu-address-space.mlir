// Memrefs in the gpu dialect's address spaces (a memory space must be an integer, a string, a
// dictionary or an attribute of a registered dialect).
// RUN: ir-opt %s | FileCheck %s

// CHECK: func.func @f(%arg0: index, %arg1: memref<4xf32, #gpu.address_space<private>>)
// CHECK: memref.alloca(%arg0) : memref<?xf32, #gpu.address_space<workgroup>>
// CHECK: memref.memory_space_cast %{{.*}} : memref<?xf32, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<global>>
func.func @f(%n: index, %m: memref<4xf32, #gpu.address_space<private>>) {
  %0 = memref.alloca(%n) : memref<?xf32, #gpu.address_space<workgroup>>
  %1 = memref.memory_space_cast %0 : memref<?xf32, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<global>>
  return
}
