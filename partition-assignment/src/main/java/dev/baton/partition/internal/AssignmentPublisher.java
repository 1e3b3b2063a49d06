package dev.baton.partition.internal;

import dev.baton.partition.GroupConfig;
import dev.baton.partition.internal.record.AssignmentRecord;
import dev.baton.recipes.election.Leadership;
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
 * Publishes an {@link Assigner}'s assignment as a fenced write: one multi that checks the term's election
 * znode and replaces the assignment at the version it read (or creates it), so a deposed assigner can
 * publish nothing and two assigners never overwrite each other. Confined to the assigner's thread.
 */
final class AssignmentPublisher {
  /** Logs as the assigner, whose part this is. */
  private static final Logger log = LoggerFactory.getLogger(Assigner.class);

  private final Assigner assigner;
  private final AssignerInputs inputs;
  private final CuratorFramework client;
  private final GroupPaths paths;
  private final GroupConfig config;
  private final Leadership term;
  private final GroupMetrics metrics;

  AssignmentPublisher(Assigner assigner, AssignerInputs inputs, CuratorFramework client,
      GroupPaths paths, GroupConfig config, Leadership term, GroupMetrics metrics) {
    this.assigner = assigner;
    this.inputs = inputs;
    this.client = client;
    this.paths = paths;
    this.config = config;
    this.term = term;
    this.metrics = metrics;
  }

  /** Publishes {@code result} over the current partition set, as the next generation. */
  void publish(Rebalance.Result result) {
    AssignmentRecord previous = inputs.previous();
    int previousVersion = inputs.previousVersion();
    long generation = previous == null ? 1 : previous.generation() + 1;
    AssignmentRecord next = new AssignmentRecord(generation, config.memberId(), term.token().value(),
        inputs.partitions(), result.owners());
    try {
      byte[] data = next.encode();
      CuratorOp guard = client.transactionOp().check().forPath(term.nodePath());
      CuratorOp write = previousVersion < 0
          ? client.transactionOp().create().forPath(paths.assignment(), data)
          : client.transactionOp().setData().withVersion(previousVersion).forPath(paths.assignment(), data);
      List<CuratorTransactionResult> results = client.transaction().forOperations(guard, write);
      Stat stat = results.get(1).getResultStat();
      inputs.published(next, stat == null ? previousVersion + 1 : stat.getVersion());
      metrics.published(generation, result.moved());
      log.info("assigner: published generation {} of {}: {} partitions, {} members, {} moved",
          generation, paths.group(), inputs.partitions().size(),
          new TreeSet<>(result.owners().values()).size(), result.moved());
    } catch (KeeperException e) {
      handlePublishFailure(e);
    } catch (Exception e) {
      assigner.retry("publish the assignment", e);
    }
  }

  private void handlePublishFailure(KeeperException e) {
    List<OpResult> results = e.getResults();
    int guardError = results != null && !results.isEmpty() && results.get(0) instanceof OpResult.ErrorResult r
        ? r.getErr() : 0;
    if (guardError == KeeperException.Code.NONODE.intValue()) {
      log.info("assigner: the term {} is over; not publishing", term.token());
      assigner.termOver();
      return;
    }
    if (e.code() == KeeperException.Code.BADVERSION || e.code() == KeeperException.Code.NODEEXISTS) {
      log.info("assigner: the assignment changed under us ({}); re-reading", e.code());
      inputs.readAssignment();
      assigner.changed();
      return;
    }
    if (e.code() == KeeperException.Code.NONODE) {
      GroupNodes.ensure(client, paths); // the group was wiped; recreate its parents
      inputs.readAssignment();
    }
    assigner.retry("publish the assignment", e);
  }
}
