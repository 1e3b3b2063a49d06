// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.baton.demo.DemoDefaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * docker-compose.yml and demo-cluster/Dockerfile agree with each other, with the demo's defaults
 * and with the jar the build makes: three ZooKeeper servers of the official image that know each
 * other, a demo service built from the Dockerfile that names exactly those servers and publishes
 * its dashboard port, and an image that runs the shade plugin's jar. No Docker engine is needed.
 */
class ComposeFileTest {
  private static final Pattern SERVER =
      Pattern.compile("server\\.(\\d+)=([^:;\\s]+):\\d+:\\d+(?::\\w+)?(?:;(?:[^:\\s]+:)?(\\d+))?");

  private static Path root;
  private static JsonNode services;

  @BeforeAll
  static void readCompose() {
    root = ComposeFile.repoRoot();
    services = ComposeFile.services();
  }

  @Test
  void threeOfficialZooKeeperServersThatListEachOther() {
    Map<String, Integer> ids = new LinkedHashMap<>();
    services
        .fields()
        .forEachRemaining(
            e -> {
              if (e.getValue().path("image").asText().startsWith("zookeeper:")) {
                ids.put(e.getKey(), Integer.parseInt(env(e.getValue()).get("ZOO_MY_ID")));
              }
            });
    assertThat(ids).containsOnlyKeys("zk1", "zk2", "zk3");
    assertThat(ids.values()).containsExactlyInAnyOrder(1, 2, 3);
    for (String name : ids.keySet()) {
      Map<String, String> env = env(services.get(name));
      Map<Integer, String> servers = servers(env.get("ZOO_SERVERS"));
      assertThat(servers).as(name + " ZOO_SERVERS").hasSize(3);
      ids.forEach(
          (service, id) ->
              assertThat(servers.get(id)).as(name + ": server." + id).isEqualTo(service));
      assertThat(env)
          .containsEntry("ZOO_4LW_COMMANDS_WHITELIST", "*")
          .containsEntry("ZOO_TICK_TIME", "1000");
      assertThat(env.get("ZOO_MAX_CLIENT_CNXNS")).isEqualTo("0");
    }
  }

  @Test
  void theDemoServiceIsBuiltFromTheDockerfileAndNamesExactlyTheEnsemble() {
    for (String name : List.of("demo", "demo-postgres")) {
      JsonNode demo = services.get(name);
      assertThat(demo).as(name).isNotNull();
      JsonNode build = demo.get("build");
      assertThat(build.path("context").asText(".")).as(name + " build context").isIn(".", "./");
      assertThat(build.get("dockerfile").asText()).isEqualTo("demo-cluster/Dockerfile");
      assertThat(root.resolve(build.get("dockerfile").asText())).isRegularFile();

      List<String> args = ComposeFile.words(demo.get("command"));
      assertThat(new HashSet<>(List.of(option(args, "--zookeeper").split(","))))
          .as(name)
          .isEqualTo(clientAddresses());
      assertThat(option(args, "--bind")).isEqualTo("0.0.0.0");
      assertThat(option(args, "--allowed-hosts").split(","))
          .as(name + ": the names a browser on this machine reaches the published port by")
          .contains("localhost", "127.0.0.1");
      assertThat(Integer.parseInt(option(args, "--port"))).isEqualTo(DemoDefaults.DASHBOARD_PORT);
      assertThat(Integer.parseInt(option(args, "--workers"))).isPositive();
      List<String> ports = ComposeFile.words(demo.get("ports"));
      assertThat(ports)
          .as(name + " ports")
          .containsExactly(
              "127.0.0.1:" + DemoDefaults.DASHBOARD_PORT + ":" + option(args, "--port"));
      assertThat(names(demo.get("depends_on"))).contains("zk1", "zk2", "zk3");
    }
  }

  @Test
  void thePostgresVariantConnectsToThePostgresService() {
    JsonNode demo = services.get("demo-postgres");
    List<String> args = ComposeFile.words(demo.get("command"));
    Matcher url =
        Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/(\\w+)").matcher(option(args, "--jdbc"));
    assertThat(url.matches()).as(option(args, "--jdbc")).isTrue();
    JsonNode postgres = services.get(url.group(1));
    assertThat(postgres.get("image").asText()).startsWith("postgres:");
    Map<String, String> env = env(postgres);
    assertThat(url.group(3)).isEqualTo(env.get("POSTGRES_DB"));
    assertThat(option(args, "--jdbc-user")).isEqualTo(env.get("POSTGRES_USER"));
    assertThat(option(args, "--jdbc-password")).isEqualTo(env.get("POSTGRES_PASSWORD"));
    assertThat(names(demo.get("depends_on"))).contains(url.group(1));
    assertThat(ComposeFile.words(demo.get("profiles")))
        .isEqualTo(ComposeFile.words(postgres.get("profiles")))
        .containsExactly("postgres");
    assertThat(services.get("demo").has("profiles"))
        .as("the plain demo runs without a profile")
        .isFalse();
  }

  @Test
  void theDockerfileRunsTheShadedJarOnJava17() throws Exception {
    Map<String, List<String>> instructions = dockerfile(root.resolve("demo-cluster/Dockerfile"));
    String from = instructions.get("FROM").get(0);
    assertThat(from).matches("(eclipse-temurin|amazoncorretto|openjdk):17([-.].*)?");

    String[] copy = instructions.get("COPY").get(0).split("\\s+");
    assertThat(copy).hasSize(2);
    assertThat(copy[0]).isEqualTo(shadedJar());
    assertThat(root.resolve(copy[0]).getParent()).isEqualTo(root.resolve("demo-cluster/target"));

    JsonNode entrypoint = new ObjectMapper().readTree(instructions.get("ENTRYPOINT").get(0));
    assertThat(ComposeFile.words(entrypoint)).containsExactly("java", "-jar", copy[1]);
    assertThat(instructions.get("EXPOSE"))
        .containsExactly(String.valueOf(DemoDefaults.DASHBOARD_PORT));
  }

  @Test
  void composeItselfAcceptsTheFileWhereItIsInstalled() throws Exception {
    // `config` only parses and validates: no Docker engine needed. Compose is optional here.
    List<List<String>> candidates =
        List.of(List.of("docker", "compose"), List.of("docker-compose"));
    for (List<String> compose : candidates) {
      if (run(root, concat(compose, "version")).exitCode != 0) {
        continue;
      }
      for (String profile : List.of("default", "postgres")) {
        Result config =
            run(
                root,
                concat(compose, "--profile", profile, "-f", "docker-compose.yml", "config", "-q"));
        assertThat(config.exitCode)
            .as(compose + " config (profile " + profile + "): " + config.output)
            .isZero();
      }
      return;
    }
    Assumptions.abort("neither `docker compose` nor `docker-compose` is installed");
  }

  private record Result(int exitCode, String output) {}

  private static Result run(Path dir, List<String> command) throws Exception {
    Process p;
    try {
      p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    } catch (IOException notInstalled) {
      return new Result(-1, notInstalled.toString());
    }
    p.getOutputStream().close();
    String output =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new Result(-1, "timed out: " + output);
    }
    return new Result(p.exitValue(), output);
  }

  private static List<String> concat(List<String> head, String... tail) {
    List<String> out = new ArrayList<>(head);
    out.addAll(List.of(tail));
    return out;
  }

  /** The shade plugin's output file, relative to the repo root. */
  private static String shadedJar() throws Exception {
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    var pom = factory.newDocumentBuilder().parse(root.resolve("demo-cluster/pom.xml").toFile());
    NodeList plugins = pom.getElementsByTagName("plugin");
    for (int i = 0; i < plugins.getLength(); i++) {
      Element plugin = (Element) plugins.item(i);
      if (text(plugin, "artifactId").equals("maven-shade-plugin")) {
        return "demo-cluster/"
            + text(plugin, "outputFile").replace("${project.build.directory}", "target");
      }
    }
    throw new AssertionError("no maven-shade-plugin in demo-cluster/pom.xml");
  }

  private static String text(Element parent, String tag) {
    NodeList nodes = parent.getElementsByTagName(tag);
    assertThat(nodes.getLength()).as(tag).isPositive();
    return nodes.item(0).getTextContent().trim();
  }

  /** The Dockerfile's instructions by keyword, comments dropped and continued lines joined. */
  private static Map<String, List<String>> dockerfile(Path file) throws IOException {
    Map<String, List<String>> out = new HashMap<>();
    StringBuilder line = new StringBuilder();
    for (String raw : Files.readAllLines(file)) {
      String trimmed = raw.strip();
      if (trimmed.startsWith("#") || (trimmed.isEmpty() && line.length() == 0)) {
        continue;
      }
      if (trimmed.endsWith("\\")) {
        line.append(trimmed, 0, trimmed.length() - 1).append(' ');
        continue;
      }
      line.append(trimmed);
      String[] parts = line.toString().strip().split("\\s+", 2);
      out.computeIfAbsent(parts[0].toUpperCase(), k -> new ArrayList<>())
          .add(parts.length > 1 ? parts[1] : "");
      line.setLength(0);
    }
    return out;
  }

  private static Set<String> clientAddresses() {
    Set<String> out = new HashSet<>();
    for (String name : List.of("zk1", "zk2", "zk3")) {
      Map<String, String> env = env(services.get(name));
      int id = Integer.parseInt(env.get("ZOO_MY_ID"));
      Matcher m = SERVER.matcher(env.get("ZOO_SERVERS"));
      while (m.find()) {
        if (Integer.parseInt(m.group(1)) == id) {
          out.add(name + ":" + (m.group(3) == null ? "2181" : m.group(3)));
        }
      }
    }
    assertThat(out).hasSize(3);
    return out;
  }

  private static Map<Integer, String> servers(String zooServers) {
    Map<Integer, String> out = new HashMap<>();
    Matcher m = SERVER.matcher(zooServers);
    while (m.find()) {
      out.put(Integer.parseInt(m.group(1)), m.group(2));
    }
    return out;
  }

  /** A service's environment, in map or in list form. */
  private static Map<String, String> env(JsonNode service) {
    Map<String, String> out = new HashMap<>();
    JsonNode env = service.path("environment");
    if (env.isArray()) {
      env.forEach(
          e -> {
            String[] kv = e.asText().split("=", 2);
            out.put(kv[0], kv.length > 1 ? kv[1] : "");
          });
    } else {
      env.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    }
    return out;
  }

  /** depends_on in list or in map form. */
  private static List<String> names(JsonNode node) {
    List<String> out = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(n -> out.add(n.asText()));
    } else {
      node.fieldNames().forEachRemaining(out::add);
    }
    return out;
  }

  private static String option(List<String> args, String name) {
    int i = args.indexOf(name);
    assertThat(i).as(name + " in " + args).isNotNegative().isLessThan(args.size() - 1);
    assertThat(args.lastIndexOf(name)).as(name + " once").isEqualTo(i);
    return args.get(i + 1);
  }
}
