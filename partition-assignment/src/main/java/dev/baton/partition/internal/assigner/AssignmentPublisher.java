// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition.internal.assigner;

import dev.baton.partition.internal.GroupMetrics;
import dev.baton.partition.internal.GroupNodes;
import dev.baton.partition.internal.GroupPaths;
import dev.baton.partition.internal.assigner.AssignerAction.Publish;
import dev.baton.partition.internal.assigner.AssignerEvent.PublishRejected;
import dev.baton.partition.internal.assigner.AssignerEvent.Published;
import dev.baton.partition.internal.assigner.AssignerEvent.Rejection;
import java.util.List;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes an assignment as a fenced write: one multi that checks the term's election znode and
 * replaces the assignment at the version it read (or creates it), so a deposed assigner can publish
 * nothing and two assigners never overwrite each other. Blocking; called on the member's loop.
 */
final class AssignmentPublisher {
  private static final Logger log = LoggerFactory.getLogger(AssignmentPublisher.class);

  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupMetrics metrics;

  AssignmentPublisher(CuratorFramework client, GroupPaths paths, GroupMetrics metrics) {
    this.client = client;
    this.paths = paths;
    this.metrics = metrics;
  }

  /** Publishes {@code p} guarded by the election znode {@code termNode}. */
  AssignerEvent publish(Publish p, String termNode) {
    try {
      byte[] data = p.next().encode();
      CuratorOp guard = client.transactionOp().check().forPath(termNode);
      CuratorOp write =
          p.previousVersion() < 0
              ? client.transactionOp().create().forPath(paths.assignment(), data)
              : client
                  .transactionOp()
                  .setData()
                  .withVersion(p.previousVersion())
                  .forPath(paths.assignment(), data);
      List<CuratorTransactionResult> results = client.transaction().forOperations(guard, write);
      Stat stat = results.get(1).getResultStat();
      long generation = p.next().generation();
      metrics.published(generation, p.moved());
      log.info(
          "assigner: published generation {} of {}: {} partitions, {} members, {} moved",
          generation,
          paths.group(),
          p.next().partitions().size(),
          new TreeSet<>(p.next().owners().values()).size(),
          p.moved());
      return new Published(
          p.term(),
          p.next(),
          stat == null ? p.previousVersion() + 1 : stat.getVersion(),
          p.moved());
    } catch (KeeperException e) {
      return rejected(p.term(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stop: the loop is being stopped
      return new PublishRejected(p.term(), Rejection.FAILED);
    } catch (Exception e) {
      log.warn("assigner: cannot publish the assignment; retrying: {}", e.toString());
      return new PublishRejected(p.term(), Rejection.FAILED);
    }
  }

  private AssignerEvent rejected(long term, KeeperException e) {
    List<OpResult> results = e.getResults();
    int guardError =
        results != null && !results.isEmpty() && results.get(0) instanceof OpResult.ErrorResult r
            ? r.getErr()
            : 0;
    if (guardError == KeeperException.Code.NONODE.intValue()) {
      return new PublishRejected(term, Rejection.TERM_OVER);
    }
    if (e.code() == KeeperException.Code.BADVERSION
        || e.code() == KeeperException.Code.NODEEXISTS) {
      log.info("assigner: the assignment changed under us ({}); re-reading", e.code());
      return new PublishRejected(term, Rejection.CONFLICT);
    }
    if (e.code() == KeeperException.Code.NONODE) {
      GroupNodes.ensure(client, paths); // the group was wiped; recreate its parents
    }
    log.warn("assigner: cannot publish the assignment; retrying: {}", e.toString());
    return new PublishRejected(term, Rejection.FAILED);
  }
}
