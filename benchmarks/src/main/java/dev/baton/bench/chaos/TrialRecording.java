// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where and how one trial is recorded.
 *
 * @param dir the trial's output directory; its history goes to {@code dir/history.json}
 * @param meta extra fields of the history's description (e.g. the trial id and seed of a profile)
 * @param keepLogs also move the clients' output ({@code clients/<id>.out}, {@code .err}) and the
 *     servers' log lines of the trial ({@code servers/server-<n>.log}) into {@code dir}
 */
public record TrialRecording(Path dir, Map<String, Object> meta, boolean keepLogs) {
  /** The system property naming the directory the default recordings go under. */
  public static final String DIR_PROPERTY = "baton.chaos.history.dir";

  private static final AtomicInteger TRIALS = new AtomicInteger();
  private static final Path DEFAULT_ROOT =
      Path.of(
          System.getProperty(DIR_PROPERTY, "target/chaos-history"),
          LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
              + "-"
              + ProcessHandle.current().pid());

  public TrialRecording {
    meta = new LinkedHashMap<>(meta);
  }

  /**
   * The default recording of a trial: a fresh directory {@code <n>-<scenario>-<role>-<fence>} under
   * {@code target/chaos-history/<run>} (or the {@value #DIR_PROPERTY} property's directory), the
   * history only.
   */
  public static TrialRecording defaultFor(String scenario, String role, String fence) {
    String id = TRIALS.incrementAndGet() + "-" + scenario + "-" + role + "-" + fence;
    return new TrialRecording(DEFAULT_ROOT.resolve(id), Map.of("trial", id), false);
  }

  /** The directory default recordings of this JVM go under. */
  public static Path defaultRoot() {
    return DEFAULT_ROOT;
  }
}
