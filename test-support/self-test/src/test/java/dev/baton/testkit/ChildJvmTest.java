// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
    assertThat(processState(child.pid())).hasValue('T'); // stopped when pause() returns
    child.send("ECHO while paused");
    assertThat(child.lines()).containsExactly("READY");

    child.resume();
    assertThat(child.isPaused()).isFalse();
    child.awaitLine("while paused", 1, WITHIN);
  }

  @Test
  void aPauseThatSomethingElseEndedFailsTheResume() throws Exception {
    ChildJvm child = closer.add(ChildJvm.start(EchoMain.class));
    child.awaitLine("READY", 0, WITHIN);
    child.pause();

    signal("CONT", child.pid()); // not the harness: another process, or the kernel
    await().atMost(WITHIN).until(() -> !processState(child.pid()).equals(Optional.of('T')));
    assertThatThrownBy(child::resume)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was no longer stopped when resumed");
    assertThat(child.isPaused()).isFalse();
    child.send("ECHO running");
    child.awaitLine("running", 1, WITHIN);
  }

  /**
   * A run started with {@code nohup ... &} by a shell that then exits: when the starter's process
   * group becomes orphaned with a stopped member, the kernel sends the group SIGHUP and SIGCONT
   * (ignored and obeyed under nohup). The control, a plain child of the starter, is continued; the
   * paused {@link ChildJvm}, in a session of its own, stays stopped.
   */
  @Test
  void aPauseHoldsWhenTheStartersProcessGroupIsOrphaned(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("starter.out");
    Path errors = dir.resolve("starter.err");
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
    String script =
        "set -m; fifo=$1; err=$2; shift 2\n"
            + "( nohup \"$@\" > \"$fifo\" 2> \"$err\" &\n"
            + "  IFS= read -r line < \"$fifo\"; echo \"$line $!\" )\n"
            + "echo EXITED\n";
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process shell =
        new ProcessBuilder(
                "setsid",
                "bash",
                "-c",
                script,
                "bash",
                fifo.toString(),
                errors.toString(),
                java,
                "-cp",
                System.getProperty("java.class.path"),
                PausingStarterMain.class.getName())
            .redirectErrorStream(true)
            .start();
    long[] pids = new long[3]; // the ChildJvm, the control, the starter
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8))) {
      String paused = out.readLine();
      assertThat(paused).as("starter errors: %s", errorsOf(errors)).startsWith("PAUSED ");
      String[] words = paused.split(" ");
      for (int i = 0; i < pids.length; i++) {
        pids[i] = Long.parseLong(words[i + 1]);
      }
      assertThat(out.readLine()).isEqualTo("EXITED"); // the group is orphaned by now

      await()
          .atMost(WITHIN)
          .untilAsserted(
              () ->
                  assertThat(processState(pids[1]))
                      .as("the control, a stopped member of the orphaned group, is continued")
                      .isPresent()
                      .isNotEqualTo(Optional.of('T')));
      assertThat(processState(pids[0])).as("the ChildJvm paused by the starter").hasValue('T');
    } finally {
      for (long pid : pids) {
        ProcessHandle.of(pid).filter(p -> pid != 0).ifPresent(ProcessHandle::destroyForcibly);
      }
      shell.destroyForcibly();
    }
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

  private static void signal(String signal, long pid) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
    assertThat(kill.waitFor(WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).isZero();
  }

  private static String errorsOf(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
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
