/**
 * Helpers that Baton's library modules share: argument and configuration checks ({@link
 * dev.baton.internal.Validation}), the escaping of untrusted text for messages and logs ({@link
 * dev.baton.internal.SafeText}), the strict decoder of the small text records Baton reads back from
 * ZooKeeper ({@link dev.baton.internal.StrictText}) and race-tolerant table creation ({@link
 * dev.baton.internal.SchemaCreation}).
 *
 * <p>Not an API for applications: it may change or go away in any release without notice, and the
 * Spring starter, the demo and the benchmarks do not use it (checked by the architecture tests). It
 * is a module of its own, below fencing, so that no helper sits in a module whose name says
 * something else.
 */
package dev.baton.internal;
