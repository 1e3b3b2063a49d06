// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A ZooKeeper ensemble of real server processes ({@code QuorumPeerMain}, each in its own {@link
 * ChildJvm} with its own data directory and loopback ports), whose servers can be killed, paused,
 * resumed, stopped and restarted, which in-process servers cannot. Servers are numbered 0 to {@code
 * size() - 1}; settings as {@link ZooKeeperFixtures} (see docs/testing.md). Everything lives under
 * one temporary directory that {@link #close()} deletes; a failed start or wait puts the servers'
 * log tails into its exception's message. Thread-safe; POSIX only (signals are sent with {@code
 * kill}).
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
   * Starts {@code size} servers and returns once they serve with one leader.
   *
   * @throws IllegalStateException if there is no quorum within {@link #START_TIMEOUT}
   */
  public static ZkProcessEnsemble start(int size) {
    return builder().size(size).start();
  }

  /** A builder for an ensemble with TLS, SASL, or zoo.cfg entries and JVM options of your own. */
  public static Builder builder() {
    return new Builder();
  }

  /** The options of one ensemble; not thread-safe. */
  public static final class Builder {
    private int size = DEFAULT_SIZE;
    private final Map<String, String> serverProperties = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> saslUsers = new LinkedHashMap<>();
    private TestCertificates tls;

    private Builder() {}

    /** Servers: {@value ZkProcessEnsemble#DEFAULT_SIZE} unless set; one runs standalone. */
    public Builder size(int size) {
      if (size < 1 || size > MAX_SIZE) {
        throw new IllegalArgumentException("ensemble size " + size + ", expected 1 to " + MAX_SIZE);
      }
      this.size = size;
      return this;
    }

    /**
     * Adds {@code key=value} to every {@code zoo.cfg}, overriding the ensemble's own entries.
     *
     * @throws IllegalArgumentException for keys of the ensemble's ports, directories and membership
     */
    public Builder serverProperty(String key, String value) {
      EnsembleFiles.checkServerProperty(key);
      serverProperties.put(key, Objects.requireNonNull(value, "value"));
      return this;
    }

    /** Adds a JVM option to every server, after {@link ZkProcessEnsemble#SERVER_JVM_OPTIONS}. */
    public Builder jvmOption(String option) {
      jvmOptions.add(Objects.requireNonNull(option, "option"));
      return this;
    }

    /**
     * A secure client port per server with {@code certs} (client certificate required); quorum
     * links stay plain.
     */
    public Builder tls(TestCertificates certs) {
      this.tls = Objects.requireNonNull(certs, "certs");
      return this;
    }

    /**
     * SASL DIGEST-MD5 users for clients (a JAAS file and the SASL provider); calls add up.
     *
     * @throws IllegalArgumentException if empty or a name is not letters, digits, {@code _}, {@code
     *     -}
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
     * Starts the ensemble and returns once its servers serve with one leader.
     *
     * @throws IllegalStateException if there is no quorum in time; everything started is removed
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
   * The connect string of the secure (TLS) ports.
   *
   * @throws IllegalStateException without {@link Builder#tls(TestCertificates)}
   */
  public String secureConnectString() {
    checkTls();
    return servers.stream().map(s -> HOST + ":" + s.securePort).collect(Collectors.joining(","));
  }

  /**
   * The secure (TLS) client port of server {@code i}, the same across restarts.
   *
   * @throws IllegalStateException without {@link Builder#tls(TestCertificates)}
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

  /** Whether server {@code i}'s process is alive (a paused server is). */
  public synchronized boolean isRunning(int i) {
    return server(i).running();
  }

  /** Whether server {@code i} is running but paused by {@link #pause(int)}. */
  public synchronized boolean isPaused(int i) {
    Server s = server(i);
    return s.running() && s.process.isPaused();
  }

  /** Kills server {@code i} (SIGKILL) and waits until it is gone; its data directory stays. */
  public synchronized void kill(int i) {
    end(server(i), ChildJvm::kill);
  }

  /** Stops server {@code i} (SIGTERM, then SIGKILL after 30 s); its data directory stays. */
  public synchronized void stop(int i) {
    end(server(i), ChildJvm::terminate);
  }

  /**
   * Pauses server {@code i} with SIGSTOP.
   *
   * @throws IllegalStateException if it is not running
   */
  public synchronized void pause(int i) {
    runningServer(i).process.pause();
  }

  /**
   * Resumes server {@code i} with SIGCONT.
   *
   * @throws IllegalStateException if it is not running
   */
  public synchronized void resume(int i) {
    runningServer(i).process.resume();
  }

  /**
   * Starts server {@code i} again on its data and ports (killed first if running); does not wait.
   */
  public synchronized void restart(int i) {
    checkOpen();
    kill(i);
    launch(server(i));
  }

  /** Kills every server, then starts all again; does not wait for them to serve. */
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
   * Server {@code i}'s role ({@code Mode:} of {@code srvr}); empty if down, paused or not serving.
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
   * The index of the one server that says it leads (or is standalone).
   *
   * @throws IllegalStateException unless exactly one does
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
   * Waits until a majority runs, every running unpaused server serves, and exactly one leads.
   *
   * @return the leader's index
   * @throws IllegalStateException on timeout, or at once if a server ended on its own
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
        // Serving: leader or follower (standalone too in an ensemble of one), one not a follower.
        List<String> modes = awake.stream().map(s -> modeOf(s).orElse("")).toList();
        List<String> serving = List.of("leader", "follower", size() == 1 ? "standalone" : "leader");
        int followers = Collections.frequency(modes, "follower");
        if (serving.containsAll(modes) && followers == modes.size() - 1) {
          return awake.get(modes.indexOf(modes.contains("leader") ? "leader" : "standalone")).index;
        }
      }
      if (System.nanoTime() - deadline >= 0) {
        List<Server> notServing = awake.stream().filter(s -> modeOf(s).isEmpty()).toList();
        String state = describe() + logTails(notServing);
        throw new IllegalStateException(
            "no quorum of " + majority + " serving within " + timeout + ": " + state);
      }
      Poll.pause();
    }
  }

  /** Kills every server and deletes the ensemble's directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    for (Server s : servers) {
      try {
        end(s, ChildJvm::close);
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
    List<String> each = new ArrayList<>();
    for (Server server : servers) {
      String ports = server.index + " (port " + server.clientPort;
      ports += tls != null ? ", secure port " + server.securePort : "";
      ChildJvm p = server.process;
      each.add(
          p == null
              ? ports + "): not running"
              : ports
                  + ", pid "
                  + p.pid()
                  + "): "
                  + (!p.isAlive()
                      ? "ended with exit code " + p.exitCode().orElse(-1)
                      : p.isPaused()
                          ? "paused"
                          : withRoles ? modeOf(server).orElse("not serving") : "running"));
    }
    return String.join(", ", each);
  }

  private String logTails(List<Server> of) {
    StringBuilder s = new StringBuilder();
    for (Server server : of) {
      s.append("\n--- last lines of server " + server.index + "'s log (" + server.log + "):");
      ChildJvm.tail(server.log, TAIL_LINES).forEach(line -> s.append("\n  ").append(line));
    }
    return s.toString();
  }

  private static void end(Server s, Consumer<ChildJvm> how) {
    if (s.process != null) {
      how.accept(s.process);
      s.process = null;
    }
  }

  private static String indexes(List<Server> of) {
    return of.stream().map(s -> Integer.toString(s.index)).collect(Collectors.joining(", "));
  }

  private static Optional<String> modeOf(Server s) {
    return FourLetterWords.mode(HOST, s.clientPort);
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
