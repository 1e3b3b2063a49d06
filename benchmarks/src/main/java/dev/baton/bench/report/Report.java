// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code benchmarks/report [--check]}: rewrites every table of README.md and docs/*.md between
 * {@code <!-- results:ID -->} and {@code <!-- /results -->} from the newest recorded run in {@code
 * benchmarks/results/} that has its lines (a speed table: the median of that commit's runs of that
 * command); with {@code --check} it rewrites nothing and names each table that differs. Exit
 * status: 0 done or up to date, 1 a table differs or is on no page ({@code --check}), 2 bad
 * arguments or a malformed results file or marker.
 */
public final class Report {
  static final String RESULTS = "benchmarks/results/";
  static final String COMMAND = "benchmarks/report";
  private static final Pattern START = Pattern.compile("<!-- results:([a-z0-9-]+) -->");
  private static final String END = "<!-- /results -->";

  /** A generated region of a page: its table's id, the marker lines (0-based) and the content. */
  record Region(String page, String id, int start, int end, String content) {}

  private final List<ResultsFile> runs;

  Report(List<ResultsFile> runs) {
    this.runs = List.copyOf(runs);
  }

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
      System.err.println("usage: Report <repository root> [--check]");
      return 2;
    }
    Path root = Path.of(args[0]);
    try {
      Report report = new Report(ResultsFile.readAll(root.resolve(RESULTS)));
      Map<String, String> pages = pages(root);
      if (check) {
        List<String> problems = report.problems(pages);
        problems.forEach(System.err::println);
        return problems.isEmpty() ? 0 : 1;
      }
      for (Map.Entry<String, String> page : pages.entrySet()) {
        String rewritten = report.rewrite(page.getKey(), page.getValue());
        if (!rewritten.equals(page.getValue())) {
          Files.writeString(root.resolve(page.getKey()), rewritten, StandardCharsets.UTF_8);
          System.err.println(page.getKey() + ": tables rewritten from " + RESULTS);
        }
      }
      return 0;
    } catch (ResultsFormatException e) {
      System.err.println(e.getMessage());
      return 2;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** README.md and every docs/*.md, by path from the root, with their text. */
  static Map<String, String> pages(Path root) throws IOException {
    Map<String, String> pages = new LinkedHashMap<>();
    pages.put("README.md", Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8));
    Path docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> files = Files.list(docs)) {
        for (Path f : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
          pages.put("docs/" + f.getFileName(), Files.readString(f, StandardCharsets.UTF_8));
        }
      }
    }
    return pages;
  }

  /**
   * What differs between the pages and the recorded runs: a table whose region differs (naming the
   * page, line and command), a table on no page, a table on two.
   */
  List<String> problems(Map<String, String> pages) {
    List<String> out = new ArrayList<>();
    Map<String, String> placed = new HashMap<>();
    for (Map.Entry<String, String> page : pages.entrySet()) {
      for (Region r : regions(page.getKey(), page.getValue())) {
        String before = placed.put(r.id(), r.page());
        if (before != null) {
          out.add(r.page() + ": table '" + r.id() + "' is also on " + before);
        } else if (!r.content().equals(block(table(r.id()), r.page()))) {
          out.add(
              "%s line %d: table '%s' differs from %s; run %s and commit %s"
                  .formatted(r.page(), r.start() + 1, r.id(), RESULTS, COMMAND, r.page()));
        }
      }
    }
    Tables.ALL.stream()
        .filter(t -> !placed.containsKey(t.id()))
        .forEach(t -> out.add("table '" + t.id() + "' is on no page (README.md, docs/*.md)"));
    return out;
  }

  /** The page with every region's content replaced by its table's text. */
  String rewrite(String page, String text) {
    String[] lines = text.split("\n", -1);
    List<String> out = new ArrayList<>();
    int next = 0;
    for (Region r : regions(page, text)) {
      out.addAll(List.of(lines).subList(next, r.start() + 1));
      out.add(block(table(r.id()), page).stripTrailing());
      next = r.end();
    }
    out.addAll(List.of(lines).subList(next, lines.length));
    return String.join("\n", out);
  }

  /**
   * The run a table is generated from: the newest by date among the runs of its scenario (so a
   * {@code chaos-profile} run never feeds the {@code chaos} table) that are no baseline and have at
   * least one of its lines.
   */
  Optional<ResultsFile> source(Table table) {
    List<ResultsFile> candidates =
        runs.stream()
            .filter(run -> run.baseline().isEmpty() && run.scenario().equals(table.scenario()))
            .filter(run -> run.lines().stream().anyMatch(table::shows))
            .sorted(Comparator.comparing(ResultsFile::instant).reversed())
            .toList();
    if (candidates.size() > 1 && candidates.get(1).instant().equals(candidates.get(0).instant())) {
      throw new ResultsFormatException(
          "table '%s': %s and %s have the same date, so neither is the newest: give one a time or mark one '# baseline:'"
              .formatted(table.id(), candidates.get(0).fileName(), candidates.get(1).fileName()));
    }
    return candidates.stream().findFirst();
  }

  /**
   * The runs a table shows: its {@link #source}, and for a table of medians every run of the
   * source's command at the source's commit that is no baseline and has the table's lines; oldest
   * first.
   */
  List<ResultsFile> sources(Table table) {
    Optional<ResultsFile> newest = source(table);
    if (newest.isEmpty() || !table.medians()) {
      return newest.stream().toList();
    }
    ResultsFile n = newest.get();
    return runs.stream()
        .filter(run -> run.baseline().isEmpty() && run.commit().equals(n.commit()))
        .filter(run -> run.command().equals(n.command()))
        .filter(run -> run.lines().stream().anyMatch(table::shows))
        .sorted(Comparator.comparing(ResultsFile::instant))
        .toList();
  }

  /** A table's text between its markers on {@code page}, linking to its runs from there. */
  String block(Table table, String page) {
    List<ResultsFile> shown = sources(table);
    if (shown.isEmpty()) {
      return "No recorded run yet (record one with `benchmarks/record %s`).\n"
          .formatted(table.scenario());
    }
    String link = "../".repeat((int) page.chars().filter(c -> c == '/').count()) + RESULTS;
    ResultsFile newest = shown.get(shown.size() - 1);
    if (shown.size() == 1) {
      return "%s\n`%s` at %s, %s ([machine and raw lines](%s%s))\n"
          .formatted(
              table.render(newest),
              newest.command(),
              newest.shortCommit(),
              newest.date(),
              link,
              newest.fileName());
    }
    List<String> files = new ArrayList<>();
    for (int i = 0; i < shown.size(); i++) {
      files.add("[run %d](%s%s)".formatted(i + 1, link, shown.get(i).fileName()));
    }
    return "%s\n`%s` at %s, each value the median of %d runs, %s to %s (machine and raw lines: %s)\n"
        .formatted(
            table.render(Medians.of(table, shown)),
            newest.command(),
            newest.shortCommit(),
            shown.size(),
            shown.get(0).date(),
            newest.date(),
            String.join(", ", files));
  }

  private static Table table(String id) {
    return Tables.ALL.stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow();
  }

  /** The regions of a page, in order; the exception names the page and line of a bad marker. */
  static List<Region> regions(String page, String text) {
    String[] lines = text.split("\n", -1);
    List<Region> out = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    int open = -1;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      Matcher start = START.matcher(line);
      String where = page + " line " + (i + 1) + ": ";
      if (start.matches()) {
        String id = start.group(1);
        if (open >= 0) {
          throw new ResultsFormatException(
              where + "table '" + id + "' starts inside the table of line " + (open + 1));
        } else if (Tables.ALL.stream().noneMatch(t -> t.id().equals(id))) {
          throw new ResultsFormatException(where + "unknown table '" + id + "' (see Tables)");
        } else if (seen.contains(id)) {
          throw new ResultsFormatException(where + "table '" + id + "' a second time");
        }
        seen.add(id);
        open = i;
      } else if (line.equals(END) && open >= 0) {
        String content = String.join("\n", List.of(lines).subList(open + 1, i));
        out.add(
            new Region(
                page, seen.get(seen.size() - 1), open, i, content.isEmpty() ? "" : content + "\n"));
        open = -1;
      } else if (line.startsWith("<!-- results") || line.startsWith("<!-- /results")) {
        throw new ResultsFormatException(
            where + "a marker out of place or of another form: " + line);
      }
    }
    if (open >= 0) {
      throw new ResultsFormatException(page + " line " + (open + 1) + ": a table without " + END);
    }
    return out;
  }
}
