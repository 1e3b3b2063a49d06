// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps the README's code honest: a test holds the same code between {@code // README:begin} and
 * {@code // README:end} markers, compiles and runs it, and compares it with the README's java
 * block.
 */
public final class ReadmeSnippets {
  private ReadmeSnippets() {}

  /** The README's java block number {@code n} (from 0), whitespace-normalized. */
  public static String javaBlock(int n) {
    String readme = read(repoFile("README.md"));
    int start = -1;
    for (int i = 0; i <= n; i++) {
      start = readme.indexOf("```java\n", start + 1);
      if (start < 0) {
        throw new IllegalStateException("the README has fewer than " + (n + 1) + " java blocks");
      }
    }
    int end = readme.indexOf("```", start + 8);
    return normalize(readme.substring(start + 8, end));
  }

  /**
   * The region number {@code n} (from 0) between README markers in the source file at {@code
   * pathFromRepoRoot}, whitespace-normalized.
   */
  public static String markedRegion(String pathFromRepoRoot, int n) {
    String text = read(repoFile(pathFromRepoRoot));
    int begin = -1;
    for (int i = 0; i <= n; i++) {
      begin = text.indexOf("// README:" + "begin", begin + 1);
      if (begin < 0) {
        throw new IllegalStateException(
            pathFromRepoRoot + " has fewer than " + (n + 1) + " regions");
      }
    }
    int start = text.indexOf('\n', begin) + 1;
    int end = text.lastIndexOf('\n', text.indexOf("// README:" + "end", start));
    return normalize(text.substring(start, end));
  }

  private static String normalize(String code) {
    return code.lines()
        .map(String::strip)
        .filter(l -> !l.isEmpty())
        .reduce("", (a, b) -> a + b + "\n");
  }

  private static Path repoFile(String name) {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve(name))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(name + " not found above the working directory");
    }
    return dir.resolve(name);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
