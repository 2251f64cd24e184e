//===- Alu.h - Lane-local ops of the interpreter ----------------*- C++ -*-===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_ALU_H
#define FP4_LIB_RUNTIME_EMULATOR_ALU_H

#include "Lanes.h"

#include <string>

namespace fp4::emu {

struct AluFault {
  int lane = -1;
  std::string what;
};

/// Executes a lane-local op for the lanes in M. Returns false for an op it
/// does not handle or on a fault (then `fault.what` is set).
bool execAlu(const FuncCode &fn, const Op &op, uint64_t *R, uint64_t M,
             bool full, AluFault &fault);

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_ALU_H
