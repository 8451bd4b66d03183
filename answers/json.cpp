#include "answers/json.h"

namespace damatb::answers::json {

std::string quote(std::string_view text) {
    static constexpr char HEX[] = "0123456789abcdef";
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += HEX[(c >> 4) & 0xF];
                out += HEX[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

Object& Object::add_string(std::string_view key, std::string_view value) {
    return add_raw(key, quote(value));
}

Object& Object::add_bool(std::string_view key, bool value) {
    return add_raw(key, value ? "true" : "false");
}

Object& Object::add_raw(std::string_view key, std::string_view json) {
    if (!members_.empty()) members_ += ", ";
    members_ += quote(key);
    members_ += ": ";
    members_ += json;
    return *this;
}

std::string Object::str() const { return "{" + members_ + "}"; }

std::string array(const std::vector<std::string>& elements) {
    if (elements.empty()) return "[]";
    std::string out = "[\n";
    for (std::size_t i = 0; i < elements.size(); ++i) {
        out += "  ";
        out += elements[i];
        out += i + 1 < elements.size() ? ",\n" : "\n";
    }
    return out + "]";
}

std::string one_line_array(const std::vector<std::string>& elements) {
    std::string out = "[";
    for (std::size_t i = 0; i < elements.size(); ++i) {
        if (i) out += ", ";
        out += elements[i];
    }
    return out + "]";
}

} // namespace damatb::answers::json
