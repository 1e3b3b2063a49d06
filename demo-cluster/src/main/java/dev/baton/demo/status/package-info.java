/**
 * The command-line status tool: {@link dev.baton.demo.status.StatusMain} prints who leads an
 * election (with the term's fencing token) and who owns each partition of a group, as one JSON
 * object, for any ZooKeeper ensemble and any paths (by default the demo's). It reads with the
 * library's own readers, {@link dev.baton.recipes.election.ElectionObserver} and {@link
 * dev.baton.partition.GroupStatus}, so it shows what the dashboard shows, and it never writes.
 * {@code demo-cluster/status} runs it.
 */
package dev.baton.demo.status;
