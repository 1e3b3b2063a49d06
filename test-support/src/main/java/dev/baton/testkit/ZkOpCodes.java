// SPDX-License-Identifier: Apache-2.0
package dev.baton.testkit;

import org.apache.zookeeper.ZooDefs;

/**
 * ZooKeeper request types of a request header ({@link ZooDefs.OpCode}), for {@link
 * TcpProxy#cutAfterNextRequest(int)}. Curator 5 sends {@link #CREATE2} for {@code create()}.
 */
public final class ZkOpCodes {
  /** {@code create} (1): create without returning the Stat. */
  public static final int CREATE = ZooDefs.OpCode.create;

  /** {@code delete} (2). */
  public static final int DELETE = ZooDefs.OpCode.delete;

  /** {@code exists} (3). */
  public static final int EXISTS = ZooDefs.OpCode.exists;

  /** {@code getData} (4). */
  public static final int GET_DATA = ZooDefs.OpCode.getData;

  /** {@code setData} (5). */
  public static final int SET_DATA = ZooDefs.OpCode.setData;

  /** {@code getChildren2} (12): children with the parent's Stat. */
  public static final int GET_CHILDREN2 = ZooDefs.OpCode.getChildren2;

  /** {@code multi} (14): a transaction. */
  public static final int MULTI = ZooDefs.OpCode.multi;

  /** {@code create2} (15): create returning the Stat. */
  public static final int CREATE2 = ZooDefs.OpCode.create2;

  /** {@code createContainer} (19). */
  public static final int CREATE_CONTAINER = ZooDefs.OpCode.createContainer;

  /** {@code createTTL} (21). */
  public static final int CREATE_TTL = ZooDefs.OpCode.createTTL;

  private ZkOpCodes() {}
}
