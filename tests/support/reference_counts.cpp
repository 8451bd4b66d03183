#include "support/reference_counts.h"

namespace damatb::test {

using core::BLACK;
using core::WHITE;

namespace {

// Computed by the simple solver; every figure agrees with the independent solver of
// shared/reference/counts-3-pieces.md. Hand checks behind them: the position counts
// (K v KK: 64 * C(63,2)); K v K, 672 wins = 8 lines * 2 * 2 * 21 pairs where the
// king to move has an empty square beyond the other; and the 30 extra wins of
// M v KK and M v KM (White to move) under `immediate`: a man on x6 takes x7 and,
// crowned on x8, takes a king two or more files away on rank 8 (15 + 15 squares),
// which under `end-of-move` are 20 losses (the king on rank 8 takes back) and 10
// draws (the new king on a8 or h8, out of reach).
const std::vector<CountRow> END_OF_MOVE = {
    {"K v K", WHITE, 4032, 672, 3360, 0, 1, -1},
    {"K v K", BLACK, 4032, 672, 3360, 0, 1, -1},
    {"K v M", WHITE, 3024, 3024, 0, 0, 0, -1},
    {"K v M", BLACK, 3024, 0, 0, 3024, -1, 0},
    {"M v K", WHITE, 3024, 0, 0, 3024, -1, 0},
    {"M v K", BLACK, 3024, 3024, 0, 0, 0, -1},
    {"M v M", WHITE, 2256, 1308, 80, 868, 1, 1},
    {"M v M", BLACK, 2256, 1308, 80, 868, 1, 1},
    {"K v KK", WHITE, 124992, 10048, 27420, 87524, 1, 15},
    {"K v KK", BLACK, 124992, 124784, 208, 0, 14, -1},
    {"K v KM", WHITE, 187488, 38328, 55076, 94084, 1, 8},
    {"K v KM", BLACK, 187488, 181344, 6144, 0, 7, -1},
    {"K v MM", WHITE, 69936, 55824, 11102, 3010, 2, 2},
    {"K v MM", BLACK, 69936, 22460, 14112, 33364, 1, 1},
    {"KK v K", WHITE, 124992, 124784, 208, 0, 14, -1},
    {"KK v K", BLACK, 124992, 10048, 27420, 87524, 1, 15},
    {"KK v M", WHITE, 93744, 93744, 0, 0, 2, -1},
    {"KK v M", BLACK, 93744, 192, 508, 93044, 1, 1},
    {"KM v K", WHITE, 187488, 181344, 6144, 0, 7, -1},
    {"KM v K", BLACK, 187488, 38328, 55076, 94084, 1, 8},
    {"KM v M", WHITE, 139872, 139872, 0, 0, 2, -1},
    {"KM v M", BLACK, 139872, 2738, 960, 136174, 1, 1},
    {"M v KK", WHITE, 93744, 192, 508, 93044, 1, 1},
    {"M v KK", BLACK, 93744, 93744, 0, 0, 2, -1},
    {"M v KM", WHITE, 139872, 2738, 960, 136174, 1, 1},
    {"M v KM", BLACK, 139872, 139872, 0, 0, 2, -1},
    {"M v MM", WHITE, 51888, 8658, 3468, 39762, 1, 1},
    {"M v MM", BLACK, 51888, 47016, 2034, 2838, 1, 1},
    {"MM v K", WHITE, 69936, 22460, 14112, 33364, 1, 1},
    {"MM v K", BLACK, 69936, 55824, 11102, 3010, 2, 2},
    {"MM v M", WHITE, 51888, 47016, 2034, 2838, 1, 1},
    {"MM v M", BLACK, 51888, 8658, 3468, 39762, 1, 1},
};

// Under `immediate` only the four rows of a man crowned on the first jump differ.
const std::vector<CountRow> IMMEDIATE = [] {
    std::vector<CountRow> rows = END_OF_MOVE;
    for (CountRow& r : rows) {
        const bool man_to_move = (r.name == "M v KK" || r.name == "M v KM") ? r.side == WHITE
                                 : (r.name == "KK v M" || r.name == "KM v M") ? r.side == BLACK
                                                                                : false;
        if (!man_to_move) continue;
        if (r.name.find("KK") != std::string::npos) {
            r.win = 222, r.draw = 498, r.loss = 93024;
        } else {
            r.win = 2768, r.draw = 950, r.loss = 136154;
        }
    }
    return rows;
}();


} // namespace

const std::vector<CountRow>& counts_3_pieces(core::Promotion promotion) {
    return promotion == core::Promotion::IMMEDIATE ? IMMEDIATE : END_OF_MOVE;
}

} // namespace damatb::test
