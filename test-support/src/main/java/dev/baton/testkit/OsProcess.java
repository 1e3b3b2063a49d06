// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What {@link ChildJvm} asks of the operating system beyond {@link Process}: POSIX only. */
final class OsProcess {
  /**
   * setsid(1), where the system has one (util-linux has; macOS has not). A child that shares its
   * starter's process group is sent SIGHUP and SIGCONT by the kernel when that group becomes
   * orphaned while one of its members is stopped (POSIX, "orphaned process group"): the shell that
   * started the run exits, as after {@code nohup ... &}. A child in a session of its own is never
   * in that group, so only {@link ChildJvm#resume()} ends its pause.
   */
  private static final Optional<String> SETSID =
      Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator))
          .map(dir -> Path.of(dir, "setsid"))
          .filter(Files::isExecutable)
          .map(Path::toString)
          .findFirst();

  private OsProcess() {}

  /**
   * {@code command} run in a session of its own where the system can. setsid(1) forks only if its
   * caller leads a process group, which a process just started by the JVM never does: the command's
   * pid is the child's.
   */
  static List<String> inOwnSession(List<String> command) {
    List<String> own = new ArrayList<>();
    SETSID.ifPresent(own::add);
    own.addAll(command);
    return own;
  }

  /** Whether process {@code pid} is stopped (state T): {@code /proc} on Linux, else ps(1). */
  static boolean stopped(long pid) {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    try {
      if (Files.isDirectory(Path.of("/proc", "self"))) {
        String s = Files.readString(stat, StandardCharsets.US_ASCII);
        return s.charAt(s.lastIndexOf(')') + 2) == 'T';
      }
      Process ps = new ProcessBuilder("ps", "-o", "state=", "-p", Long.toString(pid)).start();
      String state = new String(ps.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      if (!ps.waitFor(10, TimeUnit.SECONDS)) {
        ps.destroyForcibly();
        throw new IllegalStateException("ps -p " + pid + " did not return");
      }
      return state.strip().startsWith("T");
    } catch (IOException e) {
      return false; // gone
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the state of " + pid, e);
    }
  }
}
