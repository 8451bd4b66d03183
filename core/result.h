// A value or the reason there is none: what core/ returns where input can be bad.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace damatb::core {

template <typename T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}
    static Result failure(std::string error) { return Result(std::move(error), 0); }

    explicit operator bool() const { return value_.has_value(); }
    bool ok() const { return value_.has_value(); }
    const T& value() const { return *value_; }
    T& value() { return *value_; }
    const T& operator*() const { return *value_; }
    const T* operator->() const { return &*value_; }
    // The reason there is no value; empty when there is one.
    const std::string& error() const { return error_; }

private:
    Result(std::string error, int) : error_(std::move(error)) {}
    std::optional<T> value_;
    std::string error_;
};

} // namespace damatb::core
