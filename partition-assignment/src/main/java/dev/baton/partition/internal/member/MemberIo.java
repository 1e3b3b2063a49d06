// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.member;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.PartitionOwnership;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupNodes;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.member.MemberAction.BeginTerm;
import dev.baton.partition.internal.member.MemberAction.CheckOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.CreateOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.DeleteOwnerNodes;
import dev.baton.partition.internal.member.MemberAction.DrainTimedOut;
import dev.baton.partition.internal.member.MemberAction.EndTerm;
import dev.baton.partition.internal.member.MemberAction.Join;
import dev.baton.partition.internal.member.MemberAction.Leave;
import dev.baton.partition.internal.member.MemberAction.ReadAssignment;
import dev.baton.partition.internal.member.MemberAction.Released;
import dev.baton.partition.internal.member.MemberAction.Schedule;
import dev.baton.partition.internal.member.MemberAction.ScheduleRetry;
import dev.baton.partition.internal.member.MemberAction.Warn;
import dev.baton.partition.internal.member.MemberEvent.Epoch;
import dev.baton.partition.internal.member.MemberEvent.Joined;
import dev.baton.partition.internal.member.MemberEvent.Revoked;
import dev.baton.partition.internal.record.OwnerRecord;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.ConnectionEpoch;
import dev.baton.recipes.kernel.SerialLoop;
import dev.baton.recipes.kernel.Subscription;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's I/O: applies {@link MemberMachine}'s actions to ZooKeeper, the ownerships and the
 * callback pool, on the member's one {@link SerialLoop}, and feeds their answers back to the
 * machine. Everything that reaches it from other threads (connection epochs, watch notifications,
 * returned callbacks) only enqueues an event on the loop, except that a link going down drops every
 * ownership's signal at once.
 *
 * <p>Its adapters ({@link OwnerNodes}, {@link OwnerChecks}, {@link OwnerDeletes}, {@link
 * MemberNode}, {@link AssignmentReader}) block; each answers every request, turning failures into
 * failure answers.
 */
public final class MemberIo {
  private static final Logger log = LoggerFactory.getLogger(MemberIo.class);

  private final BatonSession session;
  private final CuratorFramework client;
  private final SerialLoop loop;
  private final Backoff backoff;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final String me;
  private final GroupMetrics metrics;
  private final MemberMachine machine;
  private final OwnershipHandles ownerships = new OwnershipHandles();
  private final Terms terms;
  private final OwnerChecks checks;
  private final OwnerNodes creates;
  private final OwnerDeletes deletes;
  private final MemberNode memberNode;
  private final AssignmentReader reader;
  private final Watcher ownerWatcher =
      e -> {
        if (OwnerNodes.isDeletion(e)) {
          enqueue(new MemberEvent.OwnerNodeDeleted(OwnerNodes.partitionOf(e.getPath())));
        }
      };
  private final Watcher memberWatcher =
      e -> {
        if (e.getType() == Watcher.Event.EventType.NodeDeleted) {
          enqueue(new MemberEvent.MemberNodeDeleted());
        }
      };
  private final Watcher assignmentWatcher =
      e -> {
        if (e.getType() != Watcher.Event.EventType.None) {
          enqueue(new MemberEvent.AssignmentChanged());
        }
      };

  private final CompletableFuture<Void> released = new CompletableFuture<>();
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();
  private volatile View view = new View(false, false, 0);

  /** The number of the last epoch handed to the machine; written on the loop. */
  private volatile long appliedEpoch;

  /** Set by {@code start()}; null before. */
  private @Nullable Subscription subscription;

  /** What {@code health()} shows of the machine, published after each event. */
  public record View(boolean joined, boolean duplicate, long generation) {}

  public MemberIo(
      BatonSession session,
      SerialLoop loop,
      Backoff backoff,
      GroupPaths paths,
      GroupConfig config,
      MemberProfile profile,
      PartitionCallbacks callbacks,
      GroupMetrics metrics) {
    this.session = session;
    this.client = session.curator();
    this.loop = loop;
    this.backoff = backoff;
    this.paths = paths;
    this.config = config;
    this.me = profile.id();
    this.metrics = metrics;
    this.machine = new MemberMachine(me, config.drainTimeout().toNanos());
    this.terms = new Terms(me, paths, config.clock(), ownerships, callbacks, metrics);
    this.checks = new OwnerChecks(client, paths);
    this.creates = new OwnerNodes(client, paths, checks);
    this.deletes = new OwnerDeletes(client, paths);
    this.memberNode = new MemberNode(client, paths, profile);
    this.reader = new AssignmentReader(client, paths, me, metrics);
  }

  /** Follows the session's epochs; the first (the current one) starts the member. */
  public void start() {
    subscription = session.liveness().subscribe(this::onEpoch);
  }

  /** Leaves the group; completes when every partition is released (or went with the session). */
  public CompletableFuture<Void> beginClose() {
    enqueue(new MemberEvent.Close());
    return released;
  }

  /** Ends every open term and stops following the session; completes when done on the loop. */
  public CompletableFuture<Void> shutdown() {
    loop.execute(
        () -> {
          if (subscription != null) {
            subscription.close();
          }
          handle(new MemberEvent.Shutdown());
          stopped.complete(null);
        });
    return stopped;
  }

  /** The loop died of a fatal error (on the loop): every open term ends now, as if closed. */
  public void onFatal() {
    terms.announce();
    terms.endAll();
    released.complete(null);
    stopped.complete(null);
  }

  /** A task of the loop failed (on the loop): answers may be lost; the machine checks again. */
  public void recover() {
    handle(new MemberEvent.Recover());
  }

  public Map<Integer, PartitionOwnership> owned() {
    return ownerships.owned();
  }

  public @Nullable PartitionOwnership ownership(int partition) {
    return ownerships.ownership(partition);
  }

  public int ownedCount() {
    return ownerships.activeCount();
  }

  public View view() {
    return view;
  }

  /**
   * On the session's event thread: a link going down drops the signals now, not after the queue.
   */
  private void onEpoch(ConnectionEpoch epoch) {
    if (!epoch.isConnected()) {
      ownerships.revokeAll(reasonOf(epoch));
    }
    enqueue(new Epoch(epoch));
  }

  private static RevocationReason reasonOf(ConnectionEpoch epoch) {
    return switch (epoch.link()) {
      case LOST -> RevocationReason.SESSION_LOST;
      case CLOSED -> RevocationReason.CLOSED;
      default -> RevocationReason.CONNECTION_SUSPENDED;
    };
  }

  private void enqueue(MemberEvent event) {
    loop.execute(() -> handle(event));
  }

  /** Applies {@code first} and, in order, every answer its actions produce. Loop only. */
  private void handle(MemberEvent first) {
    Deque<MemberEvent> events = new ArrayDeque<>();
    events.add(first);
    try {
      while (!events.isEmpty()) {
        MemberEvent event = events.poll();
        if (event instanceof Epoch e) {
          event = withSessionId(e);
          appliedEpoch = Math.max(appliedEpoch, e.epoch().number());
        }
        for (MemberAction action : machine.on(event, loop.nanoTime())) {
          if (!(action instanceof BeginTerm)) {
            terms.announce(); // a run of terms begun is announced before anything else is done
          }
          apply(action, events);
        }
      }
    } finally {
      terms.announce();
    }
    view = new View(machine.isJoined(), machine.isDuplicate(), machine.generation());
  }

  /** A connected epoch whose session id could not be read takes it from the handle now. */
  private Epoch withSessionId(Epoch e) {
    ConnectionEpoch epoch = e.epoch();
    if (!epoch.isConnected() || epoch.sessionId() != 0) {
      return e;
    }
    try {
      return new Epoch(new ConnectionEpoch(epoch.number(), epoch.link(), session.sessionId()));
    } catch (RuntimeException ex) {
      log.warn("member {}: no session id after connecting: {}", me, ex.toString());
      return new Epoch(new ConnectionEpoch(epoch.number(), ConnectionEpoch.Link.SUSPENDED, 0));
    }
  }

  private void apply(MemberAction action, Deque<MemberEvent> answers) {
    if (action instanceof ReadAssignment r) {
      answers.add(read(r.epoch()));
    } else if (action instanceof Join j) {
      answers.add(
          new Joined(
              j.session(), memberNode.join(j.session(), j.earlierSessions(), memberWatcher)));
    } else if (action instanceof Leave l) {
      memberNode.leave(l.session());
    } else if (action instanceof CreateOwnerNodes c) {
      answers.add(
          IoCalls.create(
              c,
              () -> {
                if (c.ensureParents()) {
                  GroupNodes.ensure(client, paths);
                }
                return creates.create(
                    c.partitions(), new OwnerRecord(me, c.generation()).encode(), ownerWatcher);
              }));
    } else if (action instanceof DeleteOwnerNodes d) {
      answers.add(IoCalls.delete(d, () -> deletes.delete(d.partitions(), d.session())));
    } else if (action instanceof CheckOwnerNodes c) {
      answers.add(IoCalls.check(c, () -> checks.check(c.partitions(), ownerWatcher)));
    } else if (action instanceof BeginTerm b) {
      ConnectionEpoch now = session.liveness().current();
      terms.begin(
          b,
          now.number() == appliedEpoch
              ? null // else the link changed: not active
              : now.isConnected() ? RevocationReason.CONNECTION_SUSPENDED : reasonOf(now));
    } else if (action instanceof EndTerm e) {
      // Nothing to lose in the future whenComplete returns: terms.end's future always completes
      // normally, and enqueue does not throw (a stopped loop drops the task).
      var unused =
          terms.end(e).whenComplete((v, t) -> enqueue(new Revoked(e.partition(), e.term())));
    } else if (action instanceof Schedule s) {
      loop.schedule(s.delayNanos(), () -> handle(s.event()));
    } else if (action instanceof ScheduleRetry r) {
      loop.schedule(
          backoff.delayNanos(r.attempt()),
          () -> handle(new MemberEvent.Tick(MemberEvent.TickKind.RETRY)));
    } else if (action instanceof DrainTimedOut d) {
      metrics.drainTimedOut();
      log.warn(
          "member {}: revoked callback of partition {} (token {}) still running after {}; "
              + "releasing anyway: fence its writes",
          me,
          d.partition(),
          terms.token(d.partition()),
          config.drainTimeout());
    } else if (action instanceof Released) {
      released.complete(null);
    } else if (action instanceof Warn w) {
      log.warn(w.message());
    } else {
      throw new IllegalStateException("unknown action " + action);
    }
  }

  private MemberEvent read(long epoch) {
    AssignmentReader.Result result =
        IoCalls.interruptible(
            () -> reader.read(assignmentWatcher),
            new AssignmentReader.ReadFailed(new InterruptedException()));
    if (result instanceof AssignmentReader.Found f) {
      return new MemberEvent.AssignmentRead(epoch, f.record());
    }
    if (result instanceof AssignmentReader.ReadFailed f
        && !Thread.currentThread().isInterrupted()) {
      log.warn("member {}: cannot read the assignment; retrying: {}", me, f.cause().toString());
    }
    return new MemberEvent.AssignmentReadFailed(epoch);
  }
}
