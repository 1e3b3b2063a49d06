// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One recorded run: a {@code .txt} file in {@code benchmarks/results/} written by {@code
 * benchmarks/record}. Headers first ({@code # command:}, {@code # commit:} a full SHA-1 with an
 * optional {@code -dirty}, {@code # date:} an ISO-8601 UTC time or a day, {@code # machine:}, any
 * number of {@code # note:}, an optional {@code # baseline:} that keeps the run out of the tables),
 * then only verbatim {@code RESULT} lines and blank lines.
 */
record ResultsFile(
    String fileName,
    String command,
    String commit,
    Instant instant,
    String date,
    List<String> notes,
    Optional<String> baseline,
    List<ResultLine> lines) {
  private static final Set<String> REQUIRED = Set.of("command", "commit", "date", "machine");
  private static final Set<String> KNOWN = Set.of("command", "commit", "date", "machine", "note");

  /** Parses a results file; the exception names the file and line of the first problem. */
  static ResultsFile parse(String fileName, String text) {
    Map<String, String> headers = new HashMap<>();
    List<String> notes = new ArrayList<>();
    List<ResultLine> lines = new ArrayList<>();
    String[] raw = text.split("\n", -1);
    for (int i = 0; i < raw.length; i++) {
      String line = raw[i].strip();
      String where = fileName + " line " + (i + 1) + ": ";
      if (line.startsWith("#")) {
        int colon = line.indexOf(':');
        String key = colon < 0 ? "" : line.substring(1, colon).strip();
        String value = line.substring(colon + 1).strip();
        if (!lines.isEmpty()) {
          throw new ResultsFormatException(where + "a header after the RESULT lines: " + line);
        } else if (!KNOWN.contains(key) && !key.equals("baseline")) {
          throw new ResultsFormatException(
              where
                  + "unknown header '%s' (expected # key: value, key one of %s or baseline)"
                      .formatted(line, KNOWN));
        } else if (key.equals("note")) {
          notes.add(value);
        } else if (headers.put(key, value) != null) {
          throw new ResultsFormatException(where + "header '" + key + "' twice");
        }
      } else if (!line.isEmpty()) {
        try {
          lines.add(ResultLine.parse(line));
        } catch (IllegalArgumentException e) {
          throw new ResultsFormatException(where + e.getMessage());
        }
      }
    }
    for (String key : REQUIRED) {
      if (headers.getOrDefault(key, "").isEmpty()) {
        throw new ResultsFormatException(fileName + ": no '# " + key + ":' header");
      }
    }
    String commit = headers.get("commit");
    if (!commit.matches("[0-9a-f]{40}(-dirty)?")) {
      throw new ResultsFormatException(
          fileName + ": commit '" + commit + "' is no full SHA-1 (git rev-parse HEAD)");
    }
    if (lines.isEmpty()) {
      throw new ResultsFormatException(fileName + ": no RESULT lines");
    }
    String date = headers.get("date");
    return new ResultsFile(
        fileName,
        headers.get("command"),
        commit,
        instant(fileName, date),
        date,
        notes,
        Optional.ofNullable(headers.get("baseline")),
        lines);
  }

  /** Every {@code .txt} file of {@code directory}, by name; other files there are narrative. */
  static List<ResultsFile> readAll(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      List<ResultsFile> out = new ArrayList<>();
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(".txt")) {
          out.add(parse(name, Files.readString(file, StandardCharsets.UTF_8)));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + directory, e);
    }
  }

  /**
   * The scenario the run's command ran: the word after {@code benchmarks/run} or {@code
   * benchmarks/record}, or the command's first word.
   */
  String scenario() {
    String[] words = command.trim().split("\\s+");
    for (int i = 0; i + 1 < words.length; i++) {
      if (words[i].endsWith("benchmarks/run") || words[i].endsWith("benchmarks/record")) {
        return words[i + 1];
      }
    }
    return words[0];
  }

  /** The commit as shown under a table: 7 hex digits, with {@code -dirty} if it has it. */
  String shortCommit() {
    return commit.substring(0, 7) + (commit.endsWith("-dirty") ? "-dirty" : "");
  }

  private static Instant instant(String fileName, String date) {
    try {
      return date.contains("T")
          ? Instant.parse(date)
          : LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      throw new ResultsFormatException(
          fileName + ": date '" + date + "' is neither 2026-12-02T14:03:22Z nor 2026-12-02");
    }
  }
}
