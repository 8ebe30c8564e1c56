#pragma once
// SHA-256 of files and byte strings (OpenSSL libcrypto), lower-case hex: the key of every
// verification claim (docs/verification.md §2.3). Raw bytes, no line-ending normalisation, so the value
// equals `sha256sum`, Python's hashlib and CMake's file(SHA256).
#include <optional>
#include <string>
#include <string_view>

namespace dimerlab::verify {

std::string sha256_hex(std::string_view bytes);
// Empty optional when the file cannot be read.
std::optional<std::string> sha256_file(const std::string& path);

}  // namespace dimerlab::verify
