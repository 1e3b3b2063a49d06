// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.profile;

import dev.baton.bench.chaos.ChaosCluster;
import dev.baton.bench.chaos.ChaosOptions;
import dev.baton.bench.chaos.ChaosProtocol.Backend;
import dev.baton.bench.chaos.ChaosSuite;
import dev.baton.bench.chaos.TrialRecording;
import dev.baton.bench.chaos.TrialResult;
import dev.baton.bench.chaos.scenario.Scenarios;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Runs the profile's trials in {@code trials/<id>/} and files them: to {@code failed/<id>/} with
 * everything and a {@code trial.txt} (seed, violations, replay command), or to {@code passed/<id>/}
 * with the compressed history only.
 */
final class ProfileTrials {
  private final ChaosCluster cluster;
  private final ChaosOptions options;
  private final Duration soak;
  private final Path out;
  private final ProfileTable table = new ProfileTable();
  private ProfileLedger ledger;

  ProfileTrials(ChaosCluster cluster, ChaosOptions options, Duration soak, Path out) {
    this.cluster = cluster;
    this.options = options;
    this.soak = soak;
    this.out = out;
  }

  ProfileTable table() {
    return table;
  }

  void recordIn(ProfileLedger ledger) {
    this.ledger = ledger;
  }

  /** Runs one planned trial; returns whether it failed. */
  boolean run(TrialSpec spec) {
    return run(spec, out.resolve("trials").resolve(spec.id()), false);
  }

  /** Runs the trial {@code spec} again into {@code replay/<id>/}, keeping everything. */
  boolean replay(TrialSpec spec) {
    System.err.println("chaos-profile: replaying " + spec.id());
    return run(spec, out.resolve("replay").resolve(spec.id()), true);
  }

  private boolean run(TrialSpec spec, Path dir, boolean keepAll) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("trial", spec.id());
    meta.put("seed", spec.seed());
    meta.put("replay", replayCommand(spec));
    boolean failed;
    String report;
    ProfileLedger.Entry entry;
    try {
      TrialResult r =
          ChaosSuite.trial(
              cluster,
              Scenarios.byName(spec.scenario(), soak, spec.seed()),
              spec.role(),
              options.withFence(spec.fence()),
              new TrialRecording(dir, meta, true));
      failed = !r.violations().isEmpty() || !r.independentViolations().isEmpty();
      entry = ProfileLedger.Entry.of(spec, r, failed);
      report =
          "violations: %s\nindependent violations: %s\nnotes: %s\n"
              .formatted(r.violations(), r.independentViolations(), r.notes());
    } catch (RuntimeException e) {
      failed = true;
      entry = ProfileLedger.Entry.error(spec);
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      report = "error: " + trace;
      System.err.println("chaos-profile: trial " + spec.id() + " ended with an error: " + e);
    }
    table.add(spec.cell(), entry);
    try {
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("trial.txt"),
          "trial: %s\nseed: %d\nreplay: %s\n%s"
              .formatted(spec.id(), spec.seed(), replayCommand(spec), report));
      if (!keepAll) {
        file(dir, spec.id(), failed);
      }
      if (ledger != null) {
        ledger.append(entry);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot file the evidence of " + spec.id(), e);
    }
    return failed;
  }

  /** The command that runs {@code spec} again, naming the backend unless it is ZooKeeper. */
  private String replayCommand(TrialSpec spec) {
    return "benchmarks/run chaos-profile --replay="
        + spec.id()
        + (options.backend() == Backend.ZK ? "" : " --backend=" + options.backend().key());
  }

  private void file(Path dir, String id, boolean failed) throws IOException {
    Path target = out.resolve(failed ? "failed" : "passed").resolve(id);
    Files.createDirectories(target.getParent());
    if (failed) {
      Files.move(dir, target);
      return;
    }
    Files.createDirectories(target);
    Path history = dir.resolve("history.json");
    if (Files.exists(history)) {
      try (InputStream in = Files.newInputStream(history);
          OutputStream gz =
              new GZIPOutputStream(Files.newOutputStream(target.resolve("history.json.gz")))) {
        in.transferTo(gz);
      }
    }
    deleteTree(dir);
  }

  /** Writes {@code table.md} and {@code summary.txt} into the output directory. */
  void writeReport(String summary) {
    try {
      Files.createDirectories(out);
      Files.writeString(out.resolve("table.md"), table.markdown());
      Files.writeString(out.resolve("summary.txt"), summary + "\n");
      Path running = out.resolve("trials");
      if (Files.isDirectory(running)) {
        try (Stream<Path> left = Files.list(running)) {
          if (left.findAny().isEmpty()) {
            Files.delete(running); // every trial was filed as passed or failed
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the profile's report into " + out, e);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(dir)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : paths) {
      Files.delete(p);
    }
  }
}
