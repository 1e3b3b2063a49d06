// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every java block of the README is the text of a snippet file in some module's tests (which that
 * module compiles and runs), with its imports; and the check fails for each way of breaking that.
 */
class ReadmeSnippetsTest {
  private static final String BEGIN = "// README:" + "begin";
  private static final String END = "// README:" + "end";

  private static final String BLOCK =
      "Text.\n\n```java\nimport java.time.Duration;\n\nDuration d = Duration.ofSeconds(1);\n```\n";

  private static final String FILE =
      "package x;\n\n"
          + BEGIN
          + "\nimport java.time.Duration;\n"
          + END
          + "\n\nclass S {\n  void run() {\n    "
          + BEGIN
          + "\n    Duration d = Duration.ofSeconds(1);\n    "
          + END
          + "\n  }\n}\n";

  @Test
  void everyJavaBlockOfTheReadmeHasItsSnippetFile() {
    Map<String, String> files = ReadmeSnippets.snippetFiles();
    assertThat(files.keySet())
        .contains(
            "recipes/src/test/java/dev/baton/readme/QuickStartSnippet.java",
            "partition-assignment/src/test/java/dev/baton/readme/SecuritySnippet.java");
    assertThat(ReadmeSnippets.problems(ReadmeSnippets.readme(), files)).isEmpty();
  }

  @Test
  void theReadmeIncludesThePagesUnderDocs() {
    assertThat(ReadmeSnippets.readme())
        .startsWith("# Baton\n")
        .contains("\n# Baton on Spring Boot\n");
  }

  @Test
  void aBlockAndItsFileMatchAcrossIndentationAndBlankLines() {
    assertThat(ReadmeSnippets.problems(BLOCK, Map.of("S.java", FILE))).isEmpty();
  }

  @Test
  void aJavaBlockWithoutASnippetFileIsReported() {
    String readme = BLOCK + "\n```java\nimport java.util.List;\n\nList.of();\n```\n";
    List<String> problems = ReadmeSnippets.problems(readme, Map.of("S.java", FILE));
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0)).contains("java block 1 of the README is in no snippet file");
  }

  @Test
  void aSnippetFileThatIsNoBlockOfTheReadmeIsReported() {
    String changed = FILE.replace("ofSeconds(1)", "ofSeconds(2)");
    assertThat(ReadmeSnippets.problems(BLOCK, Map.of("S.java", changed)))
        .anyMatch(p -> p.contains("S.java is no java block of the README"))
        .anyMatch(p -> p.contains("java block 0 of the README is in no snippet file"));
  }

  @Test
  void aSnippetFileWithAnImportTheReadmeDoesNotShowIsReported() {
    String extra = FILE.replace("package x;\n", "package x;\n\nimport java.util.List;\n");
    assertThat(ReadmeSnippets.problems(BLOCK, Map.of("S.java", extra)))
        .singleElement()
        .asString()
        .contains("'import java.util.List;' is outside the README regions");
  }

  @Test
  void aJavaBlockWithoutImportsIsReported() {
    String readme = "```java\nint x = 1;\n```\n";
    String file = "class S {\n  " + BEGIN + "\n  int x = 1;\n  " + END + "\n}\n";
    assertThat(ReadmeSnippets.problems(readme, Map.of("S.java", file)))
        .singleElement()
        .asString()
        .contains("java block 0 of the README shows no imports");
  }
}
