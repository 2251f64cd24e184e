//===- Target.cpp - AMDGPU processor names and target ids -------*- C++ -*-===//
//
// Maps EF_AMDGPU_MACH values to processor names and parses target ids
// ("amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-"). The table is our own rather
// than ELFObjectFileBase's CPU-name lookup because that one hits
// llvm_unreachable on a value it does not know, and a damaged e_flags must
// give an error, not a crash.
//
//===----------------------------------------------------------------------===//

#include "Detail.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;
using namespace fp4::runtime;
using namespace fp4::runtime::detail;

namespace {
struct MachineName {
  unsigned machine;
  const char *name;
};
} // namespace

// EF_AMDGPU_MACH_AMDGCN_* of llvm/BinaryFormat/ELF.h (LLVM 22).
static constexpr MachineName kMachines[] = {
    {0x020, "gfx600"},          {0x021, "gfx601"},
    {0x022, "gfx700"},          {0x023, "gfx701"},
    {0x024, "gfx702"},          {0x025, "gfx703"},
    {0x026, "gfx704"},          {0x028, "gfx801"},
    {0x029, "gfx802"},          {0x02a, "gfx803"},
    {0x02b, "gfx810"},          {0x02c, "gfx900"},
    {0x02d, "gfx902"},          {0x02e, "gfx904"},
    {0x02f, "gfx906"},          {0x030, "gfx908"},
    {0x031, "gfx909"},          {0x032, "gfx90c"},
    {0x033, "gfx1010"},         {0x034, "gfx1011"},
    {0x035, "gfx1012"},         {0x036, "gfx1030"},
    {0x037, "gfx1031"},         {0x038, "gfx1032"},
    {0x039, "gfx1033"},         {0x03a, "gfx602"},
    {0x03b, "gfx705"},          {0x03c, "gfx805"},
    {0x03d, "gfx1035"},         {0x03e, "gfx1034"},
    {0x03f, "gfx90a"},          {0x041, "gfx1100"},
    {0x042, "gfx1013"},         {0x043, "gfx1150"},
    {0x044, "gfx1103"},         {0x045, "gfx1036"},
    {0x046, "gfx1101"},         {0x047, "gfx1102"},
    {0x048, "gfx1200"},         {0x049, "gfx1250"},
    {0x04a, "gfx1151"},         {0x04c, "gfx942"},
    {0x04e, "gfx1201"},         {0x04f, "gfx950"},
    {0x051, "gfx9-generic"},    {0x052, "gfx10-1-generic"},
    {0x053, "gfx10-3-generic"}, {0x054, "gfx11-generic"},
    {0x055, "gfx1152"},         {0x058, "gfx1153"},
    {0x059, "gfx12-generic"},   {0x05a, "gfx1251"},
    {0x05f, "gfx9-4-generic"},
};

StringRef fp4::runtime::processorForMachine(unsigned machine) {
  for (const MachineName &m : kMachines)
    if (m.machine == machine)
      return m.name;
  return "";
}

StringRef fp4::runtime::stringifyFeatureSetting(FeatureSetting setting) {
  switch (setting) {
  case FeatureSetting::Unsupported:
    return "unsupported";
  case FeatureSetting::Any:
    return "any";
  case FeatureSetting::Off:
    return "off";
  case FeatureSetting::On:
    return "on";
  }
  return "invalid";
}

Expected<TargetId> fp4::runtime::detail::parseTargetId(StringRef text,
                                                       bool requireTriple) {
  constexpr StringLiteral kTriple = "amdgcn-amd-amdhsa--";
  StringRef rest = text;
  if (!rest.consume_front(kTriple) && requireTriple)
    return makeError("target id '" + text + "' does not start with '" +
                     kTriple + "'");
  SmallVector<StringRef, 4> parts;
  rest.split(parts, ':');
  TargetId id;
  id.processor = parts.front().str();
  if (id.processor.empty())
    return makeError("target id '" + text + "' names no processor");
  bool seenXnack = false, seenSramecc = false;
  for (StringRef feature : ArrayRef<StringRef>(parts).drop_front()) {
    if (feature.size() < 2 || (feature.back() != '+' && feature.back() != '-'))
      return makeError("target id '" + text + "': feature '" + feature +
                       "' does not end in '+' or '-'");
    FeatureSetting setting =
        feature.back() == '+' ? FeatureSetting::On : FeatureSetting::Off;
    StringRef name = feature.drop_back();
    bool *seen = name == "xnack"     ? &seenXnack
                 : name == "sramecc" ? &seenSramecc
                                     : nullptr;
    if (!seen)
      return makeError("target id '" + text + "': unknown feature '" + name +
                       "'");
    if (*seen)
      return makeError("target id '" + text + "' names '" + name + "' twice");
    *seen = true;
    (name == "xnack" ? id.xnack : id.sramecc) = setting;
  }
  return id;
}

std::string fp4::runtime::detail::targetIdFromFlags(const CodeObject &co) {
  std::string id = "amdgcn-amd-amdhsa--" + co.processor;
  // LLVM writes sramecc before xnack; "any" and "unsupported" are left out.
  for (auto [name, setting] :
       {std::pair<const char *, FeatureSetting>{"sramecc", co.sramecc},
        {"xnack", co.xnack}})
    if (setting == FeatureSetting::On || setting == FeatureSetting::Off)
      id +=
          std::string(":") + name + (setting == FeatureSetting::On ? "+" : "-");
  return id;
}

// A code object built for `have` runs where the feature is `want`, unless
// both are definite and differ.
static bool compatible(FeatureSetting have, FeatureSetting want) {
  bool haveDefinite = have == FeatureSetting::On || have == FeatureSetting::Off;
  bool wantDefinite = want == FeatureSetting::On || want == FeatureSetting::Off;
  return !haveDefinite || !wantDefinite || have == want;
}

Error fp4::runtime::requireTarget(const CodeObject &co, StringRef chip) {
  Expected<TargetId> want = parseTargetId(chip, /*requireTriple=*/false);
  if (!want)
    return want.takeError();
  if (want->processor != co.processor)
    return makeError("code object is for " + co.processor + ", not " +
                     want->processor);
  if (!compatible(co.xnack, want->xnack))
    return makeError("code object for " + co.processor +
                     " is built with xnack " +
                     stringifyFeatureSetting(co.xnack) + ", target '" + chip +
                     "' has it " + stringifyFeatureSetting(want->xnack));
  if (!compatible(co.sramecc, want->sramecc))
    return makeError("code object for " + co.processor +
                     " is built with sramecc " +
                     stringifyFeatureSetting(co.sramecc) + ", target '" + chip +
                     "' has it " + stringifyFeatureSetting(want->sramecc));
  return Error::success();
}
