// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.assigner;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.assigner.AssignerAction.Log;
import dev.baton.partition.internal.assigner.AssignerAction.Publish;
import dev.baton.partition.internal.assigner.AssignerAction.Read;
import dev.baton.partition.internal.assigner.AssignerAction.Schedule;
import dev.baton.partition.internal.assigner.AssignerAction.ScheduleRetry;
import dev.baton.partition.internal.assigner.AssignerAction.SetUnowned;
import dev.baton.partition.internal.assigner.AssignerEvent.Input;
import dev.baton.partition.internal.assigner.AssignerEvent.InputChanged;
import dev.baton.partition.internal.assigner.AssignerEvent.PublishRejected;
import dev.baton.partition.internal.assigner.AssignerEvent.Rejection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.kernel.Backoff;
import dev.baton.recipes.kernel.SerialLoop;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assigner's I/O: applies {@link AssignerMachine}'s actions ({@link AssignerInputs} reads,
 * {@link AssignmentPublisher} writes, timers, the unowned gauge) on the member's one {@link
 * SerialLoop}, the loop the member's own I/O runs on, and feeds the answers back. Watch
 * notifications and the election's callbacks only enqueue events on the loop.
 */
public final class AssignerIo {
  private static final Logger log = LoggerFactory.getLogger(AssignerIo.class);

  private final CuratorFramework client;
  private final SerialLoop loop;
  private final Backoff backoff;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final GroupMetrics metrics;
  private final AssignerMachine machine;
  private final AssignmentPublisher publisher;
  private volatile boolean assigner;
  // Loop-confined: the current term; leadership and inputs are null between terms.
  private long terms;
  private @Nullable Leadership leadership;
  private @Nullable AssignerInputs inputs;

  public AssignerIo(
      CuratorFramework client,
      SerialLoop loop,
      Backoff backoff,
      GroupPaths paths,
      GroupConfig config,
      GroupMetrics metrics) {
    this.client = client;
    this.loop = loop;
    this.backoff = backoff;
    this.paths = paths;
    this.config = config;
    this.metrics = metrics;
    this.machine =
        new AssignerMachine(
            config.memberId(),
            config.partitionCount().orElse(0),
            config.strategy(),
            config.rebalanceDelay(),
            config.rebalanceMaxDelay(),
            config.rejoinGrace());
    this.publisher = new AssignmentPublisher(client, paths, metrics);
  }

  /** Whether this member holds a term of the assigner election now. Any thread. */
  public boolean isAssigner() {
    return assigner;
  }

  /** A term began (the election's callback thread): enqueues it and returns at once. */
  void elected(Leadership term) {
    assigner = true;
    loop.execute(
        () -> {
          leadership = term;
          inputs = new AssignerInputs(client, paths, metrics, ++terms, this::watcher);
          handle(new AssignerEvent.TermBegan(terms, term.token().value()));
        });
  }

  /** The term ended (the election's callback thread): enqueues it and returns at once. */
  void revoked(Leadership term) {
    assigner = false;
    loop.execute(
        () -> {
          if (leadership == term) {
            leadership = null;
            inputs = null;
            handle(new AssignerEvent.TermEnded(terms));
          }
        });
  }

  /** Retries what failed (the loop's recovery after a failed task); on the loop. */
  public void recover() {
    handle(new AssignerEvent.Retry());
  }

  private Watcher watcher(long term, Input input) {
    return e -> {
      if (e.getType() != Watcher.Event.EventType.None) {
        long seen = loop.nanoTime();
        loop.execute(() -> handle(new InputChanged(term, input, seen)));
      }
    };
  }

  private void handle(AssignerEvent first) {
    Deque<AssignerEvent> events = new ArrayDeque<>();
    events.add(first);
    while (!events.isEmpty()) {
      AssignerEvent event = events.poll();
      for (AssignerAction action : machine.on(event, loop.nanoTime(), config.clock().instant())) {
        apply(action, events);
      }
    }
  }

  private void apply(AssignerAction action, Deque<AssignerEvent> answers) {
    if (action instanceof Read r) {
      if (inputs != null && r.term() == terms) {
        answers.add(inputs.read(r.input()));
      }
    } else if (action instanceof Publish p) {
      answers.add(
          leadership != null && p.term() == terms
              ? publisher.publish(p, leadership.nodePath())
              : new PublishRejected(p.term(), Rejection.TERM_OVER));
    } else if (action instanceof Schedule s) {
      loop.schedule(s.delayNanos(), () -> handle(s.event()));
    } else if (action instanceof ScheduleRetry r) {
      loop.schedule(backoff.delayNanos(r.attempt()), () -> handle(new AssignerEvent.Retry()));
    } else if (action instanceof SetUnowned u) {
      metrics.unowned(u.count());
    } else if (action instanceof Log l) {
      String message = "assigner of " + paths.group() + ": " + l.message();
      switch (l.level()) {
        case INFO -> log.info(message, l.cause());
        case WARN -> log.warn(message, l.cause());
        default -> log.error(message, l.cause());
      }
    } else {
      throw new IllegalStateException("unknown action " + action);
    }
  }
}
