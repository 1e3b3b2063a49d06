// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import dev.baton.fencing.FencingToken;
import dev.baton.fencing.ForeignTokenException;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.Term;
import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fenced writes of one term (a leadership or a partition ownership) on its own daemon thread.
 * It writes with the token captured at start and looks at the term only between writes. A rejected
 * write ends the writing: the loop then waits for the term's revocation. {@link #stop()} ends it
 * after the write in progress; {@link #abandon()} (process shutdown only) also interrupts that
 * write: when a term merely ends, a write in flight is sent and the fence decides.
 */
abstract class TermLoop {
  private static final Logger log = LoggerFactory.getLogger(TermLoop.class);
  private static final Duration RETRY = Duration.ofSeconds(1);

  private final Thread thread;
  private final Term term;
  private final Events events;
  private final String what;
  private final Integer partition;
  private volatile boolean stopped;

  /** A loop writing {@code what} ({@code job} or {@code result} of {@code partition}). */
  TermLoop(String name, Term term, Events events, String what, Integer partition) {
    this.thread = new Thread(this::runLogged, name);
    this.term = term;
    this.events = events;
    this.what = what;
    this.partition = partition;
    thread.setDaemon(true);
  }

  /** Makes the fence refuse every older term's write from now on. */
  protected abstract void register(FencingToken token) throws SQLException;

  /** Prepares one write and sends it with {@code token}, with no look at the term in between. */
  protected abstract void writeOne(FencingToken token) throws SQLException, InterruptedException;

  private void runLogged() {
    try {
      run();
    } catch (InterruptedException e) {
      log.info("{}: work abandoned", thread.getName());
    } catch (RuntimeException | Error e) {
      log.error("{}: the loop failed", thread.getName(), e);
      events.error(thread.getName() + ": the loop failed: " + e);
    }
  }

  private void run() throws InterruptedException {
    FencingToken token = term.token();
    String name = thread.getName();
    boolean registered = false;
    while (!stopped && term.isActive()) {
      try {
        if (!registered) {
          register(token);
          registered = true;
        }
        writeOne(token);
      } catch (StaleTokenException e) {
        log.info("{}: {} with token {} rejected: {}", name, what, token.value(), e.getMessage());
        events.rejected(what, e, partition);
        awaitRevocation();
        return;
      } catch (ForeignTokenException e) {
        // Another election or group path used this fence: no write of this term can ever pass.
        log.error(
            "{}: the fence refuses token {} of another scope: {}", name, token, e.getMessage());
        events.error(name + ": " + e.getMessage());
        awaitRevocation();
        return;
      } catch (SQLException | RuntimeException e) {
        log.warn("{}: writing with token {} failed; retrying in {}", name, token.value(), RETRY, e);
        events.error(name + ": writing a " + what + " failed: " + e.getMessage());
        term.awaitRevocation(RETRY);
      }
    }
  }

  private void awaitRevocation() throws InterruptedException {
    while (!stopped && !term.awaitRevocation(Duration.ofSeconds(1))) {
      log.debug("{}: cannot write; waiting for the term's revocation", thread.getName());
    }
  }

  final void start() {
    thread.start();
  }

  /** Asks the loop to end after the write in progress. */
  final void stop() {
    stopped = true;
  }

  /** Asks the loop to end at once, dropping the work in progress. */
  final void abandon() {
    stopped = true;
    thread.interrupt();
  }

  /** Waits up to {@code timeout} for the loop to end; true if it did. */
  final boolean join(Duration timeout) {
    if (Thread.currentThread() != thread) { // on its own thread: it runs, so false
      try {
        thread.join(timeout.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        log.warn("interrupted while waiting for {} to end", thread.getName());
      }
    }
    return !thread.isAlive();
  }
}
