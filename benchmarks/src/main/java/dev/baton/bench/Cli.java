// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The one command-line parser of the scenarios: picocli, over a scenario's {@code @Option} fields.
 * An option not given on the command line is read from the system property {@code bench.<name>}
 * ({@code --handovers} from {@code -Dbench.handovers}), else its default.
 */
public final class Cli {
  private Cli() {}

  /**
   * Sets {@code options}' annotated fields from {@code args}.
   *
   * @return false if {@code --help} was asked for (the usage is printed on stderr): run nothing
   * @throws IllegalArgumentException for an unknown option or a value that does not convert
   */
  public static boolean parse(Object options, List<String> args) {
    return parse(new CommandLine(options), args);
  }

  /** As {@link #parse(Object, List)}, for a command line with options added to its spec. */
  public static boolean parse(CommandLine line, List<String> args) {
    line.getCommandSpec().mixinStandardHelpOptions(true); // --help, --version
    line.getCommandSpec().usageMessage().showDefaultValues(true);
    line.setDefaultValueProvider(
        arg ->
            arg instanceof OptionSpec o
                ? System.getProperty("bench." + o.longestName().replaceFirst("^-+", ""))
                : null);
    try {
      line.parseArgs(args.toArray(String[]::new));
    } catch (ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    if (line.isUsageHelpRequested()) {
      line.usage(new PrintWriter(System.err, true));
      return false;
    }
    return true;
  }

  /** The line of a scenario for the usage text: its {@code @Command} description, if any. */
  public static String description(Class<?> type) {
    CommandLine.Command c = type.getAnnotation(CommandLine.Command.class);
    return c == null ? "" : String.join(" ", c.description());
  }

  /** A progress line of scenario {@code name} on stderr: {@code [name] ...}. */
  public static void progress(String name, String format, Object... args) {
    System.err.println("[" + name + "] " + String.format(Locale.ROOT, format, args));
  }

  /** A RESULT line on stdout, flushed. */
  public static void result(String line) {
    System.out.println(line);
    System.out.flush();
  }

  /**
   * @throws IllegalArgumentException with {@code message} unless {@code condition}
   */
  public static void check(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
