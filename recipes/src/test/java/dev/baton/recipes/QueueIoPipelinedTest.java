// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** When the names read behind a create may answer the machine's next listing. */
class QueueIoPipelinedTest {
  private static final CandidateEvent.Entered ENTERED =
      new CandidateEvent.Entered(7, new QueueEntry("me-0000000003", 42, 1));

  @Test
  void namesThatIncludeTheEntryAnswerTheListingInTheEpochOfTheCreate() throws Exception {
    List<String> names = List.of("other-0000000002", "me-0000000003");
    QueueIo.Pipelined p = new QueueIo.Pipelined(ENTERED, CompletableFuture.completedFuture(names));

    assertThat(p.listed(1_000_000)).isEqualTo(new CandidateEvent.Listed(7, names));
  }

  @Test
  void namesWithoutTheEntryWereReadBeforeItAndAreNotUsed() throws Exception {
    QueueIo.Pipelined p =
        new QueueIo.Pipelined(
            ENTERED, CompletableFuture.completedFuture(List.of("other-0000000002")));

    assertThat(p.listed(1_000_000)).isNull();
  }

  @Test
  void aFailedOrLateListingIsNotUsed() throws Exception {
    QueueIo.Pipelined failed =
        new QueueIo.Pipelined(ENTERED, CompletableFuture.failedFuture(new IllegalStateException()));
    QueueIo.Pipelined late = new QueueIo.Pipelined(ENTERED, new CompletableFuture<>());

    assertThat(failed.listed(1_000_000)).isNull();
    assertThat(late.listed(1_000_000)).isNull();
    assertThat(late.listed(-5)).isNull();
  }
}
