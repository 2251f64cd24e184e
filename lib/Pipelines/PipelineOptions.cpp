//===- PipelineOptions.cpp - the pipeline's options as text ---*- C++ -*-===//
//
// One parser for the pipeline's options on every surface: fp4-opt's
// registered pipeline, the C API and Python hand the same text here, so an
// option added to LowerToHsacoOptions is accepted everywhere and a wrong one
// gets the same message everywhere.
//
// MLIR's PassOptions::parseFromString reports an unknown option on the
// stream it is given, but a value of the wrong type through llvm::cl, which
// prints to the process's stderr and leaves the caller without a message
// (fp4-opt then fails with no diagnostic at all). So the text is split and
// each value checked against its option's type here first; only text that
// will parse reaches parseFromString.
//
//===----------------------------------------------------------------------===//

#include "fp4/Pipelines/Pipelines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

using namespace mlir;
using namespace mlir::fp4;
using llvm::Twine;

using OptionMap = llvm::DenseMap<StringRef, llvm::cl::Option *>;

namespace {
/// Reaches the llvm::cl::Option objects of a LowerToHsacoOptions: PassOptions
/// keeps them, by name, in its protected llvm::cl::SubCommand base.
struct OptionTable : LowerToHsacoOptions {
  static const OptionMap &get(const LowerToHsacoOptions &options) {
    const llvm::cl::SubCommand &sub = options;
    return sub.OptionsMap;
  }
};
} // namespace

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError("fp4-lower-to-hsaco: " + message.str());
}

/// `value` without one pair of enclosing quotes or braces, as MLIR's option
/// parser reads it.
static StringRef unwrap(StringRef value) {
  if (value.size() >= 2 && ((value.front() == '"' && value.back() == '"') ||
                            (value.front() == '\'' && value.back() == '\'') ||
                            (value.front() == '{' && value.back() == '}')))
    return value.drop_front().drop_back();
  return value;
}

llvm::Expected<llvm::SmallVector<PipelineOption>>
mlir::fp4::splitPipelineOptions(StringRef text) {
  llvm::SmallVector<PipelineOption> result;
  size_t i = 0, e = text.size();
  auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
  while (i < e) {
    if (isSpace(text[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < e && !isSpace(text[i]) && text[i] != '=')
      ++i;
    PipelineOption option;
    option.name = text.slice(start, i).str();
    if (option.name.empty())
      return fail("option text '" + text + "' has a value without a name");
    if (i == e || text[i] != '=') {
      result.push_back(std::move(option));
      continue;
    }
    size_t valueStart = ++i;
    int braces = 0;
    while (i < e && (braces > 0 || !isSpace(text[i]))) {
      char c = text[i];
      if (c == '"' || c == '\'') {
        size_t close = text.find(c, i + 1);
        if (close == StringRef::npos)
          return fail(Twine("missing closing ") + Twine(c) +
                      " in the value of '" + option.name + "'");
        i = close + 1;
        continue;
      }
      if (c == '{')
        ++braces;
      else if (c == '}' && --braces < 0)
        return fail("unbalanced '}' in the value of '" + option.name + "'");
      ++i;
    }
    if (braces > 0)
      return fail("missing closing '}' in the value of '" + option.name + "'");
    option.value = text.slice(valueStart, i).str();
    option.hasValue = true;
    result.push_back(std::move(option));
  }
  return result;
}

std::string mlir::fp4::quotePipelineOptionValue(StringRef value) {
  bool plain =
      !value.empty() && value.find_first_of(" \t\n\"'{}") == StringRef::npos;
  if (plain)
    return value.str();
  char quote = value.contains('"') ? '\'' : '"';
  return (Twine(quote) + value + Twine(quote)).str();
}

/// The kind of value `option` holds, for the messages, and whether `value`
/// is one (the rules of llvm::cl's parsers). The option is recognized by the
/// member of `options` that holds it, not by dynamic_cast: an embedder built
/// with -fno-rtti (LLVM's default) constructs these objects, and a
/// dynamic_cast on them crashed. Options of other kinds are left to
/// llvm::cl.
static std::optional<std::pair<StringRef, bool>>
checkValue(const LowerToHsacoOptions &options, const llvm::cl::Option *option,
           StringRef value) {
  auto isInteger = [&](auto sample) {
    decltype(sample) parsed;
    return !value.getAsInteger(0, parsed);
  };
  auto is = [&](const llvm::cl::Option &member) { return option == &member; };
  if (is(options.tunedConfigs) || is(options.embedDeviceIR))
    return std::make_pair(StringRef("true or false"),
                          llvm::is_contained({"true", "TRUE", "True", "1",
                                              "false", "FALSE", "False", "0"},
                                             value));
  if (is(options.chip) || is(options.aQuantizer) || is(options.dumpDir))
    return std::make_pair(StringRef("a string"), true);
  if (is(options.optLevel))
    return std::make_pair(StringRef("an unsigned integer"),
                          isInteger(unsigned()));
  if (is(options.mfma))
    return std::make_pair(StringRef("an integer"), isInteger(int64_t()));
  return std::nullopt;
}

llvm::Error mlir::fp4::parseLowerToHsacoOptions(StringRef text,
                                                LowerToHsacoOptions &options) {
  llvm::Expected<llvm::SmallVector<PipelineOption>> split =
      splitPipelineOptions(text);
  if (!split)
    return split.takeError();
  const OptionMap &table = OptionTable::get(options);
  std::string normalized;
  for (const PipelineOption &option : *split) {
    const llvm::cl::Option *clOption = table.lookup(option.name);
    if (!clOption) {
      llvm::SmallVector<StringRef> names;
      for (const auto &entry : table)
        names.push_back(entry.first);
      llvm::sort(names);
      return fail("no such option '" + option.name + "'; the options are " +
                  llvm::join(names, ", "));
    }
    // A flag without a value: only a boolean takes that (it means true);
    // llvm::cl's boolean parser is the one whose value is optional.
    bool isBool = clOption->getValueExpectedFlag() == llvm::cl::ValueOptional;
    if (!option.hasValue && !isBool)
      return fail("option '" + option.name + "' needs a value");
    StringRef value = unwrap(option.value);
    if (option.hasValue)
      if (auto kind = checkValue(options, clOption, value);
          kind && !kind->second)
        return fail("option '" + option.name + "' takes " + kind->first +
                    ", not '" + value + "'");
    if (!normalized.empty())
      normalized += ' ';
    normalized += option.name;
    if (option.hasValue)
      normalized += "=" + option.value;
  }
  std::string parserMessage;
  llvm::raw_string_ostream os(parserMessage);
  if (failed(options.parseFromString(normalized, os)))
    return fail(parserMessage.empty()
                    ? "cannot parse the options '" + text + "'"
                    : StringRef(parserMessage).trim().str());
  if (llvm::Error e = checkLowerToHsacoOptions(options))
    return fail(llvm::toString(std::move(e)));
  return llvm::Error::success();
}

std::string
mlir::fp4::printLowerToHsacoOptions(const LowerToHsacoOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  options.print(os);
  StringRef inner = StringRef(text).trim();
  if (inner.starts_with("{") && inner.ends_with("}"))
    inner = inner.drop_front().drop_back();
  return inner.str();
}
