// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import java.time.Duration;

/** The demo's settings and defaults, shared by the launcher, the workers and compose. */
public final class DemoDefaults {
  /** The scheduler's election path: its leader creates the jobs. */
  public static final String ELECTION_PATH = "/baton-demo/scheduler";

  /** The partitioned stream's group path. */
  public static final String GROUP_PATH = "/baton-demo/stream";

  /** Partitions of the synthetic stream. */
  public static final int PARTITIONS = 12;

  /** Worker processes started at first. */
  public static final int WORKERS = 3;

  /** ZooKeeper servers of the demo's own ensemble. */
  public static final int SERVERS = 3;

  /** The dashboard's port on localhost (0 picks a free one). */
  public static final int DASHBOARD_PORT = 8080;

  /** Workers' session timeout, ms: rides out a GC pause, keeps failover visible within seconds. */
  public static final int SESSION_TIMEOUT_MS = 6000;

  /** A job's work between deciding it under its token and writing it: a pause there goes stale. */
  public static final Duration JOB_WORK = Duration.ofMillis(700);

  /** Time a worker spends on one event of a partition before writing its result. */
  public static final Duration EVENT_WORK = Duration.ofMillis(250);

  /** Prefix of the scheduler's SQL tables (demo_jobs, demo_progress, demo_fence). */
  public static final String TABLE_PREFIX = "demo";

  /** A worker's event line starts with this, followed by one JSON object. */
  public static final String EVENT_PREFIX = "BATON-DEMO ";

  /** The launcher prints this, then the dashboard's URL, once the page is up. */
  public static final String DASHBOARD_LINE = "Dashboard: ";

  private DemoDefaults() {}
}
