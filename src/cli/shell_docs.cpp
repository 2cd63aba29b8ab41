#include "shell_docs.hpp"

#include <algorithm>
#include <boost/program_options/cmdline.hpp>
#include <sstream>
#include <vector>

#include "batch_command.hpp"
#include "cli_options.hpp"
#include "gougechek/version.hpp"

namespace gougechek {

namespace {

namespace po = boost::program_options;

/// One option of a table, as the generated files need it.
struct OptionEntry {
  std::string name;         ///< long name, without "--"
  char short_name = 0;      ///< 't' for -t; 0 for none
  std::string value;        ///< its value's name ("SPEC", "mm|in"); empty for a flag
  std::string description;  ///< the help text
};

std::vector<OptionEntry> entriesOf(const po::options_description& table) {
  std::vector<OptionEntry> entries;
  for (const auto& option : table.options()) {
    OptionEntry entry{option->long_name(), 0, {}, option->description()};
    const std::string shown =
        option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shown.size() == 2 && shown[0] == '-') entry.short_name = shown[1];
    const std::string with_value = option->format_parameter();
    if (option->semantic()->max_tokens() > 0) entry.value = with_value;
    entries.push_back(std::move(entry));
  }
  return entries;
}

/// `text` with roff's special characters escaped.
std::string roff(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\\')
      escaped.append("\\e");
    else if (c == '-')
      escaped.append("\\-");
    else
      escaped.push_back(c);
  }
  // A line starting with '.' or '\'' would be a request.
  if (!escaped.empty() && (escaped[0] == '.' || escaped[0] == '\'')) escaped.insert(0, "\\&");
  return escaped;
}

void manOptions(const std::vector<OptionEntry>& entries, std::ostream& out) {
  for (const OptionEntry& entry : entries) {
    out << ".TP\n";
    if (entry.short_name) out << "\\fB\\-" << entry.short_name << "\\fR, ";
    out << "\\fB\\-\\-" << roff(entry.name) << "\\fR";
    if (!entry.value.empty()) out << " \\fI" << roff(entry.value) << "\\fR";
    out << "\n" << roff(entry.description) << "\n";
  }
}

std::string manPage() {
  std::ostringstream out;
  out << ".TH GOUGECHEK 1 \"\" \"gougechek " << version() << "\" \"User Commands\"\n"
      << ".SH NAME\ngougechek \\- check an NC program against the part it machines\n"
      << ".SH SYNOPSIS\n\\fBgougechek\\fR \\fIPART\\fR \\fIPATH\\fR [\\fIoptions\\fR]\n.br\n"
      << "\\fBgougechek \\-\\-moves\\fR \\fIPATH\\fR\n.br\n"
      << "\\fBgougechek batch\\fR \\fIMANIFEST\\fR \\fB\\-\\-out\\fR \\fIDIR\\fR "
         "[\\fIoptions\\fR]\n"
      << ".br\n\\fBgougechek merge \\-\\-out\\fR \\fIDIR SHARD_DIR\\fR...\n"
      << ".SH DESCRIPTION\nChecks the NC program \\fIPATH\\fR (G\\-code, \\- for standard input) "
         "against the part \\fIPART\\fR (.stl, .step/.stp, .iges/.igs) for gouges, rapid "
         "collisions and holder collisions.\n"
      << ".SH OPTIONS\n";
  manOptions(entriesOf(visibleOptions()), out);
  out << ".SH BATCH OPTIONS\n";
  manOptions(entriesOf(batchOptions()), out);
  out << ".SH EXIT STATUS\n0 no violation; 1 violations (those \\-\\-fail\\-on names); 2 usage "
         "or input error; 3 internal error; 128 + signal when stopped by a signal.\n"
      << ".SH SEE ALSO\nThe documentation installed with gougechek: cli.md, batch.md, "
         "report\\-format.md, checking\\-rules.md.\n";
  return out.str();
}

/// The words a value may be, when its name lists them ("mm|in"); else empty.
std::string choices(const std::string& value) {
  if (value.find('|') == std::string::npos) return "";
  std::string words = value;
  for (char& c : words) c = c == '|' ? ' ' : c;
  return words;
}

bool takesAFile(const std::string& value) {
  return value.find("FILE") != std::string::npos || value.find("DIR") != std::string::npos ||
         value == "SUMMARY";
}

std::string longOptions(const std::vector<OptionEntry>& entries) {
  std::string words;
  for (const OptionEntry& entry : entries) words.append(" --").append(entry.name);
  return words;
}

/// The options of both tables, each once: the batch's first, since where both have one
/// (--fail-on) the batch's takes more values.
std::vector<OptionEntry> everyOption() {
  std::vector<OptionEntry> all;
  for (const auto& table : {batchOptions(), visibleOptions()})
    for (OptionEntry& entry : entriesOf(table))
      if (std::none_of(all.begin(), all.end(),
                       [&entry](const OptionEntry& e) { return e.name == entry.name; }))
        all.push_back(std::move(entry));
  return all;
}

std::string bashCompletion() {
  const std::vector<OptionEntry> check = entriesOf(visibleOptions());
  const std::vector<OptionEntry> batch = entriesOf(batchOptions());
  std::ostringstream out;
  out << "# bash completion for gougechek, generated from its option table\n"
      << "_gougechek() {\n  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  case $prev in\n";
  for (const OptionEntry& entry : everyOption()) {
    if (entry.value.empty()) continue;
    out << "    --" << entry.name << ")\n";
    if (const std::string words = choices(entry.value); !words.empty())
      out << "      COMPREPLY=($(compgen -W '" << words << "' -- \"$cur\")); return;;\n";
    else if (takesAFile(entry.value))
      out << "      COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n";
    else
      out << "      return;;\n";
  }
  out << "  esac\n  if [[ $cur == -* ]]; then\n"
      << "    if [[ ${COMP_WORDS[1]} == batch || ${COMP_WORDS[1]} == merge ]]; then\n"
      << "      COMPREPLY=($(compgen -W '" << longOptions(batch) << "' -- \"$cur\"))\n"
      << "    else\n      COMPREPLY=($(compgen -W '" << longOptions(check)
      << "' -- \"$cur\"))\n    fi\n"
      << "  elif [[ $COMP_CWORD == 1 ]]; then\n"
      << "    COMPREPLY=($(compgen -W 'batch merge' -- \"$cur\") $(compgen -f -- \"$cur\"))\n"
      << "  else\n    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n}\n"
      << "complete -o filenames -F _gougechek gougechek\n";
  return out.str();
}

/// `text` for a zsh _arguments description: brackets and colons escaped, one line.
std::string zshText(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '[' || c == ']' || c == ':' || c == '\\' || c == '\'') escaped.push_back('\\');
    escaped.push_back(c == '\'' ? '`' : c);
  }
  return escaped;
}

std::string zshCompletion() {
  std::ostringstream out;
  out << "#compdef gougechek\n# zsh completion for gougechek, generated from its option table\n"
      << "_arguments -s \\\n";
  for (const OptionEntry& entry : everyOption()) {
    out << "  '--" << entry.name << "[" << zshText(entry.description) << "]";
    if (!entry.value.empty()) {
      const std::string words = choices(entry.value);
      out << ":" << zshText(entry.value) << ":"
          << (!words.empty()            ? "(" + words + ")"
              : takesAFile(entry.value) ? "_files"
                                        : " ");
    }
    out << "' \\\n";
  }
  out << "  '*:file:_files'\n";
  return out.str();
}

}  // namespace

std::string generatedFile(const std::string& what) {
  if (what == "man") return manPage();
  if (what == "bash") return bashCompletion();
  if (what == "zsh") return zshCompletion();
  throw UsageError("--generate: '" + what + "' is none of man, bash, zsh");
}

}  // namespace gougechek
