// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.Cli;
import dev.baton.bench.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code benchmarks/run history-check --dir=<dir>}: docs/testing.md, "The independent checker". */
@Command(
    name = "history-check",
    description = "the independent checker over exported chaos histories (--dir=...)")
public final class HistoryCheck implements Scenario {
  @Option(names = "--dir", defaultValue = "target/chaos-history")
  Path dir;

  @Override
  public void run(List<String> args) {
    if (!Cli.parse(this, args)) {
      return;
    }
    List<Path> files = find(dir);
    if (files.isEmpty()) {
      throw new BenchmarkFailure("no history.json under " + dir.toAbsolutePath());
    }
    long violations = 0;
    for (Path f : files) {
      List<String> v = HistoryChecker.check(History.read(f));
      violations += v.size();
      v.forEach(x -> System.err.println("history-check VIOLATION " + f + ": " + x));
    }
    System.out.printf("RESULT history-check files=%d violations=%d%n", files.size(), violations);
    if (violations > 0) {
      throw new BenchmarkFailure(violations + " violations in the histories under " + dir);
    }
  }

  /** Every {@code history.json} and {@code history.json.gz} under {@code dir}, sorted. */
  public static List<Path> find(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      Set<String> names = Set.of("history.json", "history.json.gz");
      return walk.filter(p -> names.contains(p.getFileName().toString())).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
