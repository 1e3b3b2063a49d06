// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * One in-process run of {@link StatusMain}: its exit code, what it printed and how long it took.
 */
record StatusRun(int exit, String out, String err, Duration took) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static StatusRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Instant start = Instant.now();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = StatusMain.run(args, o, e);
    }
    return new StatusRun(
        exit,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        Duration.between(start, Instant.now()));
  }

  /** The printed JSON object. */
  JsonNode json() {
    try {
      return JSON.readTree(out);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + out, e);
    }
  }

  @Override
  public String toString() {
    return "exit "
        + exit
        + " after "
        + took.toMillis()
        + " ms\nstdout: "
        + out
        + "\nstderr: "
        + err;
  }
}
