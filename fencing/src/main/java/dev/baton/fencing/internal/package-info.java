/**
 * The fences' shared argument checks (the in-memory, SQL and ZooKeeper fences): not an API for
 * applications.
 */
package dev.baton.fencing.internal;
