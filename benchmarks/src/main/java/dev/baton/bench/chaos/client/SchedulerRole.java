// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import com.zaxxer.hikari.HikariDataSource;
import dev.baton.bench.chaos.ChaosProtocol.FenceKind;
import dev.baton.fencing.FencingToken;
import dev.baton.fencing.StaleTokenException;
import dev.baton.recipes.backend.Backend;
import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.LeaderScheduler;
import dev.baton.recipes.scheduler.ScheduleConfig;
import dev.baton.recipes.scheduler.SqlJobStore;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code --role=scheduler}: a {@link LeaderScheduler} at {@code <path>/scheduler} with a {@link
 * SqlJobStore}, a job per {@value #SLOT_MS} ms slot, its type the creating client's id. A thread
 * polls the term every 10 ms for {@code ELECTED} and {@code REVOKED}. Each job creation is the
 * protected write ({@code WRITE resource=schedule}, through the {@link WriteGate}); {@code
 * --fence=none} creates the jobs with {@link UnfencedJobs}.
 */
final class SchedulerRole implements ChaosRole {
  static final String TABLE_PREFIX = "chaos";
  static final String RESOURCE = "schedule";
  static final long SLOT_MS = 200;

  private final LeaderScheduler scheduler;
  private final SqlJobStore store;
  private final HikariDataSource pool;
  private final UnfencedJobs unfenced; // --fence=none only
  private final EventOut out;
  private final Thread watcher;
  private final LeaseLinkWatcher link;
  private volatile boolean stopped;

  SchedulerRole(ClientArgs args, Backend on, HikariDataSource pool, EventOut out, WriteGate gate) {
    this.out = out;
    this.pool = pool;
    this.store = SqlJobStore.create(pool, TABLE_PREFIX);
    this.unfenced =
        args.fence() == FenceKind.NONE ? new UnfencedJobs(pool, TABLE_PREFIX, gate) : null;
    this.scheduler =
        LeaderScheduler.create(
            on,
            ElectionConfig.builder(args.path() + "/scheduler").participantId(args.id()).build(),
            scheduleConfig(args),
            observed(store, out, gate, unfenced));
    this.watcher = new Thread(this::watch, "chaos-scheduler-watch");
    watcher.setDaemon(true);
    this.link = new LeaseLinkWatcher(on, scheduler.election(), out);
  }

  /** With {@code --schedule-start-ms}, from slot 0. */
  static ScheduleConfig scheduleConfig(ClientArgs args) {
    ScheduleConfig.Builder b =
        ScheduleConfig.builder(scheduleName(args.path()), Duration.ofMillis(SLOT_MS))
            .jobType(args.id());
    args.scheduleStart().ifPresent(start -> b.firstSlotAt(start).startFromNow(false));
    return b.build();
  }

  /** The path as a schedule name ({@code /chaos/s1}: {@code chaos.s1}): a path, its own rows. */
  static String scheduleName(String path) {
    String name = path.replaceAll("[^A-Za-z0-9._-]", ".").replaceAll("^\\.+", "");
    return name.isEmpty()
        ? "chaos"
        : name.length() > 200 ? name.substring(name.length() - 200) : name;
  }

  @Override
  public void start() throws SQLException {
    Retries.run(
        "creating the scheduler tables",
        pool,
        () -> {
          if (unfenced != null) {
            unfenced.createJobsTable(TABLE_PREFIX);
          }
          store.createSchema();
          return null;
        });
    scheduler.start();
    watcher.start();
    link.start();
  }

  private void watch() {
    Leadership current = null;
    while (true) {
      boolean last = stopped; // one more look after close(), to report the CLOSED revocation
      Optional<Leadership> now = scheduler.election().leadership();
      if (current != null && current.isRevoked()) {
        out.event(
            "REVOKED",
            "token",
            current.token().value(),
            "reason",
            current.revocationReason().map(Enum::name).orElse("UNKNOWN"));
        current = null;
      }
      if (current == null && now.isPresent() && now.get().isActive()) {
        current = now.get();
        out.event("ELECTED", "token", current.token().value());
      }
      if (last) {
        return;
      }
      ProtectedWriter.sleepQuietly(10);
    }
  }

  @Override
  public void close() {
    link.stop();
    scheduler.close();
    stopped = true;
    try {
      watcher.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code store}, printing a WRITE line per job creation (made by {@code unfenced} if set). */
  private static JobStore observed(
      JobStore store, EventOut out, WriteGate gate, UnfencedJobs unfenced) {
    InvocationHandler handler =
        (proxy, method, args) ->
            switch (method.getName()) {
              case "registerTerm" -> unfenced == null ? invoke(method, store, args) : null;
              case "createSlotJob" -> {
                String schedule = (String) args[0];
                FencingToken token = (FencingToken) args[1];
                yield createSlotJob(
                    out,
                    token,
                    unfenced == null
                        ? () ->
                            gate.through(RESOURCE, token.value(), () -> invoke(method, store, args))
                        : () ->
                            unfenced.createSlotJob(
                                schedule,
                                token,
                                (long) args[2],
                                (Instant) args[3],
                                (String) args[4],
                                RESOURCE));
              }
              default -> invoke(method, store, args);
            };
    return (JobStore)
        Proxy.newProxyInstance(
            JobStore.class.getClassLoader(), new Class<?>[] {JobStore.class}, handler);
  }

  /** Runs {@code creation} (true when it created the job), printing its outcome. */
  private static Object createSlotJob(
      EventOut out, FencingToken token, WriteGate.Write<Object, SQLException> creation) {
    try {
      Object created = creation.send(); // decided: a HOLD keeps it at the gate
      if (Boolean.TRUE.equals(created)) {
        write(out, token, ProtectedWriter.Outcome.ACCEPTED);
      }
      return created;
    } catch (StaleTokenException e) {
      write(out, token, ProtectedWriter.Outcome.REJECTED);
      throw e;
    } catch (RuntimeException | SQLException e) {
      write(out, token, ProtectedWriter.Outcome.FAILED);
      throw e instanceof RuntimeException r
          ? r
          : new IllegalStateException("unfenced job creation failed", e);
    }
  }

  private static void write(EventOut out, FencingToken token, ProtectedWriter.Outcome outcome) {
    out.event("WRITE", "resource", RESOURCE, "token", token.value(), "outcome", outcome);
  }

  /** Calls {@code method} on {@code target}, throwing what it threw. */
  private static Object invoke(Method method, Object target, Object[] args) {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
