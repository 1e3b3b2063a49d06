package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.partition.internal.AssignmentRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The group administration API. */
class GroupAdminTest {
  @Test
  void theAssignmentZnodeIsNamedAndDecodedThroughThePublicApi() {
    assertThat(GroupAdmin.assignmentPath("/svc/consumers")).isEqualTo("/svc/consumers/assignment");
    assertThatThrownBy(() -> GroupAdmin.assignmentPath("svc")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("group");
    AssignmentRecord written = new AssignmentRecord(12, "m-1", 77, new TreeSet<>(List.of(0, 1, 2, 3)),
        new TreeMap<>(Map.of(0, "m-1", 1, "m-2", 3, "m-1")));
    GroupAdmin.Assignment read = GroupAdmin.decodeAssignment("/g/assignment", written.encode());
    assertThat(read.generation()).isEqualTo(12);
    assertThat(read.partitions()).containsExactly(0, 1, 2, 3);
    assertThat(read.assignedTo())
        .containsExactly(Map.entry(0, "m-1"), Map.entry(1, "m-2"), Map.entry(3, "m-1"));
    assertThatThrownBy(() -> read.assignedTo().put(2, "m-3"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aMalformedAssignmentFailsWithTheZnodeNamed() {
    assertThatThrownBy(() -> GroupAdmin.decodeAssignment("/g/assignment",
        "baton-assignment/1\ngeneration=007\n".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedRecordException.class).hasMessageContaining("/g/assignment")
        .hasMessageContaining("not a canonical number");
  }
}
