/**
 * The demo's worker process: a scheduler candidate writing fenced jobs and a group member writing
 * fenced results, reporting in the {@link dev.baton.demo.worker.WorkerEvent} protocol.
 */
package dev.baton.demo.worker;
