// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repo's docker-compose.yml as tests read it: its services, and their lists of words. */
public final class ComposeFile {
  private ComposeFile() {}

  /** The repo root: the first directory up from here with docker-compose.yml and demo-cluster. */
  public static Path repoRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("docker-compose.yml"))
          && Files.isDirectory(dir.resolve("demo-cluster"))) {
        return dir;
      }
    }
    throw new AssertionError("no docker-compose.yml above " + Path.of("").toAbsolutePath());
  }

  /** The {@code services} of docker-compose.yml, by name. */
  public static JsonNode services() {
    Path file = repoRoot().resolve("docker-compose.yml");
    try {
      JsonNode services =
          new ObjectMapper(new YAMLFactory()).readTree(file.toFile()).get("services");
      if (services == null) {
        throw new AssertionError("docker-compose.yml has no services");
      }
      return services;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** A list, or a string split at blanks (compose's short command form); empty when absent. */
  public static List<String> words(JsonNode node) {
    List<String> out = new ArrayList<>();
    if (node == null || node.isMissingNode() || node.isNull()) {
      return out;
    }
    if (node.isArray()) {
      node.forEach(n -> out.add(n.asText()));
    } else {
      out.addAll(List.of(node.asText().strip().split("\\s+")));
    }
    return out;
  }
}
