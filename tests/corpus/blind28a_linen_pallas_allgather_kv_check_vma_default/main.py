"""Sequence-parallel K/V projection in Flax Linen; the projected K/V shards are gathered around
the ring by a Pallas all-gather kernel that writes into the neighbour's output buffer."""
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "sp"
NUM_DEVICES = 4


def all_gather_kernel(x_ref, o_ref, local_sem, send_sem, recv_sem):
    me = lax.axis_index(AXIS)
    right = lax.rem(me + 1, NUM_DEVICES)
    blk = x_ref.shape[0]
    pltpu.make_async_copy(x_ref, o_ref.at[pl.ds(me * blk, blk)], local_sem).start()
    pltpu.make_async_copy(x_ref, o_ref.at[pl.ds(me * blk, blk)], local_sem).wait()
    for step in range(NUM_DEVICES - 1):
        slot = lax.rem(me + NUM_DEVICES - step, NUM_DEVICES)
        rdma = pltpu.make_async_remote_copy(
            o_ref.at[pl.ds(slot * blk, blk)], o_ref.at[pl.ds(slot * blk, blk)],
            send_sem, recv_sem, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
        rdma.start()
        rdma.wait()


def pallas_all_gather(x):
    out_shape = jax.ShapeDtypeStruct((NUM_DEVICES * x.shape[0],) + x.shape[1:], x.dtype)
    return pl.pallas_call(
        all_gather_kernel,
        out_shape=out_shape,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
    )(x)


class GatheredKV(nn.Module):
    head_dim: int = 128
    gather: bool = True

    @nn.compact
    def __call__(self, x_shard):
        k = nn.Dense(self.head_dim, use_bias=False, name="k")(x_shard)
        v = nn.Dense(self.head_dim, use_bias=False, name="v")(x_shard)
        if not self.gather:
            return k, v
        return pallas_all_gather(k), pallas_all_gather(v)


mesh = Mesh(jax.devices(), (AXIS,))
module = GatheredKV()
params = GatheredKV(gather=False).init(jax.random.key(0), jnp.ones((16, 256)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=(P(), P()))
def gather_kv(params, x):
    return module.apply(params, x)


x = jnp.ones((NUM_DEVICES * 16, 256))
lowered = gather_kv.trace(params, x).lower(lowering_platforms=("tpu",))
print("lowered")
