// `stratego check`: validates variant files (and, with options, set-up files and game
// records), naming the first problem with its file, line and key.
#include <iostream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "tools/commands.h"
#include "tools/waterloo_commands.h"

namespace stratego {
namespace {

void check_record(const std::string& where, const RecordInFile& rec) {
  try {
    if (rec.waterloo) {
      const waterloo::WaterlooRecord r = waterloo::parse_record(rec.text, where);
      const waterloo::WaterlooState end = waterloo::replay(r);
      std::cout << where << ": ok: " << r.actions.size() << " actions, result "
                << end_reason_name(end.result().reason) << "\n";
    } else {
      const GameRecord r = parse_record(rec.text, where);
      const State end = replay(r);
      std::cout << where << ": ok: " << r.moves.size() << " moves, result "
                << end_reason_name(end.result().reason) << "\n";
    }
  } catch (const InputError& e) {  // replay errors name the move, not the file
    const std::string what = e.what();
    throw InputError(what.starts_with(where) ? what : where + ": " + what);
  }
}

}  // namespace

void register_check_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> variant_files;
    std::string setups, record, variant = "classic";
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("check", "Validate variant files, a set-up file or a game record");
  cmd->add_option("files", o->variant_files, "Variant files to validate");
  cmd->add_option("--setups", o->setups, "A file of set-up lines to validate for --variant");
  cmd->add_option("--variant,-v", o->variant, "Variant the set-ups are for")->capture_default_str();
  cmd->add_option("--record", o->record,
                  "A game record, or a file of many (match --out), to validate by replaying");
  cmd->callback([o] {
    if (o->variant_files.empty() && o->setups.empty() && o->record.empty())
      throw InputError("check: name a variant file, --setups FILE or --record FILE");
    for (const std::string& path : o->variant_files) {
      const Variant v = check_variant_file(path);
      if (v.family == Family::kWaterloo)  // building a state checks the armies and terrain too
        std::cout << path << ": ok: " << describe_waterloo_variant(v) << "\n";
      else
        std::cout << path << ": ok: " << v.name << ", " << v.width << "x" << v.height << ", "
                  << v.army_size() << " pieces a side\n";
      if (!v.notes.empty()) std::cout << "  note: " << v.notes << "\n";
    }
    if (!o->setups.empty()) {
      const Variant v = load_variant(o->variant);
      const SetupFile f = read_setup_file(o->setups, v);
      std::cout << o->setups << ": ok: " << f.lines.size() << " set-ups for " << v.spec << "\n";
    }
    if (!o->record.empty()) {
      // A file of one record or of many (stratego match --out), of either family.
      const std::string text = read_text_file(o->record);
      const auto records = split_records(text, o->record);
      for (const RecordInFile& rec : records)
        check_record(record_origin(o->record, rec, records.size()), rec);
      if (records.size() > 1) std::cout << o->record << ": ok: " << records.size() << " records\n";
    }
  });
}

}  // namespace stratego
