// The files of the web explorer (answers/web/, and docs/values.md), built into the binary so
// that the page works offline: the generated web_files.cpp holds their bytes (answers/embed_files.cmake).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace damatb::answers {

struct EmbeddedFile {
    std::string_view name;  // "index.html"
    std::string_view bytes;
};

// Every file of answers/web/, in name order, then docs/values.md.
extern const std::vector<EmbeddedFile> EMBEDDED_FILES;

// The Content-Type of a file by its name's extension: "text/html; charset=utf-8" for .html,
// and so on; "application/octet-stream" for one not known.
std::string content_type_of(std::string_view name);

} // namespace damatb::answers
