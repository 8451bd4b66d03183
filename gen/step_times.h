// Where a solve's time goes, by kind of step: `generate --verbose` prints a line of them for each
// class or slice solved (SolverState::say). The steps are timed on the thread that runs them,
// which hands their work to the threads and waits for it, so the times add up to the wall time.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace damatb::gen::solving {

enum class Step {
    FIRST_LOOK,      // the moves that leave the class looked up (kings only: and each position's moves counted)
    ROUND_SEEDS,     // a round's start: the man moves into positions labelled in the round before
    KING_MOVE_WINS,  // the wins by a king move into a position just lost
    LOSS_CANDIDATES, // the positions with a king move into one just won (kings only: the losses counted)
    EVALUATIONS,     // the candidates evaluated
    HISTORIES,       // a round's lowered losses made its run of history steps
    ROUNDS,          // the rounds under the limit in all (the steps above but the first look, and the rest)
    WITHOUT_LIMIT,   // the game without the limit
    RESULTS,         // the results made and written (to the tables, or to the slice file)
    COUNT
};

class StepTimes {
public:
    // Times a step from its making, then each step switched to until the next, until stopped
    // or ended.
    class Watch {
    public:
        Watch(StepTimes& times, Step s) : times_(times), step_(s) {}
        Watch(const Watch&) = delete;
        Watch& operator=(const Watch&) = delete;
        ~Watch() { stop(); }
        void switch_to(Step s) {
            stop();
            step_ = s;
            running_ = true;
            start_ = std::chrono::steady_clock::now();
        }
        void stop() {
            if (!running_) return;
            running_ = false;
            times_.seconds_[std::size_t(step_)] +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        }

    private:
        StepTimes& times_;
        Step step_;
        bool running_ = true;
        std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    };

    // Back to nothing timed or counted, for the next class or slice.
    void reset() {
        seconds_ = {};
        evaluated_ = 0;
        looks_ = 0;
        looks_by_losses_ = 0;
    }
    void evaluated(std::uint64_t candidates) { evaluated_ += candidates; }
    // `looks` successors looked at by evaluations, `by_losses` of them by those that found a
    // loss (which look at every move); thread-safe.
    void looked(std::uint64_t looks, std::uint64_t by_losses) {
        looks_.fetch_add(looks, std::memory_order_relaxed);
        looks_by_losses_.fetch_add(by_losses, std::memory_order_relaxed);
    }

    // "first look 9.4 s, rounds 63.5 s (seeds 11.0 s, ...), without the limit 0.7 s, results
    // 3.3 s; 1095073804 successors looked at, 734190565 by losses; 175126509 evaluations":
    // the candidates evaluated, counted as often as evaluated, and the successors they looked
    // at (which may differ from one thread count to another: a successor labelled meanwhile by
    // another thread can end an evaluation sooner or later).
    std::string line() const {
        auto s = [this](Step step) { return seconds_[std::size_t(step)]; };
        const double within = s(Step::ROUND_SEEDS) + s(Step::KING_MOVE_WINS) + s(Step::LOSS_CANDIDATES) +
                              s(Step::EVALUATIONS) + s(Step::HISTORIES);
        char text[400];
        std::snprintf(text, sizeof text,
                      "first look %.1f s, rounds %.1f s (seeds %.1f s, king-move wins %.1f s, loss candidates "
                      "%.1f s, evaluations %.1f s, histories %.1f s, other %.1f s), without the limit %.1f s, "
                      "results %.1f s; %llu successors looked at, %llu by losses; %llu evaluations",
                      s(Step::FIRST_LOOK), s(Step::ROUNDS), s(Step::ROUND_SEEDS), s(Step::KING_MOVE_WINS),
                      s(Step::LOSS_CANDIDATES), s(Step::EVALUATIONS), s(Step::HISTORIES),
                      std::max(0.0, s(Step::ROUNDS) - within), s(Step::WITHOUT_LIMIT), s(Step::RESULTS),
                      static_cast<unsigned long long>(looks_.load()), static_cast<unsigned long long>(looks_by_losses_.load()),
                      static_cast<unsigned long long>(evaluated_));
        return text;
    }

private:
    std::array<double, std::size_t(Step::COUNT)> seconds_{};
    std::uint64_t evaluated_ = 0;
    std::atomic<std::uint64_t> looks_{0}, looks_by_losses_{0};
};

} // namespace damatb::gen::solving
