// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One run of the simulation, from a seed: three members on the model server, an assigner that keeps
 * publishing random assignments (moving, removing and adding partitions), and faults (links that go
 * down briefly or for longer than the session timeout, pauses, answers lost after the server
 * applied the request, now and then an intruder deleting an ownership znode), all on a virtual
 * clock driven by one seeded {@link Random}. After the faults stop, the members must own the final
 * assignment; then they close. The checker runs after every step. Same seed, same run.
 */
final class SimWorld {
  static final long MS = 1_000_000L;
  private static final int PARTITIONS = 6;
  private static final String[] IDS = {"m1", "m2", "m3"};
  private static final long SESSION_TIMEOUT = 4_000 * MS;
  private static final long DRAIN_TIMEOUT = 3_000 * MS;
  private static final long FAULTS_END = 20_000 * MS;
  private static final long FINAL_ASSIGNMENT = FAULTS_END + 12_000 * MS;
  private static final long CONVERGED = FINAL_ASSIGNMENT + 15_000 * MS;
  private static final long CLOSE = CONVERGED + 1;
  private static final long SHUTDOWN = CLOSE + 10_000 * MS;
  private static final long END = SHUTDOWN + 10_000 * MS;

  private record Task(long at, long seq, Runnable body) {}

  final long seed;
  private final Random random;
  final SimChecker checker = new SimChecker(this);
  final SimZooKeeper zk;
  final List<SimMember> members = new ArrayList<>();
  final double answerLoss;
  private final boolean intruder;
  private final PriorityQueue<Task> queue =
      new PriorityQueue<>(
          (a, b) ->
              a.at() != b.at() ? Long.compare(a.at(), b.at()) : Long.compare(a.seq(), b.seq()));
  private final Deque<Step> trace = new ArrayDeque<>();
  private long now;
  private long seq;
  private long generation;
  long steps;

  SimWorld(long seed, MemberMachine.PartFactory part) {
    this.seed = seed;
    this.random = new Random(seed);
    this.zk =
        new SimZooKeeper(
            n -> members.stream().filter(m -> m.handle == n.session()).forEach(m -> m.notified(n)),
            checker::fail);
    this.answerLoss = random.nextBoolean() ? 0.03 : 0.005;
    this.intruder = random.nextInt(4) == 0;
    for (String id : IDS) {
      members.add(new SimMember(id, new MemberMachine(id, DRAIN_TIMEOUT, part), this));
    }
  }

  /** Runs to the end or the first violation; returns the violations. */
  List<String> run() {
    for (SimMember m : members) {
      at(between(0, 50) * MS, m::linkUp);
      after(between(100, 3_000) * MS, () -> fault(m));
    }
    at(between(10, 300) * MS, this::publishSometimes);
    if (intruder) {
      after(between(1_000, 8_000) * MS, this::intrude);
    }
    at(FINAL_ASSIGNMENT, () -> publish(true));
    at(CONVERGED, this::checkConverged);
    members.forEach(m -> at(CLOSE, () -> m.deliver(new MemberEvent.Close())));
    members.forEach(m -> at(SHUTDOWN, () -> m.deliver(new MemberEvent.Shutdown())));
    while (!queue.isEmpty() && checker.violations.isEmpty()) {
      Task t = queue.poll();
      if (t.at() > END) {
        break;
      }
      now = t.at();
      t.body().run();
      steps++;
      checker.afterStep(members);
    }
    if (checker.violations.isEmpty()) {
      checker.allEnded(members);
    }
    return checker.violations;
  }

  // ---- the world's actors ----

  private void fault(SimMember m) {
    if (now >= FAULTS_END) {
      return;
    }
    int kind = random.nextInt(20);
    if (kind < 12) {
      m.linkDown(random.nextInt(10) < 6 ? between(50, 800) : between(1_000, 8_000));
    } else if (kind < 15) {
      m.pause(between(300, 6_000));
    }
    after(between(500, 4_000) * MS, () -> fault(m));
  }

  private void publishSometimes() {
    if (now < FAULTS_END) {
      publish(false);
      after(between(200, 2_000) * MS, this::publishSometimes);
    }
  }

  /** A random assignment; the final one has every partition and only live members. */
  private void publish(boolean last) {
    TreeSet<Integer> set = new TreeSet<>();
    SortedMap<Integer, String> owners = new TreeMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      if (last || random.nextInt(8) != 0) {
        set.add(p);
        if (last || random.nextInt(12) != 0) {
          owners.put(p, IDS[random.nextInt(IDS.length)]);
        }
      }
    }
    zk.publish(new AssignmentRecord(++generation, "sim", 1, set, owners));
    trace("assignment ", generation, ": ", owners);
  }

  private void intrude() {
    if (now < FAULTS_END) {
      int p = random.nextInt(PARTITIONS);
      trace("intruder deletes the znode of partition ", p);
      zk.intrude(p);
      after(between(2_000, 10_000) * MS, this::intrude);
    }
  }

  private void checkConverged() {
    zk.assignment
        .owners()
        .forEach(
            (p, id) -> {
              SimMember m = members.stream().filter(x -> x.id.equals(id)).findFirst().orElseThrow();
              SimMember.Ownership ownership = m.ownerships.get(p);
              if (ownership == null
                  || !ownership.signal
                  || ownership.ended
                  || !zk.isAlive(ownership.session)) {
                checker.fail(
                    "not converged: partition "
                        + p
                        + " is assigned to "
                        + id
                        + " but not owned by it 15 s after the final assignment");
              }
            });
  }

  // ---- time, randomness, trace, coverage ----

  /** How often the interesting paths were taken, summed over runs by the test. */
  final java.util.Map<String, Long> counts = new TreeMap<>();

  void count(MemberEvent e, List<MemberAction> actions) {
    if (e instanceof MemberEvent.Epoch ep) {
      counts.merge("epoch " + ep.epoch().link(), 1L, Long::sum);
    }
    for (MemberAction a : actions) {
      if (a instanceof MemberAction.EndTerm t) {
        counts.merge("revoked " + t.reason(), 1L, Long::sum);
      } else if (a instanceof MemberAction.BeginTerm b) {
        counts.merge(b.resumed() ? "resumed with the same token" : "assigned", 1L, Long::sum);
      } else if (a instanceof MemberAction.DrainTimedOut) {
        counts.merge("drain timed out", 1L, Long::sum);
      }
    }
  }

  long now() {
    return now;
  }

  void at(long time, Runnable body) {
    queue.add(new Task(time, seq++, body));
  }

  void after(long delayNanos, Runnable body) {
    at(now + delayNanos, body);
  }

  long latency() {
    return (1 + random.nextInt(15)) * MS;
  }

  long sessionTimeoutJitter() {
    return SESSION_TIMEOUT
        - SESSION_TIMEOUT / 10
        + (long) (random.nextDouble() * SESSION_TIMEOUT / 5);
  }

  long between(int fromMs, int toMs) {
    return (long) fromMs + random.nextInt(toMs - fromMs + 1);
  }

  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  /** Keeps the last steps, formatted only when asked for (a failing seed's report). */
  void trace(Object... parts) {
    if (trace.size() == 300) {
      trace.removeFirst();
    }
    trace.addLast(new Step(now, Arrays.asList(parts)));
  }

  List<String> trace() {
    return trace.stream().map(Step::toString).toList();
  }

  private record Step(long at, List<Object> parts) {
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(String.format("%9.3f ms  ", at / 1e6));
      for (Object part : parts) {
        b.append(part);
      }
      return b.toString();
    }
  }
}
