/**
 * The command-line status tool ({@code demo-cluster/status}): leader and partition owners as JSON,
 * read with the library's own readers; it never writes.
 */
package dev.baton.demo.status;
