// SPDX-License-Identifier: Apache-2.0
package dev.baton.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No tracked file names a directory of the machine it was written on (a home, a build or a work
 * folder): a results file, the README or a doc that did would tell a reader nothing and leak the
 * build machine's layout. Recorded commands keep the folder's own name, as in {@code
 * --out=<dir>/prof-out-1fcea27}.
 */
class NoMachinePathsTest {
  /** An absolute path under a home or work folder, not inside a longer word or path. */
  static final Pattern MACHINE_PATH =
      Pattern.compile("(^|[^A-Za-z0-9_.<>-])/(work|root|home|Users)/[A-Za-z0-9]");

  @Test
  void noTrackedFileNamesADirectoryOfABuildMachine() throws Exception {
    Path root = PublishedArtifactsTest.repositoryRoot();
    List<String> found = new ArrayList<>();
    for (String name : trackedFiles(root)) {
      String text = textOf(root.resolve(name));
      if (text == null) {
        continue; // binary, or not UTF-8: not a text a reader sees
      }
      String[] lines = text.split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        Matcher m = MACHINE_PATH.matcher(lines[i]);
        if (m.find()) {
          found.add(name + ":" + (i + 1) + ": " + abbreviate(lines[i], m.start()));
        }
      }
    }
    assertThat(found).as("tracked lines naming a build machine's directory").isEmpty();
  }

  @Test
  void thePatternFindsWhatItIsFor() {
    // Negative control: the paths the repository once held are found; look-alikes are not.
    String work = "/" + "work/prof-out-1fcea27";
    assertThat(MACHINE_PATH.matcher("--out=" + work).find()).isTrue();
    assertThat(MACHINE_PATH.matcher(work).find()).isTrue();
    assertThat(MACHINE_PATH.matcher("cd /" + "home/alice/baton").find()).isTrue();
    assertThat(MACHINE_PATH.matcher("--out=<dir>/prof-out-1fcea27").find()).isFalse();
    assertThat(MACHINE_PATH.matcher("src/main/work/x and a/home/b").find()).isFalse();
  }

  private static List<String> trackedFiles(Path root) throws IOException, InterruptedException {
    Process git =
        new ProcessBuilder("git", "ls-files", "-z")
            .directory(root.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(git.waitFor()).as("git ls-files: " + out).isZero();
    List<String> files = new ArrayList<>();
    for (String name : out.split("\0")) {
      if (!name.isEmpty() && Files.isRegularFile(root.resolve(name))) {
        files.add(name);
      }
    }
    assertThat(files).as("tracked files").hasSizeGreaterThan(100);
    return files;
  }

  /** The file's text, or null if it holds a NUL byte or is not UTF-8. */
  private static String textOf(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    for (byte b : bytes) {
      if (b == 0) {
        return null;
      }
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static String abbreviate(String line, int at) {
    int from = Math.max(0, at - 40);
    return line.substring(from, Math.min(line.length(), at + 80));
  }
}
