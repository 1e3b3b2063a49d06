// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.history.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the format: fields, compression, and refusing what is not a history. */
class HistoryTest {
  @TempDir Path dir;

  @Test
  void readsOperationsTheStoreLogAndTheDescription() {
    History h = HistoryText.safeElection().history();
    assertThat(h.meta()).containsEntry("trial", "t1").containsEntry("version", 1L);
    assertThat(h.ops()).hasSize(16);
    assertThat(h.ops().get(0))
        .isEqualTo(new History.Op(0, "c1", 1000, "invoke", "elected", "leader", 1L, null));
    assertThat(h.ops().get(3).value()).isEqualTo("c1");
    assertThat(h.fenceLog())
        .containsExactly(
            new History.StoreWrite(0, "leader", "c1", 1),
            new History.StoreWrite(1, "leader", "c1", 1),
            new History.StoreWrite(2, "leader", "c2", 2));
  }

  @Test
  void readsPlainAndCompressedFiles() throws IOException {
    String json = HistoryText.safeElection().json();
    Path plain = Files.writeString(dir.resolve("history.json"), json);
    Path zipped = Files.createDirectories(dir.resolve("t2")).resolve("history.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(zipped))) {
      out.write(json.getBytes(StandardCharsets.UTF_8));
    }
    assertThat(History.read(zipped)).isEqualTo(History.read(plain));
    assertThat(HistoryCheck.find(dir)).containsExactly(plain, zipped);
  }

  @Test
  void refusesWhatIsNotAHistory() {
    Stream.of(
            "[]",
            "{\"format\": \"other\", \"version\": 1, \"history\": [], \"fence_log\": []}",
            "{\"format\": \"baton-chaos-history\", \"version\": 2, \"history\": [],"
                + " \"fence_log\": []}",
            "{\"format\": \"baton-chaos-history\", \"version\": 1, \"fence_log\": []}",
            "{\"format\": \"baton-chaos-history\", \"version\": 1, \"history\": [{\"index\": 0}],"
                + " \"fence_log\": []}",
            "{\"format\": \"baton-chaos-history\", \"version\": 1, \"history\": [],"
                + " \"fence_log\": [{\"seq\": 0, \"resource\": \"r\", \"writer\": \"c1\","
                + " \"token\": \"7\"}]}",
            "{\"format\": \"baton-chaos-history\"",
            "{\"format\": \"baton-chaos-history\", \"format\": \"baton-chaos-history\","
                + " \"version\": 1, \"history\": [], \"fence_log\": []}",
            "{\"format\": \"baton-chaos-history\", \"version\": 1, \"history\": [],"
                + " \"fence_log\": []} x")
        .forEach(
            text ->
                assertThatThrownBy(() -> History.parse(text))
                    .as(text)
                    .isInstanceOf(IllegalArgumentException.class));
  }

  @Test
  void theCheckerImportsNothingFromTheHarness() throws IOException {
    Path sources = Path.of("src/main/java/dev/baton/bench/history/check");
    List<Path> files;
    try (Stream<Path> s = Files.list(sources)) {
      files = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertThat(files).hasSizeGreaterThan(3);
    for (Path f : files) {
      assertThat(Files.readAllLines(f))
          .as(f.toString())
          .noneMatch(l -> l.contains("dev.baton.bench.chaos") || l.contains("dev.baton.testkit"));
    }
  }
}
