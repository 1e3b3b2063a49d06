// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * A deterministic scheduler: before each step it gathers what could happen now from its {@link
 * Source}s and due timers ({@link #schedule}), picks one at random from its seed, weighted, and
 * runs it; with timers waiting an "advance time" step moves virtual time to the earliest. Nothing
 * runs on another thread nor reads the real clock, so a failing seed replays exactly. Trace labels
 * are formatted only when printed: a step's subject must be immutable.
 */
public final class Simulation {
  /** A possible step: a short name and a subject for the trace, a positive weight, an action. */
  public record Step(String what, Object subject, int weight, Runnable action) {
    public Step {
      Objects.requireNonNull(what, "what");
      Objects.requireNonNull(action, "action");
      if (weight <= 0) {
        throw new IllegalArgumentException("weight must be positive: " + weight);
      }
    }

    String label() {
      return subject == null ? what : what + " " + subject;
    }
  }

  /** Offers the steps that are possible now. */
  @FunctionalInterface
  public interface Source {
    void offer(List<Step> out);
  }

  /** A pending timer; {@link #cancel()} withdraws it. */
  public static final class Timer implements Comparable<Timer> {
    private final long due;
    private final long order;
    private final Step step;
    private boolean cancelled;

    private Timer(long due, long order, Step step) {
      this.due = due;
      this.order = order;
      this.step = step;
    }

    public void cancel() {
      cancelled = true;
    }

    public long due() {
      return due;
    }

    @Override
    public int compareTo(Timer o) {
      int c = Long.compare(due, o.due);
      return c != 0 ? c : Long.compare(order, o.order);
    }
  }

  private static final class Traced {
    final long step;
    final long nanos;
    final Step what;
    StringBuilder notes;

    Traced(long step, long nanos, Step what) {
      this.step = step;
      this.nanos = nanos;
      this.what = what;
    }
  }

  private final long seed;
  private final SimRandom random;
  private final SimClock clock = new SimClock();
  private final List<Source> sources = new ArrayList<>();
  private final PriorityQueue<Timer> timers = new PriorityQueue<>();
  private final List<Step> offered = new ArrayList<>();
  private final Traced[] ring;
  private final List<String> fullTrace;
  private final boolean verbose;
  private int timerWeight = 1;
  private long timerOrder;
  private long steps;
  private long hash = 1125899906842597L;

  /** A simulation from {@code seed}, keeping the last 50 steps. */
  public Simulation(long seed) {
    this(seed, 50, false);
  }

  /**
   * From {@code seed}, keeping the last {@code traceLength} steps (all if {@code keepFullTrace}).
   */
  public Simulation(long seed, int traceLength, boolean keepFullTrace) {
    this(seed, traceLength, keepFullTrace, false);
  }

  /**
   * As {@link #Simulation(long, int, boolean)}; {@code verbose}: {@link #note} adds to the trace.
   */
  public Simulation(long seed, int traceLength, boolean keepFullTrace, boolean verbose) {
    this.seed = seed;
    this.verbose = verbose;
    this.random = new SimRandom(seed);
    this.ring = new Traced[Math.max(1, traceLength)];
    this.fullTrace = keepFullTrace ? new ArrayList<>() : null;
  }

  public long seed() {
    return seed;
  }

  public SimRandom random() {
    return random;
  }

  public SimClock clock() {
    return clock;
  }

  /** Steps run so far. */
  public long steps() {
    return steps;
  }

  /** True if {@link #note} records anything: callers skip building notes otherwise. */
  public boolean verbose() {
    return verbose;
  }

  /** Adds {@code text} to the current step's trace line, if verbose. */
  public void note(String text) {
    if (!verbose || steps == 0) {
      return;
    }
    Traced t = ring[(int) ((steps - 1) % ring.length)];
    if (t.notes == null) {
      t.notes = new StringBuilder();
    }
    t.notes.append(" | ").append(text);
  }

  /** Adds a source of steps; sources are asked in the order they were added. */
  public void addSource(Source source) {
    sources.add(Objects.requireNonNull(source, "source"));
  }

  /** The weight of a due timer's step and of letting time pass (default 1). */
  public void timerWeight(int weight) {
    if (weight <= 0) {
      throw new IllegalArgumentException("weight must be positive: " + weight);
    }
    this.timerWeight = weight;
  }

  /** Runs {@code action} once virtual time has advanced by {@code delayNanos}, when picked. */
  public Timer schedule(long delayNanos, String what, Object subject, Runnable action) {
    if (delayNanos < 0) {
      throw new IllegalArgumentException("negative delay " + delayNanos);
    }
    Timer t =
        new Timer(clock.nanos() + delayNanos, timerOrder++, new Step(what, subject, 1, action));
    timers.add(t);
    return t;
  }

  /** Runs one step picked at random; false if none was possible. */
  public boolean step() {
    offered.clear();
    for (Source s : sources) {
      s.offer(offered);
    }
    dropCancelled();
    Timer next = timers.peek();
    if (next != null) {
      if (next.due <= clock.nanos()) {
        Timer due = next;
        offered.add(
            new Step(
                due.step.what(),
                due.step.subject(),
                timerWeight,
                () -> {
                  timers.remove(due);
                  due.step.action().run();
                }));
      } else {
        long target = next.due;
        offered.add(new Step("advance", null, timerWeight, () -> clock.advanceTo(target)));
      }
    }
    if (offered.isEmpty()) {
      return false;
    }
    Step chosen = pick();
    record(chosen);
    try {
      chosen.action().run();
    } finally {
      finishRecord();
    }
    return true;
  }

  /** Runs up to {@code maxSteps} steps, calling {@code check} after each; the steps run. */
  public long run(long maxSteps, Runnable check) {
    long ran = 0;
    while (ran < maxSteps && step()) {
      ran++;
      check.run();
    }
    return ran;
  }

  /** The last steps, oldest first, one per line, numbered, with their virtual time. */
  public List<String> trace() {
    List<String> out = new ArrayList<>();
    long first = Math.max(0, steps - ring.length);
    for (long i = first; i < steps; i++) {
      Traced t = ring[(int) (i % ring.length)];
      out.add(
          String.format(
              java.util.Locale.ROOT,
              "#%d t=%.3fms %s%s",
              t.step,
              t.nanos / 1e6,
              t.what.label(),
              t.notes == null ? "" : t.notes));
    }
    return out;
  }

  /** Every step's label, if the full trace is kept; else throws. */
  public List<String> fullTrace() {
    if (fullTrace == null) {
      throw new IllegalStateException("the full trace is not kept");
    }
    return List.copyOf(fullTrace);
  }

  /** A digest of the steps' names and virtual times: equal digests, one path taken. */
  public long digest() {
    return hash;
  }

  private Step pick() {
    int n = offered.size();
    if (n == 1) {
      return offered.get(0);
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += offered.get(i).weight();
    }
    long r = random.nextLong(total);
    for (int i = 0; i < n; i++) {
      r -= offered.get(i).weight();
      if (r < 0) {
        return offered.get(i);
      }
    }
    throw new AssertionError("unreachable");
  }

  private void record(Step s) {
    ring[(int) (steps % ring.length)] = new Traced(steps, clock.nanos(), s);
    steps++;
    hash = hash * 31 + s.what().hashCode();
    hash = hash * 31 + clock.nanos();
    if (fullTrace != null) {
      fullTrace.add(s.label());
    }
  }

  /** Replaces the last full-trace line with its notes, once the step ran (verbose runs only). */
  private void finishRecord() {
    if (fullTrace != null && verbose && steps > 0) {
      Traced t = ring[(int) ((steps - 1) % ring.length)];
      if (t.notes != null) {
        fullTrace.set(fullTrace.size() - 1, t.what.label() + t.notes);
      }
    }
  }

  private void dropCancelled() {
    while (!timers.isEmpty() && timers.peek().cancelled) {
      timers.poll();
    }
  }
}
