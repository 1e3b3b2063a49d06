// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.awaitility.Awaitility.await;

import dev.baton.fencing.Fence;
import dev.baton.fencing.InMemoryFence;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.SessionConfig;
import dev.baton.testkit.FencedWriteLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A group of real members on one ZooKeeper, each with its own session, plus a writer that keeps
 * writing every owned partition through a fence with the owner's token and records the outcome in a
 * {@link FencedWriteLog}.
 */
final class TestGroup implements AutoCloseable {
  static final Duration SESSION = Duration.ofSeconds(6);

  final String path = "/baton-test/groups/" + UUID.randomUUID().toString().substring(0, 8);
  final Beliefs beliefs = new Beliefs();
  final FencedWriteLog log = new FencedWriteLog();
  final Fence<Void> fence;
  private final String connectString;
  private final UnaryOperator<GroupConfig.Builder> common;
  private final Map<String, Member> members = new LinkedHashMap<>();
  private final List<Member> gone = new ArrayList<>();
  private final Thread writer;
  private volatile boolean writing = true;

  /** The members' session timeout; longer for tests whose load could starve heartbeats. */
  volatile Duration sessionTimeout = SESSION;

  /**
   * How long {@link #add} waits for a member's session to connect; {@code null} keeps the session's
   * default (5 s). Longer for tests that connect many sessions under load.
   */
  volatile @Nullable Duration connectionTimeout;

  /** Set by tests whose faults (expiry on the server, drain timeouts) let beliefs overlap. */
  volatile boolean beliefsMayOverlap;

  /** One member: its session, its GroupMember and its recorded callbacks. */
  record Member(String id, BatonSession session, GroupMember member, RecordingListener listener) {}

  TestGroup(String connectString, UnaryOperator<GroupConfig.Builder> common) {
    this(connectString, common, true);
  }

  TestGroup(String connectString, UnaryOperator<GroupConfig.Builder> common, boolean writes) {
    this(connectString, common, writes, new InMemoryFence());
  }

  /**
   * A group whose writes go through {@code fence} (a negative control passes one that lets all).
   */
  TestGroup(
      String connectString,
      UnaryOperator<GroupConfig.Builder> common,
      boolean writes,
      Fence<Void> fence) {
    this.connectString = connectString;
    this.fence = fence;
    this.common = common;
    this.writer = new Thread(this::writeLoop, "test-group-writer");
    writer.setDaemon(true);
    if (writes) {
      writer.start();
    }
  }

  Member add(String id) {
    return add(id, b -> b);
  }

  Member add(String id, UnaryOperator<GroupConfig.Builder> custom) {
    return addVia(connectString, id, custom);
  }

  /** Adds a member whose session connects through {@code via} (e.g. a TCP proxy). */
  synchronized Member addVia(String via, String id, UnaryOperator<GroupConfig.Builder> custom) {
    SessionConfig.Builder sessionConfig = SessionConfig.builder(via).sessionTimeout(sessionTimeout);
    Duration connect = connectionTimeout;
    if (connect != null) {
      sessionConfig.connectionTimeout(connect);
    }
    BatonSession session = BatonSession.start(sessionConfig.build());
    RecordingListener listener = new RecordingListener(id, beliefs);
    GroupConfig config =
        custom
            .apply(
                common.apply(
                    GroupConfig.builder(path)
                        .memberId(id)
                        .rebalanceDelay(Duration.ofMillis(50))
                        .rebalanceMaxDelay(Duration.ofMillis(500))))
            .build();
    GroupMember member = GroupMember.create(session, config, listener);
    Member m = new Member(id, session, member, listener);
    if (members.containsKey(id)) {
      gone.add(m); // a second process with the same id: tracked for the final checks only
      member.start();
      return m;
    }
    members.put(id, m);
    member.start();
    return m;
  }

  synchronized Member get(String id) {
    return members.get(id);
  }

  synchronized List<Member> members() {
    return List.copyOf(members.values());
  }

  /** Closes the member gracefully (leaves the group) and its session. */
  synchronized void leave(String id) {
    Member m = members.remove(id);
    m.member().close();
    m.session().close();
    gone.add(m);
  }

  /** Forgets a member whose session a test killed, keeping it for the final checks. */
  synchronized Member remove(String id) {
    Member m = members.remove(id);
    gone.add(m);
    return m;
  }

  /** Who owns each partition now, by the members' own view; fails on two owners. */
  synchronized Map<Integer, String> owners() {
    Map<Integer, String> owners = new HashMap<>();
    for (Member m : members.values()) {
      for (PartitionOwnership ownership : m.member().ownedPartitions().values()) {
        String other = owners.put(ownership.partition(), m.id());
        if (other != null) {
          throw new AssertionError(
              "partition " + ownership.partition() + " owned by " + other + " and " + m.id());
        }
      }
    }
    return owners;
  }

  /**
   * Waits until every partition 0..count-1 is owned, by the members' own view, by the member the
   * published assignment gives it to, and every live member has joined.
   */
  Map<Integer, String> awaitAllOwned(int count, Duration within) {
    await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              Map<Integer, String> o = owners();
              if (o.size() != count || !o.keySet().stream().allMatch(p -> p >= 0 && p < count)) {
                return false;
              }
              List<Member> live = members();
              if (live.isEmpty() || !live.stream().allMatch(m -> m.member().health().joined())) {
                return false;
              }
              GroupStatus status = GroupStatus.read(live.get(0).session(), path);
              java.util.Set<String> assigned = new java.util.HashSet<>();
              status.partitions().forEach(p -> p.assignedTo().ifPresent(assigned::add));
              if (count >= live.size() && assigned.size() != live.size()) {
                return false; // the assignment does not include every live member yet
              }
              return status.partitions().size() == count
                  && status.partitions().stream()
                      .allMatch(
                          p ->
                              p.assignedTo().isPresent()
                                  && p.assignedTo().equals(p.owner())
                                  && p.owner().get().equals(o.get(p.partition())));
            });
    return owners();
  }

  private void writeLoop() {
    while (writing) {
      for (Member m : members()) {
        for (PartitionOwnership ownership : m.member().ownedPartitions().values()) {
          write(m.id(), ownership);
        }
      }
      try {
        Thread.sleep(2); // pacing of the background writer, not synchronisation
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  void write(String writerId, PartitionOwnership ownership) {
    String resource = "p" + ownership.partition();
    try {
      fence.write(
          resource,
          ownership.token(),
          tx -> {
            log.accepted(resource, writerId, ownership.token().value());
            return null;
          });
    } catch (StaleTokenException e) {
      log.rejected(resource, writerId, ownership.token().value());
    }
  }

  List<String> orderViolations() {
    List<String> out = new ArrayList<>();
    List<Member> all = new ArrayList<>(members());
    synchronized (this) {
      all.addAll(gone);
    }
    all.forEach(m -> m.listener().orderViolations().forEach(v -> out.add(m.id() + ": " + v)));
    return out;
  }

  /** Closes every member and session, then checks the history: fenced writes, order, beliefs. */
  @Override
  public void close() {
    writing = false;
    writer.interrupt();
    List<Member> all = new ArrayList<>(members());
    synchronized (this) {
      all.addAll(gone);
    }
    all.parallelStream()
        .forEach(
            m -> { // in parallel: a hundred sequential leaves take minutes
              m.member().close();
              m.session().close();
            });
  }

  void assertSafe() {
    log.assertNoViolations();
    if (!orderViolations().isEmpty()) {
      throw new AssertionError("callback order violations: " + orderViolations());
    }
    if (!beliefsMayOverlap && !beliefs.overlaps().isEmpty()) {
      throw new AssertionError("ownership beliefs overlapped: " + beliefs.overlaps());
    }
  }
}
