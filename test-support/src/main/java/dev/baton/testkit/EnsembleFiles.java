// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A {@link ZkProcessEnsemble}'s files: each server's {@code zoo.cfg} and {@code myid}, a JAAS file.
 */
final class EnsembleFiles {
  static final String HOST = "127.0.0.1";
  static final String NETTY_FACTORY = "org.apache.zookeeper.server.NettyServerCnxnFactory";
  static final String SASL_PROVIDER = "org.apache.zookeeper.server.auth.SASLAuthenticationProvider";
  static final String DIGEST_LOGIN_MODULE = "org.apache.zookeeper.server.auth.DigestLoginModule";
  static final String JAAS_FILE = "jaas.conf";
  static final int INIT_LIMIT = 5;
  static final int SYNC_LIMIT = 2;

  /** Keys the ensemble itself sets and relies on (its ports, directories, health checks). */
  private static final Set<String> RESERVED =
      Set.of(
          "dataDir",
          "dataLogDir",
          "clientPort",
          "clientPortAddress",
          "secureClientPort",
          "secureClientPortAddress",
          "standaloneEnabled",
          "reconfigEnabled",
          "dynamicConfigFile",
          "4lw.commands.whitelist",
          "serverCnxnFactory");

  /** A JAAS option name is a word of the JAAS file's tokenizer: letters, digits, _ and -. */
  private static final Pattern USER = Pattern.compile("[A-Za-z0-9_-]+");

  private EnsembleFiles() {}

  /**
   * @throws IllegalArgumentException for a blank key, one the ensemble sets, or a member line
   */
  static void checkServerProperty(String key) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("empty zoo.cfg key");
    }
    if (RESERVED.contains(key) || key.startsWith("server.")) {
      throw new IllegalArgumentException(
          "zoo.cfg key " + key + " is set by ZkProcessEnsemble itself");
    }
  }

  /**
   * @throws IllegalArgumentException if {@code user} cannot be a JAAS option name suffix
   */
  static void checkSaslUser(String user) {
    if (user == null || !USER.matcher(user).matches()) {
      throw new IllegalArgumentException(
          "SASL user name " + user + ": letters, digits, _ and - only");
    }
  }

  /** The {@code server.<id>=...} line of server {@code index}. */
  static String memberLine(int index, int quorumPort, int electionPort) {
    return "server." + (index + 1) + '=' + HOST + ':' + quorumPort + ':' + electionPort + '\n';
  }

  /** Writes server {@code index}'s {@code myid} and {@code zoo.cfg}, {@code extra} entries last. */
  static void writeServer(
      int index,
      Path dataDir,
      Path config,
      int clientPort,
      int securePort,
      TestCertificates tls,
      boolean standalone,
      String members,
      Map<String, String> extra) {
    Map<String, Object> own = new LinkedHashMap<>();
    own.put("tickTime", ZooKeeperFixtures.TICK_TIME_MS);
    own.put("initLimit", INIT_LIMIT);
    own.put("syncLimit", SYNC_LIMIT);
    own.put("dataDir", dataDir.toAbsolutePath());
    own.put("clientPort", clientPort);
    own.put("clientPortAddress", HOST);
    own.put("maxClientCnxns", 0);
    own.put("4lw.commands.whitelist", "*");
    own.put("admin.enableServer", false);
    own.put("reconfigEnabled", false);
    own.put("standaloneEnabled", standalone);
    // Unknown keys become zookeeper.* system properties: 4 MB log preallocation, not 64 MB.
    own.put("preAllocSize", 4096);
    if (tls != null) {
      // Both ports on Netty (the secure one needs it); ssl.* become zookeeper.ssl.* properties.
      own.put("secureClientPort", securePort);
      own.put("secureClientPortAddress", HOST);
      own.put("serverCnxnFactory", NETTY_FACTORY);
      own.put("ssl.keyStore.location", tls.serverKeyStore().toAbsolutePath());
      own.put("ssl.keyStore.password", tls.password());
      own.put("ssl.trustStore.location", tls.trustStore().toAbsolutePath());
      own.put("ssl.trustStore.password", tls.password());
    }
    StringBuilder cfg = new StringBuilder("# ZkProcessEnsemble server " + index + "\n");
    own.forEach((key, value) -> entry(cfg, key, String.valueOf(value)));
    extra.forEach((key, value) -> entry(cfg, key, value));
    cfg.append(members);
    try {
      Files.createDirectories(dataDir);
      Files.writeString(dataDir.resolve("myid"), (index + 1) + "\n", StandardCharsets.US_ASCII);
      Files.writeString(config, cfg, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the files of server " + index + " in " + config, e);
    }
  }

  /** Writes a JAAS {@code Server} section of {@code DigestLoginModule} with one option per user. */
  static void writeJaas(Path file, Map<String, String> users) {
    StringBuilder jaas =
        new StringBuilder("Server {\n  ").append(DIGEST_LOGIN_MODULE).append(" required");
    users.forEach(
        (user, password) ->
            jaas.append("\n  user_")
                .append(user)
                .append("=\"")
                .append(password.replace("\\", "\\\\").replace("\"", "\\\""))
                .append('"'));
    jaas.append(";\n};\n");
    try {
      Files.writeString(file, jaas, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the JAAS file " + file, e);
    }
  }

  /** Deletes {@code dir} and everything in it, if it exists. */
  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }

  /** Appends {@code key=value}, escaped for {@code java.util.Properties}, which reads zoo.cfg. */
  private static void entry(StringBuilder cfg, String key, String value) {
    cfg.append(escape(key, true)).append('=').append(escape(value, false)).append('\n');
  }

  private static String escape(String s, boolean key) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\f' -> out.append("\\f");
        case '=', ':', '#', '!' -> out.append(key || i == 0 ? "\\" + c : String.valueOf(c));
        case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
