// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.history.check.History;
import dev.baton.bench.history.check.HistoryChecker;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records one trial: exports its history, has the independent checker judge it, and with {@link
 * TrialRecording#keepLogs()} keeps the clients' output and the servers' log lines of the trial.
 */
final class TrialRecorder {
  private final ChaosCluster cluster;
  private final TrialRecording recording;
  private final long[] serverLogOffsets;
  private final Instant started = Instant.now();
  private final long originNanos;

  /** Begins recording a trial whose history counts time from {@code originNanos}. */
  TrialRecorder(ChaosCluster cluster, TrialRecording recording, long originNanos) {
    this.cluster = cluster;
    this.recording = recording;
    this.originNanos = originNanos;
    this.serverLogOffsets = new long[cluster.ensemble().size()];
    if (recording.keepLogs()) {
      for (int i = 0; i < serverLogOffsets.length; i++) {
        serverLogOffsets[i] = size(cluster.ensemble().logFile(i));
      }
    }
  }

  /** The faults as the history's operations: times from the clock's origin. */
  private List<HistoryExport.Fault> faults(List<HistoryExport.Fault> faults) {
    return faults.stream()
        .map(f -> new HistoryExport.Fault(Math.max(0, f.time() - originNanos), f.what()))
        .toList();
  }

  /**
   * Exports the finished {@code run}'s history and returns {@code result} with the independent
   * checker's findings; a finding the harness missed is one more violation.
   */
  TrialResult judge(ChaosRun run, TrialResult result, String scenario, ChaosOptions options) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("trial", recording.meta().getOrDefault("trial", recording.dir().getFileName()));
    meta.put("scenario", scenario);
    meta.put("role", run.role().key());
    meta.put("fence", options.fence().key());
    meta.put("database", options.db().key());
    meta.put("backend", options.backend().key());
    meta.put("started", started.toString());
    meta.put("session_ms", options.sessionMs());
    meta.put("write_interval_ms", options.writeIntervalMs());
    meta.put("clients", options.clients());
    meta.put("partitions", options.partitions());
    meta.put("time_source", "client monotonic clock (one host)");
    recording.meta().forEach(meta::putIfAbsent);
    Path file =
        HistoryExport.write(
            recording.dir(),
            meta,
            run.role(),
            HistoryExport.stampAll(run.clients(), originNanos),
            faults(run.faultLog()),
            run.fenceLog());
    List<String> independent = HistoryChecker.check(History.read(file));
    Optional<String> disagreement =
        !independent.isEmpty() && result.violations().isEmpty()
            ? Optional.of(
                ("%s/%s: the checkers disagree: the independent checker found %d violations in %s"
                        + " the harness's did not, first: %s")
                    .formatted(scenario, run.role(), independent.size(), file, independent.get(0)))
            : Optional.empty();
    if (recording.keepLogs()) {
      keepLogs(run);
    }
    return result.judgedIndependently(independent, disagreement);
  }

  private void keepLogs(ChaosRun run) {
    try {
      Path clients = Files.createDirectories(recording.dir().resolve("clients"));
      for (ChaosClient c : run.clients()) {
        move(c.process().outputFile(), clients.resolve(c.id() + ".out"));
        if (!c.process().errorFile().equals(c.process().outputFile())) {
          move(c.process().errorFile(), clients.resolve(c.id() + ".err"));
        }
      }
      Path servers = Files.createDirectories(recording.dir().resolve("servers"));
      for (int i = 0; i < serverLogOffsets.length; i++) {
        copyFrom(
            cluster.ensemble().logFile(i),
            serverLogOffsets[i],
            servers.resolve("server-" + (i + 1) + ".log"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the logs of the trial in " + recording.dir(), e);
    }
  }

  private static void move(Path from, Path to) throws IOException {
    if (Files.exists(from)) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Copies {@code from} after its first {@code offset} bytes (the lines of this trial). */
  private static void copyFrom(Path from, long offset, Path to) throws IOException {
    if (!Files.exists(from)) {
      return;
    }
    try (RandomAccessFile in = new RandomAccessFile(from.toFile(), "r")) {
      long length = in.length();
      long start = offset <= length ? offset : 0; // a restarted server may have a new log
      byte[] bytes = new byte[(int) Math.min(length - start, 64L << 20)];
      in.seek(start);
      in.readFully(bytes);
      Files.write(to, bytes);
    }
  }

  private static long size(Path file) {
    try {
      return Files.exists(file) ? Files.size(file) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the size of " + file, e);
    }
  }
}
