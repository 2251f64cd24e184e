//===- PackNarrowTypes.h - fp4 and E8M0 tensors as bytes --------*- C++ -*-===//
//
// The type conversion and patterns of mxfp4-pack-narrow-types, for embedders
// who run them in their own dialect conversion, next to their own ops'
// patterns.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_PACKNARROWTYPES_H
#define FP4_DIALECT_MXFP4_TRANSFORMS_PACKNARROWTYPES_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::fp4::mxfp4 {

/// Adds to `converter` the byte storage of narrow tensors: a ranked tensor
/// of f4E2M1FN becomes an i8 tensor with the last dimension halved (fp4x2,
/// low nibble first), of f8E8M0FNU an i8 tensor of the same shape. An fp4
/// tensor with a static odd last dimension, of rank 0 or unranked has no
/// conversion. Other types are left to the converter's other rules, so add
/// these after a catch-all rule (later rules are tried first).
void addNarrowTypeConversions(TypeConverter &converter);

/// A converter that keeps every type but narrow tensors, which it packs
/// (addNarrowTypeConversions).
class NarrowTypeConverter : public TypeConverter {
public:
  NarrowTypeConverter();
};

/// The patterns that give byte storage to function signatures (argument and
/// result attributes kept), func.call and func.return, scf.for/if/while
/// (upstream) and scf.forall, tensor.extract_slice / insert_slice /
/// parallel_insert_slice (the last dimension's offset and size halved for
/// fp4), tensor.empty, tensor.dim, tensor.cast, tensor.collapse_shape /
/// expand_shape, arith.select, dense arith.constant (bits packed into
/// bytes), bufferization.alloc_tensor, and the mxfp4 kernel ops.
void populatePackNarrowTypesPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);

/// Makes an op legal for `target` exactly when it has no narrow tensor
/// (hasNarrowTypes) among its operands, results, region arguments or
/// function type. Applies to every op not otherwise marked.
void populatePackNarrowTypesLegality(ConversionTarget &target);

/// Whether `op` reads or produces fp4/E8M0 tensors, has block arguments of
/// such types, or has them in its function type.
bool hasNarrowTypes(Operation *op);

/// Checks that the patterns above give `op` a byte form, or that it needs
/// none; otherwise emits an error on `op` saying why (an op the patterns do
/// not know, a slice at an odd offset or size along the last dimension of
/// fp4 data, fp4 data of an odd last dimension, ...).
LogicalResult verifyNarrowTypesPackable(Operation *op);

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_PACKNARROWTYPES_H
