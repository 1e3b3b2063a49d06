// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.demo.worker.WorkerEvent;
import dev.baton.demo.worker.WorkerMain;
import dev.baton.testkit.ChildJvm;
import dev.baton.testkit.TcpProxy;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker: a child JVM running {@link WorkerMain} behind a {@link TcpProxy} per server (so it
 * alone can be cut off), and a reader of its event lines. Thread-safe.
 */
final class WorkerProcess implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(WorkerProcess.class);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

  /** A worker's state as the dashboard shows it. */
  enum State {
    RUNNING,
    PAUSED,
    CUT,
    KILLED,
    STOPPED
  }

  /** A session's id and password, for a server-side expiry. */
  record Session(long id, byte[] password) {}

  private final String id;
  private final List<TcpProxy> proxies;
  private final ChildJvm jvm;
  private final OutputTail tail;
  private final Consumer<JsonNode> events;
  private volatile State state = State.RUNNING;
  private volatile Long until;
  private volatile CompletableFuture<Session> sessionAnswer;
  private boolean drained; // by the observer's single reader thread only

  private WorkerProcess(
      String id, List<TcpProxy> proxies, ChildJvm jvm, Consumer<JsonNode> events) {
    this.id = id;
    this.proxies = proxies;
    this.jvm = jvm;
    this.tail = new OutputTail(jvm.outputFile());
    this.events = events;
  }

  /** Starts worker {@code id} with {@code args} (everything but its id and connect string). */
  static WorkerProcess start(
      String id, List<String> serverAddresses, List<String> args, Consumer<JsonNode> events) {
    List<TcpProxy> proxies = new ArrayList<>();
    for (String address : serverAddresses) {
      int colon = address.lastIndexOf(':');
      proxies.add(
          TcpProxy.start(
              address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))));
    }
    String zookeeper = String.join(",", proxies.stream().map(TcpProxy::connectString).toList());
    List<String> all = new ArrayList<>(List.of("--id", id, "--zookeeper", zookeeper));
    all.addAll(args);
    ChildJvm jvm =
        ChildJvm.builder(WorkerMain.class)
            .jvmOptions("-Xmx192m", "-XX:+UseSerialGC")
            .args(all.toArray(String[]::new))
            .start();
    return new WorkerProcess(id, proxies, jvm, events);
  }

  String id() {
    return id;
  }

  long pid() {
    return jvm.pid();
  }

  State state() {
    if ((state == State.RUNNING || state == State.PAUSED || state == State.CUT) && !jvm.isAlive()) {
      state = State.KILLED;
    }
    return state;
  }

  /** When a timed pause or cut ends, epoch ms; null otherwise. */
  Long until() {
    return until;
  }

  boolean isAlive() {
    return jvm.isAlive();
  }

  /** The exit code once the process ended. */
  OptionalInt exitCode() {
    return jvm.exitCode();
  }

  /** Reads the new event lines and hands them on; called by the launcher's reader loop. */
  void drainEvents() {
    if (drained) {
      return;
    }
    boolean alive = jvm.isAlive(); // read before the output, so that its last lines are not missed
    List<String> lines;
    try {
      lines = tail.poll();
    } catch (IOException e) {
      log.warn("cannot read worker {}'s output {}", id, jvm.outputFile(), e);
      return;
    }
    if (!alive) {
      drained = true; // everything it printed has been read: no need to look again
    }
    for (String line : lines) {
      try {
        WorkerEvent.parse(line).ifPresent(this::dispatch);
      } catch (RuntimeException e) {
        log.warn("worker {}: cannot handle the event line {}", id, line, e);
      }
    }
  }

  private void dispatch(JsonNode e) {
    CompletableFuture<Session> waiting = sessionAnswer;
    if ("session".equals(e.path("event").asText()) && waiting != null) {
      waiting.complete(
          new Session(
              Long.parseUnsignedLong(e.path("sessionId").asText().replaceFirst("^0x", ""), 16),
              HexFormat.of().parseHex(e.path("password").asText())));
    }
    events.accept(e);
  }

  /** SIGSTOP until {@link #resume()}. */
  void pause(long untilMillis) {
    jvm.pause();
    state = State.PAUSED;
    until = untilMillis;
  }

  void resume() {
    if (jvm.isAlive()) {
      try {
        jvm.resume();
      } catch (IllegalStateException e) { // continued by someone else, or just ended
        log.warn("worker {}: {}", id, e.getMessage());
      }
      state = State.RUNNING;
    }
    until = null;
  }

  /** Closes its ZooKeeper connections and refuses new ones until {@link #heal()}. */
  void cut(long untilMillis) {
    proxies.forEach(TcpProxy::cut);
    state = State.CUT;
    until = untilMillis;
  }

  void heal() {
    proxies.forEach(TcpProxy::heal);
    if (state == State.CUT) {
      state = State.RUNNING;
    }
    until = null;
  }

  /** Asks the worker for its session (the {@code SESSION} command) and waits for the answer. */
  Session session(Duration timeout) {
    CompletableFuture<Session> answer = new CompletableFuture<>();
    sessionAnswer = answer;
    jvm.send("SESSION");
    try {
      return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + id + "'s session", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(id + " did not report its session within " + timeout, e);
    } finally {
      sessionAnswer = null;
    }
  }

  /** SIGKILL. */
  void kill() {
    jvm.kill();
    state = State.KILLED;
    until = null;
    proxies.forEach(TcpProxy::close);
  }

  /** Graceful stop: {@code STOP}, then SIGTERM and SIGKILL if it takes too long. */
  void stop() {
    if (jvm.isAlive()) {
      if (jvm.isPaused()) {
        resume();
      }
      proxies.forEach(TcpProxy::heal);
      try {
        jvm.send("STOP");
      } catch (RuntimeException e) {
        log.debug("worker {} no longer reads its input: {}", id, e.toString());
      }
      if (!jvm.awaitExit(STOP_TIMEOUT)) {
        log.warn("worker {} did not stop within {}; terminating it", id, STOP_TIMEOUT);
        jvm.terminate(STOP_TIMEOUT);
      }
    }
    state = State.STOPPED;
    until = null;
    proxies.forEach(TcpProxy::close);
  }

  @Override
  public void close() {
    if (jvm.isAlive()) {
      stop();
    }
    jvm.close();
    proxies.forEach(TcpProxy::close);
  }
}
