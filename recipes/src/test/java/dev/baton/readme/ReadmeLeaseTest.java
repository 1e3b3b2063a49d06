// SPDX-License-Identifier: Apache-2.0
package dev.baton.readme;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.RevocationReason;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.testkit.ReadmeSnippets;
import dev.baton.testkit.SqlTables;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** The README's lease-backend snippet compiles as shown and runs on H2. */
class ReadmeLeaseTest {
  @Test
  void theLeaseSnippetLeadsWithTokenOneAndRevokesOnClose() throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme_lease;DB_CLOSE_DELAY=-1");
    List<String> log = new CopyOnWriteArrayList<>();
    LeaseSnippet snippet =
        new LeaseSnippet() {
          @Override
          protected LeadershipListener listener() {
            return new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                log.add("elected " + leadership.token());
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                log.add("revoked " + reason);
              }
            };
          }
        };
    try {
      Leadership term = snippet.run(h2);
      assertThat(term.token().toString()).isEqualTo("ft:1@/services/billing/scheduler-leader");
      assertThat(term.revocationReason()).contains(RevocationReason.CLOSED);
      assertThat(log)
          .containsExactly("elected ft:1@/services/billing/scheduler-leader", "revoked CLOSED");
    } finally {
      SqlTables.drop(h2, "baton_lease");
    }
    ReadmeSnippets.assertInReadme("recipes/src/test/java/dev/baton/readme/LeaseSnippet.java");
  }
}
