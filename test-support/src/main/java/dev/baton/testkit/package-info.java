/**
 * Shared test support, reused by every Baton module's tests (a test-scope dependency there): real
 * ZooKeeper, real faults, no mocks.
 *
 * <ul>
 *   <li>{@link dev.baton.testkit.ZooKeeperFixtures}: in-process servers and ensembles
 *       (curator-test) on loopback, with no per-address connection limit and every four-letter word
 *       allowed, and Curator clients with short retries.
 *   <li>{@link dev.baton.testkit.ZkProcessEnsemble}: an ensemble of real server processes
 *       (ZooKeeper's {@code QuorumPeerMain}, one JVM and data directory each) that can be killed
 *       with SIGKILL, paused, resumed and restarted on their data, with a wait for a serving
 *       quorum; its {@link dev.baton.testkit.ZkProcessEnsemble#builder() builder} adds a TLS client
 *       port, SASL DIGEST-MD5 users, zoo.cfg entries and JVM options.
 *   <li>{@link dev.baton.testkit.TestCertificates}: a throwaway CA with a server certificate for
 *       127.0.0.1/localhost and a client certificate, as PKCS12 stores, and the ZooKeeper client
 *       configuration for TLS.
 *   <li>{@link dev.baton.testkit.Intruder}: a client that does not belong to the service under test
 *       (anonymous, or with credentials of its own) and asserts that ZooKeeper refuses its attacks
 *       as unauthorized.
 *   <li>{@link dev.baton.testkit.TcpProxy}: a proxy between one client and the server that cuts,
 *       silences or delays the connection, or cuts it right after a given request went out ({@link
 *       dev.baton.testkit.ZkOpCodes}), so the server applies a request whose answer the client
 *       never gets.
 *   <li>{@link dev.baton.testkit.SessionExpirer}: a real, server-side session expiry.
 *   <li>{@link dev.baton.testkit.FourLetterWords}: {@code mntr} and {@code srvr}, to read a
 *       server's role and count the packets it received.
 *   <li>{@link dev.baton.testkit.sim}: a deterministic simulation kit with no threads and no real
 *       time: {@link dev.baton.testkit.sim.SimZooKeeper} (a model of the server and its sessions:
 *       zxids, sequences that wrap, ephemerals, one-shot watches, per-session event queues
 *       delivered when the caller decides, expiry, connection loss before or after a request
 *       applied), {@link dev.baton.testkit.sim.Simulation} (a seeded scheduler that picks one
 *       possible step at a time), {@link dev.baton.testkit.sim.SimClock} and {@link
 *       dev.baton.testkit.sim.SimRandom}.
 *   <li>{@link dev.baton.testkit.ChildJvm}: a main of the current classpath in its own JVM, driven
 *       through its standard input and output, paused (SIGSTOP), resumed (SIGCONT), killed
 *       (SIGKILL) or stopped gracefully (SIGTERM); it halts by itself when the JVM that started it
 *       ends.
 * </ul>
 *
 * <p>Behaviours of the stack that tests written with this kit run into (each shown by a test here):
 *
 * <ul>
 *   <li>After a cut right after a {@code create}, Curator's retry sends the create again and gets
 *       {@code NodeExistsException} for the node its first attempt made; {@code
 *       create().idempotent()} and protected mode ({@code withProtection()}) turn that into
 *       success, with one node.
 *   <li>A client can go {@code LOST} without a word from the server: the ZooKeeper 3.9 client
 *       expires its session itself after 4/3 of the session timeout without hearing from the
 *       server, and Curator injects an expiry once a session timeout has passed in {@code
 *       SUSPENDED}; either way Curator then starts a new session, even if the server still holds
 *       the old one (and its ephemeral nodes) for a while.
 *   <li>A ZooKeeper client with a single server address tries to reconnect every 1 to 2 s; a short
 *       session timeout can run out before it manages to.
 *   <li>A silenced connection is noticed by the client after its read timeout, two thirds of the
 *       session timeout since it last heard from the server.
 *   <li>Each four-letter word counts as one packet in {@code zk_packets_received}.
 *   <li>ZooKeeper 3.9 clients run in FIPS mode by default ({@code zookeeper.fips-mode=true}) and
 *       then refuse SASL DIGEST-MD5: the watcher gets an event of state {@code null}, and the
 *       client fails every request with {@code AuthFailedException}. A digest client needs {@code
 *       zookeeper.fips-mode=false} in its {@code ZKClientConfig}. The server is not affected.
 *   <li>A TLS client checks the server's certificate against the address it connects to (HTTPS
 *       hostname verification, on by default): {@code 127.0.0.1} needs an IP subject alternative
 *       name. A client identified by its certificate has the id of scheme {@code x509} that {@code
 *       X500Principal.getName()} gives, e.g. {@code CN=baton-client}.
 * </ul>
 */
package dev.baton.testkit;
