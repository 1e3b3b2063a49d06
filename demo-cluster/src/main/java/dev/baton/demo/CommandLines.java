// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import picocli.CommandLine;

/**
 * Parses the demo's picocli command lines; a parse error is an {@link IllegalArgumentException}.
 */
public final class CommandLines {
  private CommandLines() {}

  /** Fills {@code spec}'s options from {@code args}. */
  public static <T> T parse(T spec, String... args) {
    try {
      new CommandLine(spec).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
      return spec;
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Parses {@code args} into a picocli annotated interface {@code spec}. */
  public static <T> T parse(Class<T> spec, String... args) {
    try {
      CommandLine line = new CommandLine(spec);
      line.parseArgs(args);
      return line.getCommand();
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The usage text of {@code spec}'s command. */
  public static String usage(Object spec) {
    return new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
  }

  /** {@code value} if it is {@code min} to {@code max}, else an error naming {@code option}. */
  public static int range(String option, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          option + " must be " + min + " to " + max + ", was " + value);
    }
    return value;
  }

  /** {@code value} if it is not blank, else an error naming {@code option}. */
  public static String nonBlank(String option, String value) {
    if (value.isBlank()) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }
}
