// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@link ChildJvm}: lines in and out, SIGSTOP/SIGCONT, SIGTERM, SIGKILL, exit codes, orphans. */
class ChildJvmTest {
  private static final Duration WITHIN = Duration.ofSeconds(30);

  @RegisterExtension final Closer closer = new Closer();

  @Test
  void echoesCommandLinesAndReportsTheExitCode() {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);
    assertThat(child.isAlive()).isTrue();
    assertThat(child.exitCode()).isEmpty();

    child.send("ECHO hello");
    assertThat(child.awaitLine("hel", 1, WITHIN)).isEqualTo("hello");
    child.send("EXIT 7");
    await().atMost(WITHIN).until(() -> !child.isAlive());
    assertThat(child.exitCode()).hasValue(7);
    assertThat(child.lines()).containsExactly("READY", "hello", "BYE");
  }

  @Test
  void askReturnsTheAnswerPrintedAfterTheCommand() {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);
    assertThat(child.ask("ECHO ANSWER n=1 ms=5", "ANSWER", WITHIN)).isEqualTo("ANSWER n=1 ms=5");
    String second = child.ask("ECHO ANSWER n=2 ms=7", "ANSWER", WITHIN);
    assertThat(ChildJvm.field(second, "n")).isEqualTo("2");
    assertThat(ChildJvm.field(second, "ms")).isEqualTo("7");
    assertThatThrownBy(() -> ChildJvm.field(second, "s"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no s=");
  }

  @Test
  void aPausedChildRunsNothingUntilResumed() {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);

    child.pause();
    assertThat(child.isPaused()).isTrue();
    await()
        .atMost(WITHIN)
        .until(() -> processState(child.pid()).equals(Optional.of('T'))); // stopped
    child.send("ECHO while paused");
    assertThat(child.lines()).containsExactly("READY");

    child.resume();
    assertThat(child.isPaused()).isFalse();
    child.awaitLine("while paused", 1, WITHIN);
  }

  @Test
  void terminateRunsTheShutdownHooksEvenOfAPausedChild() {
    ChildJvm running = closer.add(ChildJvm.start(EchoMain.class));
    ChildJvm paused = closer.add(ChildJvm.start(EchoMain.class));
    running.awaitLine("READY", 0, WITHIN);
    paused.awaitLine("READY", 0, WITHIN);
    paused.pause();

    assertThat(running.terminate()).isEqualTo(143);
    assertThat(paused.terminate()).isEqualTo(143);
    assertThat(running.lines()).containsExactly("READY", "BYE");
    assertThat(paused.lines()).containsExactly("READY", "BYE");
  }

  @Test
  void killEndsTheChildAtOnceWithoutItsShutdownHooks() {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);
    child.pause();

    child.kill();
    assertThat(child.isAlive()).isFalse();
    assertThat(child.exitCode()).hasValue(137);
    assertThat(child.lines()).containsExactly("READY");
    assertThatThrownBy(child::resume)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has ended");
  }

  @Test
  void awaitLineFailsAtOnceWhenTheChildEnds() {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);
    child.send("EXIT 3");

    long start = System.nanoTime();
    assertThatThrownBy(() -> child.awaitLine("NEVER", 0, Duration.ofMinutes(5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ended with exit code 3")
        .hasMessageContaining("READY");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(WITHIN);
  }

  @Test
  void builderOptionsAndOneOutputFileForBothStreams(@TempDir Path dir) {
    Path log = dir.resolve("child.log");
    ChildJvm child =
        closer.add(
            ChildJvm.builder(EchoMain.class.getName())
                .jvmOptions("-Xmx64m")
                .output(log)
                .errorsToOutput()
                .start());
    child.awaitLine("READY", 0, WITHIN);
    assertThat(child.outputFile()).isEqualTo(log);
    assertThat(child.errorFile()).isEqualTo(log);
    child.send("EXIT not-a-number"); // NumberFormatException: its stack trace goes to the same file
    await().atMost(WITHIN).until(() -> !child.isAlive());
    assertThat(child.exitCode()).hasValue(1);
    assertThat(child.lines()).anyMatch(l -> l.contains("NumberFormatException"));
  }

  @Test
  void aChildWhoseParentDiesHalts() {
    ChildJvm parent = closer.add(ChildJvm.start(EchoMain.class));
    parent.awaitLine("READY", 0, WITHIN);
    parent.send("SPAWN");
    long grandchild =
        Long.parseLong(parent.awaitLine("CHILD ", 0, WITHIN).substring("CHILD ".length()));
    assertThat(alive(grandchild)).isTrue();

    parent.kill(); // no close() of its child: only ChildMain's watch on the parent can end it
    await().atMost(WITHIN).until(() -> !alive(grandchild));
  }

  /** Running or stopped, not ended (a zombie left to a non-reaping init counts as ended). */
  private static boolean alive(long pid) {
    return processState(pid).filter(s -> s != 'Z' && s != 'X').isPresent();
  }

  /**
   * The state letter of {@code /proc/<pid>/stat} (Linux): R, S, T (stopped), Z...; empty if gone.
   */
  private static Optional<Character> processState(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"), StandardCharsets.US_ASCII);
      return Optional.of(stat.charAt(stat.lastIndexOf(')') + 2));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
