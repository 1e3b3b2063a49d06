// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Keeps the README's Java honest: each {@code ```java} block of {@code README.md} and {@code
 * docs/*.md} is the text of the regions between a begin and an end marker ({@link #BEGIN}, {@link
 * #END}) of one snippet file in some module's tests (imports in the first region, none outside),
 * compared line by line, whitespace aside. This file spells the markers in two parts: it is itself
 * a test source, and the scan must not take it for a snippet file.
 */
public final class ReadmeSnippets {
  private static final String BEGIN = "// README:" + "begin";
  private static final String END = "// README:" + "end";

  private ReadmeSnippets() {}

  /** Checks that the snippet file at {@code pathFromRepoRoot} is a java block of the README. */
  public static void assertInReadme(String pathFromRepoRoot) {
    String readme = readme();
    String file = read(repoFile(pathFromRepoRoot));
    List<String> problems = snippetProblems(pathFromRepoRoot, file);
    String snippet = snippet(file);
    if (!javaBlocks(readme).contains(snippet)) {
      problems.add(pathFromRepoRoot + ": no java block of the README is this snippet:\n" + snippet);
    }
    if (!problems.isEmpty()) {
      throw new AssertionError(String.join("\n", problems));
    }
  }

  /**
   * What is wrong with the README's java blocks and snippet files (path to text); empty if none.
   */
  public static List<String> problems(String readme, Map<String, String> files) {
    List<String> problems = new ArrayList<>();
    Map<String, String> snippets = new LinkedHashMap<>();
    files.forEach(
        (path, text) -> {
          problems.addAll(snippetProblems(path, text));
          snippets.put(path, snippet(text));
        });
    List<String> blocks = javaBlocks(readme);
    for (int i = 0; i < blocks.size(); i++) {
      String block = blocks.get(i);
      if (block.lines().noneMatch(l -> l.startsWith("import "))) {
        problems.add("java block " + i + " of the README shows no imports:\n" + block);
      }
      if (!snippets.containsValue(block)) {
        problems.add("java block " + i + " of the README is in no snippet file:\n" + block);
      }
    }
    snippets.forEach(
        (path, snippet) -> {
          if (!blocks.contains(snippet)) {
            problems.add(path + " is no java block of the README:\n" + snippet);
          }
        });
    return problems;
  }

  /** The README's text, followed by the text of each page under {@code docs/}, by name. */
  public static String readme() {
    Path readme = repoFile("README.md");
    StringBuilder text = new StringBuilder(read(readme));
    Path docs = readme.resolveSibling("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> pages = Files.list(docs)) {
        pages
            .filter(f -> f.getFileName().toString().endsWith(".md"))
            .sorted()
            .forEach(f -> text.append('\n').append(read(f)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return text.toString();
  }

  /** Every test source file with README regions, by path from the repository root. */
  public static Map<String, String> snippetFiles() {
    Path root = repoFile("README.md").getParent();
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .filter(f -> root.relativize(f).toString().contains("src/test/java/"))
          .filter(f -> !root.relativize(f).toString().contains("/target/"))
          .sorted()
          .map(f -> Map.entry(root.relativize(f).toString(), read(f)))
          .filter(e -> e.getValue().contains(BEGIN))
          .collect(
              Collectors.toMap(
                  Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The java blocks of {@code readme}, whitespace-normalized. */
  static List<String> javaBlocks(String readme) {
    List<String> blocks = new ArrayList<>();
    int start = readme.indexOf("```java\n");
    while (start >= 0) {
      int end = readme.indexOf("```", start + 8);
      blocks.add(normalize(readme.substring(start + 8, end)));
      start = readme.indexOf("```java\n", end + 3);
    }
    return blocks;
  }

  /** The regions of a snippet file, in order, as one whitespace-normalized text. */
  static String snippet(String file) {
    return normalize(String.join("\n", regions(file)));
  }

  private static List<String> snippetProblems(String path, String file) {
    List<String> problems = new ArrayList<>();
    List<String> regions = regions(file);
    String outside = file;
    for (String region : regions) {
      outside = outside.replace(region, "");
    }
    outside
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith("import "))
        .map(l -> path + ": '" + l + "' is outside the README regions")
        .forEach(l -> problems.add(l + "; a snippet file imports only what the README shows"));
    return problems;
  }

  private static List<String> regions(String text) {
    List<String> regions = new ArrayList<>();
    int begin = text.indexOf(BEGIN);
    while (begin >= 0) {
      int start = text.indexOf('\n', begin) + 1;
      int endMarker = text.indexOf(END, start);
      if (endMarker < 0) {
        throw new IllegalStateException("a README region without its end marker");
      }
      int end = text.lastIndexOf('\n', endMarker);
      regions.add(end < start ? "" : text.substring(start, end));
      begin = text.indexOf(BEGIN, endMarker);
    }
    return regions;
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
