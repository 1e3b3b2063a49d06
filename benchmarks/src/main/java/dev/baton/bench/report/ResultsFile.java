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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One recorded run: a file in {@code benchmarks/results/} written by {@code benchmarks/record}.
 *
 * <pre>
 * # command: benchmarks/run lock --contenders=1
 * # commit: 0123456789abcdef0123456789abcdef01234567
 * # date: 2026-12-02T14:03:22Z
 * # machine: 2 cores, AMD EPYC 7B13, 23Gi memory, openjdk 17.0.15, load average 1.20 at start, 2.71 at end
 * # note: free text (any number of note lines)
 * # baseline: why this run is kept for comparison only (optional; the README's tables skip it)
 * RESULT lock contenders=1 ratio=0.879 ...
 * </pre>
 *
 * <p>Headers come first, each at most once except {@code note}; {@code commit} is a full SHA-1,
 * followed by {@code -dirty} if the tree had uncommitted changes; {@code date} is an ISO-8601 UTC
 * time ({@code 2026-12-02T14:03:22Z}) or a day ({@code 2026-12-01}, taken as its start); then only
 * {@code RESULT} lines, verbatim, and blank lines.
 *
 * @param fileName the file's name, e.g. {@code 2026-12-02-lock-0123456.txt}
 * @param command the command that produced the lines
 * @param commit the commit it ran at
 * @param date the date as written
 * @param machine the machine's facts as written
 * @param notes the note lines, in order
 * @param baseline why the run is kept for comparison only, if it is
 * @param lines the RESULT lines, in order
 */
public record ResultsFile(
    String fileName,
    String command,
    String commit,
    String date,
    String machine,
    List<String> notes,
    Optional<String> baseline,
    List<ResultLine> lines) {

  /**
   * The scenario the run's command ran: the word after {@code benchmarks/run} or {@code
   * benchmarks/record}, or the command's first word if it has neither.
   */
  public String scenario() {
    String[] words = command.trim().split("\\s+");
    for (int i = 0; i + 1 < words.length; i++) {
      if (words[i].endsWith("benchmarks/run") || words[i].endsWith("benchmarks/record")) {
        return words[i + 1];
      }
    }
    return words[0];
  }

  /** The extension of results files; other files in the directory are narrative, not read. */
  public static final String EXTENSION = ".txt";

  private static final Set<String> REQUIRED = Set.of("command", "commit", "date", "machine");
  private static final Set<String> OPTIONAL = Set.of("note", "baseline");
  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}(-dirty)?");

  /** Copies the lists. */
  public ResultsFile {
    notes = List.copyOf(notes);
    lines = List.copyOf(lines);
  }

  /**
   * Parses a results file.
   *
   * @param fileName the file's name, for messages and links
   * @param text its content
   * @return the run
   * @throws ResultsFormatException naming the file and line of the first problem
   */
  public static ResultsFile parse(String fileName, String text) {
    Map<String, String> headers = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    List<ResultLine> lines = new ArrayList<>();
    String[] raw = text.split("\n", -1);
    for (int i = 0; i < raw.length; i++) {
      String line = raw[i].strip();
      String where = fileName + " line " + (i + 1) + ": ";
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        if (!lines.isEmpty()) {
          throw new ResultsFormatException(where + "a header after the RESULT lines: " + line);
        }
        int colon = line.indexOf(':');
        String key = colon < 0 ? "" : line.substring(1, colon).strip();
        if (!REQUIRED.contains(key) && !OPTIONAL.contains(key)) {
          throw new ResultsFormatException(
              where
                  + "unknown header '"
                  + line
                  + "' (expected # key: value, key one of "
                  + "command, commit, date, machine, note, baseline)");
        }
        String value = line.substring(colon + 1).strip();
        if (key.equals("note")) {
          notes.add(value);
        } else if (headers.put(key, value) != null) {
          throw new ResultsFormatException(where + "header '" + key + "' twice");
        }
      } else {
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
    if (!COMMIT.matcher(headers.get("commit")).matches()) {
      throw new ResultsFormatException(
          fileName
              + ": commit '"
              + headers.get("commit")
              + "' is no full SHA-1 (git rev-parse HEAD)");
    }
    if (lines.isEmpty()) {
      throw new ResultsFormatException(fileName + ": no RESULT lines");
    }
    ResultsFile file =
        new ResultsFile(
            fileName,
            headers.get("command"),
            headers.get("commit"),
            headers.get("date"),
            headers.get("machine"),
            notes,
            Optional.ofNullable(headers.get("baseline")),
            lines);
    file.instant();
    return file;
  }

  /**
   * Reads every results file ({@value #EXTENSION}) of a directory.
   *
   * @param directory {@code benchmarks/results}
   * @return the runs, by file name
   * @throws ResultsFormatException if one is malformed
   * @throws UncheckedIOException if the directory cannot be read
   */
  public static List<ResultsFile> readAll(Path directory) {
    try (Stream<Path> files = Files.list(directory)) {
      List<ResultsFile> out = new ArrayList<>();
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(EXTENSION)) {
          out.add(parse(name, Files.readString(file, StandardCharsets.UTF_8)));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + directory, e);
    }
  }

  /**
   * When the run was recorded, for choosing the newest run of a table.
   *
   * @return the date; a day counts as its start (UTC)
   * @throws ResultsFormatException if the date is neither form
   */
  public Instant instant() {
    try {
      return date.contains("T")
          ? Instant.parse(date)
          : LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      throw new ResultsFormatException(
          fileName + ": date '" + date + "' is neither 2026-12-02T14:03:22Z nor 2026-12-02");
    }
  }

  /**
   * The commit as shown under a table.
   *
   * @return the first 7 hex digits, with {@code -dirty} if the commit has it
   */
  public String shortCommit() {
    return commit.substring(0, 7) + (commit.endsWith("-dirty") ? "-dirty" : "");
  }
}
