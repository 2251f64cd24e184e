//===- DeviceIRSection.h - device LLVM IR inside an HSACO -------*- C++ -*-===//
//
// The emulator runs the device LLVM IR a kernel was compiled from, not its
// machine code. So that an HSACO alone is enough to run a kernel on the
// emulator (through the mgpu* runtime wrappers, where only the HSACO bytes
// reach the runtime), fp4-serialize-to-hsaco stores the IR in a non-loaded
// ELF section of the code object. HIP's loader ignores sections outside the
// loadable segments; stripDeviceIR removes it for shipping.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_DEVICEIRSECTION_H
#define FP4_RUNTIME_DEVICEIRSECTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace fp4::runtime {

/// The section's name. Its contents: the 8 bytes "FP4DVIR1", a little-endian
/// u32 codec (0: raw text, 1: zstd), a u32 of zero, a u64 of the text's size,
/// then the (compressed) text.
inline constexpr llvm::StringLiteral kDeviceIRSectionName = ".fp4.device_ir";

/// The section contents for `ir`, zstd-compressed where LLVM has zstd.
std::vector<uint8_t> encodeDeviceIRSection(llvm::StringRef ir);

/// Returns `hsaco` with the section holding `ir` added (an SHT_PROGBITS
/// section without SHF_ALLOC, outside every segment).
llvm::Expected<std::string> addDeviceIR(llvm::StringRef hsaco,
                                        llvm::StringRef ir);

/// The device IR stored in `hsaco`; std::nullopt when it has no such
/// section. A damaged section is an error.
llvm::Expected<std::optional<std::string>>
extractDeviceIR(llvm::ArrayRef<uint8_t> hsaco);

/// Returns `hsaco` without the device IR section (unchanged when it has none).
llvm::Expected<std::string> stripDeviceIR(llvm::StringRef hsaco);

} // namespace fp4::runtime

#endif // FP4_RUNTIME_DEVICEIRSECTION_H
