/**
 * The demo cluster ({@code demo-cluster/run}): a real ZooKeeper ensemble, worker processes that use
 * the library, and a live dashboard where faults are injected.
 *
 * <ul>
 *   <li>{@link dev.baton.demo.DemoMain}: the launcher; {@link dev.baton.demo.DemoDefaults}: the
 *       demo's paths and safe defaults;
 *   <li>{@code dev.baton.demo.cluster}: the ensemble, the workers, the observer of ZooKeeper and
 *       the fault injector;
 *   <li>{@code dev.baton.demo.worker}: the worker process (a scheduler leader creating fenced jobs,
 *       a partitioned stream writing fenced results);
 *   <li>{@code dev.baton.demo.web}: the dashboard;
 *   <li>{@code dev.baton.demo.status}: the command-line status tool.
 * </ul>
 */
package dev.baton.demo;
