/**
 * Shared test support, reused by every module's tests: real ZooKeeper servers and ensembles in process
 * ({@link dev.baton.testkit.ZooKeeperFixtures}), network faults through a TCP proxy
 * ({@link dev.baton.testkit.TcpProxy}), real server-side session expiry
 * ({@link dev.baton.testkit.SessionExpirer}) and the server's counters
 * ({@link dev.baton.testkit.FourLetterWords}).
 */
package dev.baton.testkit;
