#include "gen/spare_words.h"

#include <mutex>
#include <utility>
#include <vector>

namespace damatb::gen::solving {

namespace {

struct Spare {
    MappedArray<std::uint64_t> words;
    bool huge;
};

std::mutex spares_mutex;
std::vector<Spare>& spares() {
    static std::vector<Spare> kept;
    return kept;
}

std::uint64_t words_kept() {
    std::uint64_t n = 0;
    for (const Spare& s : spares()) n += s.words.size();
    return n;
}

} // namespace

MappedArray<std::uint64_t> SpareWords::take(std::uint64_t size, bool huge) {
    {
        std::lock_guard<std::mutex> lock(spares_mutex);
        auto& kept = spares();
        for (auto s = kept.begin(); s != kept.end(); ++s)
            if (s->words.size() == size && s->huge == huge) {
                MappedArray<std::uint64_t> out = std::move(s->words);
                kept.erase(s);
                return out;
            }
    }
    return MappedArray<std::uint64_t>(size, huge);
}

void SpareWords::keep(MappedArray<std::uint64_t>&& words, bool huge, std::uint64_t set_words) {
    std::lock_guard<std::mutex> lock(spares_mutex);
    if (words_kept() + words.size() <= SETS * set_words) spares().push_back({std::move(words), huge});
}

void SpareWords::release() {
    std::vector<Spare> gone;
    std::lock_guard<std::mutex> lock(spares_mutex);
    std::swap(gone, spares());
}

std::uint64_t SpareWords::kept() {
    std::lock_guard<std::mutex> lock(spares_mutex);
    return words_kept();
}

} // namespace damatb::gen::solving
