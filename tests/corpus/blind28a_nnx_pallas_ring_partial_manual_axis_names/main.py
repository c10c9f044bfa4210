"""NNX ring block on a (data, model) mesh, with shard_map manual over the model axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
import jax.experimental.pallas.tpu as tpu
from jax.sharding import Mesh, PartitionSpec as P

DATA, MODEL = 2, 2


class RingExchange(nnx.Module):
    """Stateless wrapper around the exchange kernel; `axis` is the ring's mesh axis."""

    def __init__(self, axis: str, size: int):
        self.axis = axis
        self.size = size

    def _kernel(self, x_ref, o_ref, send_sem, recv_sem):
        me = lax.axis_index(self.axis)
        dst = lax.rem(me + 1, self.size)
        cp = tpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                        device_id={self.axis: dst},
                                        device_id_type=pl.DeviceIdType.MESH)
        cp.start()
        cp.wait()

    def __call__(self, x):
        return pl.pallas_call(
            self._kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[tpu.SemaphoreType.DMA] * 2,
        )(x)


class RingBlock(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(128, 128, rngs=rngs)
        self.exchange = RingExchange("model", MODEL)

    def __call__(self, x):
        h = self.proj(x)
        return h + self.exchange(h)


mesh = Mesh(np.array(jax.devices()).reshape(DATA, MODEL), ("data", "model"))
block = RingBlock(nnx.Rngs(0))
graphdef, state = nnx.split(block)


def body(state, x):
    return nnx.merge(graphdef, state)(x)


# Only the ring axis is manual; 'data' stays automatic so XLA keeps sharding the batch.
body = jax.shard_map(body, mesh=mesh, in_specs=(P(), P(None, "model")),
                     out_specs=P(None, "model"), axis_names={"model"}, check_vma=False)
x = jnp.ones((DATA * 16, MODEL * 128))
lowered = jax.jit(body).trace(state, x).lower(lowering_platforms=("tpu",))
print("lowered")
