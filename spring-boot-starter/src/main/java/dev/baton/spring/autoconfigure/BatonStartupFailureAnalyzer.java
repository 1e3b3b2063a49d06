// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a {@link BatonStartupException} as Spring Boot's "Description / Action" report. */
class BatonStartupFailureAnalyzer extends AbstractFailureAnalyzer<BatonStartupException> {
  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, BatonStartupException cause) {
    return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
  }
}
