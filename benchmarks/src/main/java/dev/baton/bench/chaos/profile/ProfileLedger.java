// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import dev.baton.bench.chaos.TrialResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code ledger.tsv}, the profile's record of its finished trials for {@code --resume}: a line
 * {@code # plan <description>}, then one tab-separated tally per trial, appended and flushed when
 * it is filed ({@link Entry}); a line cut short by a crash is ignored.
 */
final class ProfileLedger {
  static final String FILE = "ledger.tsv";
  private static final String PLAN = "# plan ";

  record Entry(
      String id,
      boolean failed,
      boolean error,
      long faults,
      long writes,
      long rejected,
      long violations,
      long independent,
      long recoverMs) {

    /** A trial that ran to its verdict. */
    static Entry of(TrialSpec spec, TrialResult r, boolean failed) {
      return new Entry(
          spec.id(),
          failed,
          false,
          r.faults(),
          r.writes(),
          r.rejected(),
          r.violations().size(),
          r.independentViolations().size(),
          r.recoverMs());
    }

    /** A trial that ended with an error before its verdict (a failed trial). */
    static Entry error(TrialSpec spec) {
      return new Entry(spec.id(), true, true, 0, 0, 0, 0, 0, 0);
    }

    String line() {
      return Stream.of(
              id,
              failed ? 1 : 0,
              error ? 1 : 0,
              faults,
              writes,
              rejected,
              violations,
              independent,
              recoverMs)
          .map(String::valueOf)
          .collect(Collectors.joining("\t"));
    }

    static Entry parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length != 9 || !f[1].matches("[01]") || !f[2].matches("[01]")) {
        throw new IllegalArgumentException("not a ledger line: " + line);
      }
      long[] n = Stream.of(f).skip(3).mapToLong(Long::parseLong).toArray();
      return new Entry(
          f[0], f[1].equals("1"), f[2].equals("1"), n[0], n[1], n[2], n[3], n[4], n[5]);
    }
  }

  private final Path file;

  private ProfileLedger(Path file) {
    this.file = file;
  }

  /** A new ledger for {@code plan} in {@code out}; refuses to overwrite one. */
  static ProfileLedger create(Path out, String plan) {
    Path file = out.resolve(FILE);
    try {
      Files.createDirectories(out);
      Files.writeString(
          file, PLAN + plan + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      throw new IllegalArgumentException(
          file + " exists: resume that run with --resume, or choose another --out", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + file, e);
    }
    return new ProfileLedger(file);
  }

  /**
   * The ledger of an earlier run of {@code plan} in {@code out}, adding its trials to {@code
   * finished}; {@link IllegalArgumentException} if none or of another plan.
   */
  static ProfileLedger resume(Path out, String plan, List<Entry> finished) {
    Path file = out.resolve(FILE);
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot resume: no readable " + file, e);
    }
    if (lines.isEmpty() || !lines.get(0).equals(PLAN + plan)) {
      throw new IllegalArgumentException(
          "cannot resume: "
              + file
              + " is of another plan ("
              + (lines.isEmpty() ? "empty" : lines.get(0))
              + "); this one is: "
              + plan);
    }
    for (String line : lines.subList(1, lines.size())) {
      try {
        finished.add(Entry.parse(line));
      } catch (IllegalArgumentException e) {
        System.err.println("chaos-profile: ignoring a ledger line cut short: " + line);
      }
    }
    return new ProfileLedger(file);
  }

  synchronized void append(Entry entry) {
    try {
      Files.writeString(
          file, entry.line() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + file, e);
    }
  }
}
