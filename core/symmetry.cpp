#include "core/symmetry.h"

namespace damatb::core {

namespace {

// Files a <-> h: the bits of each byte reversed.
Bitboard mirror_files(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

// Files <-> ranks (the a1-h8 diagonal fixed), by three delta swaps.
Bitboard transpose(Bitboard b) {
    Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    return b ^ t ^ (t >> 7);
}

} // namespace

Bitboard transform(Bitboard b, int s) {
    if (s & TRANSPOSE) b = transpose(b);
    if (s & MIRROR_FILES) b = mirror_files(b);
    if (s & MIRROR_RANKS) b = __builtin_bswap64(b);
    return b;
}

Position transform(const Position& pos, int s) {
    return *Position::make(transform(pos.men(WHITE), s), transform(pos.kings(WHITE), s),
                           transform(pos.men(BLACK), s), transform(pos.kings(BLACK), s),
                           pos.side_to_move());
}

} // namespace damatb::core
