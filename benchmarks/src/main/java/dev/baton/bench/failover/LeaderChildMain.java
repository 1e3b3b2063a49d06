// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.contender.Candidate;
import dev.baton.bench.contender.Candidate.Sink;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkCandidate;
import dev.baton.bench.contender.ZkClient;
import dev.baton.fencing.FencingToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.apache.zookeeper.ZooKeeper;

/**
 * The leader of a failover round in a JVM of its own: leads the empty election ({@link
 * ZkCandidate#shutdownAware}) until signalled, printing one line per event with {@link
 * System#nanoTime()}, which all processes of the machine share. Protocol: docs/benchmarks.md, "One
 * failover".
 */
public final class LeaderChildMain {
  private static final CountDownLatch FOREVER = new CountDownLatch(1);

  private LeaderChildMain() {}

  /** Runs the leader; the arguments are in the usage message below. */
  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      throw new IllegalArgumentException(
          "usage: LeaderChildMain <baton|curator> <connect> <path> <id> <session ms> <connection"
              + " ms>");
    }
    Library library = Library.parse(args[0]);
    ZkClient settings = new ZkClient(args[1], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
    if (library == Library.BATON) {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> out("HOOK nanos=" + System.nanoTime()), "hook-marker"));
    }
    ZkCandidate leader = ZkCandidate.shutdownAware(library, args[3], args[2], settings, SINK);
    ZooKeeper handle = leader.handle();
    out(
        "SESSION id="
            + Long.toHexString(handle.getSessionId())
            + " negotiated_ms="
            + handle.getSessionTimeout());
    if (library == Library.CURATOR) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> close(leader), "curator-shutdown"));
    }
    leader.join();
    answerClockRequests();
    FOREVER.await(); // until killed; a parent that ends takes this JVM with it (ChildMain)
  }

  /** The leader's callbacks, printed: the revoked one takes the time as its last action. */
  private static final Sink SINK =
      new Sink() {
        @Override
        public void elected(Candidate who, long nanos, Optional<FencingToken> token) {
          out("ELECTED nanos=" + nanos);
        }

        @Override
        public void revoked(Candidate who, long nanos, String reason) {
          out("REVOKED reason=" + reason);
          out("REVOKED_END collections=" + collections() + " nanos=" + System.nanoTime());
        }
      };

  /** Curator's hand-written shutdown hook: the latch (notifying the leader), then the client. */
  private static void close(ZkCandidate leader) {
    out("HOOK nanos=" + System.nanoTime());
    try {
      leader.close();
    } catch (Exception e) {
      System.err.println("closing the latch and the client failed: " + e);
    }
    out("CLOSED nanos=" + System.nanoTime());
  }

  /** Answers {@code CLOCK} lines on stdin until it ends. */
  private static void answerClockRequests() throws IOException {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.trim().equals("CLOCK")) {
        out("CLOCK nanos=" + System.nanoTime());
      } else if (line.trim().equals("GC")) {
        System.gc();
        out("GC collections=" + collections() + " nanos=" + System.nanoTime());
      }
    }
  }

  /** Collections so far, by all of this JVM's collectors. */
  private static long collections() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  /** One line on stdout, flushed at once (several threads print). */
  private static void out(String line) {
    synchronized (System.out) {
      System.out.println(line);
      System.out.flush();
    }
  }
}
