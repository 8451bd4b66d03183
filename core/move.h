// A move, and a fixed-capacity list of moves.
//
// A move is what docs/rules.md calls its identity: origin, destination, the set of
// captured squares and the piece it ends as. The path a capture took is not
// stored; notation.h recovers one when a move is printed.
//
// Layout (16 bytes): captured (bit n = square n was captured), from, to,
// flags: bit 0 MOVER_KING (the piece that moved was a king before the move),
// bit 1 ENDS_KING (it is a king after it: a king, or a man crowned).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "core/types.h"

namespace damatb::core {

struct Move {
    enum Flags : std::uint8_t { MOVER_KING = 1, ENDS_KING = 2 };

    // Left uninitialised so that a MoveList costs nothing to create; Move{} is all zero.
    Move() = default;
    constexpr Move(int from_sq, int to_sq, Bitboard captured_squares, unsigned move_flags)
        : captured(captured_squares), from(static_cast<std::uint8_t>(from_sq)),
          to(static_cast<std::uint8_t>(to_sq)), flags(static_cast<std::uint8_t>(move_flags)) {}

    Bitboard captured;
    std::uint8_t from;
    std::uint8_t to;
    std::uint8_t flags;

    constexpr bool is_capture() const { return captured != 0; }
    constexpr bool mover_is_king() const { return flags & MOVER_KING; }
    constexpr bool ends_as_king() const { return flags & ENDS_KING; }
    constexpr bool is_promotion() const { return !mover_is_king() && ends_as_king(); }
    // A capture or a man move: the plies that reset the king-move counter.
    constexpr bool is_zeroing() const { return is_capture() || !mover_is_king(); }
    // Neither a capture nor a crowning: the position after it has the same material (stays in
    // the generator's class).
    constexpr bool keeps_material() const { return !is_capture() && !is_promotion(); }
    bool operator==(const Move&) const = default;
};

class MoveList {
public:
    static constexpr std::size_t CAPACITY = 1024;

    void push_back(const Move& m) {
        if (size_ == CAPACITY) throw std::length_error("MoveList: more than 1024 moves");
        moves_[size_++] = m;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    Move& operator[](std::size_t i) { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }

private:
    std::array<Move, CAPACITY> moves_;
    std::size_t size_ = 0;
};

} // namespace damatb::core
