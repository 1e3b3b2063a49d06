/**
 * The demo cluster: a real ZooKeeper ensemble, worker processes and a live view with fault injection.
 *
 * <p>Until the full demo lands, {@link dev.baton.demo.ElectionDemo} runs a small election among a few
 * candidates on an embedded ZooKeeper and prints who leads, with which fencing token.
 */
package dev.baton.demo;
