// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.lock;

import dev.baton.bench.BenchmarkFailure;
import dev.baton.bench.contender.Library;
import dev.baton.bench.contender.LockContender;
import dev.baton.bench.contender.ZkClient;
import dev.baton.bench.zk.ClientRequests;
import dev.baton.bench.zk.EmbeddedZooKeeper;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * N contenders of one library on one lock path, each with its own session, and their slices: each
 * contender's thread acquires, checks mutual exclusion and the token, releases, until the slice
 * ends. A hold counts if its release returned inside the window. Method: docs/benchmarks.md, "One
 * hold".
 */
final class LockRun {
  /** What one slice measured. */
  record Slice(
      long holdsInWindow,
      long windowNanos,
      long allHolds,
      long requests,
      long packets,
      long cpuNanos,
      long callerCpuNanos) {
    double holdsPerSecond() {
      return holdsInWindow / (windowNanos / 1e9);
    }
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Library library;
  private final int n;
  private final String path;
  private final ZkClient settings;
  private final long acquireTimeoutMs;
  private final List<LockContender> contenders = new ArrayList<>();
  private final Histogram latency = new Histogram(TimeUnit.MINUTES.toNanos(5), 3);
  private final List<Slice> slices = new ArrayList<>();
  private final AtomicLong lastToken = new AtomicLong(-1);
  private final AtomicInteger inside = new AtomicInteger();
  private long tokenChecks;

  /**
   * The run of {@code n} contenders of {@code library} on lock {@code /bench/lock/<library>-<n>}.
   */
  LockRun(Library library, int n, ZkClient settings, long acquireTimeoutMs) {
    this.library = library;
    this.n = n;
    this.path = "/bench/lock/" + library.key() + "-" + n;
    this.settings = settings;
    this.acquireTimeoutMs = acquireTimeoutMs;
  }

  Library library() {
    return library;
  }

  /** Connects the N sessions and creates the locks. */
  void open() throws Exception {
    for (int i = 0; i < n; i++) {
      contenders.add(
          switch (library) {
            case BATON, CURATOR ->
                LockContender.connect(library, path, library.key() + "-" + n + "-" + i, settings);
            case FLOOR -> new FloorLockContender(path, settings, false);
            case FLOOR_ASYNC -> new FloorLockContender(path, settings, true);
          });
    }
  }

  /**
   * Runs the contenders for {@code durationNanos}; records the slice if {@code record}.
   *
   * @throws BenchmarkFailure if a check failed, an acquire timed out or a contender failed
   */
  void slice(long durationNanos, boolean record, EmbeddedZooKeeper zk) throws Exception {
    long[] xidBefore = new long[n];
    for (int i = 0; i < n; i++) {
      xidBefore[i] = ClientRequests.issued(contenders.get(i).handle());
    }
    long packetsBefore = zk.packetsReceived();
    long cpuBefore = processCpuNanos();
    CountDownLatch go = new CountDownLatch(1);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicLong windowEnd = new AtomicLong(Long.MAX_VALUE);
    Histogram[] histograms = new Histogram[n];
    long[] inWindow = new long[n];
    long[] all = new long[n];
    long[] checks = new long[n];
    long[] callerCpu = new long[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      histograms[i] = new Histogram(latency.getHighestTrackableValue(), 3);
      LockContender c = contenders.get(i);
      Thread t =
          new Thread(
              () -> {
                try {
                  go.await();
                  long end = windowEnd.get();
                  while (!stop.get()) {
                    long t0 = System.nanoTime();
                    if (!c.acquire(acquireTimeoutMs)) {
                      throw new BenchmarkFailure(
                          "%s contender %d of %d timed out after %d ms waiting for %s"
                              .formatted(library.key(), index, n, acquireTimeoutMs, path));
                    }
                    try {
                      int holders = inside.incrementAndGet();
                      try {
                        if (holders != 1) {
                          throw new BenchmarkFailure(
                              "mutual exclusion violated on %s: %d holders at once"
                                  .formatted(path, holders));
                        }
                        if (library == Library.BATON) {
                          checkToken(c);
                          checks[index]++;
                        }
                      } finally {
                        inside.decrementAndGet();
                      }
                    } finally {
                      c.release();
                    }
                    long t1 = System.nanoTime();
                    all[index]++;
                    if (record && t1 <= end) {
                      histograms[index].recordValue(
                          Math.min(t1 - t0, histograms[index].getHighestTrackableValue()));
                      inWindow[index]++;
                    }
                  }
                  callerCpu[index] =
                      THREADS.isCurrentThreadCpuTimeSupported()
                          ? THREADS.getCurrentThreadCpuTime()
                          : 0;
                } catch (InterruptedException e) {
                  if (failure.get() == null) {
                    failure.compareAndSet(null, e);
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                  stop.set(true);
                }
              },
              "lock-" + library.key() + "-" + n + "-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    long start = System.nanoTime();
    windowEnd.set(start + durationNanos);
    go.countDown();
    while (System.nanoTime() < start + durationNanos && failure.get() == null) {
      long left = start + durationNanos - System.nanoTime();
      TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
    }
    long window = System.nanoTime() - start;
    stop.set(true);
    long joinDeadline =
        System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(acquireTimeoutMs + 10_000);
    for (Thread t : threads) {
      if (failure.get() != null) {
        threads.forEach(Thread::interrupt);
      }
      t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(joinDeadline - System.nanoTime())));
      if (t.isAlive()) {
        threads.forEach(Thread::interrupt);
        throw new BenchmarkFailure(
            t.getName() + " did not finish its last hold within the acquire timeout");
      }
    }
    Throwable f = failure.get();
    if (f instanceof BenchmarkFailure b) {
      throw b;
    }
    if (f != null) {
      throw new BenchmarkFailure(library.key() + " contender failed: " + f);
    }
    for (LockContender c : contenders) {
      c.awaitReleases(); // a release still queued is neither numbered nor received yet
    }
    long cpu = processCpuNanos() - cpuBefore;
    long packets = zk.packetsReceived() - packetsBefore - 1; // the second mntr read counts itself
    long requests = 0;
    for (int i = 0; i < n; i++) {
      requests += ClientRequests.issued(contenders.get(i).handle()) - xidBefore[i];
    }
    if (record) {
      long holds = 0;
      long allHolds = 0;
      long callerCpuNanos = 0;
      for (int i = 0; i < n; i++) {
        latency.add(histograms[i]);
        holds += inWindow[i];
        allHolds += all[i];
        tokenChecks += checks[i];
        callerCpuNanos += callerCpu[i];
      }
      slices.add(new Slice(holds, window, allHolds, requests, packets, cpu, callerCpuNanos));
    }
  }

  private void checkToken(LockContender c) {
    if (!path.equals(c.tokenScope())) {
      throw new BenchmarkFailure(
          "a hold of " + path + " carries a token of scope " + c.tokenScope());
    }
    long token = c.token();
    long previous = lastToken.getAndSet(token);
    if (token <= previous) {
      throw new BenchmarkFailure(
          "fencing tokens of %s did not strictly increase: %d then %d"
              .formatted(path, previous, token));
    }
  }

  List<Slice> slices() {
    return slices;
  }

  long holds() {
    return slices.stream().mapToLong(Slice::holdsInWindow).sum();
  }

  double holdsPerSecond() {
    long nanos = slices.stream().mapToLong(Slice::windowNanos).sum();
    return holds() / (nanos / 1e9);
  }

  double p50Ms() {
    return latency.getValueAtPercentile(50) / 1e6;
  }

  double p99Ms() {
    return latency.getValueAtPercentile(99) / 1e6;
  }

  double maxMs() {
    return latency.getMaxValue() / 1e6;
  }

  /**
   * {@code what} summed over the measured slices, divided by {@code unit}, per hold (all their
   * holds, in the window or not); NaN without holds.
   */
  private double perHold(ToLongFunction<Slice> what, double unit) {
    long all = slices.stream().mapToLong(Slice::allHolds).sum();
    return all == 0 ? Double.NaN : slices.stream().mapToLong(what).sum() / unit / all;
  }

  /** Client-issued ZooKeeper requests per hold (acquire + release). */
  double requestsPerHold() {
    return perHold(Slice::requests, 1);
  }

  /** Server-counted packets (requests and pings) per hold. */
  double packetsPerHold() {
    return perHold(Slice::packets, 1);
  }

  /**
   * CPU time of this whole process (server, all clients, benchmark threads) per hold, microseconds;
   * -1 if the JVM cannot tell.
   */
  double cpuMicrosPerHold() {
    return processCpuNanos() < 0 ? -1 : perHold(Slice::cpuNanos, 1e3);
  }

  /**
   * CPU time of the contender threads themselves (not the ZooKeeper clients' I/O and event threads,
   * not the server) per hold, microseconds.
   */
  double callerCpuMicrosPerHold() {
    return perHold(Slice::callerCpuNanos, 1e3);
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime()
        : -1;
  }

  long tokenChecks() {
    return tokenChecks;
  }

  void close() {
    for (LockContender c : contenders) {
      try {
        c.close();
      } catch (RuntimeException e) {
        System.err.println("[lock] closing a " + library.key() + " contender failed: " + e);
      }
    }
    contenders.clear();
  }
}
