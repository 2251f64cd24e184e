//===- FormatNames.h - short names of the element formats -------*- C++ -*-===//
//
// The tests of the MX formats name them often: E2M1 for
// ElementFormat::E2M1, and so on.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_UNITTESTS_REFERENCE_FORMATNAMES_H
#define FP4_UNITTESTS_REFERENCE_FORMATNAMES_H

#include "fp4/Reference/Formats.h"

namespace fp4::ref::test {

constexpr ElementFormat E2M1 = ElementFormat::E2M1;
constexpr ElementFormat E4M3 = ElementFormat::E4M3;
constexpr ElementFormat E5M2 = ElementFormat::E5M2;
constexpr ElementFormat E2M3 = ElementFormat::E2M3;
constexpr ElementFormat E3M2 = ElementFormat::E3M2;

} // namespace fp4::ref::test

#endif // FP4_UNITTESTS_REFERENCE_FORMATNAMES_H
