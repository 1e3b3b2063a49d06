// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.ThreadLoopScheduler;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Membership of a partitioned group: the members share its partitions, each owned by one member at
 * a time with a fencing token per term (docs/partitions.md). {@code GroupMember.create(session,
 * config, listener)}, then {@link #start()}; {@link #close()} leaves.
 *
 * <p>One loop ({@code baton-partition-<member>}) does all the member's ZooKeeper I/O and decisions,
 * the assigner's included; callbacks run on a loop per partition ({@link PartitionListener}). A
 * failed loop task is logged, counted and retried; a {@link VirtualMachineError} stops the loop,
 * revokes every ownership and marks the member {@link GroupHealth#failed() failed}. Thread-safe.
 */
public final class GroupMember implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(GroupMember.class);
  private static final Duration STOP_WAIT = Duration.ofSeconds(5);

  private final BatonSession session;
  private final GroupConfig config;
  private final GroupPaths paths;
  private final Znodes znodes;
  private final GroupMetrics metrics;
  private final SerialLoop loop;
  private final MemberIo member;
  private final AssignerIo assigner;
  private final LeaderElection election;
  private final AtomicReference<MemberState> state = new AtomicReference<>(MemberState.LATENT);

  private GroupMember(BatonSession session, GroupConfig config, PartitionListener listener) {
    this.session = session;
    this.config = config;
    this.paths = new GroupPaths(config.group());
    this.znodes = new Znodes(session.curator());
    this.metrics = new GroupMetrics(config.meterRegistry(), config.group(), config.memberId());
    MemberProfile profile =
        MemberProfile.of(config.memberId(), config.weight(), config.zone().orElse(null));
    this.loop =
        new SerialLoop(
            "partition-" + config.memberId(),
            new ThreadLoopScheduler("partition", config.memberId()),
            Backoff.DEFAULT,
            this::recover,
            this::onFatal);
    this.member =
        new MemberIo(session, loop, Backoff.DEFAULT, paths, config, profile, listener, metrics);
    this.assigner = new AssignerIo(znodes, loop, Backoff.DEFAULT, paths, config, metrics);
    this.election =
        LeaderElection.create(
            session,
            ElectionConfig.builder(paths.assigner())
                .participantId(config.memberId())
                .meterRegistry(config.meterRegistry())
                .clock(config.clock())
                .build(),
            assigner);
  }

  /** Creates a latent member; {@link #start()} joins the group. */
  public static GroupMember create(
      BatonSession session, GroupConfig config, PartitionListener listener) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(listener, "listener");
    return new GroupMember(session, config, listener);
  }

  /**
   * Joins the group, returning at once; {@link PartitionListener#assigned} fires per partition.
   * Throws IllegalStateException if already started or closed.
   */
  public void start() {
    if (!state.compareAndSet(MemberState.LATENT, MemberState.STARTED)) {
      throw new IllegalStateException("the member is " + state.get() + ", it can start only once");
    }
    session.closeWithSession(this);
    member.start();
    assigner.start();
    election.start();
    // After the member started: its join (which makes the members parent itself) need not wait.
    znodes.ensureParents(paths);
  }

  /** Leaves the group; idempotent. Waits for the drains: the drain timeout and a few seconds. */
  @Override
  public void close() {
    MemberState before = state.getAndSet(MemberState.CLOSED);
    if (before == MemberState.CLOSED) {
      return;
    }
    session.detach(this);
    if (before == MemberState.STARTED) {
      CompletableFuture<Void> released = member.beginClose();
      election.close(); // its revoked callback only tells the loop
      await(released, config.drainTimeout().plus(STOP_WAIT), "not every partition was released");
      await(member.shutdown(), STOP_WAIT, "the member's loop did not stop");
    } else {
      election.close();
    }
    loop.shutdown(STOP_WAIT);
    member.closeCallbacks(STOP_WAIT);
    metrics.close();
  }

  private void await(CompletableFuture<Void> done, Duration timeout, String problem) {
    if (!loop.isRunning()) {
      return; // a fatal error stopped the loop: nothing more will complete
    }
    try {
      done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      log.warn("member {}: {} before closing: {}", config.memberId(), problem, e.toString());
    }
  }

  /** The loop's recovery after a failed task: answers may be lost, so both parts check again. */
  private void recover() {
    member.recover();
    assigner.recover();
  }

  /** The loop's last act after a fatal error: every ownership is revoked, health shows it. */
  private void onFatal(VirtualMachineError e) {
    member.onFatal();
  }

  /** The partitions this member owns now, with their ownerships. */
  public Map<Integer, PartitionOwnership> ownedPartitions() {
    return member.owned();
  }

  /** The ownership of {@code partition}, if this member owns it now. */
  public Optional<PartitionOwnership> ownership(int partition) {
    return Optional.ofNullable(member.ownership(partition));
  }

  public boolean isAssigner() {
    return assigner.isAssigner();
  }

  public String memberId() {
    return config.memberId();
  }

  public GroupConfig config() {
    return config;
  }

  /** The lifecycle state. */
  @SuppressWarnings("NullAway") // never null; NullAway reads AtomicReference#get() as nullable
  public MemberState state() {
    return state.get();
  }

  public GroupHealth health() {
    MemberIo.View view = member.view();
    return new GroupHealth(
        state(),
        session.isConnected(),
        view.joined(),
        view.duplicate(),
        assigner.isAssigner(),
        member.ownedCount(),
        view.generation(),
        metrics.callbackFailures(),
        metrics.malformedRecords(),
        loop.failures(),
        loop.fatal().isPresent());
  }

  @Override
  public String toString() {
    return "GroupMember{%s, member=%s, %s}"
        .formatted(config.group(), config.memberId(), state.get());
  }
}
