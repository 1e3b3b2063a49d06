// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.lock.FencedLock;
import dev.baton.recipes.lock.LockConfig;
import dev.baton.recipes.lock.LockHandle;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --role=lock}: over and over, acquire the {@link FencedLock} at {@code <path>/lock},
 * {@value #WRITES_PER_HOLD} writes (the hold checked between writes only), release.
 */
final class LockRole implements ChaosRole {
  static final String RESOURCE = "lock";
  static final int WRITES_PER_HOLD = 5;
  private static final Logger log = LoggerFactory.getLogger(LockRole.class);
  private static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(1);

  private final FencedLock lock;
  private final ProtectedWriter writer;
  private final EventOut out;
  private final Duration interval;
  private final Thread thread;
  private volatile boolean stopped;

  LockRole(ClientArgs args, Backend session, ProtectedWriter writer, EventOut out) {
    this.lock =
        FencedLock.create(
            session, LockConfig.builder(args.path() + "/lock").ownerId(args.id()).build());
    this.writer = writer;
    this.out = out;
    this.interval = args.writeInterval();
    this.thread = new Thread(this::run, "chaos-lock");
    thread.setDaemon(true);
  }

  @Override
  public void start() {
    thread.start();
  }

  private void run() {
    while (!stopped) {
      Optional<LockHandle> taken;
      try {
        taken = lock.acquire(ACQUIRE_TIMEOUT);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        log.warn("acquiring the lock failed; retrying", e);
        ProtectedWriter.sleepQuietly(200);
        continue;
      }
      if (taken.isEmpty()) {
        continue;
      }
      LockHandle hold = taken.get();
      out.event("LOCKED", "token", hold.token().value());
      try {
        for (int i = 0; i < WRITES_PER_HOLD; i++) {
          if (i > 0 && (!hold.isValid() || stopped)) {
            break; // checked between writes only
          }
          ProtectedWriter.sleepQuietly(interval.toMillis()); // preparing the write
          if (writer.write(RESOURCE, hold.token()) == ProtectedWriter.Outcome.REJECTED) {
            break; // a newer holder wrote: stop using this hold
          }
        }
      } finally {
        try {
          lock.release();
        } catch (RuntimeException e) {
          log.warn("releasing the lock (token {}) failed", hold.token(), e);
        }
        out.event("UNLOCKED", "token", hold.token().value());
      }
    }
  }

  @Override
  public void close() {
    stopped = true;
    try {
      thread.join(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    lock.close();
  }
}
