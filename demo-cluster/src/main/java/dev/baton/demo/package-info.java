/**
 * The demo cluster ({@code demo-cluster/run}): a real ZooKeeper ensemble, worker processes that use
 * the library, and a live dashboard where faults are injected (see docs/demo.md).
 */
package dev.baton.demo;
