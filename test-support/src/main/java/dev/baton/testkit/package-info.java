/**
 * Shared test support for every Baton module's tests: real ZooKeeper (in process and as server
 * processes), real faults (proxy, expiry, signals), certificates, a deterministic simulation kit;
 * no mocks. Behaviours of the stack that tests run into (each shown by a test here):
 *
 * <ul>
 *   <li>After a cut right after a {@code create}, Curator's retry gets {@code NodeExistsException}
 *       for its own node; {@code idempotent()} and {@code withProtection()} make that a success.
 *   <li>A client can go {@code LOST} without a word from the server (the 3.9 client expires its
 *       session itself after 4/3 of the timeout; Curator after a timeout in {@code SUSPENDED}).
 *   <li>A client with one server address reconnects every 1 to 2 s; a short session can run out.
 *   <li>A silenced connection is noticed after the read timeout, 2/3 of the session timeout.
 *   <li>Each four-letter word counts as one packet in {@code zk_packets_received}.
 *   <li>ZooKeeper 3.9 clients run in FIPS mode and then refuse SASL DIGEST-MD5: a digest client
 *       needs {@code zookeeper.fips-mode=false}.
 *   <li>TLS hostname verification is on: {@code 127.0.0.1} needs an IP subject alternative name; a
 *       certificate's client has the {@code x509} id {@code X500Principal.getName()}.
 * </ul>
 */
package dev.baton.testkit;
