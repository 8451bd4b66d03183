#include "core/pdn.h"

#include <cctype>
#include <stdexcept>
#include <utility>

#include "core/quote_input.h"

namespace damatb::core {

namespace {

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "2-0" || t == "0-2" || t == "1-1" || t == "1/2-1/2" ||
           t == "0-0" || t == "*";
}

// A move: squares (a letter a-h, a digit 1-8) joined by '-' or 'x'.
bool is_move(std::string_view t) {
    if (t.size() < 5) return false;
    for (std::size_t k = 0; k < t.size(); ++k) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[k])));
        const bool ok = k % 3 == 0   ? c >= 'a' && c <= 'h'
                        : k % 3 == 1 ? c >= '1' && c <= '8'
                                     : c == '-' || c == 'x';
        if (!ok) return false;
    }
    return t.size() % 3 == 2;
}

// The game types PDN numbers (the GameType tag; pdn.fmjd.org/gametype.html), to name the game
// of a file that is not Turkish draughts.
constexpr std::pair<int, const char*> GAME_TYPES[] = {
    {0, "chess"},
    {1, "Chinese chess"},
    {20, "10x10 international draughts"},
    {21, "English draughts"},
    {22, "Italian draughts"},
    {23, "American pool checkers"},
    {24, "Spanish draughts"},
    {25, "Russian draughts"},
    {26, "Brazilian draughts"},
    {27, "Canadian draughts"},
    {28, "Portuguese draughts"},
    {29, "Czech draughts"},
    {30, "Turkish draughts"},
    {31, "Thai draughts"},
    {40, "Frisian draughts"},
    {41, "Spantsiretti draughts"},
    {50, "Othello"},
};
constexpr int TURKISH_DRAUGHTS = 30;

// Reads the games of a text; fail() throws std::runtime_error, which read_pdn() returns as the
// reason.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::vector<PdnGame> games() {
        std::vector<PdnGame> out;
        PdnGame game;
        game.number = 1;
        bool in_moves = false; // the game has seen its movetext
        int number = 1;
        bool black = false;
        auto finish = [&] {
            out.push_back(std::move(game));
            game = PdnGame();
            game.number = static_cast<int>(out.size()) + 1;
            in_moves = false;
            number = 1;
            black = false;
        };
        for (skip_space(); at_ < text_.size(); skip_space()) {
            const char c = text_[at_];
            if (c == '[') {
                if (in_moves) finish();
                read_tag(game);
            } else if (c == '{') {
                skip_until('}', game, number, "comment");
            } else if (c == ';') {
                while (at_ < text_.size() && text_[at_] != '\n') ++at_;
            } else if (c == '(') {
                skip_variation(game, number);
            } else {
                const std::string_view token = next_token();
                in_moves = true;
                if (is_result(token)) {
                    game.result = std::string(token);
                    finish();
                } else if (token[0] == '$') {
                    continue;
                } else if (std::isdigit(static_cast<unsigned char>(token[0]))) {
                    // "12." or "12..." (Black's move next), or either joined to the move.
                    const std::size_t digits = token.find_first_not_of("0123456789");
                    std::size_t dots = 0;
                    while (digits != std::string_view::npos && digits + dots < token.size() &&
                           token[digits + dots] == '.')
                        ++dots;
                    if (digits == std::string_view::npos || dots == 0 || digits > 6)
                        fail(game, number, token, "not a move number or a move");
                    number = std::stoi(std::string(token.substr(0, digits)));
                    black = dots > 1;
                    const std::string_view rest = token.substr(digits + dots);
                    if (!rest.empty()) add_move(game, number, black, rest);
                } else {
                    add_move(game, number, black, token);
                }
            }
        }
        if (in_moves || !game.tags.empty()) out.push_back(std::move(game));
        return out;
    }

private:
    // Fails unless value ("30", or "30,W,8,8,A0,0" with the details) is Turkish draughts, naming
    // the game it is: its moves would not be read as this game's.
    static void check_game_type(const PdnGame& game, std::string_view tag, const std::string& value) {
        const std::string number = value.substr(0, value.find(','));
        const bool digits = !number.empty() && number.size() <= 6 &&
                            number.find_first_not_of("0123456789") == std::string::npos;
        if (!digits) fail(game, 0, tag, "GameType " + quote_input(number) + " is not a game type number");
        const int type = std::stoi(number);
        if (type == TURKISH_DRAUGHTS) return;
        std::string game_name = "GameType " + std::to_string(type);
        for (const auto& [n, name] : GAME_TYPES)
            if (n == type) game_name = std::string(name) + " (GameType " + std::to_string(type) + ")";
        fail(game, 0, tag, "a game of " + game_name + ", not of Turkish draughts (GameType 30)");
    }

    static void add_move(PdnGame& game, int& number, bool& black, std::string_view token) {
        std::string move(token);
        while (!move.empty() && (move.back() == '!' || move.back() == '?')) move.pop_back();
        if (!is_move(move)) fail(game, number, token, "not a move (squares such as c3-c4 or d4xd6)");
        game.moves.push_back({number, black, move});
        if (black) ++number;
        black = !black;
    }

    [[noreturn]] static void fail(const PdnGame& game, int number, std::string_view token,
                                  const std::string& why) {
        token = token.substr(0, token.find('\n'));
        // number 0: in the tags, before any move.
        throw std::runtime_error(game.label() + (number ? ", move " + std::to_string(number) : ", tags") +
                                 ": " + quote_input(token) + ": " + why);
    }

    void skip_space() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }

    // The next run of characters up to a space or one of []{}();.
    std::string_view next_token() {
        const std::size_t from = at_;
        while (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_])) &&
               std::string_view("[]{}();").find(text_[at_]) == std::string_view::npos)
            ++at_;
        if (at_ == from) ++at_; // a lone ']' or ')'
        return text_.substr(from, at_ - from);
    }

    void skip_until(char close, const PdnGame& game, int number, const char* what) {
        const std::size_t end = text_.find(close, at_);
        if (end == std::string_view::npos)
            fail(game, number, text_.substr(at_, 12), std::string(what) + " not closed");
        at_ = end + 1;
    }

    void skip_variation(const PdnGame& game, int number) {
        const std::size_t from = at_;
        int depth = 0;
        for (; at_ < text_.size(); ++at_) {
            if (text_[at_] == '{') {
                skip_until('}', game, number, "comment");
                --at_;
            } else if (text_[at_] == '(') {
                ++depth;
            } else if (text_[at_] == ')' && --depth == 0) {
                ++at_;
                return;
            }
        }
        fail(game, number, text_.substr(from, 12), "variation not closed");
    }

    void read_tag(PdnGame& game) {
        const std::size_t from = at_;
        const std::size_t end = text_.find(']', at_);
        auto bad = [&](const char* why) {
            fail(game, 0, text_.substr(from, std::min<std::size_t>(40, end - from + 1)), why);
        };
        if (end == std::string_view::npos) fail(game, 0, text_.substr(from, 40), "tag not closed");
        std::size_t k = from + 1;
        while (k < end && std::isspace(static_cast<unsigned char>(text_[k]))) ++k;
        const std::size_t name_from = k;
        while (k < end && (std::isalnum(static_cast<unsigned char>(text_[k])) || text_[k] == '_')) ++k;
        const std::string name(text_.substr(name_from, k - name_from));
        while (k < end && std::isspace(static_cast<unsigned char>(text_[k]))) ++k;
        if (name.empty() || k >= end || text_[k] != '"') bad("a tag is [Name \"value\"]");
        // The value ends at its '"' on the same line, and the tag at the ']' after it: a tag
        // missing either must not run on into the next tag.
        std::string value;
        for (++k; k < text_.size() && text_[k] != '"' && text_[k] != '\n'; ++k) {
            if (text_[k] == '\\' && k + 1 < text_.size() && text_[k + 1] != '\n') ++k;
            value += text_[k];
        }
        // fail() shows the tag up to the end of its line.
        if (k >= text_.size() || text_[k] != '"')
            fail(game, 0, text_.substr(from), "tag not closed: its value has no closing '\"'");
        for (++k; k < text_.size() && (text_[k] == ' ' || text_[k] == '\t');) ++k;
        if (k >= text_.size() || text_[k] != ']')
            fail(game, 0, text_.substr(from), "tag not closed: no ']' after its value");
        if (name == "GameType") check_game_type(game, text_.substr(from, k + 1 - from), value);
        game.tags.emplace_back(name, value);
        at_ = k + 1;
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

} // namespace

std::string PdnGame::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return v;
    return "";
}

std::string PdnGame::label() const {
    std::string out = "game " + std::to_string(number);
    const std::string white = tag("White"), black = tag("Black");
    if (!white.empty() || !black.empty()) out += " (White \"" + white + "\" - Black \"" + black + "\")";
    return out;
}

Result<std::vector<PdnGame>> read_pdn(std::string_view text) {
    try {
        return Reader(text).games();
    } catch (const std::runtime_error& e) {
        return Result<std::vector<PdnGame>>::failure(e.what());
    }
}

} // namespace damatb::core
