//===- Npy.cpp - read and write NumPy .npy files ----------------*- C++ -*-===//
//
// Layout (numpy.lib.format): "\x93NUMPY", major, minor, a little-endian
// header length (u16 for 1.0, u32 for 2.0 and 3.0), then a Python dict
// literal such as {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
// padded with spaces and a newline, then the raw element bytes. The header
// is parsed by a small recursive-descent reader for exactly that subset of
// Python literal syntax; every read is bounds checked.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;
using namespace fp4::runtime;

static Error npyError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

static constexpr StringLiteral kMagic = "\x93NUMPY";

/// Total element count limit: keeps size arithmetic far from overflow.
static constexpr int64_t kMaxElements = int64_t(1) << 48;

Expected<size_t> fp4::runtime::npyItemSize(StringRef dtype) {
  if (dtype.size() < 3)
    return npyError("unsupported dtype '" + dtype + "'");
  char order = dtype[0], kind = dtype[1];
  unsigned size;
  if (dtype.drop_front(2).getAsInteger(10, size))
    return npyError("unsupported dtype '" + dtype + "'");
  bool known = (kind == 'b' && size == 1) ||
               ((kind == 'i' || kind == 'u') &&
                (size == 1 || size == 2 || size == 4 || size == 8)) ||
               (kind == 'f' && (size == 2 || size == 4 || size == 8));
  if (!known)
    return npyError("unsupported dtype '" + dtype +
                    "' (plain bool, integer and float dtypes only)");
  if (order == '>' && size > 1)
    return npyError("unsupported dtype '" + dtype +
                    "': big-endian data is not read");
  // '|' (not applicable) and '>' only make sense for one-byte items.
  if (order != '<' && !((order == '|' || order == '>') && size == 1))
    return npyError("unsupported dtype '" + dtype + "': byte order '" +
                    Twine(order) + "' is not '<'" +
                    (size == 1 ? " or '|'" : ""));
  return size_t(size);
}

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

size_t NpyArray::itemSize() const {
  Expected<size_t> size = npyItemSize(dtype);
  if (!size) {
    consumeError(size.takeError());
    return 0;
  }
  return *size;
}

namespace {
/// A value of the header dict: a string, a bool or a tuple of integers.
struct HeaderValue {
  enum Kind { String, Bool, Tuple } kind;
  std::string string;
  bool boolean = false;
  std::vector<int64_t> tuple;
};

/// Reads the Python dict literal of an .npy header.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  Error parse(std::map<std::string, HeaderValue> &dict) {
    skipSpace();
    if (!consume('{'))
      return fail("expected '{'");
    skipSpace();
    while (!consume('}')) {
      std::string key;
      if (Error e = parseString(key))
        return e;
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after key '" + key + "'");
      skipSpace();
      HeaderValue value;
      if (Error e = parseValue(key, value))
        return e;
      if (!dict.emplace(key, std::move(value)).second)
        return fail("key '" + key + "' appears twice");
      skipSpace();
      if (consume(','))
        skipSpace();
      else if (peek() != '}')
        return fail("expected ',' or '}'");
    }
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the dict");
    return Error::success();
  }

private:
  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  bool consume(char c) {
    if (peek() != c || pos >= text.size())
      return false;
    ++pos;
    return true;
  }
  void skipSpace() {
    while (pos < text.size() && isSpace(text[pos]))
      ++pos;
  }
  Error fail(const Twine &what) {
    return npyError("malformed .npy header at byte " + Twine(pos) + ": " +
                    what);
  }

  Error parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return fail("expected a quoted string");
    size_t end = text.find(quote, pos + 1);
    if (end == StringRef::npos)
      return fail("unterminated string");
    out = text.slice(pos + 1, end).str();
    if (out.find('\\') != std::string::npos)
      return fail("escape sequences are not supported");
    pos = end + 1;
    return Error::success();
  }

  Error parseValue(StringRef key, HeaderValue &value) {
    char c = peek();
    if (c == '\'' || c == '"') {
      value.kind = HeaderValue::String;
      return parseString(value.string);
    }
    if (text.substr(pos).starts_with("True") ||
        text.substr(pos).starts_with("False")) {
      value.kind = HeaderValue::Bool;
      value.boolean = text[pos] == 'T';
      pos += value.boolean ? 4 : 5;
      return Error::success();
    }
    if (c == '(') {
      value.kind = HeaderValue::Tuple;
      return parseTuple(value.tuple);
    }
    if (c == '[' || c == '{')
      return fail(
          "'" + key + "' is a list or dict" +
          (key == "descr" ? " (structured dtypes are not supported)" : ""));
    return fail("unsupported value for '" + key + "'");
  }

  Error parseTuple(std::vector<int64_t> &out) {
    consume('(');
    skipSpace();
    while (!consume(')')) {
      size_t start = pos;
      while (pos < text.size() && isDigit(text[pos]))
        ++pos;
      StringRef digits = text.slice(start, pos);
      if (digits.empty())
        return fail("expected a non-negative integer in the shape");
      int64_t v;
      if (digits.size() > 18 || digits.getAsInteger(10, v)) {
        pos = start;
        return fail("shape entry '" + digits + "' is too large");
      }
      consume('L'); // Python 2 era writers.
      out.push_back(v);
      skipSpace();
      if (consume(','))
        skipSpace();
      else if (peek() != ')')
        return fail("expected ',' or ')' in the shape");
    }
    return Error::success();
  }

  StringRef text;
  size_t pos = 0;
};
} // namespace

Expected<NpyArray> fp4::runtime::parseNpy(ArrayRef<uint8_t> bytes) {
  StringRef file(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  if (!file.starts_with(kMagic))
    return npyError(file.size() < kMagic.size()
                        ? "truncated .npy file: no room for the magic"
                        : "not an .npy file (bad magic)");
  if (file.size() < 10)
    return npyError("truncated .npy file: no room for the version and "
                    "header length");
  unsigned major = uint8_t(file[6]), minor = uint8_t(file[7]);
  if (major < 1 || major > 3 || minor != 0)
    return npyError("unsupported .npy format version " + Twine(major) + "." +
                    Twine(minor) + " (1.0, 2.0 and 3.0 are read)");
  size_t lengthSize = major == 1 ? 2 : 4;
  size_t headerStart = 8 + lengthSize;
  if (file.size() < headerStart)
    return npyError("truncated .npy file: no room for the header length");
  const uint8_t *lengthPtr = bytes.data() + 8;
  uint64_t headerLength = major == 1 ? support::endian::read16le(lengthPtr)
                                     : support::endian::read32le(lengthPtr);
  if (headerLength > file.size() - headerStart)
    return npyError("truncated .npy file: header of " + Twine(headerLength) +
                    " bytes but only " + Twine(file.size() - headerStart) +
                    " bytes follow");
  StringRef header = file.substr(headerStart, headerLength);

  std::map<std::string, HeaderValue> dict;
  if (Error e = HeaderParser(header).parse(dict))
    return std::move(e);
  for (const auto &entry : dict)
    if (entry.first != "descr" && entry.first != "fortran_order" &&
        entry.first != "shape")
      return npyError(".npy header has an unexpected key '" + entry.first +
                      "'");
  auto descr = dict.find("descr"), order = dict.find("fortran_order"),
       shape = dict.find("shape");
  if (descr == dict.end())
    return npyError(".npy header has no 'descr'");
  if (shape == dict.end())
    return npyError(".npy header has no 'shape'");
  if (order == dict.end())
    return npyError(".npy header has no 'fortran_order'");
  if (descr->second.kind != HeaderValue::String)
    return npyError(".npy header 'descr' is not a string");
  if (order->second.kind != HeaderValue::Bool)
    return npyError(".npy header 'fortran_order' is not True or False");
  if (shape->second.kind != HeaderValue::Tuple)
    return npyError(".npy header 'shape' is not a tuple");
  if (order->second.boolean)
    return npyError(".npy array is in Fortran order; only C order is read");

  NpyArray array;
  array.dtype = descr->second.string;
  array.shape = shape->second.tuple;
  Expected<size_t> itemSize = npyItemSize(array.dtype);
  if (!itemSize)
    return itemSize.takeError();
  int64_t count = 1;
  for (int64_t d : array.shape) {
    if (d != 0 && count > kMaxElements / d)
      return npyError(".npy shape has more than 2^48 elements");
    count *= d;
  }
  uint64_t bodySize = uint64_t(count) * *itemSize;
  uint64_t available = file.size() - headerStart - headerLength;
  if (available < bodySize)
    return npyError("truncated .npy file: shape needs " + Twine(bodySize) +
                    " bytes of '" + array.dtype + "' data, only " +
                    Twine(available) + " are there");
  if (available > bodySize)
    return npyError(".npy file has " + Twine(available - bodySize) +
                    " bytes after the array data");
  const uint8_t *body = bytes.data() + headerStart + headerLength;
  array.data.assign(body, body + bodySize);
  return array;
}

Expected<NpyArray> fp4::runtime::readNpy(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(
      path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return npyError("cannot read '" + path +
                    "': " + buffer.getError().message());
  Expected<NpyArray> array =
      parseNpy(arrayRefFromStringRef((*buffer)->getBuffer()));
  if (!array)
    return npyError("'" + path + "': " + toString(array.takeError()));
  return array;
}

Expected<std::vector<uint8_t>>
fp4::runtime::serializeNpy(StringRef dtype, ArrayRef<int64_t> shape,
                           ArrayRef<uint8_t> data) {
  Expected<size_t> itemSize = npyItemSize(dtype);
  if (!itemSize)
    return itemSize.takeError();
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return npyError("negative dimension " + Twine(d) + " in .npy shape");
    if (d != 0 && count > kMaxElements / d)
      return npyError(".npy shape has more than 2^48 elements");
    count *= d;
  }
  if (uint64_t(count) * *itemSize != data.size())
    return npyError("shape and dtype '" + dtype + "' need " +
                    Twine(uint64_t(count) * *itemSize) + " bytes of data, " +
                    Twine(data.size()) + " were given");

  std::string dict =
      "{'descr': '" + dtype.str() + "', 'fortran_order': False, 'shape': (";
  for (int64_t d : shape)
    dict += std::to_string(d) + (shape.size() == 1 ? "," : ", ");
  if (shape.size() > 1)
    dict.resize(dict.size() - 2);
  dict += "), }";
  // Pad with spaces so magic + version + length + header ends on a 64-byte
  // boundary, the header ending in '\n' (what numpy writes). Format 2.0 only
  // when the padded header outgrows 1.0's 16-bit length.
  size_t needed = dict.size() + 1;
  bool v2 = alignTo(10 + needed, 64) - 10 > 65535;
  size_t prefix = v2 ? 12 : 10;
  dict.append(alignTo(prefix + needed, 64) - prefix - needed, ' ');
  dict += '\n';

  std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
  out.push_back(v2 ? 2 : 1);
  out.push_back(0);
  uint8_t length[4];
  support::endian::write32le(length, uint32_t(dict.size()));
  out.insert(out.end(), length, length + (v2 ? 4 : 2));
  out.insert(out.end(), dict.begin(), dict.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

Error fp4::runtime::writeNpy(StringRef path, StringRef dtype,
                             ArrayRef<int64_t> shape, ArrayRef<uint8_t> data) {
  Expected<std::vector<uint8_t>> bytes = serializeNpy(dtype, shape, data);
  if (!bytes)
    return bytes.takeError();
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return npyError("cannot write '" + path + "': " + ec.message());
  os.write(reinterpret_cast<const char *>(bytes->data()), bytes->size());
  os.close();
  if (os.has_error()) {
    std::error_code writeError = os.error();
    os.clear_error();
    return npyError("cannot write '" + path + "': " + writeError.message());
  }
  return Error::success();
}
