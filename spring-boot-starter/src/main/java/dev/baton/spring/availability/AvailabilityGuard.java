// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.availability;

import dev.baton.spring.lifecycle.RejoinableLifecycle;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Leaves every election and group while the application is unavailable, rejoining on recovery
 * ({@code baton.availability.resign-when-unavailable=true}): while the last readiness event said
 * {@code REFUSING_TRAFFIC}, the last liveness event {@code BROKEN}, or the {@link HealthProbe}
 * reports a contributor down. It follows the events, not Spring's {@code livenessState} and {@code
 * readinessState} indicators, which are down until the application is ready and would lose a term
 * won at start-up. Decisions and leave/rejoin calls run on its own thread ({@code
 * baton-availability-1}), never the publisher's; it stops before elections and groups. Thread-safe.
 */
public final class AvailabilityGuard
    implements SmartLifecycle, ApplicationListener<AvailabilityChangeEvent<?>> {
  private static final Logger log = LoggerFactory.getLogger(AvailabilityGuard.class);

  private final List<RejoinableLifecycle<?>> members;
  private final @Nullable HealthProbe probe;
  private final Duration interval;
  private final Object lock = new Object();
  private volatile boolean refusingTraffic;
  private volatile boolean broken;
  // Written under the lock; null while stopped.
  private volatile @Nullable ThreadPoolTaskScheduler executor;
  // Written only on the executor's thread.
  private volatile boolean left;

  /** A guard of {@code members}; {@code probe} null follows the readiness state only. */
  public AvailabilityGuard(
      List<? extends RejoinableLifecycle<?>> members,
      @Nullable HealthProbe probe,
      Duration interval) {
    this.members = List.copyOf(members);
    this.probe = probe;
    this.interval = interval;
  }

  @Override
  public void onApplicationEvent(AvailabilityChangeEvent<?> event) {
    if (event.getState() instanceof ReadinessState state) {
      refusingTraffic = state == ReadinessState.REFUSING_TRAFFIC;
    } else if (event.getState() instanceof LivenessState state) {
      broken = state == LivenessState.BROKEN;
    } else {
      return;
    }
    ThreadPoolTaskScheduler e = executor;
    if (e != null) {
      try {
        e.execute(this::evaluate);
      } catch (TaskRejectedException stopped) {
        log.debug("Baton availability: stopped before it could follow {}", event, stopped);
      }
    }
  }

  @Override
  public void start() {
    synchronized (lock) {
      if (executor != null) {
        return;
      }
      ThreadPoolTaskScheduler e = new ThreadPoolTaskScheduler();
      e.setThreadNamePrefix("baton-availability-");
      e.setDaemon(true);
      // On stop, a leave or rejoin under way finishes (up to 30 s, else a warning); checks stop.
      e.setWaitForTasksToCompleteOnShutdown(true);
      e.setAwaitTerminationSeconds(30);
      e.initialize();
      e.scheduleWithFixedDelay(this::evaluate, interval);
      executor = e;
    }
  }

  /** Waits, under the lock (a start waits for it, events do not), for the last leave or rejoin. */
  @Override
  public void stop() {
    synchronized (lock) {
      ThreadPoolTaskScheduler e = executor;
      if (e != null) {
        executor = null;
        e.shutdown();
      }
    }
  }

  @Override
  public boolean isRunning() {
    return executor != null;
  }

  /** Stops before the elections and groups (a higher phase stops earlier). */
  @Override
  public int getPhase() {
    return RejoinableLifecycle.DEFAULT_PHASE + 1;
  }

  /** True while the guard keeps the elections and groups left. */
  public boolean isHoldingOut() {
    return left;
  }

  private void evaluate() {
    try {
      Optional<String> reason = unavailableReason();
      if (reason.isPresent() && !left) {
        log.info(
            "Baton: the application is unavailable ({}): leaving elections and partition groups {}",
            reason.get(),
            names());
        left = true;
        members.forEach(RejoinableLifecycle::leave);
      } else if (reason.isEmpty() && left) {
        log.info(
            "Baton: the application is available again: rejoining elections and partition groups"
                + " {}",
            names());
        left = false;
        members.forEach(RejoinableLifecycle::rejoin);
      }
    } catch (RuntimeException e) {
      // Kept running: the next check retries. Logged, never silent.
      log.warn("Baton availability check failed; it runs again in {}", interval, e);
    }
  }

  private Optional<String> unavailableReason() {
    if (refusingTraffic) {
      return Optional.of("readiness " + ReadinessState.REFUSING_TRAFFIC);
    }
    if (broken) {
      return Optional.of("liveness " + LivenessState.BROKEN);
    }
    return probe == null ? Optional.empty() : probe.unhealthy().map(p -> "health: " + p);
  }

  private List<String> names() {
    return members.stream().map(RejoinableLifecycle::name).toList();
  }
}
