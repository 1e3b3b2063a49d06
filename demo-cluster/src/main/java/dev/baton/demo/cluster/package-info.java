/**
 * The launcher's parts: {@link dev.baton.demo.cluster.DemoCluster} runs the ensemble (its own
 * server processes, optionally with TLS, or an existing one), an H2 TCP server unless a database is
 * given, the worker processes (each behind TCP proxies of its own, so that it alone can be cut
 * off), an observer that reads the leader and the partition owners from ZooKeeper and the workers'
 * event lines, and the fault injector behind the dashboard's buttons. {@link
 * dev.baton.demo.cluster.ClusterState} is the view the dashboard shows.
 */
package dev.baton.demo.cluster;
