// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The outcome of trials of a scenario for a recipe, both checkers' violations included. */
public record TrialResult(
    String scenario,
    Role role,
    int trials,
    int faults,
    long writes,
    long rejected,
    List<String> violations,
    long recoverMs,
    List<String> notes,
    List<String> independentViolations) {

  public TrialResult {
    violations = List.copyOf(violations);
    notes = List.copyOf(notes);
    independentViolations = List.copyOf(independentViolations);
  }

  /**
   * This result with the independent checker's findings and, if they disagree with the harness, the
   * disagreement as a violation.
   */
  public TrialResult judgedIndependently(List<String> independent, Optional<String> disagreement) {
    List<String> v = new ArrayList<>(violations);
    disagreement.ifPresent(v::add);
    return new TrialResult(
        scenario, role, trials, faults, writes, rejected, v, recoverMs, notes, independent);
  }

  /** The counts as RESULT lines print them. */
  public String counts() {
    return "faults=%d writes=%d rejected=%d violations=%d independent_violations=%d recover_ms=%d"
        .formatted(
            faults, writes, rejected, violations.size(), independentViolations.size(), recoverMs);
  }

  /** The sum of two results of the same scenario (the worst recovery of both). */
  public TrialResult plus(TrialResult o) {
    List<String> n = new ArrayList<>(notes);
    o.notes.stream().filter(x -> !n.contains(x)).forEach(n::add);
    return new TrialResult(
        scenario,
        role == o.role ? role : null,
        trials + o.trials,
        faults + o.faults,
        writes + o.writes,
        rejected + o.rejected,
        Stream.concat(violations.stream(), o.violations.stream()).toList(),
        Math.max(recoverMs, o.recoverMs),
        n,
        Stream.concat(independentViolations.stream(), o.independentViolations.stream()).toList());
  }
}
