// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code benchmarks/report [--check]}: rewrites the tables of the repository's README.md from
 * {@code benchmarks/results/}, or with {@code --check} only reports the tables that differ.
 *
 * <p>Exit status: 0 done (or, with {@code --check}, every table up to date), 1 a table differs
 * ({@code --check}), 2 invalid arguments or a malformed results file or marker.
 */
public final class ReportMain {
  /** The results directory, relative to the repository root and as the README links it. */
  public static final String RESULTS = "benchmarks/results/";

  /** The command that regenerates the tables, named in every message about a stale table. */
  public static final String COMMAND = "benchmarks/report";

  private ReportMain() {}

  /**
   * Runs the report.
   *
   * @param args the repository root, then optionally {@code --check}
   */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    boolean check = args.length == 2 && args[1].equals("--check");
    if (args.length < 1 || args.length > 2 || (args.length == 2 && !check)) {
      System.err.println("usage: ReportMain <repository root> [--check]");
      return 2;
    }
    Path root = Path.of(args[0]);
    Path readme = root.resolve("README.md");
    try {
      String text = Files.readString(readme, StandardCharsets.UTF_8);
      Map<String, String> blocks = blocks(root);
      if (check) {
        List<String> problems = problems(text, blocks);
        problems.forEach(System.err::println);
        return problems.isEmpty() ? 0 : 1;
      }
      String rewritten = ReadmeMarkers.rewrite(text, blocks);
      if (rewritten.equals(text)) {
        System.err.println("README.md: every table is up to date with " + RESULTS);
      } else {
        Files.writeString(readme, rewritten, StandardCharsets.UTF_8);
        System.err.println("README.md: tables rewritten from " + RESULTS);
      }
      return 0;
    } catch (ResultsFormatException e) {
      System.err.println(e.getMessage());
      return 2;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every table's text from the repository's recorded runs.
   *
   * @param root the repository root
   * @return table id to its text
   */
  public static Map<String, String> blocks(Path root) {
    return new ResultsReport(ResultsFile.readAll(root.resolve(RESULTS)), RESULTS)
        .blocks(Tables.all());
  }

  /**
   * The README's tables that differ from their recorded runs.
   *
   * @param readme the README's text
   * @param blocks table id to its text
   * @return one message per differing table, naming it, its line and the command to run; empty if
   *     every table is up to date
   */
  public static List<String> problems(String readme, Map<String, String> blocks) {
    List<String> out = new ArrayList<>();
    for (ReadmeMarkers.Region region : ReadmeMarkers.stale(readme, blocks)) {
      out.add(
          "README.md line "
              + (region.startLine() + 1)
              + ": table '"
              + region.id()
              + "' differs from "
              + RESULTS
              + "; run "
              + COMMAND
              + " and commit README.md");
    }
    return out;
  }
}
