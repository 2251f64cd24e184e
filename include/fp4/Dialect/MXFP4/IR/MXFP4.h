//===- MXFP4.h - mxfp4 dialect, attributes and ops --------------*- C++ -*-===//
//
// The one header to include for the mxfp4 dialect.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_IR_MXFP4_H
#define FP4_DIALECT_MXFP4_IR_MXFP4_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4OpsDialect.h.inc"

namespace mlir::fp4::mxfp4 {
/// Which elements of an MFMA operand or accumulator tile each lane of a
/// wave holds, as data (IREE's single-subgroup layout): along each tile
/// dimension d, with t = (l / tstrides[d]) % thread[d], lane l holds
///   (o * thread[d] + t) * element[d] + e
/// for o < outer[d] and e < element[d].
struct SingleSubgroupLayout {
  SmallVector<int64_t, 2> outer, thread, tstrides, element;
};

/// The tile coordinates (one per dimension) of the element at position
/// (outer, element) of `lane` in `layout`, as index values.
SmallVector<Value> getLaneCoordinates(OpBuilder &b, Location loc,
                                      const SingleSubgroupLayout &layout,
                                      Value lane, ArrayRef<int64_t> outer,
                                      ArrayRef<int64_t> element);
} // namespace mlir::fp4::mxfp4

#include "fp4/Dialect/MXFP4/IR/MXFP4Enums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "fp4/Dialect/MXFP4/IR/MXFP4Attrs.h.inc"

#define GET_OP_CLASSES
#include "fp4/Dialect/MXFP4/IR/MXFP4Ops.h.inc"

namespace mlir::fp4::mxfp4 {
/// Elements that share one E8M0 scale.
constexpr int64_t kBlockSize = 32;

/// The module attribute that records, once, how A (and every other
/// high-precision tensor a kernel quantizes) gets its E2M1 codes:
/// "hardware" (gfx950's scaled conversions) or "exact" (an integer
/// sequence, bit-exact by construction). mxfp4-select-config records its
/// a-quantizer option there when the module has none; every later pass
/// reads it (getAQuantizer) and falls back on its own option only where
/// nothing is recorded.
inline constexpr StringLiteral kAQuantizerAttr = "mxfp4.a_quantizer";

/// The quantizer recorded on `op` or its nearest ancestor that has one;
/// `fallback` where none has.
StringRef getAQuantizer(Operation *op, StringRef fallback);

/// Shape of the scales of B in the aiter pre-shuffled layout: padded to
/// [ceil(N/256)*256, ceil(K/256)*8].
SmallVector<int64_t, 2> getPreshuffledScalesShape(int64_t n, int64_t k);

/// The OCP MX element types gfx950's scaled MFMAs multiply, each with an
/// E8M0 scale per 32 elements: f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN and
/// f4E2M1FN.
bool isMXElementType(Type t);

/// What the encoding of an MX element type is (docs/dialect.md, "Element
/// types"): its width, exponent bias, mantissa bits, largest exponent and
/// largest finite magnitude code (E4M3 0x7E: 0x7F is NaN; E5M2 0x7B).
struct MXFormatInfo {
  int64_t bits, bias, mantissaBits, emax, maxMagnitudeCode;
  /// The largest finite magnitude (6, 7.5, 28, 448, 57344).
  double largest() const;
};
/// The encoding of `format`, an MX element type (isMXElementType).
MXFormatInfo getMXFormatInfo(Type format);

/// fp4 and fp6: narrower than a byte, so stored packed (fp8 stays typed).
bool isSubByteMXType(Type t);

/// i8: the byte storage of fp4 values (fp4x2, last dimension halved) or of
/// E8M0 scales (one byte each), which the kernel ops accept in place of the
/// f4E2M1FN / f8E8M0FNU element types.
bool isByteStorage(Type elementType);

/// The last dimension of `t` in elements: for byte storage of fp4 values
/// (`format` f4E2M1FN, or null) twice the bytes, of fp6 4/3 of them.
/// (Callers pass values, not scales.)
int64_t getLogicalLastDim(ShapedType t, Type format = {});

/// Checks `op`'s m_specializations (null: none): only on a GEMM whose M
/// (`m`, the rows of C) is dynamic, sorted by strictly increasing max_m.
LogicalResult verifyMSpecializations(Operation *op, ArrayAttr specializations,
                                     int64_t m);

/// Makes the kernel ops bufferizable (destination style, in place); called
/// when the dialect is loaded, so every context that has the dialect has it.
void attachBufferizationModels(MLIRContext *ctx);
/// The static sizes of mxfp4.moe_align's results for `pairs` (token,
/// expert) pairs: {rows, blocks}, blocks = (pairs + min(experts, pairs)
/// (blockM - 1)) / blockM and rows = blocks * blockM (docs/moe.md);
/// nullopt when they do not fit an i32 row index.
std::optional<std::pair<int64_t, int64_t>>
getMoeAlignSizes(int64_t pairs, int64_t experts, int64_t blockM);

/// The same sizes as index values, for a number of pairs known at run time.
std::pair<Value, Value> buildMoeAlignSizes(OpBuilder &b, Location loc,
                                           Value pairs, int64_t experts,
                                           int64_t blockM);

/// The checks moe_align and workgroup_moe_align share: topk_ids 2-D i32,
/// sorted, block_expert and valid 1-D i32 (valid of one element),
/// positions of topk_ids' type, experts and block_m in range, and static
/// sizes equal to getMoeAlignSizes' (dynamic ones where the tokens are
/// dynamic).
LogicalResult verifyMoeAlign(Operation *op, ShapedType topkIds,
                             ShapedType sorted, ShapedType blockExpert,
                             ShapedType valid, ShapedType positions,
                             int64_t experts, int64_t blockM);

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_IR_MXFP4_H
