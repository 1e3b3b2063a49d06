// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * A ZooKeeper ensemble of real server processes: each server is ZooKeeper's own {@code
 * org.apache.zookeeper.server.quorum.QuorumPeerMain} in its own JVM ({@link ChildJvm}, with the
 * current classpath and {@code -Xmx128m}), with its own data directory, on loopback ports from
 * {@link FreePorts}. Servers can be killed with SIGKILL, paused with SIGSTOP, resumed, stopped
 * gracefully and restarted on their data directory and ports, so tests and benchmarks can take a
 * quorum away and give it back for real, which in-process servers ({@link
 * ZooKeeperFixtures#startCluster(int)}) cannot.
 *
 * <p>Servers are numbered from 0 to {@code size() - 1} (server {@code i} has ZooKeeper id {@code i
 * + 1}). Like {@link ZooKeeperFixtures}, they tick every {@value ZooKeeperFixtures#TICK_TIME_MS} ms
 * (session timeouts from 2 s to 20 s), allow every four-letter word and any number of connections
 * per address; {@code initLimit} is 5 ticks, {@code syncLimit} 2 (a leader drops a silent follower,
 * and a follower a silent leader, after about 2 s), dynamic reconfiguration and the admin server
 * are off. An ensemble of one server runs standalone; larger ones run as a quorum ({@code
 * standaloneEnabled=false}).
 *
 * <p>Everything lives under one temporary directory, deleted by {@link #close()}: per server a
 * directory {@code server-<id>} with {@code zoo.cfg}, {@code server.log} (the server's standard
 * output and error, INFO level and up with slf4j-simple, appended across restarts) and the data
 * directory {@code data} ({@code myid}, snapshots, transaction logs), and {@code jaas.conf} if
 * {@link Builder#saslDigestUsers(Map)} asked for one (the certificates of {@link
 * Builder#tls(TestCertificates)} stay where they are). {@link #logTail(int, int)} reads a server's
 * log; a failed start or wait puts the log tails into its exception's message.
 *
 * <p>{@link #builder()} adds security: a TLS client port ({@link Builder#tls(TestCertificates)}),
 * SASL DIGEST-MD5 users ({@link Builder#saslDigestUsers(Map)}), or any other zoo.cfg entry and JVM
 * option. With TLS, each server listens on a secure port as well as on its plain client port, both
 * on Netty; the ensemble uses the plain port for its own four-letter-word health checks (and {@link
 * #connectString()} still names it): tests connect their clients only to {@link
 * #secureConnectString()}.
 *
 * <p>Thread-safe. Signals are sent with {@code kill}: POSIX systems only.
 */
public final class ZkProcessEnsemble implements AutoCloseable {
  /** The size of {@link #start()}. */
  public static final int DEFAULT_SIZE = 3;

  /** The largest ensemble {@link #start(int)} makes. */
  public static final int MAX_SIZE = 7;

  /** How long {@link #start(int)} waits for a quorum. */
  public static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /** The JVM options of every server. */
  public static final List<String> SERVER_JVM_OPTIONS =
      List.of(
          "-Xmx128m",
          "-XX:+UseSerialGC",
          "-Dzookeeper.admin.enableServer=false",
          "-Dzookeeper.4lw.commands.whitelist=*",
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
          "-Dorg.slf4j.simpleLogger.showDateTime=true",
          "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");

  private static final String HOST = EnsembleFiles.HOST;
  private static final String MAIN = "org.apache.zookeeper.server.quorum.QuorumPeerMain";
  private static final int TAIL_LINES = 30;

  private final Path root;
  private final List<Server> servers;
  private final List<String> jvmOptions;
  private final TestCertificates tls;
  private final Map<String, String> serverProperties;
  private final Map<String, String> saslUsers;
  private boolean closed;

  /** One server: its fixed files and ports, and its current process (null when not started). */
  private static final class Server {
    final int index;
    final Path dir;
    final Path dataDir;
    final Path config;
    final Path log;
    final int clientPort;
    final int securePort; // -1 without TLS
    final int quorumPort;
    final int electionPort;
    ChildJvm process;

    Server(int index, Path root, boolean tls) {
      this.index = index;
      this.dir = root.resolve("server-" + (index + 1));
      this.dataDir = dir.resolve("data");
      this.config = dir.resolve("zoo.cfg");
      this.log = dir.resolve("server.log");
      this.clientPort = FreePorts.next();
      this.securePort = tls ? FreePorts.next() : -1;
      this.quorumPort = FreePorts.next();
      this.electionPort = FreePorts.next();
    }

    boolean running() {
      return process != null && process.isAlive();
    }

    /** Started by us, not stopped by us, yet gone: it crashed or could not start. */
    boolean died() {
      return process != null && !process.isAlive();
    }
  }

  private ZkProcessEnsemble(Path root, Builder options) {
    this.root = root;
    this.tls = options.tls;
    this.serverProperties = new LinkedHashMap<>(options.serverProperties);
    this.saslUsers = new LinkedHashMap<>(options.saslUsers);
    List<String> jvm = new ArrayList<>(SERVER_JVM_OPTIONS);
    jvm.addAll(options.jvmOptions);
    if (!saslUsers.isEmpty()) {
      jvm.add(
          "-Djava.security.auth.login.config="
              + root.resolve(EnsembleFiles.JAAS_FILE).toAbsolutePath());
    }
    this.jvmOptions = List.copyOf(jvm);
    List<Server> list = new ArrayList<>();
    for (int i = 0; i < options.size; i++) {
      list.add(new Server(i, root, tls != null));
    }
    this.servers = List.copyOf(list);
  }

  /** Starts an ensemble of {@value #DEFAULT_SIZE} servers; see {@link #start(int)}. */
  public static ZkProcessEnsemble start() {
    return start(DEFAULT_SIZE);
  }

  /**
   * Starts an ensemble of {@code size} servers and returns once they all serve with one leader
   * ({@link #awaitQuorum(Duration)}, at most {@link #START_TIMEOUT}).
   *
   * @throws IllegalArgumentException unless {@code 1 <= size <= }{@value #MAX_SIZE}
   * @throws IllegalStateException if the ensemble does not reach its quorum in time; the message
   *     holds the state of each server and the tail of its log; everything started is removed again
   */
  public static ZkProcessEnsemble start(int size) {
    return builder().size(size).start();
  }

  /**
   * A builder for an ensemble with TLS, SASL, or zoo.cfg entries and JVM options of your own:
   * {@code ZkProcessEnsemble.builder().size(1).tls(certs).start()}.
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The options of one ensemble; {@link #start()} starts it. Not thread-safe.
   *
   * <p>For a secure client port: {@code tls(TestCertificates.create(dir))}, then clients with that
   * {@link TestCertificates#clientConfig()} on {@link ZkProcessEnsemble#secureConnectString()}. For
   * SASL: {@code saslDigestUsers(Map.of("svc", "svc-secret"))}, then clients whose JAAS
   * configuration ({@code javax.security.auth.login.Configuration}) has a {@code Client} section of
   * {@code org.apache.zookeeper.server.auth.DigestLoginModule} with {@code username} and {@code
   * password}; they authenticate as id {@code svc} of scheme {@code sasl}.
   */
  public static final class Builder {
    private int size = DEFAULT_SIZE;
    private final Map<String, String> serverProperties = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> saslUsers = new LinkedHashMap<>();
    private TestCertificates tls;

    private Builder() {}

    /**
     * The number of servers, {@value ZkProcessEnsemble#DEFAULT_SIZE} unless set; one server runs
     * standalone.
     *
     * @throws IllegalArgumentException unless {@code 1 <= size <= }{@value
     *     ZkProcessEnsemble#MAX_SIZE}
     */
    public Builder size(int size) {
      if (size < 1 || size > MAX_SIZE) {
        throw new IllegalArgumentException("ensemble size " + size + ", expected 1 to " + MAX_SIZE);
      }
      this.size = size;
      return this;
    }

    /**
     * Adds {@code key=value} to every server's {@code zoo.cfg}, after the ensemble's own entries
     * (so it overrides {@code tickTime}, {@code initLimit}, {@code syncLimit} and {@code
     * maxClientCnxns}); setting a key again replaces its value. Keys ZooKeeper does not know become
     * {@code zookeeper.<key>} system properties of the server. The value is escaped for {@code
     * java.util.Properties}.
     *
     * @throws IllegalArgumentException for keys of the ensemble's ports, directories, membership
     *     and health checks ({@code dataDir}, {@code clientPort}, {@code secureClientPort}, {@code
     *     serverCnxnFactory}, {@code server.<id>}, {@code 4lw.commands.whitelist}, ...)
     */
    public Builder serverProperty(String key, String value) {
      EnsembleFiles.checkServerProperty(key);
      serverProperties.put(key, Objects.requireNonNull(value, "value"));
      return this;
    }

    /**
     * Adds a JVM option to every server, after {@link ZkProcessEnsemble#SERVER_JVM_OPTIONS} (a
     * later {@code -D} of the same property wins).
     */
    public Builder jvmOption(String option) {
      jvmOptions.add(Objects.requireNonNull(option, "option"));
      return this;
    }

    /**
     * Gives every server a secure client port (TLS over Netty, {@link
     * ZkProcessEnsemble#securePort(int)}) with {@code certs}' server key store and trust store: it
     * requires a client certificate signed by their CA ({@code ssl.clientAuth=need}, ZooKeeper's
     * default) and gives the client the id {@link TestCertificates#clientSubject()} of scheme
     * {@code x509}. Clients connect with {@link TestCertificates#clientConfig()}. The connections
     * between servers stay plain.
     */
    public Builder tls(TestCertificates certs) {
      this.tls = Objects.requireNonNull(certs, "certs");
      return this;
    }

    /**
     * Lets clients authenticate with SASL DIGEST-MD5 as these users: writes a JAAS file {@code
     * jaas.conf} into the ensemble's directory with a {@code Server} section of ZooKeeper's {@code
     * DigestLoginModule} and one {@code user_<name>="<password>"} per user, passes it to every
     * server with {@code -Djava.security.auth.login.config=<file>}, and sets {@code
     * authProvider.1=org.apache.zookeeper.server.auth.SASLAuthenticationProvider}. Clients without
     * SASL can still connect. Users of several calls add up. A ZooKeeper 3.9 client refuses
     * DIGEST-MD5 in FIPS mode, its default: give it {@code zookeeper.fips-mode=false} in its {@code
     * ZKClientConfig}.
     *
     * @throws IllegalArgumentException if {@code userToPassword} is empty or a name is not made of
     *     letters, digits, {@code _} and {@code -}
     */
    public Builder saslDigestUsers(Map<String, String> userToPassword) {
      if (userToPassword.isEmpty()) {
        throw new IllegalArgumentException("no SASL users");
      }
      userToPassword.forEach(
          (user, password) -> {
            EnsembleFiles.checkSaslUser(user);
            saslUsers.put(user, Objects.requireNonNull(password, "password of " + user));
          });
      serverProperties.put("authProvider.1", EnsembleFiles.SASL_PROVIDER);
      return this;
    }

    /**
     * Starts the ensemble and returns once its servers all serve with one leader ({@link
     * ZkProcessEnsemble#awaitQuorum(Duration)}, at most {@link ZkProcessEnsemble#START_TIMEOUT}).
     *
     * @throws IllegalStateException if the ensemble does not reach its quorum in time; the message
     *     holds the state of each server and the tail of its log; everything started is removed
     *     again
     */
    public ZkProcessEnsemble start() {
      Path root;
      try {
        root = Files.createTempDirectory("baton-zk-ensemble-");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the ensemble's directory", e);
      }
      ZkProcessEnsemble ensemble = new ZkProcessEnsemble(root, this);
      try {
        ensemble.writeFiles();
        for (Server s : ensemble.servers) {
          ensemble.launch(s);
        }
        ensemble.awaitQuorum(START_TIMEOUT);
        return ensemble;
      } catch (RuntimeException e) {
        try {
          ensemble.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw new IllegalStateException(
            "cannot start a ZooKeeper ensemble of " + size + " servers: " + e.getMessage(), e);
      }
    }
  }

  /** The number of servers, running or not. */
  public int size() {
    return servers.size();
  }

  /** The connect string of all servers, {@code 127.0.0.1:<port>,...}, running or not. */
  public String connectString() {
    return servers.stream().map(s -> HOST + ":" + s.clientPort).collect(Collectors.joining(","));
  }

  /** The connect string of server {@code i} alone, for a client that must talk to that server. */
  public String serverConnectString(int i) {
    return HOST + ":" + clientPort(i);
  }

  /** The client port of server {@code i} on 127.0.0.1; it stays the same across restarts. */
  public int clientPort(int i) {
    return server(i).clientPort;
  }

  /**
   * The connect string of all servers' secure (TLS) ports, {@code 127.0.0.1:<securePort>,...}, for
   * clients with {@link TestCertificates#clientConfig()}.
   *
   * @throws IllegalStateException if the ensemble was built without {@link
   *     Builder#tls(TestCertificates)}
   */
  public String secureConnectString() {
    checkTls();
    return servers.stream().map(s -> HOST + ":" + s.securePort).collect(Collectors.joining(","));
  }

  /**
   * The secure (TLS) client port of server {@code i} on 127.0.0.1; it stays the same across
   * restarts.
   *
   * @throws IllegalStateException if the ensemble was built without {@link
   *     Builder#tls(TestCertificates)}
   */
  public int securePort(int i) {
    checkTls();
    return server(i).securePort;
  }

  /** The data directory of server {@code i} ({@code myid}, snapshots, transaction logs). */
  public Path dataDir(int i) {
    return server(i).dataDir;
  }

  /** The log file of server {@code i}: its standard output and error, across restarts. */
  public Path logFile(int i) {
    return server(i).log;
  }

  /** The last {@code lines} lines of server {@code i}'s log. */
  public List<String> logTail(int i, int lines) {
    return ChildJvm.tail(server(i).log, lines);
  }

  /** The process id of server {@code i}, empty if it is not running. */
  public synchronized OptionalLong pid(int i) {
    Server s = server(i);
    return s.running() ? OptionalLong.of(s.process.pid()) : OptionalLong.empty();
  }

  /**
   * Whether server {@code i}'s process is alive: started and neither killed, stopped nor crashed
   * since. A paused server is running.
   */
  public synchronized boolean isRunning(int i) {
    return server(i).running();
  }

  /** Whether server {@code i} is running but paused by {@link #pause(int)}. */
  public synchronized boolean isPaused(int i) {
    Server s = server(i);
    return s.running() && s.process.isPaused();
  }

  /**
   * Kills server {@code i} with SIGKILL (kill -9) and waits until its process is gone; its data
   * directory stays for {@link #restart(int)}. Does nothing if it is not running.
   */
  public synchronized void kill(int i) {
    Server s = server(i);
    if (s.process != null) {
      s.process.kill();
      s.process = null;
    }
  }

  /**
   * Stops server {@code i} gracefully (SIGTERM, SIGKILL if it has not ended after 30 s); its data
   * directory stays for {@link #restart(int)}. Does nothing if it is not running.
   */
  public synchronized void stop(int i) {
    Server s = server(i);
    if (s.process != null) {
      s.process.terminate();
      s.process = null;
    }
  }

  /**
   * Pauses server {@code i} with SIGSTOP: it keeps its sockets but answers nothing, to clients and
   * to the other servers alike, until {@link #resume(int)}.
   *
   * @throws IllegalStateException if the server is not running
   */
  public synchronized void pause(int i) {
    runningServer(i).process.pause();
  }

  /**
   * Resumes a paused server {@code i} with SIGCONT.
   *
   * @throws IllegalStateException if the server is not running
   */
  public synchronized void resume(int i) {
    runningServer(i).process.resume();
  }

  /**
   * Starts server {@code i} again, on its data directory and ports; a server still running is
   * killed first (SIGKILL). Returns once the process is started, not once it serves: wait with
   * {@link #awaitQuorum(Duration)}.
   */
  public synchronized void restart(int i) {
    checkOpen();
    kill(i);
    launch(server(i));
  }

  /**
   * Kills every running server (SIGKILL), then starts all of them again on their data directories
   * and ports; returns without waiting for them to serve.
   */
  public synchronized void restartAll() {
    checkOpen();
    for (int i = 0; i < size(); i++) {
      kill(i);
    }
    for (Server s : servers) {
      launch(s);
    }
  }

  /**
   * What server {@code i} says its role is ({@code Mode:} of {@code srvr}): {@code leader}, {@code
   * follower} or {@code standalone}; empty if it is not running, paused, unreachable or not serving
   * (it has no quorum, or is still joining one).
   */
  public Optional<String> mode(int i) {
    Server s;
    synchronized (this) {
      s = server(i);
      if (!s.running() || s.process.isPaused()) {
        return Optional.empty();
      }
    }
    return modeOf(s);
  }

  /**
   * The index of the server that says it leads (for an ensemble of one: the standalone server).
   *
   * @throws IllegalStateException unless exactly one running, unpaused server says so
   */
  public int leaderIndex() {
    List<Integer> leaders = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      if (mode(i).filter(m -> m.equals("leader") || m.equals("standalone")).isPresent()) {
        leaders.add(i);
      }
    }
    if (leaders.size() != 1) {
      throw new IllegalStateException(
          "expected one leader, found " + leaders.size() + ": " + describe());
    }
    return leaders.get(0);
  }

  /**
   * Waits until the running servers form a quorum that serves clients: every running, unpaused
   * server answers {@code srvr} as leader or follower (standalone for an ensemble of one), exactly
   * one of them leads, and they are a majority of the ensemble.
   *
   * @return the leader's index
   * @throws IllegalStateException if that does not happen within {@code timeout}, or at once if a
   *     server this ensemble started has ended on its own (it crashed, or could not start); the
   *     message holds every server's state and the log tails of the servers not serving
   */
  public int awaitQuorum(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    int majority = size() / 2 + 1;
    while (true) {
      List<Server> dead;
      List<Server> awake;
      synchronized (this) {
        checkOpen();
        dead = servers.stream().filter(Server::died).toList();
        awake = servers.stream().filter(s -> s.running() && !s.process.isPaused()).toList();
      }
      if (!dead.isEmpty()) {
        throw new IllegalStateException(
            "server(s) " + indexes(dead) + " ended on their own: " + describe() + logTails(dead));
      }
      if (awake.size() >= majority) {
        List<Integer> leaders = new ArrayList<>();
        boolean allServe = true;
        for (Server s : awake) {
          Optional<String> mode = modeOf(s);
          if (mode.isEmpty()
              || !(mode.get().equals("leader")
                  || mode.get().equals("follower")
                  || mode.get().equals("standalone") && size() == 1)) {
            allServe = false;
            break;
          }
          if (!mode.get().equals("follower")) {
            leaders.add(s.index);
          }
        }
        if (allServe && leaders.size() == 1) {
          return leaders.get(0);
        }
      }
      if (System.nanoTime() - deadline >= 0) {
        List<Server> notServing = awake.stream().filter(s -> modeOf(s).isEmpty()).toList();
        throw new IllegalStateException(
            "no quorum of "
                + majority
                + " serving within "
                + timeout
                + ": "
                + describe()
                + logTails(notServing));
      }
      Poll.pause();
    }
  }

  /**
   * Kills every server (SIGKILL) and deletes the ensemble's directory, logs included. Idempotent.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    for (Server s : servers) {
      try {
        if (s.process != null) {
          s.process.close();
          s.process = null;
        }
      } catch (RuntimeException e) {
        failure = add(failure, e);
      }
    }
    try {
      EnsembleFiles.deleteTree(root);
    } catch (RuntimeException e) {
      failure = add(failure, e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Each server's index, client port, pid and process state (no role: that takes a request). */
  @Override
  public synchronized String toString() {
    return "ZkProcessEnsemble[" + describe(false) + "]";
  }

  private String describe() {
    return describe(true);
  }

  private synchronized String describe(boolean withRoles) {
    StringBuilder s = new StringBuilder();
    for (Server server : servers) {
      if (s.length() > 0) {
        s.append(", ");
      }
      s.append(server.index).append(" (port ").append(server.clientPort);
      if (tls != null) {
        s.append(", secure port ").append(server.securePort);
      }
      if (server.process == null) {
        s.append("): not running");
      } else if (!server.process.isAlive()) {
        s.append(", pid ")
            .append(server.process.pid())
            .append("): ended with exit code ")
            .append(server.process.exitCode().orElse(-1));
      } else if (server.process.isPaused()) {
        s.append(", pid ").append(server.process.pid()).append("): paused");
      } else {
        s.append(", pid ")
            .append(server.process.pid())
            .append("): ")
            .append(withRoles ? modeOf(server).orElse("not serving") : "running");
      }
    }
    return s.toString();
  }

  private String logTails(List<Server> of) {
    StringBuilder s = new StringBuilder();
    for (Server server : of) {
      s.append("\n--- last lines of server ")
          .append(server.index)
          .append("'s log (")
          .append(server.log)
          .append("):");
      for (String line : ChildJvm.tail(server.log, TAIL_LINES)) {
        s.append("\n  ").append(line);
      }
    }
    return s.toString();
  }

  private static String indexes(List<Server> of) {
    return of.stream().map(s -> Integer.toString(s.index)).collect(Collectors.joining(", "));
  }

  private static Optional<String> modeOf(Server s) {
    String answer;
    try {
      answer = FourLetterWords.srvr(HOST, s.clientPort);
    } catch (UncheckedIOException e) {
      return Optional.empty(); // not listening yet, gone, or not answering
    }
    return answer
        .lines()
        .filter(l -> l.startsWith("Mode:"))
        .map(l -> l.substring("Mode:".length()).trim())
        .findFirst();
  }

  private Server server(int i) {
    if (i < 0 || i >= servers.size()) {
      throw new IndexOutOfBoundsException("server " + i + " of an ensemble of " + servers.size());
    }
    return servers.get(i);
  }

  private Server runningServer(int i) {
    Server s = server(i);
    if (!s.running()) {
      throw new IllegalStateException("server " + i + " is not running");
    }
    return s;
  }

  private void checkTls() {
    if (tls == null) {
      throw new IllegalStateException(
          "the ensemble has no TLS port: build it with tls(certificates)");
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the ensemble is closed");
    }
  }

  private void launch(Server s) {
    s.process =
        ChildJvm.builder(MAIN)
            .jvmOptions(jvmOptions.toArray(String[]::new))
            .args(s.config.toString())
            .output(s.log)
            .errorsToOutput()
            .start();
  }

  private void writeFiles() {
    StringBuilder members = new StringBuilder();
    for (Server s : servers) {
      members.append(EnsembleFiles.memberLine(s.index, s.quorumPort, s.electionPort));
    }
    for (Server s : servers) {
      EnsembleFiles.writeServer(
          s.index,
          s.dataDir,
          s.config,
          s.clientPort,
          s.securePort,
          tls,
          servers.size() == 1,
          members.toString(),
          serverProperties);
    }
    if (!saslUsers.isEmpty()) {
      EnsembleFiles.writeJaas(root.resolve(EnsembleFiles.JAAS_FILE), saslUsers);
    }
  }

  private static RuntimeException add(RuntimeException first, RuntimeException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }
}
