from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "tp"
mesh = Mesh(np.array(jax.devices()), (AXIS,))
N = len(jax.devices())


class RingStep(nn.Module):
    """One step of a collective matmul: multiply the local block, pass it to the neighbour."""

    @nn.compact
    def __call__(self, carry, _):
        acc, blk = carry
        w = self.param("w", nn.initializers.lecun_normal(), (blk.shape[-1], blk.shape[-1]))
        acc = acc + blk @ w
        blk = jax.lax.ppermute(blk, AXIS, perm=[(i, (i - 1) % N) for i in range(N)])
        return (acc, blk), None


class CollectiveMatmul(nn.Module):
    @nn.compact
    def __call__(self, x):
        Scan = nn.scan(RingStep, variable_broadcast="params", split_rngs={"params": False}, length=N)
        (acc, _), _ = Scan()((jnp.zeros_like(x), x), None)
        return acc


model = CollectiveMatmul()


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS))
def apply_fn(w, x):
    return model.apply({"params": {"ScanRingStep_0": {"w": w}}}, x)


x = jnp.ones((8, 16))
w = jnp.ones((16, 16))
print(jax.jit(apply_fn).trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
