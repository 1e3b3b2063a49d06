// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos;

import dev.baton.bench.chaos.ChaosProtocol.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of one or more trials of a scenario for a role.
 *
 * @param faults faults injected
 * @param writes protected writes attempted (WRITE events, any outcome)
 * @param rejected writes the fence rejected
 * @param accepted writes the fence accepted (rows of the fence's write log)
 * @param violations every safety or liveness violation found; must be empty
 * @param recoverMs the worst time from a heal to the service writing again
 * @param errors ERROR events of the clients (reported, not judged)
 * @param notes remarks for the report
 * @param independentViolations what the independent checker ({@code dev.baton.bench.history.check})
 *     found in the trials' exported histories
 */
public record TrialResult(
    String scenario,
    Role role,
    int trials,
    int faults,
    long writes,
    long rejected,
    long accepted,
    List<String> violations,
    long recoverMs,
    long errors,
    List<String> notes,
    List<String> independentViolations) {

  public TrialResult {
    violations = List.copyOf(violations);
    notes = List.copyOf(notes);
    independentViolations = List.copyOf(independentViolations);
  }

  /**
   * This result with the independent checker's findings, and, where its verdict differs from the
   * harness's ({@code disagreement}, if present), that disagreement as one more violation.
   */
  public TrialResult judgedIndependently(List<String> independent, Optional<String> disagreement) {
    List<String> v = new ArrayList<>(violations);
    disagreement.ifPresent(v::add);
    return new TrialResult(
        scenario,
        role,
        trials,
        faults,
        writes,
        rejected,
        accepted,
        v,
        recoverMs,
        errors,
        notes,
        independent);
  }

  /**
   * {@code faults=N writes=N rejected=N violations=N independent_violations=N recover_ms=N}, as the
   * RESULT lines print them.
   */
  public String counts() {
    return "faults=%d writes=%d rejected=%d violations=%d independent_violations=%d recover_ms=%d"
        .formatted(
            faults, writes, rejected, violations.size(), independentViolations.size(), recoverMs);
  }

  /** The sum of two results of the same scenario (the worst recovery of both). */
  public TrialResult plus(TrialResult o) {
    List<String> v = new ArrayList<>(violations);
    v.addAll(o.violations);
    List<String> n = new ArrayList<>(notes);
    o.notes.stream().filter(x -> !n.contains(x)).forEach(n::add);
    List<String> iv = new ArrayList<>(independentViolations);
    iv.addAll(o.independentViolations);
    return new TrialResult(
        scenario,
        role == o.role ? role : null,
        trials + o.trials,
        faults + o.faults,
        writes + o.writes,
        rejected + o.rejected,
        accepted + o.accepted,
        v,
        Math.max(recoverMs, o.recoverMs),
        errors + o.errors,
        n,
        iv);
  }
}
