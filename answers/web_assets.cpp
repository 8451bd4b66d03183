#include "answers/web_assets.h"

namespace damatb::answers {

std::string content_type_of(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> TYPES[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        // Shown as text by browsers, which would offer text/markdown as a download.
        {".md", "text/plain; charset=utf-8"},
    };
    for (const auto& [extension, type] : TYPES)
        if (name.ends_with(extension)) return std::string(type);
    return "application/octet-stream";
}

} // namespace damatb::answers
