// SPDX-License-Identifier: Apache-2.0
package dev.baton.bench.chaos.client;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.GroupMember;
import dev.baton.partition.PartitionListener;
import dev.baton.partition.PartitionOwnership;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code --role=partition}: a {@link GroupMember}, a {@link WriterLoop} per assigned partition.
 * {@code began_at} is the term's start on the {@link NanoClock} (a resumed one's: its resume).
 */
final class PartitionRole implements ChaosRole {
  static final long DRAIN_MS = 2000;

  private final GroupMember member;

  PartitionRole(ClientArgs args, BatonSession session, ProtectedWriter writer, EventOut out) {
    Map<Integer, WriterLoop> loops = new ConcurrentHashMap<>();
    this.member =
        GroupMember.create(
            session,
            GroupConfig.builder(args.path() + "/group")
                .memberId(args.id())
                .partitionCount(args.partitions())
                .drainTimeout(Duration.ofMillis(DRAIN_MS))
                .clock(NanoClock.INSTANCE)
                .build(),
            new PartitionListener() {
              @Override
              public void assigned(PartitionOwnership ownership) {
                out.event(
                    "ASSIGNED",
                    "partition",
                    ownership.partition(),
                    "token",
                    ownership.token().value(),
                    "began_at",
                    NanoClock.nanos(ownership.startedAt()));
                WriterLoop loop =
                    new WriterLoop(
                        "chaos-writer-p" + ownership.partition(),
                        writer,
                        resourceOf(ownership.partition()),
                        ownership.token(),
                        args.writeInterval(),
                        ownership::isActive);
                loops.put(ownership.partition(), loop); // its revoked removed the one before
                loop.start();
              }

              @Override
              public void revoked(PartitionOwnership ownership, RevocationReason reason) {
                WriterLoop loop = loops.remove(ownership.partition());
                if (loop != null) {
                  loop.stopAndJoin(Duration.ofMillis(DRAIN_MS));
                }
                out.event(
                    "RELEASED",
                    "partition",
                    ownership.partition(),
                    "token",
                    ownership.token().value(),
                    "reason",
                    reason);
              }
            });
  }

  static String resourceOf(int partition) {
    return "p" + partition;
  }

  @Override
  public void start() {
    member.start();
  }

  @Override
  public void close() {
    member.close();
  }
}
