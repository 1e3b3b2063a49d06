// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import dev.baton.partition.AssignerAction.Log;
import dev.baton.partition.AssignerAction.Publish;
import dev.baton.partition.AssignerAction.Read;
import dev.baton.partition.AssignerAction.Schedule;
import dev.baton.partition.AssignerAction.ScheduleRetry;
import dev.baton.partition.AssignerAction.SetUnowned;
import dev.baton.partition.AssignerEvent.Input;
import dev.baton.partition.AssignerEvent.InputChanged;
import dev.baton.partition.AssignerEvent.PublishRejected;
import dev.baton.partition.AssignerEvent.Published;
import dev.baton.partition.AssignerEvent.Rejection;
import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.spi.Backoff;
import dev.baton.recipes.spi.Io;
import dev.baton.recipes.spi.SerialLoop;
import dev.baton.recipes.spi.Shell;
import java.util.TreeSet;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assigner's io and election listener: applies {@link AssignerMachine}'s actions on the
 * member's loop; callbacks and watches only post to it, never blocking the election.
 */
final class AssignerIo implements LeadershipListener, Io<AssignerEvent, AssignerAction> {
  private static final Logger log = LoggerFactory.getLogger(AssignerIo.class);

  private final Znodes znodes;
  private final Shell<AssignerEvent, AssignerAction> shell;
  private final Backoff backoff;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final GroupMetrics metrics;
  private volatile boolean assigner;
  // Under the shell's lock: the current term; leadership and inputs are null between terms.
  private long terms;
  private @Nullable Leadership leadership;
  private @Nullable AssignerInputs inputs;

  public AssignerIo(
      Znodes znodes,
      SerialLoop loop,
      Backoff backoff,
      GroupPaths paths,
      GroupConfig config,
      GroupMetrics metrics) {
    this.znodes = znodes;
    this.backoff = backoff;
    this.paths = paths;
    this.config = config;
    this.metrics = metrics;
    AssignerMachine machine =
        new AssignerMachine(
            config.memberId(),
            config.partitionCount().orElse(0),
            config.strategy(),
            config.rebalanceDelay(),
            config.rebalanceMaxDelay(),
            config.rejoinGrace());
    this.shell = new Shell<>(loop, (e, now) -> machine.on(e, now, config.clock().instant()));
  }

  public void start() {
    shell.start(this);
  }

  /** Whether this member holds a term of the assigner election now. Any thread. */
  public boolean isAssigner() {
    return assigner;
  }

  /** A term began (the election's callback thread): enqueues it and returns at once. */
  @Override
  public void elected(Leadership term) {
    assigner = true;
    shell.execute(
        () -> {
          leadership = term;
          inputs = new AssignerInputs(znodes, paths, metrics, ++terms, this::watch);
          shell.feed(new AssignerEvent.TermBegan(terms, term.token().value()));
        });
  }

  /** The term ended (the election's callback thread): enqueues it and returns at once. */
  @Override
  public void revoked(Leadership term, RevocationReason reason) {
    assigner = false;
    shell.execute(
        () -> {
          if (leadership == term) {
            leadership = null;
            inputs = null;
            shell.feed(new AssignerEvent.TermEnded(terms));
          }
        });
  }

  /** Retries what failed (the loop's recovery after a failed task); on the loop. */
  public void recover() {
    shell.feed(new AssignerEvent.Retry());
  }

  private Watcher watch(long term, Input input) {
    return Znodes.onChange(() -> shell.post(new InputChanged(term, input, shell.nanoTime())));
  }

  @Override
  public @Nullable AssignerEvent apply(AssignerAction action) {
    if (action instanceof Read r) {
      return inputs != null && r.term() == terms ? inputs.read(r.input()) : null;
    } else if (action instanceof Publish p) {
      Leadership term = leadership;
      return term != null && p.term() == terms
          ? publish(p, term.nodePath())
          : new PublishRejected(p.term(), Rejection.TERM_OVER);
    } else if (action instanceof Schedule s) {
      shell.postAfter(s.delayNanos(), s::event);
    } else if (action instanceof ScheduleRetry r) {
      shell.postAfter(backoff.delayNanos(r.attempt()), AssignerEvent.Retry::new);
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
    return null;
  }

  /** Publishes {@code p} guarded by election znode {@code termNode} (a deposed one writes none). */
  private AssignerEvent publish(Publish p, String termNode) {
    Znodes.Written w =
        znodes.writeGuarded(
            termNode, paths.assignment(), p.next().encode(), p.previousVersion(), paths);
    switch (w.outcome()) {
      case WRITTEN -> {
        long generation = p.next().generation();
        metrics.published(generation, p.moved());
        log.info(
            "assigner: published generation {} of {}: {} partitions, {} members, {} moved",
            generation,
            paths.group(),
            p.next().partitions().size(),
            new TreeSet<>(p.next().owners().values()).size(),
            p.moved());
        return new Published(p.term(), p.next(), w.version(), p.moved());
      }
      case TERM_OVER -> {
        return new PublishRejected(p.term(), Rejection.TERM_OVER);
      }
      case CONFLICT -> {
        log.info("assigner: the assignment changed under us ({}); re-reading", w.cause());
        return new PublishRejected(p.term(), Rejection.CONFLICT);
      }
      default -> {
        log.warn("assigner: cannot publish the assignment; retrying: {}", w.cause());
        return new PublishRejected(p.term(), Rejection.FAILED);
      }
    }
  }
}
