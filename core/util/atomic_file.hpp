#pragma once
#include <string>
#include <string_view>

namespace dimerlab {

// Writes `contents` to `path` through a temporary file in the same folder and a rename, so a
// reader never sees a half-written file and a failure leaves no file behind. Throws InputError
// naming the path when the folder is missing or not writable, or the disk is full.
void write_file_atomically(const std::string& path, std::string_view contents);

}  // namespace dimerlab
