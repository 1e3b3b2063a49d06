// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import static dev.baton.testkit.ChildJvm.field;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.ChildProcess;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The parent's side of a {@link LeaderChildMain}: starts it, reads its lines, signals it and tells
 * when it ended. Signals go straight to the process ({@link ProcessHandle#destroy()} is SIGTERM,
 * {@link ProcessHandle#destroyForcibly()} SIGKILL, each one {@code kill(2)} call of this JVM, no
 * {@code kill} command forked), so the time taken just before is the time of the signal.
 */
final class LeaderProcess extends ChildProcess {
  /** The child's JVM options: small heap, serial GC (fewer threads), default JIT. */
  static final List<String> JVM_OPTIONS = List.of("-Xmx128m", "-XX:+UseSerialGC", "-Xshare:auto");

  /** {@link #JVM_OPTIONS} with C1 only, for a leader that is killed: it starts with less CPU. */
  static final List<String> FAST_START =
      Stream.concat(JVM_OPTIONS.stream(), Stream.of("-XX:TieredStopAtLevel=1")).toList();

  private final ProcessHandle handle;
  private final CompletableFuture<Long> exitNanos;

  /** Starts the leader of {@code library} on election {@code path}, with {@code jvmOptions}. */
  LeaderProcess(
      Library library, ZkClient settings, String path, String id, List<String> jvmOptions) {
    super(
        LeaderChildMain.class,
        jvmOptions,
        List.of(
            library.key(),
            settings.connectString(),
            path,
            id,
            Integer.toString(settings.sessionTimeoutMs()),
            Integer.toString(settings.connectionTimeoutMs())),
        library.key() + " leader " + id);
    this.handle =
        ProcessHandle.of(child.pid())
            .orElseThrow(() -> new IllegalStateException(label + " ended at once"));
    this.exitNanos = handle.onExit().thenApply(h -> System.nanoTime());
  }

  /** The leader's session: its id and the timeout the server granted. */
  record Session(long id, int negotiatedMs) {}

  /** Waits for the {@code SESSION} line. */
  Session awaitSession(Duration within) {
    String line = awaitLine("SESSION ", within);
    return new Session(
        Long.parseUnsignedLong(field(line, "id"), 16),
        Integer.parseInt(field(line, "negotiated_ms")));
  }

  /** Waits for the {@code ELECTED} line; returns its time. */
  long awaitElected(Duration within) {
    return Long.parseLong(field(awaitLine("ELECTED ", within), "nanos"));
  }

  /**
   * Checks that the child's {@link System#nanoTime()} is this JVM's: its answer to {@code CLOCK}
   * must lie between two readings of ours (unrelated origins would be far apart: HotSpot on Linux
   * reads {@code CLOCK_MONOTONIC}, time since boot).
   *
   * @return the window, in nanoseconds: the most the two clocks can differ by
   * @throws BenchmarkFailure if the answer lies outside the window
   */
  long checkSharedClock(Duration within) throws InterruptedException {
    int skip = child.lines().size();
    long before = System.nanoTime();
    child.send("CLOCK");
    long deadline = before + within.toNanos();
    while (true) {
      Optional<String> answer =
          child.lines().stream().skip(skip).filter(l -> l.startsWith("CLOCK ")).findFirst();
      long after = System.nanoTime();
      if (answer.isPresent()) {
        long theirs = Long.parseLong(field(answer.get(), "nanos"));
        if (theirs < before || theirs > after) {
          throw new BenchmarkFailure(
              String.format(
                  Locale.ROOT,
                  "%s: its System.nanoTime() is not this JVM's: it answered %d, outside [%d, %d];"
                      + " revoked_first cannot be decided",
                  label,
                  theirs,
                  before,
                  after));
        }
        return after - before;
      }
      if (after - deadline > 0) {
        throw new BenchmarkFailure(label + ": no CLOCK answer within " + within);
      }
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  /**
   * Has the leader's JVM collect its start-up garbage ({@code System.gc()}), so that its shutdown
   * does not wait for a first collection by chance; returns its count of collections after that.
   */
  long collectGarbage(Duration within) {
    return Long.parseLong(field(child.ask("GC", "GC ", within), "collections"));
  }

  /** Sends SIGKILL, else SIGTERM; returns {@link System#nanoTime()} taken just before. */
  long signal(boolean kill) {
    long now = System.nanoTime();
    if (kill) {
      handle.destroyForcibly();
    } else {
      handle.destroy();
    }
    return now;
  }

  /**
   * Waits for the process to end; returns when it ended ({@link System#nanoTime()} of this JVM,
   * taken by the JDK's process reaper thread, so at most a scheduling delay late).
   */
  long awaitExit(Duration within) throws InterruptedException {
    try {
      return exitNanos.get(within.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new BenchmarkFailure(label + " did not end within " + within);
    } catch (ExecutionException e) {
      throw new IllegalStateException(label + ": cannot wait for its end", e);
    }
  }

  /** The exit code once ended: 137 after SIGKILL, 143 after SIGTERM. */
  int exitCode() {
    return child.exitCode().orElseThrow(() -> new IllegalStateException(label + " still runs"));
  }

  /** The time of the first line {@code <kind> ... nanos=<t>} printed so far, if any. */
  OptionalLong nanosOf(String kind) {
    return valueOf(kind, "nanos").stream().mapToLong(Long::parseLong).findFirst();
  }

  /** The value of {@code key} in the first line starting with {@code kind}, if any. */
  Optional<String> valueOf(String kind, String key) {
    return child.lines().stream()
        .filter(l -> l.startsWith(kind + " "))
        .findFirst()
        .map(l -> field(l, key));
  }

  /** The last lines of the child's output and errors, for a failure's message. */
  String lastLines() {
    List<String> lines = child.lines();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
  }
}
