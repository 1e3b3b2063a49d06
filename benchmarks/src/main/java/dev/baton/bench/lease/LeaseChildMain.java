// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lease;

import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.Candidate.Sink;
import dev.baton.fencing.FencingToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * A candidate in a JVM of its own, for the crash and pause tests: {@code LeaseChildMain <system>
 * <url> <run id> <lease ms> <poll ms> <election> <id>}. Prints {@code ELECTED nanos=<t> term=<token
 * or ->} and {@code REVOKED nanos=<t>}; answers each {@code WRITE <label>} on stdin, written at
 * once and unconditionally ({@link LeaseCandidate#write}), with {@code RESULT ACCEPTED}, {@code
 * RESULT REJECTED <why>} or {@code RESULT ERROR <what>}, then {@code DONE}.
 */
public final class LeaseChildMain {
  private static final CountDownLatch FOREVER = new CountDownLatch(1);

  private LeaseChildMain() {}

  /** Runs the candidate; see the class comment for the arguments. */
  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 7) {
      throw new IllegalArgumentException(
          "usage: LeaseChildMain <system> <url> <run id> <lease ms> <poll ms> <election> <id>");
    }
    LeaseSystem system = LeaseSystem.parse(args[0]);
    LeaseSetup setup = LeaseSetup.fromArgs(args, 1);
    LeaseCandidate candidate =
        system.contender(
            setup,
            args[5],
            args[6],
            new Sink() {
              @Override
              public void elected(Candidate who, long nanos, Optional<FencingToken> token) {
                out("ELECTED nanos=" + nanos + " term=" + token.map(String::valueOf).orElse("-"));
              }

              @Override
              public void revoked(Candidate who, long nanos, String reason) {
                out("REVOKED nanos=" + nanos);
              }
            });
    candidate.join();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.startsWith("WRITE ")) {
        write(candidate, line.substring(6).trim());
      }
    }
    FOREVER.await(); // stdin closed: wait to be killed
  }

  private static void write(LeaseCandidate candidate, String label) {
    try {
      LeaseCandidate.WriteResult result = candidate.write(label);
      out(result.accepted() ? "RESULT ACCEPTED" : "RESULT REJECTED " + result.detail());
    } catch (RuntimeException e) {
      out("RESULT ERROR " + e);
      e.printStackTrace();
    }
    out("DONE");
  }

  private static void out(String line) {
    synchronized (System.out) {
      System.out.println(line);
      System.out.flush();
    }
  }
}
