/**
 * The demo cluster's worker process, {@link dev.baton.demo.worker.WorkerMain}: a candidate of the
 * scheduler's election that creates jobs through the job store's fence while it leads, and a member
 * of the stream's group that processes its partitions with exactly-once, fenced results. It reports
 * to the launcher in the {@link dev.baton.demo.worker.WorkerEvent} protocol on standard output; the
 * tables are described by {@link dev.baton.demo.worker.DemoTables}.
 */
package dev.baton.demo.worker;
