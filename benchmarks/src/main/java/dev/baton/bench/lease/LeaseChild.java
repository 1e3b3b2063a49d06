// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.ChildProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark's side of a {@link LeaseChildMain}: starts it, waits for its lines, pauses, resumes
 * and kills it. The child runs with a small heap, the serial collector and C1 only, to start fast.
 */
final class LeaseChild extends ChildProcess {
  private static final List<String> JVM_OPTIONS =
      List.of("-Xmx128m", "-XX:+UseSerialGC", "-Xshare:auto", "-XX:TieredStopAtLevel=1");

  private LeaseChild(List<String> args, String who) {
    super(LeaseChildMain.class, JVM_OPTIONS, args, who);
  }

  /** Starts a candidate of {@code system} with id {@code id} on {@code election}. */
  static LeaseChild start(LeaseSystem system, LeaseSetup setup, String election, String id) {
    List<String> args = new ArrayList<>();
    args.add(system.key());
    args.addAll(setup.toArgs());
    args.add(election);
    args.add(id);
    return new LeaseChild(args, system.key() + " child " + id);
  }

  /**
   * Waits for its {@code ELECTED} line; returns the term it names.
   *
   * @throws BenchmarkFailure if none comes within {@code within}
   */
  String awaitElected(Duration within) {
    String line = await("was not elected", () -> awaitLine("ELECTED ", within));
    return line.substring(line.indexOf("term=") + 5).trim();
  }

  /**
   * Sends {@code WRITE label} and waits for the answer.
   *
   * @return whether the write was accepted
   * @throws BenchmarkFailure if the write failed otherwise than by a rejection, or no answer came
   */
  LeaseCandidate.WriteResult write(String writeLabel, Duration within) {
    String line =
        await(
            "did not answer its write", () -> child.ask("WRITE " + writeLabel, "RESULT ", within));
    if (line.startsWith("RESULT ACCEPTED")) {
      return LeaseCandidate.WriteResult.acceptedWrite();
    }
    if (line.startsWith("RESULT REJECTED ")) {
      return new LeaseCandidate.WriteResult(false, line.substring("RESULT REJECTED ".length()));
    }
    throw new BenchmarkFailure(label + " could not write '" + writeLabel + "': " + line);
  }

  /** SIGSTOP. */
  void pause() {
    child.pause();
  }

  /** SIGCONT. */
  void resume() {
    child.resume();
  }

  /** SIGKILL, and waits until it is gone. */
  void kill() {
    child.kill();
  }
}
