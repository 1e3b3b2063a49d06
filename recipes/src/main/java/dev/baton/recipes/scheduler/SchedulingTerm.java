// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.scheduler;

import dev.baton.fencing.FencingException;
import dev.baton.fencing.StaleTokenException;
import dev.baton.fencing.WriteOutcomeUnknownException;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.spi.BatonThreads;
import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One term's scheduling loop, on its own thread: registers the term, then creates due jobs. */
final class SchedulingTerm {
  private static final Logger log = LoggerFactory.getLogger(SchedulingTerm.class);
  private static final Duration RETRY = Duration.ofSeconds(1);

  private final Leadership leadership;
  private final ScheduleConfig config;
  private final JobStore store;
  private final Counter created;
  private final Counter rejected;
  private final Thread thread;

  SchedulingTerm(
      Leadership leadership,
      ScheduleConfig config,
      JobStore store,
      Counter created,
      Counter rejected) {
    this.leadership = leadership;
    this.config = config;
    this.store = store;
    this.created = created;
    this.rejected = rejected;
    this.thread = BatonThreads.factory("scheduler", config.name()).newThread(this::run);
  }

  void start() {
    thread.start();
  }

  /**
   * Interrupts the loop and waits up to {@code within} for its end, ordering this term's sent
   * writes before the next term's (a stuck one is logged, left to the fence); at once on the loop.
   */
  void stop(Duration within) {
    thread.interrupt();
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      thread.join(Math.max(1, within.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (thread.isAlive()) {
      log.warn(
          "schedule {}: term {} still writing {} after it ended (a write held up in the store?);"
              + " the fence rejects it once a newer term registered",
          config.name(),
          leadership.token(),
          within);
    }
  }

  private void run() {
    String name = config.name();
    try {
      while (leadership.isActive()) {
        try {
          store.registerTerm(name, leadership.token());
          break;
        } catch (StaleTokenException e) {
          rejected.increment();
          log.warn(
              "schedule {}: term {} is already superseded; not scheduling",
              name,
              leadership.token());
          return;
        } catch (FencingException | WriteOutcomeUnknownException | IllegalStateException e) {
          // Registering writes only the fence: repeating it after an unknown outcome is safe.
          log.warn("schedule {}: cannot register term {}; retrying", name, leadership.token(), e);
          leadership.awaitRevocation(RETRY);
        }
      }
      while (leadership.isActive()) {
        try {
          Instant next = scheduleDueSlots();
          Duration wait = Duration.between(config.clock().instant(), next);
          if (!wait.isNegative() && !wait.isZero()) {
            leadership.awaitRevocation(wait);
          }
        } catch (StaleTokenException e) {
          rejected.increment();
          log.warn(
              "schedule {}: write with token {} rejected, a newer term wrote: {}",
              name,
              leadership.token(),
              e.getMessage());
          return;
        } catch (VirtualMachineError e) {
          throw e; // logged by the thread's handler; the term schedules no more
        } catch (RuntimeException | Error e) {
          log.warn("schedule {}: scheduling failed; retrying in {}", name, RETRY, e);
          leadership.awaitRevocation(RETRY);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    log.info("schedule {}: term {} stopped scheduling", name, leadership.token());
  }

  /** Creates the job of every begun slot that has none; returns when the next slot begins. */
  private Instant scheduleDueSlots() {
    long last = store.lastScheduledSlot(config.name());
    long current = config.slotAt(config.clock().instant());
    long next = last >= 0 ? last + 1 : (config.startFromNow() ? Math.max(current, 0) : 0);
    while (next <= current && leadership.isActive() && !Thread.currentThread().isInterrupted()) {
      if (store.createSlotJob(
          config.name(), leadership.token(), next, config.slotStart(next), config.jobType())) {
        created.increment();
      }
      next++;
    }
    return config.slotStart(next);
  }
}
