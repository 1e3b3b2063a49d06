// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.failover;

import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.ZkClient;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.apache.zookeeper.ZooKeeper;

/**
 * The leader of a failover round, in a JVM of its own ({@code ChildJvm}): {@code LeaderChildMain
 * <baton|curator> <connect string> <election path> <participant id> <session ms> <connection ms>}.
 * It joins the (empty) election and so leads, then waits to be killed or terminated.
 *
 * <p>Baton: {@code BatonSession} with {@code closeOnJvmExit(true)} and a {@code LeaderElection}
 * (attached to the session by {@code start()}, so the session's shutdown hook closes the election,
 * then the session). Curator: a client built as {@code BatonSession.start} builds its own, a {@code
 * LeaderLatch}, and a hand-written shutdown hook that closes the latch ({@code NOTIFY_LEADER}, so
 * that {@code notLeader} reports the end of the term) and then the client.
 *
 * <p>Prints on stdout, one line each, every time a {@link System#nanoTime()} value (on Linux
 * HotSpot, {@code CLOCK_MONOTONIC}, which all processes of the machine share; the parent checks it
 * with {@code CLOCK}):
 *
 * <ul>
 *   <li>{@code SESSION id=<hex> negotiated_ms=<n>} once connected;
 *   <li>{@code ELECTED nanos=<t>}, taken first thing in the elected callback;
 *   <li>{@code HOOK nanos=<t>} when the JVM starts its shutdown hooks (a marker hook of its own for
 *       Baton, the first statement of the hand-written hook for Curator);
 *   <li>{@code REVOKED reason=<r>} then {@code REVOKED_END collections=<n> nanos=<t>}: the revoked
 *       callback ({@code notLeader} for Curator) prints the first line and takes the time as its
 *       last action;
 *   <li>{@code CLOSED nanos=<t>} (Curator only) when the hand-written hook has closed the client;
 *   <li>{@code CLOCK nanos=<t>} for each {@code CLOCK} line on stdin;
 *   <li>{@code GC collections=<n> nanos=<t>} for each {@code GC} line on stdin, after a {@code
 *       System.gc()}: {@code n} counts this JVM's collections so far, as {@code REVOKED_END} does.
 * </ul>
 */
public final class LeaderChildMain {
  private static final CountDownLatch FOREVER = new CountDownLatch(1);

  private LeaderChildMain() {}

  /** Runs the leader; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      throw new IllegalArgumentException(
          "usage: LeaderChildMain <baton|curator> <connect> <path> <id> <session ms> <connection"
              + " ms>");
    }
    Library library = Library.parse(args[0]);
    ZkClient settings = new ZkClient(args[1], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
    if (library == Library.BATON) {
      startBaton(settings, args[2], args[3]);
    } else {
      startCurator(settings, args[2], args[3]);
    }
    answerClockRequests();
    FOREVER.await(); // until killed; a parent that ends takes this JVM with it (ChildMain)
  }

  private static void startBaton(ZkClient settings, String path, String id) {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> out("HOOK nanos=" + System.nanoTime()), "hook-marker"));
    BatonSession session = BatonSession.start(settings.sessionConfig(true));
    out(
        "SESSION id="
            + Long.toHexString(session.sessionId())
            + " negotiated_ms="
            + session.negotiatedSessionTimeout().toMillis());
    LeaderElection election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(path).participantId(id).build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                out("ELECTED nanos=" + System.nanoTime());
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                out("REVOKED reason=" + reason);
                out("REVOKED_END collections=" + collections() + " nanos=" + System.nanoTime());
              }
            });
    election.start();
  }

  private static void startCurator(ZkClient settings, String path, String id) throws Exception {
    CuratorFramework client = settings.curator();
    ZooKeeper handle = client.getZookeeperClient().getZooKeeper();
    out(
        "SESSION id="
            + Long.toHexString(handle.getSessionId())
            + " negotiated_ms="
            + handle.getSessionTimeout());
    LeaderLatch latch = new LeaderLatch(client, path, id);
    latch.addListener(
        new LeaderLatchListener() {
          @Override
          public void isLeader() {
            out("ELECTED nanos=" + System.nanoTime());
          }

          @Override
          public void notLeader() {
            out("REVOKED reason=NOT_LEADER");
            out("REVOKED_END collections=" + collections() + " nanos=" + System.nanoTime());
          }
        });
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  out("HOOK nanos=" + System.nanoTime());
                  try {
                    latch.close(LeaderLatch.CloseMode.NOTIFY_LEADER);
                  } catch (IOException | RuntimeException e) {
                    System.err.println("closing the latch failed: " + e);
                  }
                  client.close();
                  out("CLOSED nanos=" + System.nanoTime());
                },
                "curator-shutdown"));
    latch.start();
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
