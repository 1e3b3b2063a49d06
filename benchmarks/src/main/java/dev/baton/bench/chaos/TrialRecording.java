// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Where one trial is recorded, its extra description, and whether to keep the logs too. */
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

  /** A fresh {@code <n>-<scenario>-<role>-<fence>} directory under the default root, no logs. */
  public static TrialRecording defaultFor(String scenario, String role, String fence) {
    String id = TRIALS.incrementAndGet() + "-" + scenario + "-" + role + "-" + fence;
    return new TrialRecording(DEFAULT_ROOT.resolve(id), Map.of("trial", id), false);
  }

  /** The directory default recordings of this JVM go under. */
  public static Path defaultRoot() {
    return DEFAULT_ROOT;
  }
}
