// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Timestamps the clients' output lines for the history: a daemon thread reads the new bytes of
 * every client's output file every {@value #POLL_MS} ms and stamps each complete line it finds, in
 * nanoseconds since the clock's origin, with the time the client wrote in it ({@code at=}: the
 * clients and the orchestrator run on one host and read one monotonic clock), or, for a line
 * without one, with the time it was read: an upper bound, late by at most the poll interval (more
 * while the orchestrator's JVM is busy).
 */
final class EventClock implements AutoCloseable {
  static final long POLL_MS = 5;

  /** One output line of a client and when it happened (or, failing that, was read). */
  record Stamped(String line, long nanos) {}

  /**
   * Stamps {@code line}, read {@code readNanos} after the origin: with the time the client wrote in
   * it ({@code at=}, its {@link System#nanoTime()}, the same clock on one host) if that lies
   * between the origin and the read, else (a line without one, or a clock that does not match) with
   * the read time, an upper bound.
   */
  static Stamped stamp(String line, long readNanos, long originNanos) {
    long nanos = readNanos;
    Optional<ChaosProtocol.Event> e = ChaosProtocol.parse(line);
    String at = e.isPresent() ? e.get().fields().get("at") : null;
    if (at != null) {
      try {
        long t = Long.parseLong(at) - originNanos;
        if (t >= 0 && t <= readNanos) {
          nanos = t;
        }
      } catch (NumberFormatException notANumber) {
        nanos = readNanos; // a damaged field: the read time still bounds the event
      }
    }
    return new Stamped(line, nanos);
  }

  private final long origin;
  private final Map<String, Tail> tails = new LinkedHashMap<>();
  private final Thread poller;
  private volatile boolean stopped;

  private EventClock(long origin, List<ChaosClient> clients) {
    this.origin = origin;
    clients.forEach(c -> tails.put(c.id(), new Tail(c.process().outputFile(), origin)));
    this.poller = new Thread(this::loop, "chaos-event-clock");
    this.poller.setDaemon(true);
  }

  /** Starts stamping the lines of {@code clients}, times counted from {@code originNanos}. */
  static EventClock start(long originNanos, List<ChaosClient> clients) {
    EventClock clock = new EventClock(originNanos, clients);
    clock.poller.start();
    return clock;
  }

  private void loop() {
    while (!stopped) {
      pollOnce();
      try {
        Thread.sleep(POLL_MS); // a fixed-rate sampler, not a synchronisation
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized void pollOnce() {
    long now = System.nanoTime() - origin;
    tails.values().forEach(t -> t.read(now));
  }

  /** Stops the poller, reads what is left and returns each client's stamped lines, by id. */
  synchronized Map<String, List<Stamped>> finish() {
    stopped = true;
    poller.interrupt();
    pollOnce();
    Map<String, List<Stamped>> out = new LinkedHashMap<>();
    tails.forEach((id, t) -> out.put(id, List.copyOf(t.lines)));
    return out;
  }

  @Override
  public void close() {
    stopped = true;
    poller.interrupt();
  }

  /** The unread end of one output file. */
  private static final class Tail {
    private final long origin;
    private final Path file;
    private final List<Stamped> lines = new ArrayList<>();
    private long offset;
    private byte[] partial = new byte[0];

    Tail(Path file, long origin) {
      this.file = file;
      this.origin = origin;
    }

    void read(long now) {
      try {
        if (!Files.exists(file)) {
          return;
        }
        byte[] fresh;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
          long length = f.length();
          if (length <= offset) {
            return;
          }
          fresh = new byte[(int) Math.min(length - offset, 1 << 22)];
          f.seek(offset);
          f.readFully(fresh);
        }
        offset += fresh.length;
        byte[] all = new byte[partial.length + fresh.length];
        System.arraycopy(partial, 0, all, 0, partial.length);
        System.arraycopy(fresh, 0, all, partial.length, fresh.length);
        int start = 0;
        for (int i = 0; i < all.length; i++) {
          if (all[i] == '\n') {
            int end = i > start && all[i - 1] == '\r' ? i - 1 : i;
            lines.add(
                stamp(new String(all, start, end - start, StandardCharsets.UTF_8), now, origin));
            start = i + 1;
          }
        }
        partial = java.util.Arrays.copyOfRange(all, start, all.length);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the client output " + file, e);
      }
    }
  }
}
