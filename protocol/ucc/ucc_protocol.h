// The 2012 UCC Programming Competition Stratego protocol (its manager's manual, "PROTOCOL"):
// the messages, the piece tokens and the coordinate mapping, for both directions of
// interoperability (`stratego ucc-bot` plays inside such a manager; UccBot drives a program
// that speaks it). Only text and coordinates live here; no game logic.
//
// The protocol, one message a line:
//   manager -> bot   `RED|BLUE <opponent-name> <width> <height>`      (always 10 10)
//   bot -> manager   four lines of `width` tokens: its set-up
//   manager -> bot   `START` (Red's first turn) or the confirmation of the opponent's last
//                    move, then `height` board lines (the request to move)
//   bot -> manager   `X Y UP|DOWN|LEFT|RIGHT [N]`, or `SURRENDER`
//   manager -> both  the confirmation of that move: the mover's own text, then the outcome:
//                    `OK`, `ILLEGAL`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`, `VICTORY_FLAG`,
//                    `VICTORY_ATTRITION` (a, d: tokens of attacker and defender)
//   manager -> both  `QUIT [result]` when the game ends
// Tokens: `1` Marshal, `2` General, `3` Colonel, `4` Major, `5` Captain, `6` Lieutenant,
// `7` Sergeant, `8` Miner, `9` Scout (the numbers run the other way from our ranks), `s` Spy,
// `B` Bomb, `F` Flag; on the board also `+` lake, `#` enemy piece, `.` empty.
//
// Readings we had to make (the manual is short; we read the 2012 manager's manual, the game
// logs of the competition and the manager's source):
// - Coordinates: x from the left, y from the top of the manager's board, which has Red on
//   rows 0-3 at the top and Blue on rows 6-9. Our board has Red at the bottom (row 1), so
//   UCC (x, y) is our column x, row y + 1 for both sides: UCC y = 0 is Red's back row, our
//   row 1, and `UP` (y decreasing) goes towards our row 1, `DOWN` towards row 10. The
//   manager's board lines are therefore our rows from row 1 up to row 10.
// - Set-up lines are placed in order, no mirroring: Red's four lines go to y = 0..3 (our rows
//   1..4, its back row first, the order of our set-up line), Blue's to y = 6..9 (our rows
//   7..10): Blue's back row is its LAST line, so our Blue set-up line (back row, row 10,
//   first) is the UCC lines in reverse order. Tokens `.` (empty) are read, but Classic needs
//   all 40 pieces.
// - After each move the manager sends the confirmation to BOTH players: so a bot also gets
//   its own move's confirmation, right after its move, with no board lines after it. The
//   opponent's confirmation is followed by the board lines of our turn (or by QUIT).
// - A confirmation repeats the mover's move text as the mover wrote it, so the multiplier may
//   be there or not (`4 6 UP OK`, `4 6 UP 1 OK`); a Scout's move over several squares is
//   `X Y DIR N` with N > 1 the number of squares (N may also end on an enemy: an attack).
//   We write N only when it is above 1.
// - `VICTORY_FLAG` and `VICTORY_ATTRITION` carry no tokens; the 2012 manager writes KILLS /
//   DIES / BOTHDIE even when the move also ends the game by attrition (QUIT tells the end),
//   so as a manager we never write VICTORY_ATTRITION ourselves.
// - A Miner taking a Bomb is `KILLS 8 B`; a non-Miner on a Bomb is `DIES a B` (the Bomb
//   stays: the manager's rules since 20/12/2011, and C-5.4).
// - `QUIT` carries the manager's result line: `NAME COLOUR OUTCOME TURNS RED_VALUE
//   BLUE_VALUE` (OUTCOME VICTORY, DEFEAT, SURRENDER, DRAW, DRAW_DEFAULT, ILLEGAL, DEFAULT,
//   ...; NAME and COLOUR those of the player whose turn it was). ucc-bot turns it into our
//   result (ucc_quit_to_result); UccBot writes one in that form, NAME and COLOUR those of the
//   winner, or of the player who forfeited or surrendered, or of the program for a draw.
// - Board lines show every enemy piece as `#`, revealed or not (what a piece is, a bot learns
//   from the confirmations only); we accept any token on an enemy square all the same.
// - `NO_MOVE` (an older version of the protocol) from the manager means the opponent passed;
//   we answer NO_MOVE ourselves only when we have no legal move at all.
// - `SURRENDER`: the 2012 manager's code has it switched off and reads it as a bad answer;
//   either way the bot that writes it loses.
// - The manager lets a program place fewer than 40 pieces; Classic (C-3.1) needs all 40, so
//   a shorter set-up is refused with the line it came from.
// - The manager has no two-squares (C-6.1) or chasing (C-6.2) rule and a limit of 5,000
//   turns: we track such a game as kUccVariantSpec.
// Tolerated: blanks around and between words, a trailing '\r', lower or upper case in words
// (`up`, `Kills`, `quit`) and in the letter tokens (`S` for the Spy, `b`, `f`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"
#include "engine/move.h"
#include "engine/variant.h"
#include "engine/view.h"

namespace stratego::protocol {

// The rules of the 2012 manager as a variant spec: no repetition rules, and no move limit of
// ours (the manager ends the game itself).
inline constexpr std::string_view kUccVariantSpec =
    "classic+no-chase+two_squares_limit=0+move_limit=0";

// Throws InputError saying why, unless the variant is one the UCC protocol can carry: the
// classic family on the 10x10 board with the classic lakes, army and four set-up rows, and
// no rule the messages cannot express (V-5 rescues, V-6 silent defence, C-4.5, the powers).
void check_ucc_variant(const Variant& v);

char ucc_token(Kind k);                           // '1'..'9', 's', 'B', 'F'
std::optional<Kind> kind_from_ucc_token(char c);  // also 'S', 'b', 'f'

enum class UccDirection { kUp, kDown, kLeft, kRight };
std::string_view ucc_direction_name(UccDirection d);  // "UP", ...

// A move as the protocol writes it: the piece at (x, y) goes `steps` squares towards `dir`.
struct UccMove {
  int x = 0, y = 0;
  UccDirection dir = UccDirection::kUp;
  int steps = 1;
  bool operator==(const UccMove&) const = default;
};

// UCC (x, y) <-> our square: column x, row y (0-based; row y + 1 in a1 names).
int ucc_square(const Geometry& g, int x, int y);
int ucc_x(const Geometry& g, int sq);
int ucc_y(const Geometry& g, int sq);

// Parses `X Y DIR [N]`; throws InputError quoting the line and naming what is wrong.
UccMove parse_ucc_move(std::string_view line);
std::string format_ucc_move(const UccMove& m);  // N written only when above 1
// Throws InputError if the move leaves the board.
Move ucc_to_move(const Geometry& g, const UccMove& m);
// Throws InputError for a move that is not a straight line of squares (rescues, ...).
UccMove move_to_ucc(const Geometry& g, Move m);

enum class UccOutcome { kOk, kIllegal, kKills, kDies, kBothDie, kVictoryFlag, kVictoryAttrition };
std::string_view ucc_outcome_name(UccOutcome o);  // "OK", "BOTHDIE", ...

// The manager's confirmation of a move: the move, its outcome, and for KILLS, DIES and
// BOTHDIE the attacker's and defender's kinds.
struct UccConfirmation {
  UccMove move;
  UccOutcome outcome = UccOutcome::kOk;
  Kind attacker = kUnknown, defender = kUnknown;
  bool operator==(const UccConfirmation&) const = default;
};
UccConfirmation parse_ucc_confirmation(std::string_view line);
std::string format_ucc_confirmation(const UccConfirmation& c);
// The confirmation a manager writes for a move just made: `after` is the state right after
// it, `rec` its record (after.history().back()).
UccConfirmation ucc_confirmation_of(const State& after, const PlyRecord& rec);

// The first message: `RED|BLUE <opponent> <width> <height>`.
struct UccHello {
  Side side = kRed;
  std::string opponent;
  int width = 10, height = 10;
};
UccHello parse_ucc_hello(std::string_view line);
std::string format_ucc_hello(const UccHello& h);  // blanks in the name become '_'

// Set-ups: our set-up line (engine/setup.h) <-> the four lines the bot sends, in the order it
// sends them (y increasing). Errors name the UCC line.
std::vector<std::string> setup_to_ucc_lines(const Variant& v, Side side,
                                            std::string_view setup_line);
std::string ucc_lines_to_setup(const Variant& v, Side side, const std::vector<std::string>& lines);
// The same without the rules' check of the set-up (its army, its squares): only the shape
// (lines, tokens per line, piece tokens) is checked, for the referee to judge the rest.
std::string ucc_lines_to_setup_text(const Variant& v, Side side,
                                    const std::vector<std::string>& lines);

// The board lines for one player, y = 0 first: own tokens, `#` for every enemy piece, `+`
// lakes, `.` empty.
std::vector<std::string> format_ucc_board(const View& v);
// Checks `height` lines of `width` board tokens; returns them with their blanks trimmed.
// Errors name the line and column.
std::vector<std::string> parse_ucc_board(const std::vector<std::string>& lines, int width,
                                         int height);

// Words of a message, for the readers of either side: true if the line's first word is
// `word`, ignoring case.
bool ucc_starts_with(std::string_view line, std::string_view word);
// The line without blanks around it.
std::string_view ucc_trim(std::string_view line);

}  // namespace stratego::protocol
