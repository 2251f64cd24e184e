//===- fp4-opt.cpp - the fp4-mlir optimizer driver ---------------*- C++
//-*-===//
//
// mlir-opt for fp4-mlir: MlirOptMain over the library's registration.
//
//===----------------------------------------------------------------------===//

#include "fp4/Registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::fp4::registerAllFp4Passes();
  mlir::DialectRegistry registry;
  mlir::fp4::registerFp4Dialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "fp4-mlir optimizer driver: MXFP4 GEMMs to gfx950 HSACO\n",
      registry));
}
